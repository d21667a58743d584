/** A customer's watch list (favourite symbols), per tenant. */
import { DomainError } from "../platform/errors.ts";
import { commitAttempts, storeBusy } from "../platform/kvstore.ts";
import { marketKeys } from "./store.ts";
import { symbolOf } from "./symbols.ts";

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

/** The watch lists, as routes and pages use them. */
export class Favourites {
  constructor(private kv: Deno.Kv) {}

  list(t: string, userId: string): Promise<string[]> {
    return favourites(this.kv, t, userId);
  }

  /** Add (`on`) or remove a symbol; returns the list after. */
  set(t: string, userId: string, symbol: string, on: boolean): Promise<string[]> {
    return setFavourite(this.kv, t, userId, symbol, on);
  }
}
