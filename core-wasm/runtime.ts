/**
 * The pricing core's runtime: loading core.wasm, linear memory, the typed errors, the i64
 * boundary guards, and rounding. Internal to core-wasm (the facade is mod.ts).
 */
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
  c_trailing_stop(side: bigint, extreme: bigint, callback: bigint): number;
  c_position(...args: bigint[]): number;
  c_group(ptr: number, n: number, mark: bigint): number;
  fast_settle(...args: bigint[]): number;
  w_daily(amount: bigint, rate: bigint): number;
  w_expected(amount: bigint, rate: bigint, days: bigint): number;
  w_redemption(amount: bigint, ratio: bigint, days: bigint): number;
  indicator(
    ptr: number,
    n: number,
    kind: number,
    p1: bigint,
    p2: bigint,
    p3: bigint,
    out: number,
  ): number;
}

const WASM_URL = new URL("./core.wasm", import.meta.url);

async function load(): Promise<Exports> {
  const bytes = WASM_URL.protocol === "file:" && typeof Deno !== "undefined"
    ? await Deno.readFile(WASM_URL)
    : await (await fetch(WASM_URL)).arrayBuffer();
  const { instance } = await WebAssembly.instantiate(bytes, {});
  return instance.exports as unknown as Exports;
}

export const core: Exports = await load();
const scratchAt = core.scratch();
let words = new BigInt64Array(core.memory.buffer);

/** A view of linear memory (re-made when memory grows). */
export function mem(): BigInt64Array {
  if (words.buffer !== core.memory.buffer) words = new BigInt64Array(core.memory.buffer);
  return words;
}

export function scratch(i: number): bigint {
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

export function check(status: number, op: string): void {
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
export function i64(x: bigint | number, op: string): bigint {
  const v = typeof x === "number" ? (Number.isSafeInteger(x) ? BigInt(x) : NaN) : x;
  if (typeof v !== "bigint" || v < I64_MIN || v > I64_MAX) {
    throw new InvalidInputError(2, op, `not a 64-bit integer: ${String(x)}`);
  }
  return v;
}

export function call1(op: string, status: number): bigint {
  check(status, op);
  return scratch(0);
}

/**
 * Run a core export whose arguments are all i64 words: each guarded (`i64`, named `op` in the
 * error), then the status checked; the results are in the scratch words.
 */
export function runCore(
  op: string,
  fn: (...words: bigint[]) => number,
  ...args: (bigint | number)[]
): void {
  check(fn(...args.map((a) => i64(a, op))), op);
}

/** `runCore` for an export with one result (the first scratch word). */
export function callCore(
  op: string,
  fn: (...words: bigint[]) => number,
  ...args: (bigint | number)[]
): bigint {
  runCore(op, fn, ...args);
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
  return callCore("roundingRemainder", core.rounding_remainder, a, b, c);
}

/** Largest input the facade hands to the core in one call (words must fit in 32 bits). */
export const MAX_ITEMS = 0x0fff_ffff;

export function allocWords(words: number, op: string): number {
  if (!Number.isInteger(words) || words < 0 || words > MAX_ITEMS * 6) {
    throw new InvalidInputError(2, op, "input too large");
  }
  const ptr = core.alloc(words);
  if (ptr === 0) throw new OverflowError(1, op, "out of WebAssembly memory");
  return ptr;
}
