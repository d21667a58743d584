/**
 * The realtime hub: WebSocket clients subscribe to channels (`ticker`, `kline:SYMBOL:IV`, and
 * the private `user` channel, authorized by the session only). Every send checks the client's
 * buffered bytes: a slow client is dropped instead of slowing the others or growing memory.
 * The session behind a `user` channel is re-checked before every private event and by
 * `sweepSessions` (every 30 s): once it is gone (logout, password change, expiry) the client
 * gets `{type: "signedOut"}` and the channel is closed. Messages are typed in
 * `contract/realtime.ts`.
 *
 * Sockets survive the instance: a `web` process may be evicted at any time, and the client
 * reconnects (to this or another instance) saying where it left off. A `tape:` subscription with
 * `from` replays the ticks after that sequence number from the store (range reads) before going
 * live; a `user` subscription with `resume` replays the event-log entries the client did not see
 * (one range read of the tenant's log, in commit order) before the live ones. Each client
 * remembers what it was sent (the last tape sequence per symbol, the recent entries by
 * versionstamp), so the seam between replay and live sends nothing twice.
 *
 * The `support` channel (the built-in chat, `edge/support`) says which conversation changed:
 * to its owner (a signed-in customer, or a visitor's browser by its cookie) and to the console's
 * inbox (an operator of support or admin). It carries no text: the page reads the conversation
 * again through the API, on every nudge and after every reconnect, so nothing is missed.
 */
import { formatDecimal, type Interval, INTERVALS } from "../../core-wasm/mod.ts";
import type { Quotes } from "../market/quotes.ts";
import { candleRow } from "../market/stored_tape.ts";
import type { TapeEvent } from "../market/tape.ts";
import type { SeqTick, TapeTick } from "../market/stored_tape.ts";
import type { SymbolDef } from "../../contract/symbols.ts";
import {
  RESUME_SEEN_MAX,
  RESUME_WINDOW_MS,
  type ServerMessage,
  type TapeTickJson,
  type UserEvent,
  type UserResume,
} from "../../contract/realtime.ts";
import {
  type EventRef,
  type LogEntry,
  type LogPlace,
  type PlacedEntry,
  RETENTION_MS,
  type SupportRef,
} from "./eventlog.ts";

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
  /** the last tape sequence number sent per symbol */
  tapeSeq: Map<string, number>;
  /** symbols whose missed ticks are being replayed (live ticks wait for the replay) */
  replaying: Set<string>;
  /** event-log entries sent on the private channel (versionstamp -> key time, events sent) */
  sent: Map<string, { at: number; n: number }>;
  /** who this client is on the `support` channel (null: it may not subscribe) */
  support: SupportPrincipal | null;
}

/**
 * A conversation's owner (`u:<userId>`, `v:<visitor>`), or the console's inbox (every one; `alive`
 * re-checks the operator's session before each delivery, as the `user` channel's session is).
 */
export type SupportPrincipal = { owner: string } | { inbox: true; alive: () => Promise<boolean> };

/** Where a resuming tape subscription reads the ticks it missed. */
export interface TapeSource {
  chainHead(symbol: string): { seq: number };
  after(symbol: string, seq: number, limit: number): Promise<SeqTick[]>;
}

/** Where a resuming private channel reads the entries it missed. */
export interface UserLog {
  latest(t: string): string;
  /** entries at or below this versionstamp came before the reader started (none: not started) */
  floor(t: string): string | undefined;
  since(t: string, at: number, limit?: number): Promise<PlacedEntry[]>;
}

/** What a customer is told about the records an entry changed (read as they are now). */
export type Resolve = (tenant: string, refs: EventRef[]) => Promise<UserEvent[]>;

/** A resuming tape channel replays at most this many ticks (further behind: `complete: false`). */
export const MAX_REPLAY_TICKS = 20_000;
/**
 * A resuming private channel reads at most this many of the tenant's entries (the log holds every
 * customer's: a busy tenant's 10 minutes are more; beyond: `complete: false`, the page reloads).
 */
export const MAX_REPLAY_ENTRIES = 5_000;
/**
 * The entries this instance delivered lately are kept (per tenant, the newest this many, for at
 * most `RECENT_HELD_MS`): a page subscribes a moment after it was rendered, and a socket
 * reconnects to the same instance, so what they missed is usually here, with no store read.
 */
export const RECENT_HELD = 10_000;
export const RECENT_HELD_MS = 60_000;
const REPLAY_BATCH = 500;

/** Whether a session is still live (without refreshing it). */
export type SessionCheck = (tenant: string, tokenHash: string) => Promise<boolean>;

/** How often open `user` channels re-check their session without any event. */
export const SESSION_SWEEP_MS = 30_000;

/** A client with more than this many unsent bytes is too slow and is disconnected. */
export const MAX_BUFFERED = 1 << 20;
const MAX_CHANNELS = 50;

export class Hub {
  private clients = new Set<Client>();
  readonly stats = { dropped: 0, sent: 0, replayedHeld: 0, replayedStored: 0 };
  /** per tenant: the entries delivered lately that name customers, and the highest versionstamp
   * of those no longer held */
  private held = new Map<string, { entries: PlacedEntry[]; start: number; dropped: string }>();

  constructor(
    private quotes: Quotes,
    private symbols: readonly SymbolDef[],
    private sessionAlive: SessionCheck = () => Promise.resolve(true),
    private sources: {
      tape?: TapeSource;
      log?: UserLog;
      resolve?: Resolve;
      now?: () => number;
    } = {},
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
    support: SupportPrincipal | null = null,
  ): Client {
    const c: Client = {
      ws,
      channels: new Set(),
      userId,
      tenant,
      tokenHash,
      queue: Promise.resolve(),
      tapeSeq: new Map(),
      replaying: new Set(),
      sent: new Map(),
      support,
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

  /**
   * A client message: `{"op":"sub"|"unsub","ch":...}` (a `sub` may carry `from` or `resume`)
   * or `{"op":"ping"}`.
   */
  message(c: Client, raw: unknown) {
    let m: { op?: unknown; ch?: unknown; from?: unknown; resume?: unknown };
    try {
      m = typeof raw === "string" && raw.length < 32_768 ? JSON.parse(raw) : {};
    } catch {
      m = {};
    }
    if (m.op === "ping") return this.send(c, { ch: "pong", data: Date.now() });
    if ((m.op !== "sub" && m.op !== "unsub") || typeof m.ch !== "string" || !this.valid(m.ch)) {
      return this.send(c, { ch: "error", data: "bad request" });
    }
    if (m.ch === "user" && !c.userId) return this.send(c, { ch: "error", data: "login required" });
    if (m.ch === "support" && !c.support) {
      return this.send(c, { ch: "error", data: "login required" });
    }
    if (m.op === "unsub") return void c.channels.delete(m.ch);
    if (c.channels.size >= MAX_CHANNELS) {
      return this.send(c, { ch: "error", data: "too many channels" });
    }
    c.channels.add(m.ch);
    if (m.ch === "user") this.subscribeUser(c, m.resume);
    if (m.ch === "ticker") this.send(c, { ch: "ticker", data: this.quotes.list().list });
    if (m.ch.startsWith("tape:") && m.from !== undefined) {
      if (!Number.isSafeInteger(m.from) || (m.from as number) < 0) {
        c.channels.delete(m.ch);
        return this.send(c, { ch: "error", data: "bad request" });
      }
      void this.replayTape(c, m.ch.slice(5), m.from as number);
    }
  }

  /**
   * Send a tape subscriber the ticks after `from` (its last seen) from the store, in batches,
   * until it reaches this instance's head; live ticks go to it after that (never twice: only
   * those after the last sequence number sent).
   */
  private async replayTape(c: Client, symbol: string, from: number) {
    const ch = `tape:${symbol}` as const;
    const tape = this.sources.tape;
    c.replaying.add(symbol);
    let last = from, complete = !!tape;
    try {
      if (tape && tape.chainHead(symbol).seq - from > MAX_REPLAY_TICKS) complete = false;
      while (tape && complete && c.channels.has(ch) && last < tape.chainHead(symbol).seq) {
        const ticks = await tape.after(symbol, last, REPLAY_BATCH);
        // the next tick is not in the store any more (archived): the client starts afresh
        if (!ticks.length || ticks[0]!.seq !== last + 1) complete = false;
        else {
          this.send(c, { ch, data: tapeJson(symbol, ticks) });
          last = ticks[ticks.length - 1]!.seq;
        }
      }
    } catch (e) {
      console.error("[hub] tape replay", e);
      complete = false;
    }
    // not replayed whole: live from this instance's head on
    c.tapeSeq.set(symbol, complete ? last : Math.max(last, tape?.chainHead(symbol).seq ?? 0));
    c.replaying.delete(symbol);
    this.send(c, { ch: "resumed", data: { ch, complete } });
  }

  /**
   * A `user` subscription: fresh, it starts at the log's position now (told to the client, which
   * sends it back to resume); resuming, the entries the client missed are replayed first.
   */
  private subscribeUser(c: Client, resume: unknown) {
    const r = parseResume(resume);
    if (resume !== undefined && !r) {
      c.channels.delete("user");
      return this.send(c, { ch: "error", data: "bad request" });
    }
    c.queue = c.queue.then(async () => {
      if (!c.channels.has("user") || !await this.live(c)) return;
      if (!r) {
        this.send(c, {
          ch: "resumed",
          data: {
            ch: "user",
            complete: true,
            base: this.sources.log?.latest(c.tenant) ?? "",
            at: this.now(),
          },
        });
        return;
      }
      for (const [vs, n] of r.seen) this.remember(c, vs, r.at, n);
      const held = this.heldAfter(c.tenant, r.base);
      if (held) {
        this.stats.replayedHeld++;
        for (const p of held) await this.replayEntry(c, p);
        return this.send(c, {
          ch: "resumed",
          data: { ch: "user", complete: true, base: r.base, at: r.at },
        });
      }
      this.stats.replayedStored++;
      const log = this.sources.log;
      // the log keeps entries RETENTION_MS: a client away longer has missed some for good
      let complete = !!log && r.at - RESUME_WINDOW_MS > this.now() - RETENTION_MS;
      if (log && complete) {
        try {
          const entries = await log.since(c.tenant, r.at - RESUME_WINDOW_MS, MAX_REPLAY_ENTRIES);
          if (entries.length === MAX_REPLAY_ENTRIES) complete = false;
          for (const p of complete ? entries : []) {
            if (p.vs > r.base) await this.replayEntry(c, p);
          }
        } catch (e) {
          console.error("[hub] private replay", e);
          complete = false;
        }
      }
      this.send(c, { ch: "resumed", data: { ch: "user", complete, base: r.base, at: r.at } });
    }).catch((e) => console.error("[hub] private replay", e));
  }

  /** Send a client an entry it missed (its customer's part, if any). */
  private async replayEntry(c: Client, p: PlacedEntry) {
    if (!c.userId) return;
    const events = await this.entryEvents(c.tenant, c.userId, p.entry);
    if (events.length) this.sendEntry(c, p, events);
  }

  /**
   * The entries after versionstamp `base` that this instance delivered, in commit order, or null
   * when what it holds does not reach back that far (the reader started later, or older entries
   * were let go): then the store is read.
   */
  private heldAfter(tenant: string, base: string): PlacedEntry[] | null {
    const floor = this.sources.log?.floor(tenant);
    const h = this.held.get(tenant);
    if (floor === undefined || base < floor || (h && base < h.dropped)) return null;
    return (h?.entries.slice(h.start) ?? []).filter((p) => p.vs > base)
      .sort((a, b) => a.vs < b.vs ? -1 : a.vs > b.vs ? 1 : 0);
  }

  /** Keep an entry that names customers (and let go of those beyond the limits). */
  private hold(tenant: string, entry: LogEntry, place: LogPlace) {
    let h = this.held.get(tenant);
    if (!h) this.held.set(tenant, h = { entries: [], start: 0, dropped: "" });
    h.entries.push({ ...place, entry });
    const horizon = this.now() - RECENT_HELD_MS;
    while (
      h.start < h.entries.length &&
      (h.entries.length - h.start > RECENT_HELD || h.entries[h.start]!.at < horizon)
    ) {
      const gone = h.entries[h.start++]!;
      if (gone.vs > h.dropped) h.dropped = gone.vs;
    }
    if (h.start > 1_000 && h.start * 2 > h.entries.length) {
      h.entries = h.entries.slice(h.start);
      h.start = 0;
    }
  }

  private now(): number {
    return (this.sources.now ?? Date.now)();
  }

  /** Note that `n` events of an entry were sent (forgetting those beyond the window). */
  private remember(c: Client, vs: string, at: number, n: number) {
    c.sent.set(vs, { at, n: Math.max(n, c.sent.get(vs)?.n ?? 0) });
    if (c.sent.size > 200) {
      const latest = Math.max(...[...c.sent.values()].map((x) => x.at));
      for (const [k, x] of c.sent) if (x.at < latest - 2 * RESUME_WINDOW_MS) c.sent.delete(k);
    }
  }

  /** An entry's events for one customer, those not sent yet, each with its place. */
  private sendEntry(c: Client, p: LogPlace, events: UserEvent[]) {
    const from = c.sent.get(p.vs)?.n ?? 0;
    for (let i = from; i < events.length; i++) {
      this.send(c, { ch: "user", data: events[i]!, ev: { at: p.at, vs: p.vs, i } });
    }
    if (events.length > from) this.remember(c, p.vs, p.at, events.length);
  }

  /** What one entry tells one customer: the new balances, then the records it changed. */
  private async entryEvents(tenant: string, user: string, e: LogEntry): Promise<UserEvent[]> {
    const out: UserEvent[] = [];
    const b = e.balances?.find((x) => x.user === user);
    if (b) out.push({ type: "balance", accounts: b.accounts });
    const refs = (e.refs ?? []).filter((r) => r.user === user);
    if (refs.length && this.sources.resolve) out.push(...await this.sources.resolve(tenant, refs));
    return out;
  }

  private valid(ch: string): boolean {
    if (ch === "ticker" || ch === "user" || ch === "support") return true;
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
    // the tape's head after these ticks (the last one's place in the chain) with the ticks
    const chained = e.ticks.filter((t): t is Required<TapeTick> => t.seq !== undefined && !!t.hash);
    const tapeCh = `tape:${e.symbol}` as const;
    const first = chained[0]?.seq;
    const tape = chained.length
      ? JSON.stringify({ ch: tapeCh, data: tapeJson(e.symbol, chained) } satisfies ServerMessage)
      : null;
    for (const c of this.clients) {
      if (ticker && c.channels.has("ticker")) this.sendRaw(c, ticker);
      if (tape && c.channels.has(tapeCh) && !c.replaying.has(e.symbol)) {
        // only what this client was not sent yet (a replay may have sent some already)
        const sent = c.tapeSeq.get(e.symbol) ?? 0;
        const fresh = first! > sent ? null : chained.filter((t) => t.seq > sent);
        if (!fresh) this.sendRaw(c, tape);
        else if (fresh.length) this.send(c, { ch: tapeCh, data: tapeJson(e.symbol, fresh) });
        c.tapeSeq.set(e.symbol, Math.max(sent, chained[chained.length - 1]!.seq));
      }
      for (const ch of c.channels) {
        const msg = klines.get(ch);
        if (msg) this.sendRaw(c, msg);
      }
    }
  }

  /**
   * An event-log entry (a commit on any instance): its customers' new balances, and the records
   * it changed, read by `resolve` only when a customer of it is connected here.
   */
  fromLog(tenant: string, e: LogEntry, place: LogPlace): Promise<void> {
    if (e.support?.length) this.supportNudges(tenant, e.support);
    if (e.balances?.length || e.refs?.length) this.hold(tenant, e, place);
    const users = new Set([
      ...(e.balances ?? []).map((b) => b.user),
      ...(e.refs ?? []).map((r) => r.user),
    ]);
    const done: Promise<void>[] = [];
    for (const user of users) {
      const clients = this.userClients(tenant, user);
      if (!clients.length) continue;
      // one customer's events together (legs of one symbol are read once), sent to each of
      // the customer's clients in its order of deliveries, each event once per client
      const events = this.entryEvents(tenant, user, e);
      for (const c of clients) {
        done.push(
          c.queue = c.queue.then(async () => {
            const list = await events;
            if (list.length && c.channels.has("user") && await this.live(c)) {
              this.sendEntry(c, place, list);
            }
          }).catch((err) => console.error("[hub] private delivery", err)),
        );
      }
    }
    return Promise.all(done).then(() => {});
  }

  /**
   * Tell each changed conversation's owner, and the inboxes, on the `support` channel (after the
   * session behind it is checked: a signed-out customer or operator hears nothing more).
   */
  private supportNudges(tenant: string, refs: SupportRef[]) {
    for (const c of this.clients) {
      const p = c.support;
      if (!p || c.tenant !== tenant || !c.channels.has("support")) continue;
      const msgs = refs.filter((r) => "inbox" in p || p.owner === r.owner).map((r) => ({
        ch: "support" as const,
        data: { conversation: r.conversation, kind: r.kind },
      }));
      if (!msgs.length) continue;
      c.queue = c.queue.then(async () => {
        if (await this.supportAllowed(c)) { for (const m of msgs) this.send(c, m); }
      }).catch((e) => console.error("[hub] support delivery", e));
    }
  }

  /** Whether the `support` channel's principal still holds (else the channel closes). */
  private async supportAllowed(c: Client): Promise<boolean> {
    const p = c.support;
    if (!p || !c.channels.has("support")) return false;
    if ("inbox" in p ? await p.alive() : !p.owner.startsWith("u:") || await this.live(c)) {
      return true;
    }
    c.support = null;
    c.channels.delete("support");
    return false;
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

/** A tape channel's message: the head after `ticks` (ascending, chained) and the ticks. */
function tapeJson(symbol: string, ticks: readonly (SeqTick | Required<TapeTick>)[]) {
  const last = ticks[ticks.length - 1]!;
  return {
    symbol,
    seq: last.seq,
    time: last.time,
    hash: last.hash,
    ticks: ticks.map((t): TapeTickJson => ({
      seq: t.seq,
      time: t.time,
      price: formatDecimal(t.price),
      qty: formatDecimal(t.qty),
      hash: t.hash,
    })),
  };
}

/** A `resume` as the client sent it, or null when it is not one. */
function parseResume(v: unknown): UserResume | null {
  if (typeof v !== "object" || v === null) return null;
  const r = v as Record<string, unknown>;
  if (typeof r.base !== "string" || r.base.length > 40 || !Number.isSafeInteger(r.at)) return null;
  if (!Array.isArray(r.seen) || r.seen.length > RESUME_SEEN_MAX) return null;
  const seen: [string, number][] = [];
  for (const x of r.seen) {
    if (
      !Array.isArray(x) || typeof x[0] !== "string" || x[0].length > 40 ||
      !Number.isSafeInteger(x[1]) || x[1] < 0
    ) return null;
    seen.push([x[0], x[1]]);
  }
  return { base: r.base, at: r.at as number, seen };
}
