/**
 * Live figures for islands: a customer's balances from the `balance` events of the private
 * channel (sent after every journal that touches them) and a symbol's last price from the
 * ticker channel.
 */
import { useEffect, useState } from "preact/hooks";
import type { Currency, Wallet } from "../../contract/currencies.ts";
import type { Quote } from "../../contract/market.ts";
import { subscribe } from "./socket.ts";

/** An account of the customer as `wallet:currency` ("contract:USDT"). */
export type AccountKey = `${Wallet}:${Currency}`;

/**
 * Available balances (decimal strings) of the given accounts, replaced by every `balance`
 * event that names them; the setter takes a figure from a reply.
 */
export function useAvailable<K extends AccountKey>(
  initial: Record<K, string>,
): [Record<K, string>, (key: K, value: string) => void] {
  const [values, setValues] = useState(initial);
  const set = (key: K, value: string) => setValues((cur) => ({ ...cur, [key]: value }));
  useEffect(() =>
    subscribe("user", (e) => {
      if (e.type !== "balance") return;
      for (const a of e.accounts) {
        const key = `${a.wallet}:${a.currency}` as K;
        if (key in initial) set(key, a.available);
      }
    }), []);
  return [values, set];
}

/** A symbol's last quote, moving with the ticker channel. */
export function useQuote(symbol: string, initial: Quote | null): Quote | null {
  const [quote, setQuote] = useState(initial);
  useEffect(() =>
    subscribe("ticker", (list) => {
      const q = list.find((x) => x.symbol === symbol);
      if (q) setQuote(q);
    }), [symbol]);
  return quote;
}
