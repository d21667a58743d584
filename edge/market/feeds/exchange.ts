/**
 * Exchange feed: the public trade stream (combined WebSocket stream `<symbol>@trade`) and kline
 * REST protocol of a major crypto exchange, at configurable base URLs. Reconnects with
 * exponential backoff; after a disconnect it back-fills the gap from REST minute klines (as four
 * ticks each, like a replay) before live trades continue.
 */
import { type Candle, candleTicks, parseDecimal } from "../../../core-wasm/mod.ts";
import type { Feed, HistoryChunk, RawTick } from "./feed.ts";

export interface ExchangeOptions {
  wsBase: string;
  restBase: string;
  symbols: string[];
  now?: () => number;
  /** first reconnect delay (doubles up to 30 s) */
  backoffMs?: number;
  /** history on first start: daily klines this many days back (0: none) */
  historyDays?: number;
  /** ... and minute klines for this many UTC days up to now (today counts) */
  historyMinuteDays?: number;
}

type KlineRow = [number, string, string, string, string, string, ...unknown[]];
const MINUTE = 60_000;
const DAY = 86_400_000;

function klineCandle(r: KlineRow): Candle {
  return {
    openTime: r[0],
    open: parseDecimal(r[1]),
    high: parseDecimal(r[2]),
    low: parseDecimal(r[3]),
    close: parseDecimal(r[4]),
    volume: parseDecimal(r[5], { allowExponent: true }),
  };
}

interface TradeMsg {
  s: string;
  p: string;
  q: string;
  T: number;
}

export class ExchangeFeed implements Feed {
  readonly kind = "exchange" as const;
  private ws: WebSocket | null = null;
  private stopped = false;
  private lastTime = new Map<string, number>();
  private backoff: number;
  readonly stats = { connects: 0, trades: 0, backfilled: 0, errors: 0 };

  constructor(private opts: ExchangeOptions) {
    this.backoff = opts.backoffMs ?? 500;
  }

  start(emit: (t: RawTick) => void | Promise<void>) {
    this.stopped = false;
    this.connect(emit);
  }

  /** The stored tape's latest tick per symbol: the gap after it is back-filled on connect. */
  resume(last: ReadonlyMap<string, { price: bigint; time: number }>) {
    for (const [symbol, t] of last) {
      this.lastTime.set(symbol, Math.max(this.lastTime.get(symbol) ?? 0, t.time));
    }
  }

  private connect(emit: (t: RawTick) => void | Promise<void>) {
    if (this.stopped) return;
    const streams = this.opts.symbols.map((s) => `${s.toLowerCase()}@trade`).join("/");
    const ws = new WebSocket(`${this.opts.wsBase}/stream?streams=${streams}`);
    this.ws = ws;
    let chain = Promise.resolve();
    ws.onopen = () => {
      this.stats.connects++;
      this.backoff = this.opts.backoffMs ?? 500;
      // back-fill before the live trades queued behind it
      chain = chain.then(() => this.backfill(emit));
    };
    ws.onmessage = (e) => {
      chain = chain.then(async () => {
        const t = this.parse(e.data);
        if (!t) return;
        this.stats.trades++;
        this.lastTime.set(t.symbol, Math.max(this.lastTime.get(t.symbol) ?? 0, t.time));
        await emit(t);
      });
    };
    ws.onerror = () => this.stats.errors++;
    ws.onclose = () => {
      this.ws = null;
      if (this.stopped) return;
      setTimeout(() => this.connect(emit), this.backoff);
      this.backoff = Math.min(this.backoff * 2, 30_000);
    };
  }

  private parse(raw: unknown): RawTick | null {
    try {
      const m = JSON.parse(String(raw));
      const d: TradeMsg = m.data ?? m;
      if (typeof d.s !== "string" || typeof d.T !== "number") return null;
      return {
        symbol: d.s,
        time: d.T,
        price: parseDecimal(d.p),
        qty: parseDecimal(d.q, { allowExponent: true }),
      };
    } catch {
      this.stats.errors++;
      return null;
    }
  }

  /** Klines of one interval in [from, to], oldest first (the REST endpoint, 1000 a page). */
  private async klines(symbol: string, interval: "1m" | "1d", from: number, to: number) {
    const out: Candle[] = [];
    let start = from;
    while (start <= to) {
      const url = `${this.opts.restBase}/api/v3/klines?symbol=${symbol}&interval=${interval}` +
        `&startTime=${start}&endTime=${to}&limit=1000`;
      const res = await fetch(url);
      if (!res.ok) throw new Error(`klines ${res.status}`);
      const rows = (await res.json()) as KlineRow[];
      const page = rows.map(klineCandle).filter((c) => c.openTime >= start && c.openTime <= to);
      out.push(...page);
      if (rows.length < 1000 || !page.length) break;
      start = page[page.length - 1]!.openTime + (interval === "1m" ? MINUTE : DAY);
    }
    return out;
  }

  /**
   * History from the kline REST endpoint: daily klines for `historyDays` before the minutes,
   * then the closed minutes of the last `historyMinuteDays` UTC days, one day per chunk. The
   * live stream's gap back-fill continues after the last minute.
   */
  async *history(symbol: string, now: number): AsyncGenerator<HistoryChunk> {
    const days = this.opts.historyDays ?? 0;
    if (!this.opts.symbols.includes(symbol) || days <= 0) return;
    const end = Math.floor(now / MINUTE) * MINUTE - 1; // the last closed minute
    const firstMinuteDay = Math.floor(now / DAY) * DAY -
      (Math.max(1, this.opts.historyMinuteDays ?? 7) - 1) * DAY;
    try {
      const daily = await this.klines(
        symbol,
        "1d",
        firstMinuteDay - days * DAY,
        firstMinuteDay - 1,
      );
      if (daily.length) yield { days: daily };
      const minutes = await this.klines(symbol, "1m", firstMinuteDay, end);
      let chunk: Candle[] = [];
      for (const c of minutes) {
        if (chunk.length && Math.floor(c.openTime / DAY) !== Math.floor(chunk[0]!.openTime / DAY)) {
          yield chunk;
          chunk = [];
        }
        chunk.push(c);
      }
      if (chunk.length) yield chunk;
      const last = minutes[minutes.length - 1];
      if (last) {
        this.lastTime.set(
          symbol,
          Math.max(this.lastTime.get(symbol) ?? 0, last.openTime + MINUTE - 1),
        );
      }
    } catch {
      // no history is not fatal: live trades still come
      this.stats.errors++;
    }
  }

  /** Minute klines after the last tick's minute up to the last closed minute, as ticks. */
  private async backfill(emit: (t: RawTick) => void | Promise<void>) {
    const now = (this.opts.now ?? Date.now)();
    for (const symbol of this.opts.symbols) {
      const last = this.lastTime.get(symbol);
      if (last === undefined) continue;
      const from = Math.floor(last / 60_000) * 60_000 + 60_000;
      const to = Math.floor(now / 60_000) * 60_000 - 1;
      if (to < from) continue;
      try {
        const url =
          `${this.opts.restBase}/api/v3/klines?symbol=${symbol}&interval=1m&startTime=${from}&endTime=${to}&limit=1000`;
        const rows = await (await fetch(url)).json() as KlineRow[];
        for (const r of rows) {
          for (const t of candleTicks(klineCandle(r))) {
            this.stats.backfilled++;
            this.lastTime.set(symbol, t.time);
            await emit({ symbol, ...t });
          }
        }
      } catch {
        this.stats.errors++;
      }
    }
  }

  stop() {
    this.stopped = true;
    this.ws?.close();
  }
}
