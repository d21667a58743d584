/** The verifier against a tape built here with the chain rule (no server). */
import { assert, assertEquals } from "../tests/assert.ts";
import {
  fee,
  formatDecimal,
  liquidationPrice,
  margin as marginOf,
  parseDecimal,
  settleFast,
  unrealizedPnl,
} from "../core-wasm/mod.ts";
import { genesisHash, tickHash } from "./chain.ts";
import { type TapeItem, type TapeReader, verifySettlement } from "./settlement_check.ts";
import type { FastSettlementJson, PositionSettlementJson } from "./settlements.ts";

const T0 = 1_764_000_000_000;

function tape(symbol: string, prices: string[], times?: number[]): TapeItem[] {
  let prev = genesisHash(symbol);
  return prices.map((p, i) => {
    const seq = i + 1, time = times?.[i] ?? T0 + i * 1000;
    const hash = tickHash(prev, seq, time, parseDecimal(p), parseDecimal("0.01"));
    prev = hash;
    return { seq, time, price: p, qty: "0.01", hash };
  });
}

function reader(items: TapeItem[], calls: [number, number][] = []): TapeReader {
  return (from, to) => {
    calls.push([from, to]);
    return Promise.resolve(items.filter((t) => t.seq >= from && t.seq <= to).slice(0, 1000));
  };
}

/** An up contract of `seconds` entered at tick `entry`, settled at tick `exit`. */
function fast(
  items: TapeItem[],
  entry: number,
  exit: number,
  seconds: number,
): FastSettlementJson {
  const e = items[entry - 1]!, x = items[exit - 1]!;
  const expiry = e.time + seconds * 1000;
  const r = settleFast({
    direction: "up",
    entry: parseDecimal(e.price),
    exit: parseDecimal(x.price),
    stake: parseDecimal("100"),
    rate: parseDecimal("0.85"),
  });
  return {
    kind: "fast",
    orderNo: "0000000001-abc",
    symbol: "BTCUSDT",
    ruleVersion: 1,
    terms: {
      direction: "up",
      stake: "100",
      rate: "0.85",
      duration: seconds,
      openTime: e.time,
      expiryTime: expiry,
    },
    outcome: { result: r.outcome, payout: formatDecimal(r.payout), settlementTime: expiry + 1 },
    ticks: {
      entry: { seq: e.seq, time: e.time, price: e.price },
      exit: { seq: x.seq, time: x.time, price: x.price },
    },
  };
}

Deno.test("fast contract: verified from the tape, every fetched hash recomputed", async () => {
  const items = tape("BTCUSDT", ["60000", "60001", "60002", "60005", "60010", "59990", "60020"]);
  const s = fast(items, 2, 5, 3); // expiry at tick 5's time
  assertEquals(s.outcome.result, "win");
  const calls: [number, number][] = [];
  const r = await verifySettlement(s, reader(items, calls));
  assertEquals(r.verdict, "verified", JSON.stringify(r.findings));
  // from the tick before the entry (the anchor) to the one after the exit
  assertEquals(calls, [[1, 6]]);
  assertEquals(r.hashed, 6); // from the genesis
  assert(r.findings.some((f) => f.key === "verify.f.exitLast" && f.params.next === 6));
  assert(r.findings.some((f) => f.key === "verify.f.outcome"));
});

Deno.test("fast contract: a wrong outcome, a later exit, a forged tick are mismatches", async () => {
  const items = tape("BTCUSDT", ["60000", "60001", "60002", "60005", "60010", "59990", "60020"]);
  const base = fast(items, 2, 5, 3);
  const wrong = { ...base, outcome: { ...base.outcome, result: "lose" as const, payout: "0" } };
  let r = await verifySettlement(wrong, reader(items));
  assertEquals(r.verdict, "mismatch");
  assert(r.findings.some((f) => f.key === "verify.f.outcomeDiffers"));
  // expiry after tick 6 too: tick 5 is not the last at or before it
  const early = fast(items, 2, 5, 4);
  r = await verifySettlement(early, reader(items));
  assert(r.findings.some((f) => f.key === "verify.f.notLast"), JSON.stringify(r.findings));
  // a tick changed on the tape after publication breaks the chain
  const forged = items.map((t) => t.seq === 4 ? { ...t, price: "61000" } : t);
  r = await verifySettlement(base, reader(forged));
  assertEquals(r.verdict, "mismatch");
  assert(r.findings.some((f) => f.key === "verify.f.hash" && f.params.seq === 4));
  // the record's exit price differs from the tape's tick
  const moved = {
    ...base,
    ticks: { ...base.ticks, exit: { ...base.ticks.exit!, price: "60011" } },
  };
  r = await verifySettlement(moved, reader(items));
  assert(r.findings.some((f) => f.key === "verify.f.tickDiffers" && f.params.label === "exit"));
  // an expiry that is not the entry's time plus the duration
  const late = { ...base, terms: { ...base.terms, duration: 60 } };
  r = await verifySettlement(late, reader(items));
  assert(r.findings.some((f) => f.key === "verify.f.expiryDiffers"));
  // no later tick yet
  r = await verifySettlement(fast(items, 2, 7, 5), reader(items));
  assert(r.findings.some((f) => f.key === "verify.f.noLater"));
});

Deno.test("fast contract: old records without tick numbers are 'not recorded'", async () => {
  const items = tape("BTCUSDT", ["60000", "60001", "60002"]);
  const s = fast(items, 1, 2, 1);
  const old = {
    ...s,
    ticks: { entry: { ...s.ticks.entry, seq: null }, exit: { ...s.ticks.exit!, seq: null } },
  };
  const r = await verifySettlement(old, reader(items));
  assertEquals(r.verdict, "unrecorded");
});

Deno.test("fast contract: far apart ticks are checked in windows (paged, bounded)", async () => {
  const n = 12_050;
  const prices = Array.from({ length: n }, (_, i) => String(60000 + (i % 7)));
  const items = tape("ETHUSDT", prices);
  const s = { ...fast(items, 3, n - 2, n - 5), symbol: "ETHUSDT" };
  const calls: [number, number][] = [];
  const r = await verifySettlement(s, reader(items, calls));
  assertEquals(r.verdict, "verified", JSON.stringify(r.findings));
  assert(r.findings.some((f) => f.key === "verify.f.windows"));
  assertEquals(calls, [[2, 4], [n - 3, n - 1]]);
});

Deno.test("liquidated position: trigger, P&L and close fee recomputed", async () => {
  const entry = parseDecimal("60000"), qty = parseDecimal("0.1");
  const margin = marginOf(qty, entry, 100);
  const mmr = parseDecimal("0.005");
  const lp = liquidationPrice({ side: "long", qty, entry, margin, mmr });
  const below = formatDecimal(lp - parseDecimal("10"));
  const items = tape("BTCUSDT", ["60000", "59900", "59700", below, "59000"]);
  const feeRate = parseDecimal("0.0005");
  const close = parseDecimal(below);
  const s: PositionSettlementJson = {
    kind: "position",
    orderNo: "0000000002-abc",
    symbol: "BTCUSDT",
    ruleVersion: 2,
    terms: {
      side: "long",
      lots: 10,
      qty: "0.1",
      leverage: 100,
      entry: "60000",
      margin: formatDecimal(margin),
      mmr: "0.005",
      feeRate: "0.0005",
      stopLoss: null,
      takeProfit: null,
      liquidationPrice: formatDecimal(lp),
    },
    outcome: {
      closeReason: "liquidation",
      realizedPnl: formatDecimal(unrealizedPnl("long", qty, entry, close)),
      fees: { open: "3", close: formatDecimal(fee(qty, close, feeRate)), holding: "0" },
      closeTime: items[3]!.time,
    },
    ticks: {
      fill: { seq: 1, time: items[0]!.time, price: "60000" },
      trigger: { seq: 4, time: items[3]!.time, price: below },
    },
  };
  const r = await verifySettlement(s, reader(items));
  assertEquals(r.verdict, "verified", JSON.stringify(r.findings));
  assert(r.findings.some((f) => f.key === "verify.f.reason"));
  assert(r.findings.some((f) => f.key === "verify.f.pnl"));
  // recorded as a stop-loss it does not follow
  const r2 = await verifySettlement(
    { ...s, outcome: { ...s.outcome, closeReason: "stopLoss" } },
    reader(items),
  );
  assertEquals(r2.verdict, "mismatch");
  // a limit fill at its price on a crossing tick is fine
  const limit = {
    ...s,
    ticks: { ...s.ticks, fill: { seq: 2, time: items[1]!.time, price: "59950" } },
    terms: { ...s.terms, entry: "59950" },
  };
  const r3 = await verifySettlement(limit, reader(items));
  assert(r3.findings.some((f) => f.key === "verify.f.limitFill"), JSON.stringify(r3.findings));
});
