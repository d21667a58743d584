/**
 * Simulated market (the embedded default): a seeded random walk per symbol in whole price
 * ticks (integers only), with per-symbol volatility, trade rate and sizes. Deterministic: the
 * same seed gives the same prices and sizes; only the times come from the clock.
 */
import { CandleBuffer } from "../../../core-wasm/mod.ts";
import type { SymbolDef } from "../../../contract/symbols.ts";
import type { Feed, RawTick } from "./feed.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Trading activity by UTC hour: quiet in the Asian night, busiest as Europe and America overlap. */
const SEASON = Array.from(
  { length: 24 },
  (_, h) => 1 + 0.45 * Math.sin(((h - 8) / 24) * 2 * Math.PI),
);

/** A small seeded PRNG (mulberry32): 32-bit unsigned integers. */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** One symbol's deterministic trade generator. */
export class SymbolWalk {
  private next: () => number;
  price: bigint;
  constructor(readonly def: SymbolDef, seed: number) {
    let h = seed;
    for (const ch of def.code) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
    this.next = mulberry32(h);
    this.price = def.sim.start;
  }

  /** The next trade: a step of -k..+k ticks (sum of four uniforms ~ bell-shaped), a size. */
  trade(): { price: bigint; qty: bigint } {
    const k = this.def.sim.stepTicks;
    let step = 0;
    for (let i = 0; i < 4; i++) step += (this.next() % (k + 1)) - Math.floor(k / 2);
    let price = this.price + BigInt(Math.trunc(step / 4)) * this.def.tick;
    // a gentle pull back toward the start keeps a day-long demo within a sane range
    const drift = (this.def.sim.start - price) / 2000n;
    price += drift - (drift % this.def.tick);
    if (price < this.def.tick) price = this.def.tick;
    this.price = price;
    const unit = 10n ** BigInt(8 - this.def.qtyDecimals);
    const maxSteps = this.def.sim.maxQty / unit;
    const qty = (1n + BigInt(this.next()) % maxSteps) * unit;
    return { price, qty };
  }
}

/**
 * Plausible minute candles of one symbol for [from, to) (minute-aligned), oldest first, in UTC-day
 * chunks: a slowly mean-reverting geometric walk with the live walk's volatility (x1.5), calm and
 * busy spells (volatility regimes lasting days), intraday volume seasonality, wicks around each
 * minute's open and close, all in whole price ticks. The path is shifted so that the last close
 * is `end` exactly: the live walk continues from it. The same seed gives the same history.
 */
export function* simulatedHistory(
  def: SymbolDef,
  seed: number,
  range: { from: number; to: number; end: bigint },
): Generator<CandleBuffer> {
  const n = Math.max(0, Math.floor((range.to - range.from) / MINUTE));
  if (!n) return;
  let h = seed ^ 0x68697374; // "hist": another stream than the live walk's
  for (const ch of def.code) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  const next = mulberry32(h);
  const uniform = () => (next() + 0.5) / 4294967296;
  // Box-Muller, both values used
  let spare = NaN;
  const gauss = () => {
    if (spare === spare) {
      const g = spare;
      spare = NaN;
      return g;
    }
    const m = Math.sqrt(-2 * Math.log(uniform())), a = 2 * Math.PI * uniform();
    spare = m * Math.sin(a);
    return m * Math.cos(a);
  };
  const tickUnits = Number(def.tick);
  const startTicks = Number(def.sim.start) / tickUnits;
  // the live walk moves sum-of-four-uniforms / 4 ticks per trade: sd = stepTicks / sqrt(48)
  const perMinute = (def.sim.stepTicks / Math.sqrt(48)) * Math.sqrt(def.sim.ratePerSec * 60);
  const sigma = 1.5 * perMinute / startTicks;
  const pull = Math.LN2 / (45 * 1440); // half-life of a deviation from the start: 45 days
  const regimePull = 1 / (4 * 1440);
  // pass 1: log(close / start) per minute and its volatility factor
  const logs = new Float64Array(n);
  const vols = new Float32Array(n);
  let x = 0, r = 0;
  for (let i = 0; i < n; i++) {
    r += -r * regimePull + 0.011 * gauss();
    const v = Math.exp(Math.max(-0.9, Math.min(1.1, r)));
    x += -x * pull + sigma * v * gauss();
    logs[i] = x;
    vols[i] = v;
  }
  const endTicks = Math.round(Number(range.end) / tickUnits);
  const shift = Math.log(endTicks / startTicks) - logs[n - 1]!;
  const ticksAt = (lx: number) => Math.max(1, Math.round(startTicks * Math.exp(lx + shift)));
  const unit = 10 ** (8 - def.qtyDecimals);
  // the live walk's volume, capped at 20,000 coins a minute so that a year's volume stays
  // within the core's 64-bit fixed point (XRP and DOGE trade billions of coins)
  const meanVolume = Math.min(def.sim.ratePerSec * 60 * Number(def.sim.maxQty) / 2, 2e12) / unit;
  let open = ticksAt(0);
  for (let day = Math.floor(range.from / DAY) * DAY; day < range.to; day += DAY) {
    const first = Math.max(day, range.from);
    const last = Math.min(day + DAY, range.to);
    const rows = new Float64Array(((last - first) / MINUTE) * 6);
    for (let j = 0; j < rows.length / 6; j++) {
      const i = (first - range.from) / MINUTE + j;
      const openTime = first + j * MINUTE;
      const close = i === n - 1 ? endTicks : ticksAt(logs[i]!);
      const v = vols[i]!;
      const wick = 0.5 * sigma * v * startTicks;
      const high = Math.max(open, close) + Math.round(Math.abs(gauss()) * wick);
      const low = Math.max(1, Math.min(open, close) - Math.round(Math.abs(gauss()) * wick));
      const season = SEASON[Math.floor((openTime % DAY) / 3_600_000)]!;
      const qty = Math.max(1, Math.round(meanVolume * season * v * (0.4 + 1.2 * uniform())));
      // units (10^-8) as numbers: exact below 2^53 (prices below 90 million)
      const r = j * 6;
      rows[r] = openTime;
      rows[r + 1] = open * tickUnits;
      rows[r + 2] = high * tickUnits;
      rows[r + 3] = low * tickUnits;
      rows[r + 4] = close * tickUnits;
      rows[r + 5] = qty * unit;
      open = close;
    }
    yield CandleBuffer.fromUnits(rows);
  }
}

export class SimulatedFeed implements Feed {
  readonly kind = "simulated" as const;
  private timer: ReturnType<typeof setInterval> | undefined;
  private walks: SymbolWalk[];

  constructor(
    symbols: readonly SymbolDef[],
    private seed: number,
    private opts: {
      tickMs?: number;
      now?: () => number;
      /** days of minute history generated for a symbol with nothing stored (0: none) */
      historyDays?: number;
      /** keep the constructor's seed on `resume` (deterministic tests); default: a fresh seed */
      fixedSeed?: boolean;
    } = {},
  ) {
    this.walks = symbols.map((s) => new SymbolWalk(s, seed));
  }

  /** A year (historyDays) of minutes up to the current minute, ending at the walk's price. */
  *history(symbol: string, now: number): Generator<CandleBuffer> {
    const days = this.opts.historyDays ?? 0;
    const w = this.walks.find((x) => x.def.code === symbol);
    if (!w || days <= 0) return;
    const to = Math.floor(now / MINUTE) * MINUTE;
    const from = Math.floor(to / DAY) * DAY - days * DAY;
    yield* simulatedHistory(w.def, this.seed, { from, to, end: w.price });
  }

  /**
   * Continue from the stored prices with a fresh random seed: a restart or a takeover never
   * replays a path that was already played (or that anyone could compute from a known seed).
   * With `fixedSeed` (tests) the walk stays deterministic.
   */
  resume(last: ReadonlyMap<string, { price: bigint; time: number }>) {
    if (!this.opts.fixedSeed) {
      const seed = crypto.getRandomValues(new Uint32Array(1))[0]!;
      this.walks = this.walks.map((w) => new SymbolWalk(w.def, seed));
    }
    for (const w of this.walks) {
      const p = last.get(w.def.code)?.price;
      if (p !== undefined && p > 0n) w.price = p;
    }
  }

  start(emit: (t: RawTick) => void | Promise<void>) {
    const every = this.opts.tickMs ?? 200;
    const now = this.opts.now ?? Date.now;
    let carry = this.walks.map(() => 0);
    this.timer = setInterval(() => {
      const t = now();
      carry = carry.map((c, i) => {
        const w = this.walks[i]!;
        let due = c + (w.def.sim.ratePerSec * every) / 1000;
        while (due >= 1) {
          due -= 1;
          const { price, qty } = w.trade();
          emit({ symbol: w.def.code, time: t, price, qty });
        }
        return due;
      });
    }, every);
  }

  stop() {
    clearInterval(this.timer);
  }
}
