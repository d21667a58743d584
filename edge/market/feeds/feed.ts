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
  /**
   * A feed with its own timeline (a replay of history) tells the tape what time it is there;
   * live and simulated feeds leave it out: their ticks are judged against wall time.
   */
  clock?(): number;
  stop(): Promise<void> | void;
}
