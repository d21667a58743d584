/** A customer's watch list (favourite symbols), per tenant. */
import { DomainError } from "../platform/errors.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import type { Quote, Quotes } from "./quotes.ts";
import { marketKeys } from "./store.ts";
import { symbolOf } from "../../contract/symbols.ts";

const MAX = 50;

export async function favourites(kv: Deno.Kv, t: string, userId: string): Promise<string[]> {
  return (await kv.get<string[]>(marketKeys.favourites(t, userId))).value ?? [];
}

export async function setFavourite(
  kv: Deno.Kv,
  t: string,
  userId: string,
  symbol: string,
  on: boolean,
) {
  if (!symbolOf(symbol)) throw new DomainError("NOT_FOUND");
  const key = marketKeys.favourites(t, userId);
  for await (const _attempt of commitAttempts(10)) {
    const entry = await kv.get<string[]>(key);
    const list = (entry.value ?? []).filter((s) => s !== symbol);
    if (on) {
      if (list.length >= MAX) throw new DomainError("VALIDATION", {}, { symbol: "tooMany" });
      list.push(symbol);
    }
    const res = await kv.atomic().check(entry).set(key, list).commit();
    if (res.ok) return list;
  }
  throw storeBusy();
}

/** A customer's favourites, read and changed through the market service (`market.favourites`). */
export class Favourites {
  constructor(private kv: Deno.Kv, private quotes: Quotes) {}

  /** The favourite symbols, in the order they were added. */
  symbols(t: string, userId: string): Promise<string[]> {
    return favourites(this.kv, t, userId);
  }

  /** The favourites' current quotes (symbols without a quote yet are left out). */
  async withQuotes(t: string, userId: string): Promise<Quote[]> {
    const favs = await favourites(this.kv, t, userId);
    const { list } = this.quotes.list();
    return favs.map((f) => list.find((q) => q.symbol === f)).filter((q): q is Quote => !!q);
  }

  /** Add (`on`) or remove a favourite; returns the symbols after the change. */
  set(t: string, userId: string, symbol: string, on: boolean): Promise<string[]> {
    return setFavourite(this.kv, t, userId, symbol, on);
  }
}
