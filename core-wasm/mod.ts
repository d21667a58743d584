/**
 * The one facade over the pricing core (core.wasm): every money and market computation of the
 * product goes through here, on the server and in islands. Values are bigint units of 10^-8
 * (rates too: 0.5% = 500_000n); times are ms since the epoch (UTC). Errors are typed
 * exceptions; nothing wraps silently.
 */
export { DecimalError, formatDecimal, parseDecimal, SCALE } from "./decimal.ts";

// ---- loading ------------------------------------------------------------------------------

interface Exports {
  memory: WebAssembly.Memory;
  scratch(): number;
  alloc(words: number): number;
  dealloc(ptr: number, words: number): void;
  result_ptr(): number;
  result_len(): number;
  result_free(): void;
  read_sum(ptr: number, words: number): bigint;
  rollup_ticks(ptr: number, n: number, iv: number, fill: number): number;
  rollup_candles(ptr: number, n: number, iv: number, fill: number): number;
  bucket_start(t: bigint, iv: number): number;
  next_bucket(t: bigint, iv: number): number;
  kline_update(iv: number, has: number, ...rest: bigint[]): number;
  mul_div(a: bigint, b: bigint, c: bigint, round: number): number;
  rounding_remainder(a: bigint, b: bigint, c: bigint): number;
  c_notional(q: bigint, p: bigint): number;
  c_margin(q: bigint, p: bigint, lev: bigint): number;
  c_fee(q: bigint, p: bigint, rate: bigint): number;
  c_pnl(side: bigint, q: bigint, entry: bigint, mark: bigint): number;
  c_equity(margin: bigint, pnl: bigint): number;
  c_maintenance(q: bigint, mark: bigint, mmr: bigint): number;
  c_margin_ratio(mm: bigint, equity: bigint): number;
  c_roe(pnl: bigint, margin: bigint): number;
  c_liq_price(side: bigint, qty: bigint, entry: bigint, margin: bigint, mmr: bigint): number;
  c_is_liquidatable(...args: bigint[]): number;
  c_tpsl_valid(side: bigint, p: bigint, sl: bigint, tp: bigint): number;
  c_trigger(side: bigint, p: bigint, sl: bigint, tp: bigint, lp: bigint): number;
  c_shortfall(margin: bigint, pnl: bigint): number;
  c_position(...args: bigint[]): number;
  c_group(ptr: number, n: number, mark: bigint): number;
  fast_settle(...args: bigint[]): number;
  w_daily(amount: bigint, rate: bigint): number;
  w_expected(amount: bigint, rate: bigint, days: bigint): number;
  w_redemption(amount: bigint, ratio: bigint, days: bigint): number;
}

const WASM_URL = new URL("./core.wasm", import.meta.url);

async function load(): Promise<Exports> {
  const bytes = WASM_URL.protocol === "file:" && typeof Deno !== "undefined"
    ? await Deno.readFile(WASM_URL)
    : await (await fetch(WASM_URL)).arrayBuffer();
  const { instance } = await WebAssembly.instantiate(bytes, {});
  return instance.exports as unknown as Exports;
}

const core: Exports = await load();
const scratchAt = core.scratch();
let words = new BigInt64Array(core.memory.buffer);

/** A view of linear memory (re-made when memory grows). */
function mem(): BigInt64Array {
  if (words.buffer !== core.memory.buffer) words = new BigInt64Array(core.memory.buffer);
  return words;
}

function scratch(i: number): bigint {
  return mem()[scratchAt / 8 + i]!;
}

// ---- errors -------------------------------------------------------------------------------

export class CoreError extends Error {
  constructor(readonly code: number, readonly op: string, message: string) {
    super(`${op}: ${message}`);
    this.name = new.target.name;
  }
}
/** A result does not fit in 64 bits. */
export class OverflowError extends CoreError {}
/** An argument is outside its domain (non-positive quantity, leverage 0 or > 100, ...). */
export class InvalidInputError extends CoreError {}
export class DivisionByZeroError extends CoreError {}
/** Ticks or candles are not in time order. */
export class UnsortedError extends CoreError {}

function check(status: number, op: string): void {
  switch (status) {
    case 0:
      return;
    case 1:
      throw new OverflowError(status, op, "result out of range");
    case 2:
      throw new InvalidInputError(status, op, "invalid input");
    case 3:
      throw new DivisionByZeroError(status, op, "division by zero");
    case 4:
      throw new UnsortedError(status, op, "input not in time order");
    case 5:
      throw new InvalidInputError(status, op, "unknown interval");
    default:
      throw new CoreError(status, op, `unknown status ${status}`);
  }
}

const I64_MIN = -(1n << 63n);
const I64_MAX = (1n << 63n) - 1n;

/** Guard the JS -> i64 boundary: WebAssembly would wrap a bigint outside i64 silently. */
function i64(x: bigint | number, op: string): bigint {
  const v = typeof x === "number" ? (Number.isSafeInteger(x) ? BigInt(x) : NaN) : x;
  if (typeof v !== "bigint" || v < I64_MIN || v > I64_MAX) {
    throw new InvalidInputError(2, op, `not a 64-bit integer: ${String(x)}`);
  }
  return v;
}

function call1(op: string, status: number): bigint {
  check(status, op);
  return scratch(0);
}

// ---- rounding -----------------------------------------------------------------------------

/** a * b / c, rounded "up" (what the customer pays) or "down" (what the customer receives). */
export function mulDiv(a: bigint, b: bigint, c: bigint, round: "up" | "down"): bigint {
  const op = "mulDiv";
  return call1(op, core.mul_div(i64(a, op), i64(b, op), i64(c, op), round === "up" ? 1 : 0));
}

/** ceil(a*b/c) - floor(a*b/c): the part that goes to the house rounding account. */
export function roundingRemainder(a: bigint, b: bigint, c: bigint): bigint {
  const op = "roundingRemainder";
  return call1(op, core.rounding_remainder(i64(a, op), i64(b, op), i64(c, op)));
}

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

/** Largest input the facade hands to the core in one call (words must fit in 32 bits). */
const MAX_ITEMS = 0x0fff_ffff;

function allocWords(words: number, op: string): number {
  if (!Number.isInteger(words) || words < 0 || words > MAX_ITEMS * 6) {
    throw new InvalidInputError(2, op, "input too large");
  }
  const ptr = core.alloc(words);
  if (ptr === 0) throw new OverflowError(1, op, "out of WebAssembly memory");
  return ptr;
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

// ---- leveraged contracts ------------------------------------------------------------------

export type Side = "long" | "short";
const sideCode = (s: Side) => (s === "long" ? 1n : s === "short" ? -1n : 0n);

/** qty x price, rounded down. */
export function notional(qty: bigint, price: bigint): bigint {
  const op = "notional";
  return call1(op, core.c_notional(i64(qty, op), i64(price, op)));
}

/** notional / leverage, rounded up (the customer pays it). */
export function margin(qty: bigint, price: bigint, leverage: number): bigint {
  const op = "margin";
  return call1(op, core.c_margin(i64(qty, op), i64(price, op), i64(leverage, op)));
}

/** notional x fee rate, rounded up (open, close and daily holding fees). */
export function fee(qty: bigint, price: bigint, rate: bigint): bigint {
  const op = "fee";
  return call1(op, core.c_fee(i64(qty, op), i64(price, op), i64(rate, op)));
}

/** side x qty x (mark - entry), rounded down. */
export function unrealizedPnl(side: Side, qty: bigint, entry: bigint, mark: bigint): bigint {
  const op = "unrealizedPnl";
  return call1(op, core.c_pnl(sideCode(side), i64(qty, op), i64(entry, op), i64(mark, op)));
}

export function equity(marginAmount: bigint, pnl: bigint): bigint {
  const op = "equity";
  return call1(op, core.c_equity(i64(marginAmount, op), i64(pnl, op)));
}

/** qty x mark x MMR, rounded up. */
export function maintenanceMargin(qty: bigint, mark: bigint, mmr: bigint): bigint {
  const op = "maintenanceMargin";
  return call1(op, core.c_maintenance(i64(qty, op), i64(mark, op), i64(mmr, op)));
}

/** Maintenance margin / equity (scaled 10^8); null when the equity is gone. */
export function marginRatio(mm: bigint, equityAmount: bigint): bigint | null {
  const op = "marginRatio";
  check(core.c_margin_ratio(i64(mm, op), i64(equityAmount, op)), op);
  return scratch(1) === 1n ? scratch(0) : null;
}

/** pnl / margin (scaled 10^8), rounded down. */
export function roe(pnl: bigint, marginAmount: bigint): bigint {
  const op = "roe";
  return call1(op, core.c_roe(i64(pnl, op), i64(marginAmount, op)));
}

/**
 * Liquidation price, isolated, fees ignored, for the margin actually posted: where equity
 * equals the maintenance margin. With an exact margin this is the domain formula
 * entry x (1 - 1/lev) / (1 - MMR) (long) or entry x (1 + 1/lev) / (1 + MMR) (short). Long rounds
 * down, short up, so `price <= LP` (long) / `price >= LP` (short) is exactly `isLiquidatable`.
 * 0: a long whose margin covers the whole notional.
 */
export function liquidationPrice(
  p: { side: Side; qty: bigint; entry: bigint; margin: bigint; mmr: bigint },
): bigint {
  const op = "liquidationPrice";
  return call1(
    op,
    core.c_liq_price(
      sideCode(p.side),
      i64(p.qty, op),
      i64(p.entry, op),
      i64(p.margin, op),
      i64(p.mmr, op),
    ),
  );
}

/** Exact test: equity at `mark` <= maintenance margin. */
export function isLiquidatable(
  p: { side: Side; qty: bigint; entry: bigint; margin: bigint; mmr: bigint },
  mark: bigint,
): boolean {
  const op = "isLiquidatable";
  return call1(
    op,
    core.c_is_liquidatable(
      sideCode(p.side),
      i64(p.qty, op),
      i64(p.entry, op),
      i64(mark, op),
      i64(p.margin, op),
      i64(p.mmr, op),
    ),
  ) === 1n;
}

/** Whether a stop-loss / take-profit is on the correct side of the current price. */
export function stopsValid(
  side: Side,
  price: bigint,
  stops: { stopLoss?: bigint | null; takeProfit?: bigint | null },
): { stopLoss: boolean; takeProfit: boolean } {
  const op = "stopsValid";
  const bits = call1(
    op,
    core.c_tpsl_valid(
      sideCode(side),
      i64(price, op),
      i64(stops.stopLoss ?? 0n, op),
      i64(stops.takeProfit ?? 0n, op),
    ),
  );
  return { stopLoss: (bits & 1n) === 1n, takeProfit: (bits & 2n) === 2n };
}

export type Trigger = "stopLoss" | "takeProfit" | "liquidation";

/** What `price` triggers for a position: liquidation first, then stop-loss, then take-profit. */
export function trigger(
  side: Side,
  price: bigint,
  levels: { stopLoss?: bigint | null; takeProfit?: bigint | null; liquidation?: bigint | null },
): Trigger | null {
  const op = "trigger";
  const k = call1(
    op,
    core.c_trigger(
      sideCode(side),
      i64(price, op),
      i64(levels.stopLoss ?? 0n, op),
      i64(levels.takeProfit ?? 0n, op),
      i64(levels.liquidation ?? 0n, op),
    ),
  );
  return ([null, "stopLoss", "takeProfit", "liquidation"] as const)[Number(k)]!;
}

/** Loss beyond the margin (charged to the insurance account). */
export function shortfall(marginAmount: bigint, pnl: bigint): bigint {
  const op = "shortfall";
  return call1(op, core.c_shortfall(i64(marginAmount, op), i64(pnl, op)));
}

export interface PositionInput {
  side: Side;
  qty: bigint;
  entry: bigint;
  leverage: number;
  /** maintenance margin rate, scaled 10^8 (0.5% = 500_000n) */
  mmr: bigint;
  /** taker fee rate, scaled 10^8 */
  feeRate: bigint;
}

export interface PositionFigures {
  notional: bigint;
  margin: bigint;
  fee: bigint;
  pnl: bigint;
  equity: bigint;
  maintenanceMargin: bigint;
  marginRatio: bigint | null;
  roe: bigint;
  liquidationPrice: bigint;
  liquidatable: boolean;
}

/** Everything a ticket or a position row shows, at a mark price, in one core call. */
export function position(p: PositionInput, mark: bigint): PositionFigures {
  const op = "position";
  check(
    core.c_position(
      sideCode(p.side),
      i64(p.qty, op),
      i64(p.entry, op),
      i64(mark, op),
      i64(p.leverage, op),
      i64(p.mmr, op),
      i64(p.feeRate, op),
    ),
    op,
  );
  return {
    notional: scratch(0),
    margin: scratch(1),
    fee: scratch(2),
    pnl: scratch(3),
    equity: scratch(4),
    maintenanceMargin: scratch(5),
    marginRatio: scratch(7) === 1n ? scratch(6) : null,
    roe: scratch(8),
    liquidationPrice: scratch(9),
    liquidatable: scratch(10) === 1n,
  };
}

export interface Leg {
  side: Side;
  qty: bigint;
  entry: bigint;
  margin: bigint;
  mmr: bigint;
}

/**
 * A hedged group (a customer's legs on one symbol, both sides) margined together: liquidated
 * when the combined equity falls to the combined maintenance margin. `liquidation`: never,
 * when the price falls to `level` or below, rises to `level` or above, or now; `liquidatable`
 * at `mark` when one is given. One leg gives exactly the isolated liquidation price.
 */
export function hedgedGroup(
  legs: readonly Leg[],
  mark?: bigint,
): {
  liquidation:
    | { kind: "never" }
    | { kind: "now" }
    | { kind: "below" | "above"; level: bigint };
  liquidatable: boolean;
} {
  const op = "hedgedGroup";
  const ptr = allocWords(legs.length * 5, op);
  try {
    const m = mem();
    legs.forEach((l, i) => {
      const at = ptr / 8 + i * 5;
      m[at] = sideCode(l.side);
      m[at + 1] = i64(l.qty, op);
      m[at + 2] = i64(l.entry, op);
      m[at + 3] = i64(l.margin, op);
      m[at + 4] = i64(l.mmr, op);
    });
    check(core.c_group(ptr, legs.length, i64(mark ?? 0n, op)), op);
  } finally {
    core.dealloc(ptr, legs.length * 5);
  }
  const kind = (["never", "below", "above", "now"] as const)[Number(scratch(0))]!;
  return {
    liquidation: kind === "below" || kind === "above" ? { kind, level: scratch(1) } : { kind },
    liquidatable: scratch(2) === 1n,
  };
}

// ---- fast contracts -----------------------------------------------------------------------

export type FastOutcome = "win" | "lose" | "tie";

/** Up wins if exit > entry, down if exit < entry; a tie returns the stake. */
export function settleFast(
  o: { direction: "up" | "down"; entry: bigint; exit: bigint; stake: bigint; rate: bigint },
): { outcome: FastOutcome; payout: bigint } {
  const op = "settleFast";
  const dir = o.direction === "up" ? 1n : o.direction === "down" ? -1n : 0n;
  check(
    core.fast_settle(dir, i64(o.entry, op), i64(o.exit, op), i64(o.stake, op), i64(o.rate, op)),
    op,
  );
  return { outcome: (["lose", "win", "tie"] as const)[Number(scratch(0))]!, payout: scratch(1) };
}

// ---- wealth -------------------------------------------------------------------------------

/** amount x daily rate, rounded down. */
export function dailyPayout(amount: bigint, dailyRate: bigint): bigint {
  const op = "dailyPayout";
  return call1(op, core.w_daily(i64(amount, op), i64(dailyRate, op)));
}

/** The daily payouts over `days`, each rounded as it will be paid. */
export function expectedIncome(amount: bigint, dailyRate: bigint, days: number): bigint {
  const op = "expectedIncome";
  return call1(op, core.w_expected(i64(amount, op), i64(dailyRate, op), i64(days, op)));
}

/** Early redemption: penalty = ratio x days left x amount (rounded up), refund = the rest. */
export function redemption(
  amount: bigint,
  ratio: bigint,
  daysLeft: number,
): { penalty: bigint; refund: bigint } {
  const op = "redemption";
  check(core.w_redemption(i64(amount, op), i64(ratio, op), i64(daysLeft, op)), op);
  return { penalty: scratch(0), refund: scratch(1) };
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
