import type { Candle, CandleBuffer } from "../../../core-wasm/mod.ts";

/** A market-data source: emits trades (ticks) per symbol until stopped. */
export interface RawTick {
  symbol: string;
  /** trade time, ms UTC (the symbol's trading clock) */
  time: number;
  price: bigint;
  qty: bigint;
}

/** A piece of history: a UTC day of minute candles, or daily candles older than the minutes. */
export type HistoryChunk = Candle[] | CandleBuffer | { days: Candle[] };

export interface Feed {
  /** Label shown to customers ("simulated market data", ...). */
  readonly kind: "simulated" | "replay" | "exchange";
  /** Start emitting; a stopped feed can be started again (after `resume`). */
  start(emit: (tick: RawTick) => void | Promise<void>): void;
  /**
   * A feed with its own timeline (a replay of history) tells the tape what time it is there;
   * live and simulated feeds leave it out: their ticks are judged against wall time.
   */
  clock?(): number;
  stop(): Promise<void> | void;
  /**
   * History for a symbol with nothing stored yet (back-fill on first start), oldest first:
   * minute candles before the live feed's first tick and before `now`, in chunks of one UTC day
   * (as candles or a core buffer, which the tape frees), optionally preceded by daily candles
   * for the time before the minutes. The tape rolls them up through the core into every
   * interval.
   */
  history?(symbol: string, now: number): Iterable<HistoryChunk> | AsyncIterable<HistoryChunk>;
  /**
   * Continue from the stored tape (each symbol's latest stored tick: its price and time) instead
   * of the start: called before every `start`, also when this instance takes the market over
   * from another (the simulated walk draws a fresh seed, the replay skips what was played, the
   * exchange feed back-fills the gap since the last stored tick).
   */
  resume?(last: ReadonlyMap<string, { price: bigint; time: number }>): void;
}
