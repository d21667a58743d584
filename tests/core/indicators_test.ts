/**
 * Chart indicators through the core facade on real BTC/USDT minutes (tests/fixtures): exactly
 * the independent bigint reference (tests/reference/indicators_ref.ts), and within float error
 * of the `trading-signals` library (KDJ, which it does not have, against a float version here).
 */
import { assert, assertEquals } from "../assert.ts";
import * as core from "../../core-wasm/mod.ts";
import { btcusdtMinutes } from "../fixtures/candles.ts";
import { BollingerBands, EMA, MACD, RSI, SMA } from "trading-signals";
import {
  bollRef,
  emaRef,
  kdjRef,
  macdRef,
  maRef,
  rsiRef,
  type Series,
} from "../reference/indicators_ref.ts";

const minutes = await btcusdtMinutes("2023-03-10");
const closes = minutes.map((c) => c.close);
const highs = minutes.map((c) => c.high);
const lows = minutes.map((c) => c.low);
const vals = core.indicatorValues;
const float = (v: bigint | null) => v === null ? null : Number(v) / 1e8;

Deno.test("indicators: the core equals the bigint reference exactly on a real day", () => {
  assertEquals(minutes.length, 1_440);
  const buf = core.CandleBuffer.from(minutes);
  try {
    for (const n of [1, 5, 20, 99]) {
      assertEquals(vals(core.indicator(buf, { kind: "ma", period: n }).ma), maRef(closes, n));
      assertEquals(vals(core.indicator(buf, { kind: "ema", period: n }).ema), emaRef(closes, n));
    }
    for (const [n, k] of [[20, 2], [10, 3]] as const) {
      const b = core.indicator(buf, { kind: "boll", period: n, k });
      const r = bollRef(closes, n, k);
      assertEquals([vals(b.middle), vals(b.upper), vals(b.lower)], [r.middle, r.upper, r.lower]);
    }
    for (const [f, s, g] of [[12, 26, 9], [5, 35, 5]] as const) {
      const m = core.indicator(buf, { kind: "macd", fast: f, slow: s, signal: g });
      const r = macdRef(closes, f, s, g);
      assertEquals([vals(m.dif), vals(m.dea), vals(m.histogram)], [r.dif, r.dea, r.histogram]);
    }
    for (const n of [6, 14, 24]) {
      assertEquals(vals(core.indicator(buf, { kind: "rsi", period: n }).rsi), rsiRef(closes, n));
    }
    for (const [n, m1, m2] of [[9, 3, 3], [14, 5, 2]] as const) {
      const k = core.indicator(buf, { kind: "kdj", period: n, m1, m2 });
      const r = kdjRef(highs, lows, closes, n, m1, m2);
      assertEquals([vals(k.k), vals(k.d), vals(k.j)], [r.k, r.d, r.j]);
    }
    // the same on hours rolled up by the core, from a plain candle array
    const hours = core.rollupCandles(minutes, "1h");
    const hc = hours.map((c) => c.close);
    assertEquals(hours.length, 24);
    const m = core.indicator(hours, { kind: "macd", fast: 3, slow: 6, signal: 4 });
    assertEquals(vals(m.dea), macdRef(hc, 3, 6, 4).dea);
  } finally {
    buf.free();
  }
});

/** Largest |core - library| over the candles where both are defined; both defined alike. */
function maxGap(core: Series, lib: (number | null)[]): number {
  assertEquals(core.map((v) => v === null), lib.map((v) => v === null), "warm-up differs");
  return Math.max(...core.map((v, i) => v === null ? 0 : Math.abs(float(v)! - lib[i]!)));
}

function run<T>(xs: readonly number[], update: (x: number) => T | null): (T | null)[] {
  return xs.map((x) => update(x));
}

Deno.test("indicators: the core agrees with trading-signals within float error", () => {
  const fc = closes.map((c) => Number(c) / 1e8);
  const buf = core.CandleBuffer.from(minutes);
  // Prices are ~20,000 with 8 decimals; the core floors at every step (an EMA drifts by at most
  // (n+1)/2 units of 10^-8), the library rounds in binary floating point.
  const PRICE = 1e-6, PERCENT = 1e-5;
  try {
    const sma = new SMA(20), ema = new EMA(20);
    assert(
      maxGap(
        vals(core.indicator(buf, { kind: "ma", period: 20 }).ma),
        run(fc, (x) => sma.update(x, false)),
      ) < PRICE,
    );
    const emaLib = run(fc, (x) => (ema.update(x, false), ema.isStable ? ema.getResult() : null));
    assert(maxGap(vals(core.indicator(buf, { kind: "ema", period: 20 }).ema), emaLib) < PRICE);

    const bb = new BollingerBands(20, 2);
    const bbLib = run(fc, (x) => bb.update(x, false));
    const b = core.indicator(buf, core.DEFAULT_INDICATORS.boll);
    for (const key of ["middle", "upper", "lower"] as const) {
      assert(maxGap(vals(b[key]), bbLib.map((r) => r?.[key] ?? null)) < PRICE, key);
    }

    const macd = new MACD(new EMA(12), new EMA(26), new EMA(9));
    const macdLib = run(fc, (x) => macd.update(x, false));
    const m = core.indicator(buf, core.DEFAULT_INDICATORS.macd);
    assert(maxGap(vals(m.dif), macdLib.map((r) => r?.macd ?? null)) < PRICE);
    // the library reports its signal before nine DIFs exist; the core calls those warm-up
    const warm = (i: number) => vals(m.dea)[i] === null;
    const dea = macdLib.map((r, i) => warm(i) ? null : r!.signal);
    const hist = macdLib.map((r, i) => warm(i) ? null : r!.histogram);
    assert(maxGap(vals(m.dea), dea) < PRICE);
    assert(maxGap(vals(m.histogram), hist) < PRICE);

    const rsi = new RSI(14);
    const rsiGap = maxGap(
      vals(core.indicator(buf, core.DEFAULT_INDICATORS.rsi).rsi),
      run(fc, (x) => rsi.update(x, false)),
    );
    assert(rsiGap < PERCENT, `RSI ${rsiGap}`);

    // KDJ(9, 3, 3) in floats, from its textbook definition
    let k = 50, d = 50;
    const kdjLib = fc.map((c, i) => {
      if (i < 8) return null;
      const hh = Math.max(...highs.slice(i - 8, i + 1).map((h) => Number(h) / 1e8));
      const ll = Math.min(...lows.slice(i - 8, i + 1).map((l) => Number(l) / 1e8));
      const rsv = hh === ll ? 50 : (c - ll) / (hh - ll) * 100;
      k = (2 * k + rsv) / 3;
      d = (2 * d + k) / 3;
      return { k, d, j: 3 * k - 2 * d };
    });
    const kdj = core.indicator(buf, core.DEFAULT_INDICATORS.kdj);
    for (const key of ["k", "d", "j"] as const) {
      assert(maxGap(vals(kdj[key]), kdjLib.map((r) => r?.[key] ?? null)) < PERCENT, key);
    }
  } finally {
    buf.free();
  }
});

Deno.test("indicators: warm-up is none, bad periods are input errors, empty input is empty", () => {
  const few = minutes.slice(0, 4);
  assertEquals(vals(core.indicator(few, { kind: "ma", period: 5 }).ma), [null, null, null, null]);
  assertEquals(core.indicator([], core.DEFAULT_INDICATORS.kdj).k.length, 0);
  for (
    const spec of [
      { kind: "ma", period: 0 },
      { kind: "ema", period: 1_001 },
      { kind: "rsi", period: 2.5 },
      { kind: "boll", period: 20, k: -1 },
      { kind: "macd", fast: 26, slow: 12, signal: 9 },
    ] as const
  ) {
    let caught: unknown = null;
    try {
      core.indicator(few, spec);
    } catch (e) {
      caught = e;
    }
    assert(caught instanceof core.InvalidInputError, JSON.stringify(spec));
  }
});
