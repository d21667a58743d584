/**
 * The realtime wire contract of `/ws`, shared by the hub (server) and the islands (browser):
 * what a client sends, what the server sends on each channel, and the private events of the
 * `user` channel, and where a client's channels left off (`ResumePoints`). Type-only imports:
 * nothing here pulls server code into a bundle.
 */
import type { Currency, Wallet } from "./currencies.ts";
import type { BalanceRow } from "./ledger.ts";
import type { NotificationJsonT } from "./notifications.ts";
import type { CandleRow, Quote, TapeHeadJson } from "./market.ts";
import type { FastOrderJson, PositionJson, SpotOrderJson } from "./trading.ts";
import type { SupportNudge } from "./support.ts";

/**
 * The channels a client can subscribe to: `kline:<symbol>:<interval>` per candle series, and
 * `tape:<symbol>` for the head of the symbol's hash-chained tape after every stored batch of
 * ticks, with those ticks (the product page's recent trades); `support`, which support
 * conversation changed (its owner's, or every one for the console's inbox).
 */
export type Channel = "ticker" | "user" | "support" | `kline:${string}` | `tape:${string}`;

export type { TapeHeadJson };

/** One tick of a symbol's tape: its place in the chain, time, price and size (decimals), hash. */
export interface TapeTickJson {
  seq: number;
  time: number;
  price: string;
  qty: string;
  hash: string;
}

/** A stored tick as the recent trades show it. */
export type TapeTradeJson = TapeTickJson;

/**
 * The `tape:<symbol>` channel: the head of the symbol's tape (the latest tick's sequence number,
 * time and chain hash) and the ticks since the previous message of the channel on this socket, in
 * order: a subscriber gets every tick once, gap-free, also across reconnects (`from` in the
 * subscription).
 */
export interface TapeBatchJson extends TapeHeadJson {
  ticks: TapeTickJson[];
}

/**
 * Where a private event comes from: its event-log entry (key time `at`, versionstamp `vs`, the
 * commit order) and its place `i` among the events that entry gives this customer.
 */
export interface EventPlace {
  at: number;
  vs: string;
  i: number;
}

/**
 * What a reconnecting client has seen of the `user` channel: the log's position when it first
 * subscribed (`base`: entries at or below it came before), the latest entry time it saw (or its
 * start), and the entries of the last `RESUME_WINDOW_MS` before that it saw (versionstamp, events
 * received), so the server replays exactly the rest.
 */
export interface UserResume {
  base: string;
  at: number;
  seen: [string, number][];
}

/** A client keeps the entries it saw this long before the latest (entries may land late). */
export const RESUME_WINDOW_MS = 10_000;
/** ...and sends at most this many of them, the newest (the server takes no more). */
export const RESUME_SEEN_MAX = 500;

/**
 * Client -> server. A subscription may say where the client left off: `from`, the last tape
 * sequence number it saw (`tape:` channels); `resume`, what it saw of the `user` channel.
 */
export type ClientMessage =
  | { op: "sub"; ch: Channel; from?: number; resume?: UserResume }
  | { op: "unsub"; ch: Channel }
  | { op: "ping" };

/**
 * The answer to a `user` subscription and to any subscription that asked to resume: where the
 * channel starts (`base`, `at`: what the client sends back as `resume` after a reconnect) and
 * whether what the client missed was replayed whole (`complete: false`: it left off before what
 * the store still keeps; its private figures must be read again).
 */
export interface ResumedJson {
  ch: Channel;
  complete: boolean;
  base?: string;
  at?: number;
}

export type { BalanceRow };

/** Private events on the `user` channel. */
export type UserEvent =
  /** after every journal that touches the customer: the accounts it changed */
  | { type: "balance"; accounts: BalanceRow[] }
  | { type: "position"; position: PositionJson }
  | { type: "spot"; order: SpotOrderJson }
  | { type: "fast.settled"; order: FastOrderJson }
  /** an account notification stored for the customer (the pages show it as a toast) */
  | { type: "notification"; notification: NotificationJsonT }
  /** the session ended (logout, password change, expiry): the channel is closed */
  | { type: "signedOut" };

/** Server -> client, by channel. */
export type ServerMessage =
  | { ch: "ticker"; data: Quote[] }
  | { ch: `kline:${string}`; data: CandleRow }
  | { ch: `tape:${string}`; data: TapeBatchJson }
  | { ch: "user"; data: UserEvent; ev?: EventPlace }
  | { ch: "support"; data: SupportNudge }
  | { ch: "resumed"; data: ResumedJson }
  | { ch: "heartbeat" | "pong"; data: number }
  | { ch: "error"; data: "bad request" | "login required" | "too many channels" };

/** What a subscriber of a channel receives. */
export type ChannelData<C extends Channel> = C extends "ticker" ? Quote[]
  : C extends "user" ? UserEvent
  : C extends "support" ? SupportNudge
  : C extends `tape:${string}` ? TapeBatchJson
  : CandleRow;

/**
 * A frame from the server as its message, or null when it is not one (not JSON, not an object
 * with a channel name and data). The data is the server's own, typed by the channel.
 */
export function decodeServerMessage(raw: unknown): ServerMessage | null {
  if (typeof raw !== "string") return null;
  let m: unknown;
  try {
    m = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof m !== "object" || m === null || !("ch" in m) || !("data" in m)) return null;
  return typeof m.ch === "string" ? m as ServerMessage : null;
}

/** The balance rows of one event for a wallet (and currency), if any. */
export function balanceOf(
  e: UserEvent,
  wallet: Wallet,
  currency: Currency,
): BalanceRow | undefined {
  return e.type === "balance"
    ? e.accounts.find((a) => a.wallet === wallet && a.currency === currency)
    : undefined;
}

/**
 * Where a client's channels left off, kept across its sockets (islands/lib/socket.ts keeps one
 * per page): the last tape sequence number of each `tape:` channel, and what the private channel
 * saw (the log position it started at, the latest entry time, the entries of the last
 * `RESUME_WINDOW_MS` with how many of their events arrived). `track` every message as it
 * arrives; `subscription` is what to send for a channel on (re)connecting.
 */
export class ResumePoints {
  private tape = new Map<Channel, number>();
  private user: { base: string; at: number; seen: Map<string, { at: number; n: number }> } | null =
    null;

  /** Note where a message leaves its channel. Returns false when the server says the private
   * channel could not be replayed whole (the client must read its private figures again). */
  track(m: ServerMessage): boolean {
    if (m.ch.startsWith("tape:") && typeof m.data === "object" && "ticks" in m.data) {
      this.tape.set(m.ch as Channel, (m.data as TapeHeadJson).seq);
    } else if (m.ch === "user" && m.ev && this.user) {
      const { at, vs, i } = m.ev, u = this.user;
      u.seen.set(vs, { at, n: Math.max(i + 1, u.seen.get(vs)?.n ?? 0) });
      u.at = Math.max(u.at, at);
      for (const [k, x] of u.seen) if (x.at < u.at - RESUME_WINDOW_MS) u.seen.delete(k);
    } else if (m.ch === "resumed" && m.data.ch === "user") {
      if (!m.data.complete) {
        this.user = null;
        return false;
      }
      if (!this.user && m.data.base !== undefined && m.data.at !== undefined) {
        this.user = { base: m.data.base, at: m.data.at, seen: new Map() };
      }
    }
    return true;
  }

  /**
   * Where the private channel starts when this client has not seen it yet: the event log's place
   * when the page read its figures (the server renders it), so that what happened between the
   * render and the subscription is replayed.
   */
  startUser(base: string, at: number) {
    this.user ??= { base, at, seen: new Map() };
  }

  /** Where a tape channel starts when this client has not seen it yet: after `seq` (the last
   * trade the page read). */
  startTape(ch: Channel, seq: number) {
    if (ch.startsWith("tape:") && !this.tape.has(ch)) this.tape.set(ch, seq);
  }

  /** The subscription to send for `ch`: with where it left off, when this client saw it before. */
  subscription(ch: Channel): ClientMessage {
    const from = this.tape.get(ch);
    if (from !== undefined) return { op: "sub", ch, from };
    if (ch === "user" && this.user) {
      const { base, at, seen } = this.user;
      const newest = [...seen].sort((a, b) => b[1].at - a[1].at).slice(0, RESUME_SEEN_MAX);
      return { op: "sub", ch, resume: { base, at, seen: newest.map(([vs, x]) => [vs, x.n]) } };
    }
    return { op: "sub", ch };
  }

  /** The channel was left: subscribed again later, it starts afresh. */
  forget(ch: Channel) {
    this.tape.delete(ch);
    if (ch === "user") this.user = null;
  }
}
