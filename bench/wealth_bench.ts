/**
 * Wealth: a subscription (principal reserved, coverage and cap checked in the commit) and the
 * payout job's rate (one journal per order and day) on a local SQLite KV. `deno task bench`.
 */
import { formatDecimal } from "../core-wasm/mod.ts";
import { house, user } from "../edge/ledger/accounts.ts";
import { Ledger } from "../edge/ledger/service.ts";
import { DAY_MS } from "../edge/wealth/figures.ts";
import { Wealth } from "../edge/wealth/service.ts";
import { wealthKeys } from "../edge/wealth/store.ts";

const dir = await Deno.makeTempDir();
const kv = await Deno.openKv(`${dir}/bench.kv`);
const ledger = new Ledger(kv);
const T = "bench";
let clock = Date.UTC(2026, 0, 1, 9);
const wealth = new Wealth(kv, ledger, () => clock);
const USERS = 50;

// money for the customers and the reserve, through journals
await ledger.post(T, { key: "open", request: 1 }, () => ({
  type: "deposit",
  ref: "open",
  postings: [
    { account: house("external", "USDT"), available: -(10n ** 18n) },
    { account: house("yield", "USDT"), available: 10n ** 17n },
    ...Array.from({ length: USERS }, (_, i) => ({
      account: user(`u${i}`, "spot", "USDT"),
      available: (10n ** 18n - 10n ** 17n) / BigInt(USERS),
    })),
  ],
  result: () => null,
}));
// the products as an approved proposal stores them
await kv.set(
  wealthKeys.products(T),
  wealth.validateProducts([{
    id: "w30",
    name: "W30",
    dailyRate: "0.005",
    periodDays: 30,
    minAmount: "1",
    maxAmount: "100000",
    cap: formatDecimal(10n ** 17n),
    redeemRatio: "0.004",
    enabled: true,
  }]),
);

let n = 0;
Deno.bench("wealth subscribe (reservation, coverage and cap checked, order, indexes)", {
  group: "wealth",
  baseline: true,
}, async () => {
  await wealth.subscribe(T, `u${n % USERS}`, { productId: "w30", amount: "100" }, `b${n++}`);
});

let day = 0;
// the payout job: each iteration is one day's payouts for every order placed above
Deno.bench("wealth payout job, one day for every open order", {
  group: "wealth",
  n: 5,
  warmup: 0,
}, async (b) => {
  // orders start at the next midnight: the first run is two days on
  clock += day++ === 0 ? 2 * DAY_MS : DAY_MS;
  const t0 = performance.now();
  b.start();
  const made = await wealth.payDue(T);
  b.end();
  if (made === 0) throw new Error("nothing paid");
  const ms = performance.now() - t0;
  console.log(`  ${made} payouts in ${ms.toFixed(0)} ms: ${(made / ms * 1000).toFixed(0)}/s`);
});
