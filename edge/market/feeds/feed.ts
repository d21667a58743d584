import type { Candle, CandleBuffer } from "../../../core-wasm/mod.ts";

/** A market-data source: emits trades (ticks) per symbol until stopped. */
export interface RawTick {
  symbol: string;
  /** trade time, ms UTC (the symbol's trading clock) */
  time: number;
  price: bigint;
  qty: bigint;
}

export interface Feed {
  /** Label shown to customers ("simulated market data", ...). */
  readonly kind: "simulated" | "replay" | "exchange";
  start(emit: (tick: RawTick) => void | Promise<void>): void;
  stop(): Promise<void> | void;
  /**
   * History for a symbol with nothing stored yet (back-fill on first start): minute candles
   * before the live feed's first tick and before `now`, oldest first, in chunks (one UTC day
   * each, as candles or a core buffer the tape frees); the tape rolls them up through the core
   * into every interval.
   */
  history?(
    symbol: string,
    now: number,
  ): Iterable<Candle[] | CandleBuffer> | AsyncIterable<Candle[] | CandleBuffer>;
  /** Continue from these prices (each symbol's latest stored tick) instead of the start. */
  resume?(prices: ReadonlyMap<string, bigint>): void;
}
