/**
 * Simulated market (the embedded default): a seeded random walk per symbol in whole price
 * ticks (integers only), with per-symbol volatility, trade rate and sizes. Deterministic: the
 * same seed gives the same prices and sizes; only the times come from the clock.
 */
import type { SymbolDef } from "../symbols.ts";
import type { Feed, RawTick } from "./feed.ts";

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

export class SimulatedFeed implements Feed {
  readonly kind = "simulated" as const;
  private timer: ReturnType<typeof setInterval> | undefined;
  private walks: SymbolWalk[];

  constructor(
    symbols: readonly SymbolDef[],
    seed: number,
    private opts: { tickMs?: number; now?: () => number } = {},
  ) {
    this.walks = symbols.map((s) => new SymbolWalk(s, seed));
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
