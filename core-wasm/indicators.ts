/**
 * Chart indicators through the core (core-wasm/src/indicators.rs): the same fixed-point code
 * draws the chart in the browser and answers on the server. Values are bigint units of 10^-8
 * (RSI and KDJ are percentages: 50 % = 50n * SCALE); a warm-up value is NONE. Each series
 * comes back as a BigInt64Array with one value per candle, copied out of WebAssembly memory
 * in one move (no per-value bigint allocation until the caller reads it).
 */
import { allocWords, check, core, InvalidInputError, MAX_ITEMS } from "./runtime.ts";
import { type Candle, CandleBuffer } from "./kline.ts";

/** The value of a candle inside an indicator's warm-up (i64::MIN, never a price). */
export const NONE = -(1n << 63n);

export type IndicatorSpec =
  | { kind: "ma"; period: number }
  | { kind: "ema"; period: number }
  /** k: band width in standard deviations (2 is the convention) */
  | { kind: "boll"; period: number; k: number }
  | { kind: "macd"; fast: number; slow: number; signal: number }
  | { kind: "rsi"; period: number }
  | { kind: "kdj"; period: number; m1: number; m2: number };

export type IndicatorKind = IndicatorSpec["kind"];

/** The series each indicator returns, in the core's output order. */
export const INDICATOR_OUTPUTS = {
  ma: ["ma"],
  ema: ["ema"],
  boll: ["middle", "upper", "lower"],
  macd: ["dif", "dea", "histogram"],
  rsi: ["rsi"],
  kdj: ["k", "d", "j"],
} as const;

export type IndicatorResult<K extends IndicatorKind> = Record<
  typeof INDICATOR_OUTPUTS[K][number],
  BigInt64Array
>;

/** The usual settings: MA 5, EMA 20, BOLL(20, 2), MACD(12, 26, 9), RSI 14, KDJ(9, 3, 3). */
export const DEFAULT_INDICATORS = {
  ma: { kind: "ma", period: 5 },
  ema: { kind: "ema", period: 20 },
  boll: { kind: "boll", period: 20, k: 2 },
  macd: { kind: "macd", fast: 12, slow: 26, signal: 9 },
  rsi: { kind: "rsi", period: 14 },
  kdj: { kind: "kdj", period: 9, m1: 3, m2: 3 },
} as const satisfies { [K in IndicatorKind]: Extract<IndicatorSpec, { kind: K }> };

const CODES: Record<IndicatorKind, number> = { ma: 0, ema: 1, boll: 2, macd: 3, rsi: 4, kdj: 5 };

function params(s: IndicatorSpec): [number, number, number] {
  switch (s.kind) {
    case "ma":
    case "ema":
    case "rsi":
      return [s.period, 0, 0];
    case "boll":
      return [s.period, s.k, 0];
    case "macd":
      return [s.fast, s.slow, s.signal];
    case "kdj":
      return [s.period, s.m1, s.m2];
  }
}

/**
 * One indicator over candles in time order (a CandleBuffer is used in place). Bad periods
 * (not an integer in 1..1000, MACD fast >= slow, BOLL k outside 0..100) are input errors.
 */
export function indicator<S extends IndicatorSpec>(
  candles: readonly Candle[] | CandleBuffer,
  spec: S,
): IndicatorResult<S["kind"]> {
  const op = `indicator.${spec.kind}`;
  const code = CODES[spec.kind];
  if (code === undefined) throw new InvalidInputError(2, "indicator", "unknown indicator");
  const ps = params(spec);
  if (!ps.every((p) => Number.isSafeInteger(p))) {
    throw new InvalidInputError(2, op, "periods are integers");
  }
  const buf = candles instanceof CandleBuffer ? candles : CandleBuffer.from(candles);
  const names = INDICATOR_OUTPUTS[spec.kind];
  const n = buf.length;
  if (n * names.length > MAX_ITEMS) throw new InvalidInputError(2, op, "input too large");
  const out = allocWords(n * names.length, op);
  try {
    check(
      core.indicator(buf.ptr, n, code, BigInt(ps[0]), BigInt(ps[1]), BigInt(ps[2]), out),
      op,
    );
    const result: Record<string, BigInt64Array> = {};
    names.forEach((name, i) => {
      result[name] = new BigInt64Array(core.memory.buffer, out + i * n * 8, n).slice();
    });
    return result as IndicatorResult<S["kind"]>;
  } finally {
    core.dealloc(out, n * names.length);
    if (buf !== candles) buf.free();
  }
}

/** A series as plain values, warm-up as null. */
export function indicatorValues(series: BigInt64Array): (bigint | null)[] {
  return Array.from(series, (v) => v === NONE ? null : v);
}
