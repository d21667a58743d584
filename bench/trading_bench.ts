/**
 * Trigger engine: one tick against 100,000 open positions' trigger levels (liquidation,
 * stop-loss, take-profit on both sides) held in the sorted per-symbol index. `deno task bench`.
 */
import { TriggerIndex } from "../edge/trading/trigger_index.ts";

const N = 100_000;
const U = 100_000_000n;
const ix = new TriggerIndex();
let seed = 7;
const rnd = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
// levels spread 30% around 60,000: longs trigger below (liquidation, stop), above (take-profit)
for (let i = 0; i < N; i++) {
  const level = BigInt(Math.round(42_000 + rnd() * 36_000)) * U;
  ix.set(`p${i}`, level < 60_000n * U ? "below" : "above", level);
}
let price = 60_000n * U;

Deno.bench("one tick against 100,000 open positions (typical move, nothing or a few fire)", () => {
  // a random-walk tick of up to ±5 USDT; fired entries are re-armed 10% away to keep N stable
  price += BigInt(Math.round((rnd() - 0.5) * 1000)) * (U / 100n);
  for (const id of ix.take(price)) {
    const up = rnd() < 0.5;
    ix.set(id, up ? "above" : "below", up ? price + price / 10n : price - price / 10n);
  }
});

Deno.bench("index a new position (insert into 100,000)", () => {
  ix.set(`n${Math.floor(rnd() * 1e9)}`, "below", BigInt(Math.round(30_000 + rnd() * 10_000)) * U);
});
