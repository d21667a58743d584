/**
 * The keys of the market capability. Tape data (ticks, the last tick, candles) is shared by every
 * tenant, outside the tenants' keys; the tape (tape.ts) reads and writes it. Watch lists are per
 * tenant (favourites.ts).
 */
import type { Interval } from "../../core-wasm/mod.ts";

/** Every key of the market capability. */
export const marketKeys = {
  /** a customer's watch list (favourite symbols), per tenant */
  favourites: (t: string, userId: string) => [t, "market", "fav", userId],
  tick: (symbol: string, time: number, seq: number) => ["market", "tick", symbol, time, seq],
  ticks: (symbol: string) => ["market", "tick", symbol],
  /** the chain's order: sequence number -> the tick's key parts [time, place in its ms] */
  seq: (symbol: string, seq: number) => ["market", "seq", symbol, seq],
  seqs: (symbol: string) => ["market", "seq", symbol],
  last: (symbol: string) => ["market", "last", symbol],
  candle: (
    symbol: string,
    iv: Interval,
    openTime: number,
  ) => ["market", "candle", symbol, iv, openTime],
  candles: (symbol: string, iv: Interval) => ["market", "candle", symbol, iv],
};
