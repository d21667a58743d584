/**
 * The realtime hub: WebSocket clients subscribe to channels (`ticker`, `kline:SYMBOL:IV`, and
 * the private `user` channel, authorized by the session only). Every send checks the client's
 * buffered bytes: a slow client is dropped instead of slowing the others or growing memory.
 * The session behind a `user` channel is re-checked before every private event and by
 * `sweepSessions` (every 30 s): once it is gone (logout, password change, expiry) the client
 * gets `{type: "signedOut"}` and the channel is closed. Messages are typed in
 * `contract/realtime.ts`.
 */
import { formatDecimal, type Interval, INTERVALS } from "../../core-wasm/mod.ts";
import type { Quotes } from "../market/quotes.ts";
import { candleRow, type TapeEvent } from "../market/tape.ts";
import type { SymbolDef } from "../../contract/symbols.ts";
import type { ServerMessage, UserEvent } from "../../contract/realtime.ts";
import type { EventRef, LogEntry } from "./eventlog.ts";

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
  /** the session behind `userId` (SHA-256 of its token), re-checked before private events */
  tokenHash: string | null;
  /** private deliveries of this client, in order (each waits for its session check) */
  queue: Promise<void>;
}

/** Whether a session is still live (without refreshing it). */
export type SessionCheck = (tenant: string, tokenHash: string) => Promise<boolean>;

/** How often open `user` channels re-check their session without any event. */
export const SESSION_SWEEP_MS = 30_000;

/** A client with more than this many unsent bytes is too slow and is disconnected. */
export const MAX_BUFFERED = 1 << 20;
const MAX_CHANNELS = 50;

export class Hub {
  private clients = new Set<Client>();
  readonly stats = { dropped: 0, sent: 0 };

  constructor(
    private quotes: Quotes,
    private symbols: readonly SymbolDef[],
    private sessionAlive: SessionCheck = () => Promise.resolve(true),
  ) {}

  get size() {
    return this.clients.size;
  }

  /** How many clients are subscribed to a channel (metrics, tests). */
  subscribers(ch: string): number {
    let n = 0;
    for (const c of this.clients) if (c.channels.has(ch)) n++;
    return n;
  }

  add(
    ws: HubSocket,
    tenant: string,
    userId: string | null,
    tokenHash: string | null = null,
  ): Client {
    const c: Client = {
      ws,
      channels: new Set(),
      userId,
      tenant,
      tokenHash,
      queue: Promise.resolve(),
    };
    this.clients.add(c);
    if (userId) this.userIndex(c, true);
    return c;
  }

  remove(c: Client) {
    this.clients.delete(c);
    if (c.userId) this.userIndex(c, false);
  }

  /** Signed-in clients by `tenant|userId`: a private event looks only at its customer's. */
  private byUser = new Map<string, Set<Client>>();

  private userIndex(c: Client, add: boolean) {
    const k = `${c.tenant}|${c.userId}`;
    const set = this.byUser.get(k);
    if (add) {
      if (set) set.add(c);
      else this.byUser.set(k, new Set([c]));
    } else if (set?.delete(c) && !set.size) this.byUser.delete(k);
  }

  /** This customer's clients with an open private channel. */
  private userClients(tenant: string, userId: string): Client[] {
    return [...this.byUser.get(`${tenant}|${userId}`) ?? []].filter((c) => c.channels.has("user"));
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
    if (m.ch === "user") void this.deliver(c, null);
    if (m.ch === "ticker") this.send(c, { ch: "ticker", data: this.quotes.list().list });
  }

  private valid(ch: string): boolean {
    if (ch === "ticker" || ch === "user") return true;
    const [k, symbol, iv] = ch.split(":");
    if (k === "tape") return iv === undefined && this.symbols.some((s) => s.code === symbol);
    return k === "kline" && this.symbols.some((s) => s.code === symbol) &&
      INTERVALS.includes(iv as Interval);
  }

  private send(c: Client, msg: ServerMessage) {
    this.sendRaw(c, JSON.stringify(msg));
  }

  private sendRaw(c: Client, data: string) {
    if (c.ws.readyState !== 1) return;
    if (c.ws.bufferedAmount > MAX_BUFFERED) {
      this.stats.dropped++;
      this.remove(c);
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
    // the tape's head after these ticks (the last one's place in the chain)
    const last = e.ticks[e.ticks.length - 1];
    const tapeCh = `tape:${e.symbol}`;
    const tape = last?.seq !== undefined && last.hash
      ? JSON.stringify(
        {
          ch: tapeCh as `tape:${string}`,
          data: {
            symbol: e.symbol,
            seq: last.seq,
            time: last.time,
            hash: last.hash,
            // the stored ticks of the batch (a back-filled head has no place on the tape)
            ticks: e.ticks.filter((k) => k.seq).map((k) => ({
              seq: k.seq!,
              time: k.time,
              price: formatDecimal(k.price),
              qty: formatDecimal(k.qty),
            })),
          },
        } satisfies ServerMessage,
      )
      : null;
    for (const c of this.clients) {
      if (ticker && c.channels.has("ticker")) this.sendRaw(c, ticker);
      if (tape && c.channels.has(tapeCh)) this.sendRaw(c, tape);
      for (const ch of c.channels) {
        const msg = klines.get(ch);
        if (msg) this.sendRaw(c, msg);
      }
    }
  }

  /**
   * Private events (orders, balances) for one customer of one tenant: each delivery first
   * checks that the client's session is still live. Resolves when every delivery is done.
   */
  toUser(tenant: string, userId: string, data: UserEvent): Promise<void> {
    const msg = JSON.stringify({ ch: "user", data } satisfies ServerMessage);
    return Promise.all(this.userClients(tenant, userId).map((c) => this.deliver(c, msg))).then(
      () => {},
    );
  }

  /**
   * An event-log entry (a commit on any instance): its customers' new balances, and the records
   * it changed, read by `resolve` only when a customer of it is connected here.
   */
  fromLog(
    tenant: string,
    e: LogEntry,
    resolve: (tenant: string, refs: EventRef[]) => Promise<UserEvent[]>,
  ): Promise<void> {
    const done: Promise<void>[] = [];
    for (const b of e.balances ?? []) {
      if (this.connected(tenant, b.user)) {
        done.push(this.toUser(tenant, b.user, { type: "balance", accounts: b.accounts }));
      }
    }
    // one customer's refs together (legs of one symbol are read once)
    const byUser = new Map<string, EventRef[]>();
    for (const r of e.refs ?? []) {
      if (this.connected(tenant, r.user)) byUser.set(r.user, [...byUser.get(r.user) ?? [], r]);
    }
    for (const [user, refs] of byUser) {
      done.push(
        resolve(tenant, refs).then((events) =>
          Promise.all(events.map((ev) => this.toUser(tenant, user, ev))).then(() => {})
        ),
      );
    }
    return Promise.all(done).then(() => {});
  }

  /** Whether a customer has an open private channel on this instance. */
  connected(tenant: string, userId: string): boolean {
    return this.userClients(tenant, userId).length > 0;
  }

  /** Send `msg` (null: only check) on the private channel if the session is still live. */
  private deliver(c: Client, msg: string | null): Promise<void> {
    c.queue = c.queue.then(async () => {
      if (!c.channels.has("user")) return;
      if (await this.live(c) && msg !== null) this.sendRaw(c, msg);
    }).catch((e) => console.error("[hub] private delivery", e));
    return c.queue;
  }

  private async live(c: Client): Promise<boolean> {
    if (c.userId && c.tokenHash && await this.sessionAlive(c.tenant, c.tokenHash)) return true;
    if (!c.userId) return false;
    // the session is gone: close the private channel; the socket keeps its public channels
    c.channels.delete("user");
    this.userIndex(c, false);
    c.userId = null;
    c.tokenHash = null;
    this.send(c, { ch: "user", data: { type: "signedOut" } });
    return false;
  }

  /** Re-check the session of every open `user` channel (main.ts runs it every 30 s). */
  sweepSessions(): Promise<void> {
    const done: Promise<void>[] = [];
    for (const c of this.clients) if (c.channels.has("user")) done.push(this.deliver(c, null));
    return Promise.all(done).then(() => {});
  }

  /** Close every socket (the server is stopping: a graceful shutdown need not wait for them). */
  closeAll() {
    for (const c of this.clients) {
      try {
        c.ws.close(1001, "server stopping");
      } catch { /* already closing */ }
    }
    this.clients.clear();
    this.byUser.clear();
  }

  heartbeat() {
    const msg = JSON.stringify({ ch: "heartbeat", data: Date.now() } satisfies ServerMessage);
    for (const c of this.clients) this.sendRaw(c, msg);
  }
}
