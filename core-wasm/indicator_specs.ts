/**
 * The chart indicators' settings and output names: plain data without the core, so a page can
 * hold its choices without loading core.wasm (islands/PriceChart.tsx loads the core lazily).
 */

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
} as const satisfies IndicatorSpecs;

export type IndicatorSpecs = { [K in IndicatorKind]: Extract<IndicatorSpec, { kind: K }> };

const whole = (x: unknown, lo: number, hi: number) =>
  typeof x === "number" && Number.isInteger(x) && x >= lo && x <= hi;

/**
 * Whether the core accepts a setting (periods 1..1000, MACD fast below slow), with the
 * band width of BOLL held to 1..10 for the chart (the core takes 0..100).
 */
export function validSpec(s: IndicatorSpec): boolean {
  switch (s.kind) {
    case "ma":
    case "ema":
    case "rsi":
      return whole(s.period, 1, 1000);
    case "boll":
      return whole(s.period, 1, 1000) && whole(s.k, 1, 10);
    case "macd":
      return whole(s.fast, 1, 1000) && whole(s.slow, 1, 1000) && whole(s.signal, 1, 1000) &&
        s.fast < s.slow;
    case "kdj":
      return whole(s.period, 1, 1000) && whole(s.m1, 1, 1000) && whole(s.m2, 1, 1000);
  }
}
