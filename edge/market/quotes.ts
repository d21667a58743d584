/**
 * Quotes: per symbol the last price and rolling 24 h open, high, low, volume and turnover, kept
 * from the tape's minute candles; the quotes list is serialized once per change (at most every
 * 200 ms) so the API serves it from memory.
 */
import { type Candle, formatDecimal, mulDiv, SCALE } from "../../core-wasm/mod.ts";
import type { SymbolDef } from "../../contract/symbols.ts";
import type { Tape, TapeEvent } from "./tape.ts";
import type { Quote } from "../../contract/market.ts";

const DAY = 86_400_000;

export type { Quote };

interface Minute {
  candle: Candle;
  turnover: bigint;
}

export class Quotes {
  private minutes = new Map<string, Map<number, Minute>>();
  private cache: { at: number; json: string; list: Quote[] } | null = null;
  private dirty = true;
  /** the 24 h open per symbol, for the minute it was looked up in (`open24h`) */
  private opens = new Map<string, { minute: number; open: bigint | null }>();

  constructor(
    private tape: Tape,
    private symbols: readonly SymbolDef[],
    private now: () => number,
  ) {}

  /** Minute candles of the last 24 h from the store (turnover estimated as mid x volume). */
  async load() {
    // every symbol's day of minutes at once (far from the store, one after another cost a few
    // round trips a symbol)
    const since = this.now() - DAY - 60_000;
    const days = await Promise.all(
      this.symbols.map((s) => this.tape.candles(s.code, "1m", { from: since, limit: 1500 })),
    );
    this.symbols.forEach((s, i) => {
      const m = new Map<number, Minute>();
      for (const c of days[i]!) {
        m.set(c.openTime, {
          candle: c,
          turnover: mulDiv((c.open + c.close) / 2n, c.volume, SCALE, "down"),
        });
      }
      this.minutes.set(s.code, m);
    });
  }

  onTicks(e: TapeEvent) {
    const m = this.minutes.get(e.symbol) ?? new Map<number, Minute>();
    this.minutes.set(e.symbol, m);
    const c = e.candles.get("1m")!;
    const prev = m.get(c.openTime);
    let turnover = prev?.turnover ?? 0n;
    for (const t of e.ticks) turnover += mulDiv(t.price, t.qty, SCALE, "down");
    m.set(c.openTime, { candle: c, turnover });
    // forget minutes older than the window
    const cutoff = this.now() - DAY - 120_000;
    if (m.size > 1500) { for (const k of m.keys()) if (k < cutoff) m.delete(k); }
    this.dirty = true;
  }

  markDirty() {
    this.dirty = true;
  }

  /**
   * The rolling 24 h open at `time` (the open of the first minute the quote's window counts), or
   * null without candles: what a "moves x % in 24 h" alert measures against. Looked up once per
   * symbol and minute (the trigger engine asks on every tick).
   */
  open24h(symbol: string, time: number): bigint | null {
    const minute = Math.floor(time / 60_000);
    const cached = this.opens.get(symbol);
    if (cached?.minute === minute) return cached.open;
    const windowStart = time - DAY - 60_000;
    let first: Candle | null = null;
    for (const { candle } of this.minutes.get(symbol)?.values() ?? []) {
      if (candle.openTime > windowStart && (!first || candle.openTime < first.openTime)) {
        first = candle;
      }
    }
    const open = first?.open ?? null;
    if (open !== null) this.opens.set(symbol, { minute, open });
    return open;
  }

  quote(s: SymbolDef): Quote | null {
    const last = this.tape.lastTick(s.code);
    if (!last) return null;
    const windowStart = last.time - DAY;
    let open: bigint | null = null, high = last.price, low = last.price, volume = 0n, turnover = 0n;
    const minutes = [...(this.minutes.get(s.code)?.values() ?? [])]
      .filter((x) => x.candle.openTime > windowStart - 60_000)
      .sort((a, b) => a.candle.openTime - b.candle.openTime);
    for (const { candle, turnover: tv } of minutes) {
      open ??= candle.open;
      if (candle.high > high) high = candle.high;
      if (candle.low < low) low = candle.low;
      volume += candle.volume;
      turnover += tv;
    }
    open ??= last.price;
    const change = last.price - open;
    const d = (v: bigint) => formatDecimal(v);
    return {
      symbol: s.code,
      name: s.name,
      base: s.base,
      priceDecimals: s.priceDecimals,
      price: d(last.price),
      open: d(open),
      high: d(high),
      low: d(low),
      change: d(change),
      changePct: d(mulDiv(change, SCALE, open, "down")),
      volume24h: d(volume),
      turnover: d(turnover),
      time: last.time,
      stale: this.tape.isStale(s.code),
    };
  }

  /** All quotes, rebuilt when something changed (at most every 200 ms). */
  list(): { list: Quote[]; json: string } {
    const now = this.now();
    if (!this.cache || (this.dirty && now - this.cache.at >= 200) || now - this.cache.at >= 2_000) {
      const list = this.symbols.map((s) => this.quote(s)).filter((q): q is Quote => q !== null);
      this.cache = { at: now, list, json: JSON.stringify(list) };
      this.dirty = false;
    }
    return this.cache;
  }
}
