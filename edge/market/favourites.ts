/** A customer's watch list (favourite symbols), per tenant. */
import { DomainError } from "../platform/errors.ts";
import { commitAttempts, storeBusy } from "../platform/kvstore.ts";
import { symbolOf } from "./symbols.ts";

const MAX = 50;
const key = (t: string, userId: string) => [t, "market", "fav", userId];

export async function favourites(kv: Deno.Kv, t: string, userId: string): Promise<string[]> {
  return (await kv.get<string[]>(key(t, userId))).value ?? [];
}

export async function setFavourite(
  kv: Deno.Kv,
  t: string,
  userId: string,
  symbol: string,
  on: boolean,
) {
  if (!symbolOf(symbol)) throw new DomainError("NOT_FOUND");
  for await (const _attempt of commitAttempts(10)) {
    const entry = await kv.get<string[]>(key(t, userId));
    const list = (entry.value ?? []).filter((s) => s !== symbol);
    if (on) {
      if (list.length >= MAX) throw new DomainError("VALIDATION", {}, { symbol: "tooMany" });
      list.push(symbol);
    }
    const res = await kv.atomic().check(entry).set(key(t, userId), list).commit();
    if (res.ok) return list;
  }
  throw storeBusy();
}
