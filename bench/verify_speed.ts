/**
 * The settlement verifier's speed (quality bar: >= 50,000 settlements/s re-derived from the
 * tape): a synthetic tape of 1,000,000 ticks (one every 200 ms) and 100,000 fast contracts
 * settled on it by the engine's rule, re-derived in memory (chain included), then the same
 * through a local KV file (read + re-derive) with 20,000 contracts.
 * `deno run -A --unstable-kv bench/verify_speed.ts`
 */
import { settleFast } from "../core-wasm/mod.ts";
import { type ChainTick, genesisHash, tickHash } from "../contract/chain.ts";
import type { FastOrder } from "../edge/trading/fast.ts";
import { SettlementVerifier, verifyStore } from "../edge/settlements/rederive.ts";

const TICKS = Number(Deno.env.get("TICKS") ?? 1_000_000);
const ORDERS = Number(Deno.env.get("ORDERS") ?? 100_000);
const symbol = "BTCUSDT";

let seed = 7;
const rnd = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;

function makeTape(n: number): ChainTick[] {
  const ticks: ChainTick[] = [];
  let h = genesisHash(symbol), t = 1_764_000_000_000, p = 6_000_000_000_000n;
  for (let seq = 1; seq <= n; seq++) {
    t += 200;
    p += BigInt(Math.floor((rnd() - 0.5) * 1000)) * 1_000_000n;
    h = tickHash(h, seq, t, p, 1_000_000n);
    ticks.push({ seq, time: t, price: p, qty: 1_000_000n, hash: h });
  }
  return ticks;
}

function makeOrders(ticks: ChainTick[], n: number): FastOrder[] {
  const out: FastOrder[] = [];
  for (let i = 0; i < n; i++) {
    const e = ticks[Math.floor(rnd() * (ticks.length - 400))]!;
    const duration = 30;
    const expiry = e.time + duration * 1000;
    const x = ticks[e.seq - 1 + 150]!; // 150 ticks of 200 ms: the last at or before expiry
    const direction = rnd() < 0.5 ? "up" : "down";
    const r = settleFast({
      direction,
      entry: e.price,
      exit: x.price,
      stake: 100n * 100_000_000n,
      rate: 85_000_000n,
    });
    out.push({
      id: `o${i}`,
      userId: "1",
      symbol,
      direction,
      duration,
      rate: 85_000_000n,
      stake: 100n * 100_000_000n,
      entry: { time: e.time, price: e.price, seq: e.seq },
      createdAt: e.time,
      expiresAt: expiry,
      status: "settled",
      exit: { time: x.time, price: x.price, seq: x.seq },
      outcome: r.outcome,
      payout: r.payout,
      settledAt: expiry + 200,
    });
  }
  return out;
}

const t0 = performance.now();
const ticks = makeTape(TICKS);
const orders = makeOrders(ticks, ORDERS);
console.log(
  `built ${TICKS} ticks and ${ORDERS} orders in ${Math.round(performance.now() - t0)} ms`,
);

const runs: number[] = [];
for (let r = 0; r < 3; r++) {
  const start = performance.now();
  const v = new SettlementVerifier({ staleMs: 10_000 });
  v.addTape({ symbol, ticks, prev: { seq: 0, hash: genesisHash(symbol), time: 0 } });
  const chainMs = performance.now() - start;
  const s2 = performance.now();
  for (const o of orders) v.fast(o);
  const rep = v.finish();
  const ms = performance.now() - s2;
  if (rep.mismatches.length) throw new Error(`mismatches: ${rep.mismatches.length}`);
  runs.push(ORDERS / (ms / 1000));
  console.log(
    `in memory: chain of ${TICKS} ticks ${Math.round(chainMs)} ms (${
      Math.round(TICKS / (chainMs / 1000))
    } ticks/s); ${ORDERS} settlements re-derived in ${Math.round(ms)} ms (${
      Math.round(ORDERS / (ms / 1000))
    }/s)`,
  );
}
runs.sort((a, b) => a - b);
console.log(`median: ${Math.round(runs[1]!)} settlements/s (bar: 50,000/s)`);

// through a KV file: 100,000 ticks, 20,000 contracts
const dir = await Deno.makeTempDir();
const kv = await Deno.openKv(`${dir}/v.kv`);
const few = ticks.slice(0, 100_000), fewOrders = makeOrders(few, 20_000);
for (let i = 0; i < few.length; i += 500) {
  const op = kv.atomic();
  for (const t of few.slice(i, i + 500)) {
    op.set(["market", "tick", symbol, t.time, 0], {
      price: t.price,
      qty: t.qty,
      seq: t.seq,
      hash: t.hash,
    });
  }
  await op.commit();
}
for (let i = 0; i < fewOrders.length; i += 500) {
  const op = kv.atomic();
  for (const o of fewOrders.slice(i, i + 500)) op.set(["b", "trading", "fast", o.id], o);
  await op.commit();
}
const s3 = performance.now();
const rep = await verifyStore(kv, ["b"], { staleMs: 10_000 });
const ms = performance.now() - s3;
console.log(
  `KV file: ${rep.ticks} ticks + ${rep.checked.fast} settlements read and re-derived in ${
    Math.round(ms)
  } ms (${
    Math.round(rep.checked.fast / (ms / 1000))
  } settlements/s, reads included); ${rep.mismatches.length} mismatches`,
);
kv.close();
await Deno.remove(dir, { recursive: true });
