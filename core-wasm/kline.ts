/** K-lines through the core: roll-ups, buffers, buckets, incremental updates, replay ticks. */
import {
  allocWords,
  call1,
  check,
  core,
  i64,
  InvalidInputError,
  MAX_ITEMS,
  mem,
  scratch,
} from "./runtime.ts";

// ---- K-lines ------------------------------------------------------------------------------

export const INTERVALS = ["1m", "5m", "15m", "30m", "1h", "1d", "1w", "1M", "1Q", "1Y"] as const;
export type Interval = typeof INTERVALS[number];
const IV_CODES = new Map<string, number>(INTERVALS.map((k, i) => [k, i]));

/** The core's code for an interval; an unknown name is an input error, never a default. */
function iv(interval: Interval): number {
  const code = IV_CODES.get(interval);
  if (code === undefined) {
    throw new InvalidInputError(5, "interval", `unknown interval ${String(interval)}`);
  }
  return code;
}

export interface Tick {
  /** ms since the epoch, UTC */
  time: number;
  price: bigint;
  qty: bigint;
}

export interface Candle {
  /** open time of the bucket, ms UTC */
  openTime: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
}

/** `length` items of `width` 64-bit words in WebAssembly memory; free() it when done. */
class CoreBuffer {
  readonly #ptr: number;
  #freed = false;
  constructor(readonly length: number, private readonly width: number, readonly kind: string) {
    if (!Number.isInteger(length) || length < 0 || length > MAX_ITEMS) {
      throw new InvalidInputError(2, kind, "bad length");
    }
    this.#ptr = allocWords(length * width, kind);
  }
  /** Address in WebAssembly memory; refuses a freed buffer. */
  get ptr(): number {
    if (this.#freed) throw new InvalidInputError(2, this.kind, "used after free()");
    return this.#ptr;
  }
  protected index(i: number, op: string) {
    if (!Number.isInteger(i) || i < 0 || i >= this.length) {
      throw new InvalidInputError(2, `${this.kind}.${op}`, `index ${i} out of range`);
    }
  }
  free() {
    if (!this.#freed) core.dealloc(this.#ptr, this.length * this.width);
    this.#freed = true;
  }
}

/**
 * Ticks laid out in WebAssembly memory (time, price, qty per tick), filled without copies;
 * free() it when done.
 */
export class TickBuffer extends CoreBuffer {
  constructor(length: number) {
    super(length, 3, "TickBuffer");
  }
  static from(ticks: readonly Tick[]): TickBuffer {
    const b = new TickBuffer(ticks.length);
    ticks.forEach((t, i) => b.set(i, t.time, t.price, t.qty));
    return b;
  }
  set(i: number, time: number, price: bigint, qty: bigint) {
    this.index(i, "set");
    const at = this.ptr / 8 + i * 3;
    const m = mem();
    m[at] = i64(time, "tick.time");
    m[at + 1] = i64(price, "tick.price");
    m[at + 2] = i64(qty, "tick.qty");
  }
  /** The words (time, price, qty, ...) as a typed array; invalid after any other core call. */
  view(): BigInt64Array {
    return new BigInt64Array(core.memory.buffer, this.ptr, this.length * 3);
  }
}

/** The candle whose six words start at word `o`. */
function candleAt(m: BigInt64Array, o: number): Candle {
  return {
    openTime: Number(m[o]!),
    open: m[o + 1]!,
    high: m[o + 2]!,
    low: m[o + 3]!,
    close: m[o + 4]!,
    volume: m[o + 5]!,
  };
}

function readResult(): Candle[] {
  const n = core.result_len();
  const m = mem();
  const base = core.result_ptr() / 8;
  const out: Candle[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = candleAt(m, base + i * 6);
  return out;
}

function withTicks<T>(ticks: readonly Tick[] | TickBuffer, f: (b: TickBuffer) => T): T {
  if (ticks instanceof TickBuffer) return f(ticks);
  const b = TickBuffer.from(ticks);
  try {
    return f(b);
  } finally {
    b.free();
  }
}

/**
 * Roll ticks (in time order) up into candles of one interval. With `fill`, intervals without
 * trades between the first and the last get O=H=L=C=previous close and volume 0.
 */
export function rollup(
  ticks: readonly Tick[] | TickBuffer,
  interval: Interval,
  opts: { fill?: boolean; /** use only the first `count` ticks of a TickBuffer */ count?: number } =
    {},
): Candle[] {
  return withTicks(ticks, (b) => {
    const n = opts.count ?? b.length;
    if (!Number.isInteger(n) || n < 0 || n > b.length) {
      throw new InvalidInputError(2, "rollup", "count out of range");
    }
    check(core.rollup_ticks(b.ptr, n, iv(interval), opts.fill ? 1 : 0), "rollup");
    return readResult();
  });
}

let halves = new Uint32Array(core.memory.buffer);
function u32(): Uint32Array {
  if (halves.buffer !== core.memory.buffer) halves = new Uint32Array(core.memory.buffer);
  return halves;
}

/** A non-negative safe integer as a little-endian u64 at 32-bit word `at`. */
function putU64(h: Uint32Array, at: number, x: number) {
  if (!Number.isSafeInteger(x) || x < 0) {
    throw new InvalidInputError(2, "CandleBuffer.setUnits", `not a safe integer: ${x}`);
  }
  h[at] = x >>> 0;
  h[at + 1] = Math.floor(x / 4294967296);
}

/**
 * Candles laid out in WebAssembly memory (openTime, open, high, low, close, volume each), filled
 * from plain numbers without making bigints (back-filling a year of minutes); free() it.
 */
export class CandleBuffer extends CoreBuffer {
  constructor(length: number) {
    super(length, 6, "CandleBuffer");
  }
  static from(candles: readonly Candle[]): CandleBuffer {
    const b = new CandleBuffer(candles.length);
    const m = mem();
    candles.forEach((c, i) => {
      const o = b.ptr / 8 + i * 6;
      m[o] = i64(c.openTime, "candle.openTime");
      m[o + 1] = i64(c.open, "candle.open");
      m[o + 2] = i64(c.high, "candle.high");
      m[o + 3] = i64(c.low, "candle.low");
      m[o + 4] = i64(c.close, "candle.close");
      m[o + 5] = i64(c.volume, "candle.volume");
    });
    return b;
  }
  /** The candles of several buffers, in order, in one new buffer. */
  static concat(buffers: readonly CandleBuffer[]): CandleBuffer {
    const out = new CandleBuffer(buffers.reduce((n, b) => n + b.length, 0));
    let at = out.ptr;
    for (const b of buffers) {
      new Uint8Array(core.memory.buffer).copyWithin(at, b.ptr, b.ptr + b.length * 48);
      at += b.length * 48;
    }
    return out;
  }
  /**
   * Candles from rows of six non-negative safe integers (openTime ms, then open, high, low,
   * close, volume in units of 10^-8): one pass, no bigints.
   */
  static fromUnits(rows: Float64Array): CandleBuffer {
    if (rows.length % 6) throw new InvalidInputError(2, "CandleBuffer.fromUnits", "rows of six");
    const b = new CandleBuffer(rows.length / 6);
    try {
      const h = u32();
      const base = b.ptr / 4;
      for (let k = 0; k < rows.length; k++) putU64(h, base + 2 * k, rows[k]!);
    } catch (e) {
      b.free();
      throw e;
    }
    return b;
  }
  /** Candle i from non-negative safe integers: ms, and units of 10^-8. */
  setUnits(
    i: number,
    openTime: number,
    open: number,
    high: number,
    low: number,
    close: number,
    volume: number,
  ) {
    this.index(i, "setUnits");
    const h = u32();
    const at = this.ptr / 4 + i * 12;
    putU64(h, at, openTime);
    putU64(h, at + 2, open);
    putU64(h, at + 4, high);
    putU64(h, at + 6, low);
    putU64(h, at + 8, close);
    putU64(h, at + 10, volume);
  }
  get(i: number): Candle {
    this.index(i, "get");
    return candleAt(mem(), this.ptr / 8 + i * 6);
  }
}

/**
 * Roll candles of a finer interval (in time order) up into a coarser one; from a CandleBuffer,
 * optionally only its candles from index `from` on.
 */
export function rollupCandles(
  candles: readonly Candle[] | CandleBuffer,
  interval: Interval,
  opts: { fill?: boolean; from?: number } = {},
): Candle[] {
  if (candles instanceof CandleBuffer) {
    const from = opts.from ?? 0;
    if (!Number.isInteger(from) || from < 0 || from > candles.length) {
      throw new InvalidInputError(2, "rollupCandles", "from out of range");
    }
    check(
      core.rollup_candles(
        candles.ptr + from * 48,
        candles.length - from,
        iv(interval),
        opts.fill ? 1 : 0,
      ),
      "rollupCandles",
    );
    return readResult();
  }
  const b = CandleBuffer.from(candles);
  try {
    return rollupCandles(b, interval, { fill: opts.fill });
  } finally {
    b.free();
  }
}

/**
 * Roll ticks up into several intervals: one pass to 1m candles, then each coarser interval
 * from the 1m candles (inside the core, without copying through JavaScript).
 */
export function rollupAll<I extends Interval>(
  ticks: readonly Tick[] | TickBuffer,
  intervals: readonly I[],
  opts: { fill?: boolean } = {},
): Record<I, Candle[]> {
  const fill = opts.fill ? 1 : 0;
  return withTicks(ticks, (b) => {
    const out = {} as Record<I, Candle[]>;
    // Minutes without gap filling: each coarser pass fills its own gaps, so a bucket's open
    // and low come from its own trades, never from a filled minute.
    check(core.rollup_ticks(b.ptr, b.length, iv("1m"), 0), "rollupAll");
    const n = core.result_len();
    const minutes = allocWords(n * 6, "rollupAll");
    try {
      new Uint8Array(core.memory.buffer).copyWithin(
        minutes,
        core.result_ptr(),
        core.result_ptr() + n * 48,
      );
      for (const interval of intervals) {
        check(core.rollup_candles(minutes, n, iv(interval), fill), "rollupAll");
        out[interval] = readResult();
      }
    } finally {
      core.dealloc(minutes, n * 6);
    }
    return out;
  });
}

/** Open time of the bucket that contains `time`. */
export function bucketStart(time: number, interval: Interval): number {
  return Number(call1("bucketStart", core.bucket_start(i64(time, "bucketStart"), iv(interval))));
}

/** Open time of the bucket after the one that opens at `openTime`. */
export function nextBucket(openTime: number, interval: Interval): number {
  return Number(call1("nextBucket", core.next_bucket(i64(openTime, "nextBucket"), iv(interval))));
}

export type CandleUpdate = "updated" | "opened" | "stale";

/**
 * Incremental form for live charts: apply one tick to the open candle. "opened": the tick
 * started a new bucket (the previous candle is closed); "stale": the tick is older than the
 * open candle and was ignored.
 */
export function updateCandle(
  current: Candle | null,
  interval: Interval,
  tick: Tick,
): { candle: Candle; kind: CandleUpdate } {
  const op = "updateCandle";
  const c = current;
  check(
    core.kline_update(
      iv(interval),
      c ? 1 : 0,
      i64(c?.openTime ?? 0, op),
      i64(c?.open ?? 0n, op),
      i64(c?.high ?? 0n, op),
      i64(c?.low ?? 0n, op),
      i64(c?.close ?? 0n, op),
      i64(c?.volume ?? 0n, op),
      i64(tick.time, op),
      i64(tick.price, op),
      i64(tick.qty, op),
    ),
    op,
  );
  const kind = (["updated", "opened", "stale"] as const)[Number(scratch(6))]!;
  return {
    candle: {
      openTime: Number(scratch(0)),
      open: scratch(1),
      high: scratch(2),
      low: scratch(3),
      close: scratch(4),
      volume: scratch(5),
    },
    kind,
  };
}

/** Sequential read of a tick buffer inside the core (benchmarks: the memory-bandwidth limit). */
export function readAll(b: TickBuffer): bigint {
  return core.read_sum(b.ptr, b.length * 3);
}

// ---- replay -------------------------------------------------------------------------------

/**
 * A minute candle as four ticks at +0, +15, +30 and +45 s: open, low, high, close for a rising
 * candle (close >= open), open, high, low, close for a falling one; the volume split equally
 * with the remainder on the last tick, so the ticks roll back up to the same candle.
 */
export function candleTicks(c: Candle): Tick[] {
  const rising = c.close >= c.open;
  const prices = rising ? [c.open, c.low, c.high, c.close] : [c.open, c.high, c.low, c.close];
  const part = c.volume / 4n;
  return prices.map((price, i) => ({
    time: c.openTime + i * 15_000,
    price,
    qty: i === 3 ? c.volume - 3n * part : part,
  }));
}
