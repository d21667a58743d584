/**
 * Property tests: the core (WebAssembly, through the facade) against the independent bigint
 * reference, on random inputs. Seeds are printed by fast-check on failure for replay.
 */
import fc from "fast-check";
import { assertEquals, assertThrows } from "../assert.ts";
import * as core from "../../core-wasm/mod.ts";
import {
  bucketStartRef,
  ceilDiv,
  floorDiv,
  positionRef,
  redemptionRef,
  rollupCandlesRef,
  rollupRef,
  settleFastRef,
  triggerRef,
} from "../reference/core_ref.ts";

const U = core.SCALE;

/** Times clustered around month, quarter and year ends (2019-2025, leap years 2020 and 2024). */
const boundary = fc.record({
  year: fc.integer({ min: 2019, max: 2025 }),
  month: fc.integer({ min: 0, max: 11 }),
  offsetMs: fc.integer({ min: -3 * 86_400_000, max: 3 * 86_400_000 }),
}).map(({ year, month, offsetMs }) => Date.UTC(year, month, 1) + offsetMs);
const anyTime = fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2100, 0, 1) });
const time = fc.oneof(boundary, anyTime, fc.constant(Date.UTC(2024, 1, 29, 12)));

const tick = fc.record({
  time,
  price: fc.bigInt({ min: 1n, max: 10_000_000n * U }),
  qty: fc.bigInt({ min: 0n, max: 1_000n * U }),
});

/** Sorted ticks from a few clusters so that buckets repeat and gaps appear. */
const tickStream = fc.array(
  fc.tuple(
    time,
    fc.array(fc.tuple(fc.integer({ min: 0, max: 90 * 60_000 }), tick), {
      minLength: 1,
      maxLength: 30,
    }),
  ),
  { minLength: 1, maxLength: 4 },
).map((clusters) =>
  clusters.flatMap(([start, ts]) => ts.map(([dt, t]) => ({ ...t, time: start + dt })))
    .sort((a, b) => a.time - b.time)
);

Deno.test("property: bucket starts agree with the Date-based reference", () => {
  fc.assert(
    fc.property(time, fc.constantFrom(...core.INTERVALS), (t, iv) => {
      assertEquals(core.bucketStart(t, iv), bucketStartRef(t, iv));
    }),
    { numRuns: 3000 },
  );
});

Deno.test("property: tick roll-ups equal the reference for every interval, filled or not", () => {
  fc.assert(
    fc.property(tickStream, fc.constantFrom(...core.INTERVALS), fc.boolean(), (ticks, iv, fill) => {
      // a filled 1m roll-up across a long gap is large: keep runs fast
      const span = ticks[ticks.length - 1]!.time - ticks[0]!.time;
      const doFill = fill &&
        !(["1m", "5m", "15m", "30m", "1h"].includes(iv) && span > 40 * 86_400_000);
      assertEquals(core.rollup(ticks, iv, { fill: doFill }), rollupRef(ticks, iv, doFill));
    }),
    { numRuns: 400 },
  );
});

Deno.test("property: rollupAll and candle roll-ups agree with tick roll-ups, filled or not", () => {
  const coarse = ["1d", "1w", "1M", "1Q", "1Y"] as const;
  fc.assert(
    fc.property(tickStream, fc.boolean(), (ticks, fill) => {
      const span = ticks[ticks.length - 1]!.time - ticks[0]!.time;
      // filled minute candles over decades are many: fill the coarse intervals only then
      const ivs = fill && span > 40 * 86_400_000 ? coarse : core.INTERVALS;
      const all = core.rollupAll(ticks, ivs, { fill });
      const minutes = rollupRef(ticks, "1m");
      for (const iv of ivs) {
        assertEquals(all[iv], rollupRef(ticks, iv, fill), iv);
        assertEquals(
          core.rollupCandles(minutes, iv, { fill }),
          rollupCandlesRef(minutes, iv, fill),
        );
      }
    }),
    { numRuns: 150 },
  );
});

Deno.test("property: folding ticks through updateCandle gives the roll-up's candles", () => {
  fc.assert(
    fc.property(tickStream, fc.constantFrom(...core.INTERVALS), (ticks, iv) => {
      const closed: core.Candle[] = [];
      let cur: core.Candle | null = null;
      for (const t of ticks) {
        const r = core.updateCandle(cur, iv, t);
        if (r.kind === "opened" && cur) closed.push(cur);
        cur = r.candle;
      }
      if (cur) closed.push(cur);
      assertEquals(closed, rollupRef(ticks, iv));
    }),
    { numRuns: 300 },
  );
});

const positionInput = fc.record({
  side: fc.constantFrom("long" as const, "short" as const),
  qty: fc.bigInt({ min: 1n, max: 1_000n * U }),
  entry: fc.bigInt({ min: 1n, max: 1_000_000n * U }),
  leverage: fc.integer({ min: 1, max: 100 }),
  mmr: fc.bigInt({ min: 0n, max: U / 10n }),
  feeRate: fc.bigInt({ min: 0n, max: U / 100n }),
});

const I64 = (x: bigint | null | boolean) =>
  typeof x !== "bigint" || (x >= -(1n << 63n) && x < (1n << 63n));

Deno.test("property: position figures equal the reference formulas (or overflow, never wrap)", () => {
  fc.assert(
    fc.property(positionInput, fc.bigInt({ min: 1n, max: 2_000_000n * U }), (p, mark) => {
      const ref = positionRef(p, mark);
      if (Object.values(ref).every(I64)) assertEquals(core.position(p, mark), ref);
      else assertThrows(() => core.position(p, mark), core.OverflowError as never);
    }),
    { numRuns: 5000 },
  );
});

Deno.test("property: the liquidation price is exactly where the equity test flips", () => {
  fc.assert(
    fc.property(positionInput, (p) => {
      const margin = core.margin(p.qty, p.entry, p.leverage);
      const lp = core.liquidationPrice({ ...p, margin });
      const pos = { ...p, margin };
      if (p.side === "long") {
        if (lp > 0n) assertEquals(core.isLiquidatable(pos, lp), true);
        assertEquals(core.isLiquidatable(pos, lp + 1n), false);
      } else {
        assertEquals(core.isLiquidatable(pos, lp), true);
        if (lp > 1n) assertEquals(core.isLiquidatable(pos, lp - 1n), false);
      }
      // with an exact margin it is the domain formula
      const lev = BigInt(p.leverage);
      if ((p.qty * p.entry) % (U * lev) === 0n) {
        const formula = p.side === "long"
          ? floorDiv(p.entry * (lev - 1n) * U, lev * (U - p.mmr))
          : ceilDiv(p.entry * (lev + 1n) * U, lev * (U + p.mmr));
        assertEquals(lp, formula);
      }
    }),
    { numRuns: 3000 },
  );
});

/** A leg as the engine stores it: margin from the leverage, an MMR of the bracket table. */
const legInput = fc.record({
  side: fc.constantFrom("long" as const, "short" as const),
  qty: fc.bigInt({ min: 1n, max: 10_000n }).map((lots) => lots * (U / 1000n)), // 0.001..10 BTC
  entry: fc.bigInt({ min: 1_000n * U, max: 100_000n * U }),
  leverage: fc.integer({ min: 1, max: 100 }),
  mmr: fc.constantFrom(500_000n, 1_000_000n, 2_500_000n, 5_000_000n),
}).map((l) => ({ ...l, margin: core.margin(l.qty, l.entry, l.leverage) }));

/** Groups of 1-5 legs; `flat`: one more leg brings the net quantity to zero (fully hedged). */
const groupInput = fc.tuple(
  fc.array(legInput, { minLength: 1, maxLength: 5 }),
  fc.boolean(),
  legInput,
)
  .map(([legs, flat, extra]) => {
    const net = legs.reduce((s, l) => s + (l.side === "long" ? l.qty : -l.qty), 0n);
    if (!flat || net === 0n) return legs;
    const qty = net > 0n ? net : -net;
    const leverage = extra.leverage;
    return [...legs, {
      ...extra,
      side: net > 0n ? "short" as const : "long" as const,
      qty,
      margin: core.margin(qty, extra.entry, leverage),
    }];
  });

/**
 * The brute-force side: at `price`, the group's equity leg by leg with the core's own figures
 * (margin + unrealized P&L) against the maintenance margin of its net quantity at the legs'
 * highest MMR (the domain rule for hedged groups).
 */
function bruteLiquidatable(legs: readonly core.Leg[], price: bigint): boolean {
  let equity = 0n, net = 0n, mmr = 0n;
  for (const l of legs) {
    equity += l.margin + core.unrealizedPnl(l.side, l.qty, l.entry, price);
    net += l.side === "long" ? l.qty : -l.qty;
    if (l.mmr > mmr) mmr = l.mmr;
  }
  const mm = net === 0n ? 0n : core.maintenanceMargin(net > 0n ? net : -net, price, mmr);
  return equity <= mm;
}

/** The first price in [lo, hi] where `f` turns true (f false below it, true from it on). */
function firstTrue(lo: bigint, hi: bigint, f: (p: bigint) => boolean): bigint {
  while (lo < hi) {
    const mid = (lo + hi) / 2n;
    if (f(mid)) hi = mid;
    else lo = mid + 1n;
  }
  return hi;
}

Deno.test("property: a hedged group's level is where a brute-force search over prices finds it (within one tick)", () => {
  const TICK = U / 100n; // 0.01 USDT, the BTC price tick
  const TOP = 10_000_000n * U;
  fc.assert(
    fc.property(groupInput, (legs) => {
      const net = legs.reduce((s, l) => s + (l.side === "long" ? l.qty : -l.qty), 0n);
      const g = core.hedgedGroup(legs).liquidation;
      const f = (p: bigint) => bruteLiquidatable(legs, p);
      const near = (a: bigint, b: bigint) => (a > b ? a - b : b - a) <= TICK;
      if (g.kind === "below") {
        assertEquals(net > 0n, true);
        if (g.level < TOP) {
          const brute = firstTrue(TICK, TOP, (p) => !f(p)) - 1n;
          assertEquals(near(g.level, brute), true, `level ${g.level}, brute force ${brute}`);
        } else {
          // a group already under water at any price the search covers (its level is beyond it)
          assertEquals(f(TOP), true, `level ${g.level} beyond the search, yet safe at its top`);
        }
        assertEquals(core.hedgedGroup(legs, g.level).liquidatable, true);
        assertEquals(core.hedgedGroup(legs, g.level + 1n).liquidatable, false);
      } else if (g.kind === "above") {
        assertEquals(net < 0n, true);
        if (g.level < TOP) {
          const brute = firstTrue(TICK, TOP, f);
          assertEquals(near(g.level, brute), true, `level ${g.level}, brute force ${brute}`);
        }
        assertEquals(core.hedgedGroup(legs, g.level).liquidatable, true);
        assertEquals(core.hedgedGroup(legs, g.level - 1n).liquidatable, false);
      } else if (g.kind === "never") {
        // nowhere on a grid of prices from one tick to ten million, nor at the entries (below a
        // tick the leg-by-leg rounding of 10^-8 amounts is all there is)
        for (let p = TICK; p < TOP; p += p / 8n + 1n) assertEquals(f(p), false, `at ${p}`);
        for (const l of legs) assertEquals(f(l.entry), false);
      } else {
        for (const l of legs) assertEquals(f(l.entry), true);
      }
      // a fully hedged group has no level unless its equity is already gone
      if (net === 0n) assertEquals(["never", "now"].includes(g.kind), true, g.kind);
    }),
    { numRuns: 1000 },
  );
});

Deno.test("property: triggers and stop validity", () => {
  const level = fc.option(fc.bigInt({ min: 1n, max: 1_000n * U }), { nil: null });
  fc.assert(
    fc.property(
      fc.constantFrom("long" as const, "short" as const),
      fc.bigInt({ min: 1n, max: 1_000n * U }),
      level,
      level,
      level,
      (side, price, sl, tp, lp) => {
        assertEquals(
          core.trigger(side, price, { stopLoss: sl, takeProfit: tp, liquidation: lp }),
          triggerRef(side, price, sl, tp, lp),
        );
        const v = core.stopsValid(side, price, { stopLoss: sl, takeProfit: tp });
        const long = side === "long";
        assertEquals(v.stopLoss, sl === null || (long ? sl < price : sl > price));
        assertEquals(v.takeProfit, tp === null || (long ? tp > price : tp < price));
      },
    ),
    { numRuns: 3000 },
  );
});

Deno.test("property: fast-contract settlement and wealth redemption", () => {
  fc.assert(
    fc.property(
      fc.record({
        direction: fc.constantFrom("up" as const, "down" as const),
        entry: fc.bigInt({ min: 1n, max: 100_000n * U }),
        exit: fc.bigInt({ min: 1n, max: 100_000n * U }),
        stake: fc.bigInt({ min: 1n, max: 1_000_000n * U }),
        rate: fc.bigInt({ min: 0n, max: 10n * U }),
      }),
      (o) => assertEquals(core.settleFast(o), settleFastRef(o)),
    ),
    { numRuns: 3000 },
  );
  fc.assert(
    fc.property(
      fc.bigInt({ min: 1n, max: 10_000_000n * U }),
      fc.bigInt({ min: 0n, max: U - 1n }),
      fc.integer({ min: 0, max: 3650 }),
      (amount, ratio, days) =>
        assertEquals(core.redemption(amount, ratio, days), redemptionRef(amount, ratio, days)),
    ),
    { numRuns: 3000 },
  );
});
