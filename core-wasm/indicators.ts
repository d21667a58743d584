/**
 * Chart indicators through the core (core-wasm/src/indicators.rs): the same fixed-point code
 * draws the chart in the browser and answers on the server. Values are bigint units of 10^-8
 * (RSI and KDJ are percentages: 50 % = 50n * SCALE); a warm-up value is NONE. Each series
 * comes back as a BigInt64Array with one value per candle, copied out of WebAssembly memory
 * in one move (no per-value bigint allocation until the caller reads it).
 */
import { allocWords, check, core, InvalidInputError, MAX_ITEMS } from "./runtime.ts";
import { type Candle, CandleBuffer } from "./kline.ts";

import {
  INDICATOR_OUTPUTS,
  type IndicatorKind,
  type IndicatorResult,
  type IndicatorSpec,
  NONE,
} from "./indicator_specs.ts";

export * from "./indicator_specs.ts";

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
