/**
 * The realtime hub: WebSocket clients subscribe to channels (`ticker`, `kline:SYMBOL:IV`, and
 * the private `user` channel, authorized by the session only). Every send checks the client's
 * buffered bytes: a slow client is dropped instead of slowing the others or growing memory.
 */
import { type Interval, INTERVALS } from "../../core-wasm/mod.ts";
import type { Quotes } from "../market/quotes.ts";
import { candleRow, type TapeEvent } from "../market/tape.ts";
import type { SymbolDef } from "../market/symbols.ts";

export interface HubSocket {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

interface Client {
  ws: HubSocket;
  channels: Set<string>;
  userId: string | null;
  tenant: string;
}

/** A client with more than this many unsent bytes is too slow and is disconnected. */
export const MAX_BUFFERED = 1 << 20;
const MAX_CHANNELS = 50;

export class Hub {
  private clients = new Set<Client>();
  readonly stats = { dropped: 0, sent: 0 };

  constructor(private quotes: Quotes, private symbols: readonly SymbolDef[]) {}

  get size() {
    return this.clients.size;
  }

  add(ws: HubSocket, tenant: string, userId: string | null): Client {
    const c: Client = { ws, channels: new Set(), userId, tenant };
    this.clients.add(c);
    return c;
  }

  remove(c: Client) {
    this.clients.delete(c);
  }

  /** A client message: `{"op":"sub"|"unsub","ch":...}` or `{"op":"ping"}`. */
  message(c: Client, raw: unknown) {
    let m: { op?: unknown; ch?: unknown };
    try {
      m = typeof raw === "string" && raw.length < 512 ? JSON.parse(raw) : {};
    } catch {
      m = {};
    }
    if (m.op === "ping") return this.send(c, { ch: "pong", data: Date.now() });
    if ((m.op !== "sub" && m.op !== "unsub") || typeof m.ch !== "string" || !this.valid(m.ch)) {
      return this.send(c, { ch: "error", data: "bad request" });
    }
    if (m.ch === "user" && !c.userId) return this.send(c, { ch: "error", data: "login required" });
    if (m.op === "unsub") return void c.channels.delete(m.ch);
    if (c.channels.size >= MAX_CHANNELS) {
      return this.send(c, { ch: "error", data: "too many channels" });
    }
    c.channels.add(m.ch);
    if (m.ch === "ticker") this.send(c, { ch: "ticker", data: this.quotes.list().list });
  }

  private valid(ch: string): boolean {
    if (ch === "ticker" || ch === "user") return true;
    const [k, symbol, iv] = ch.split(":");
    return k === "kline" && this.symbols.some((s) => s.code === symbol) &&
      INTERVALS.includes(iv as Interval);
  }

  private send(c: Client, msg: unknown) {
    this.sendRaw(c, JSON.stringify(msg));
  }

  private sendRaw(c: Client, data: string) {
    if (c.ws.readyState !== 1) return;
    if (c.ws.bufferedAmount > MAX_BUFFERED) {
      this.stats.dropped++;
      this.clients.delete(c);
      try {
        c.ws.close(1013, "too slow");
      } catch { /* already closing */ }
      return;
    }
    c.ws.send(data);
    this.stats.sent++;
  }

  /** Fan a tape event out: the symbol's ticker and its candle channels. */
  publish(e: TapeEvent) {
    const def = this.symbols.find((s) => s.code === e.symbol);
    const quote = def ? this.quotes.quote(def) : null;
    const ticker = quote ? JSON.stringify({ ch: "ticker", data: [quote] }) : null;
    const klines = new Map<string, string>();
    for (const [iv, k] of e.candles) {
      const ch = `kline:${e.symbol}:${iv}`;
      klines.set(
        ch,
        JSON.stringify({
          ch,
          data: candleRow(k),
        }),
      );
    }
    for (const c of this.clients) {
      if (ticker && c.channels.has("ticker")) this.sendRaw(c, ticker);
      for (const ch of c.channels) {
        const msg = klines.get(ch);
        if (msg) this.sendRaw(c, msg);
      }
    }
  }

  /** Private events (orders, balances) for one customer of one tenant. */
  toUser(tenant: string, userId: string, data: unknown) {
    const msg = JSON.stringify({ ch: "user", data });
    for (const c of this.clients) {
      if (c.tenant === tenant && c.userId === userId && c.channels.has("user")) {
        this.sendRaw(c, msg);
      }
    }
  }

  heartbeat() {
    const msg = JSON.stringify({ ch: "heartbeat", data: Date.now() });
    for (const c of this.clients) this.sendRaw(c, msg);
  }
}
