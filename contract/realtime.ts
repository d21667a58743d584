/**
 * The realtime wire contract of `/ws`, shared by the hub (server) and the islands (browser):
 * what a client sends, what the server sends on each channel, and the private events of the
 * `user` channel. Type-only imports: nothing here pulls server code into a bundle.
 */
import type { Currency, Wallet } from "./currencies.ts";
import type { BalanceRow } from "./ledger.ts";
import type { CandleRow, Quote, TapeHeadJson } from "./market.ts";
import type { FastOrderJson, PositionJson, SpotOrderJson } from "./trading.ts";

/**
 * The channels a client can subscribe to: `kline:<symbol>:<interval>` per candle series, and
 * `tape:<symbol>` for the head of the symbol's hash-chained tape after every stored batch of
 * ticks, with those ticks (the product page's recent trades).
 */
export type Channel = "ticker" | "user" | `kline:${string}` | `tape:${string}`;

export type { TapeHeadJson };

/** A stored tick as the recent trades show it (decimal strings; `seq` as on the tape). */
export interface TapeTradeJson {
  seq: number;
  time: number;
  price: string;
  qty: string;
}

/** The `tape:<symbol>` channel: the head after a batch of stored ticks, and the batch. */
export interface TapeBatchJson extends TapeHeadJson {
  ticks: TapeTradeJson[];
}

/** Client -> server. */
export type ClientMessage = { op: "sub" | "unsub"; ch: Channel } | { op: "ping" };

export type { BalanceRow };

/** Private events on the `user` channel. */
export type UserEvent =
  /** after every journal that touches the customer: the accounts it changed */
  | { type: "balance"; accounts: BalanceRow[] }
  | { type: "position"; position: PositionJson }
  | { type: "spot"; order: SpotOrderJson }
  | { type: "fast.settled"; order: FastOrderJson }
  /** the session ended (logout, password change, expiry): the channel is closed */
  | { type: "signedOut" };

/** Server -> client, by channel. */
export type ServerMessage =
  | { ch: "ticker"; data: Quote[] }
  | { ch: `kline:${string}`; data: CandleRow }
  | { ch: `tape:${string}`; data: TapeBatchJson }
  | { ch: "user"; data: UserEvent }
  | { ch: "heartbeat" | "pong"; data: number }
  | { ch: "error"; data: "bad request" | "login required" | "too many channels" };

/** What a subscriber of a channel receives. */
export type ChannelData<C extends Channel> = C extends "ticker" ? Quote[]
  : C extends "user" ? UserEvent
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
