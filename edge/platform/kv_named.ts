/**
 * What each private list's index named the last time this instance read it (`prefetchList`,
 * edge/platform/kvstore.ts): the records it does not carry and the keys beside them (a contract
 * order's open legs and their holds). The next request that lists it reads them in its first
 * wave, with the session, instead of waiting for a nearby replica's copy of the index to name them
 * (42 ms from Hong Kong, then a far round trip). It is a guess: the strong index decides, and the
 * replica's names are still read for whatever the guess lacked.
 *
 * An index entry this instance writes (an order that opens a position) is added to the lists whose
 * prefix holds it, so a customer's next order on this instance guesses it too; one it deletes
 * stays in the guess (one needless read) until the list is read again.
 */
import { keyId } from "./kv_keys.ts";
import type { ListRead } from "./kv_round_trips.ts";

/** Lists remembered per store handle (the oldest forgotten first). */
const LISTS = 10_000;
/** A list that named more keys than this is not remembered (no guess for it). */
const KEYS = 64;

interface Named {
  read: ListRead;
  keys: Map<string, Deno.KvKey>;
  /** keys written since a listing started (they join what its replica names: it may predate them) */
  since?: Map<string, Deno.KvKey>;
}

export class LastNamed {
  #lists = new Map<string, Named>();
  /** the lists by their prefix's id (an index entry written under it joins them) */
  #byPrefix = new Map<string, Set<string>>();
  /** the lengths of those prefixes, with how many prefixes have each */
  #lengths = new Map<number, number>();

  /**
   * The keys the list `id` of `read` named last time (with those written since), as a listing of
   * it starts: from now on, what this instance writes under it is kept for `remember`.
   */
  guess(id: string, read: ListRead): Deno.KvKey[] {
    let n = this.#lists.get(id);
    if (!n) {
      if (!("prefix" in read.selector)) return [];
      n = this.#add(id, read, new Map());
    }
    n.since ??= new Map();
    return [...n.keys.values()];
  }

  /** The keys the list `id` of `read` named just now (replacing what it named before). */
  remember(id: string, read: ListRead, keys: Deno.KvKey[]) {
    const since = this.#lists.get(id)?.since;
    this.#forget(id);
    if (keys.length > KEYS || !("prefix" in read.selector)) return;
    const all = new Map(keys.map((k) => [keyId(k), k]));
    for (const [i, k] of since ?? []) all.set(i, k);
    this.#add(id, read, all);
  }

  #add(id: string, read: ListRead, keys: Map<string, Deno.KvKey>): Named {
    const n: Named = { read, keys };
    this.#lists.set(id, n);
    const prefix = (read.selector as { prefix: Deno.KvKey }).prefix, p = keyId(prefix);
    let ids = this.#byPrefix.get(p);
    if (!ids) {
      this.#byPrefix.set(p, ids = new Set());
      this.#lengths.set(prefix.length, (this.#lengths.get(prefix.length) ?? 0) + 1);
    }
    ids.add(id);
    if (this.#lists.size > LISTS) this.#forget(this.#lists.keys().next().value!);
    return n;
  }

  /** Keys this instance wrote: an index entry under a remembered list's prefix joins its guess. */
  wrote(keys: Deno.KvKey[]) {
    if (this.#lists.size === 0) return;
    for (const key of keys) {
      const entry = key.at(-1);
      if (typeof entry !== "string") continue;
      // the lists whose prefix holds the key (an index may be deeper: a symbol, then the id);
      // only the lengths some remembered prefix has are looked up (a commit's cost)
      for (const n of this.#lengths.keys()) if (n < key.length) this.#join(key.slice(0, n), entry);
    }
  }

  #join(prefix: Deno.KvKey, entry: string) {
    const ids = this.#byPrefix.get(keyId(prefix));
    if (!ids) return;
    for (const id of ids) {
      const n = this.#lists.get(id);
      if (!n) continue;
      const more = [
        ...n.read.record ? [n.read.record(entry)] : [],
        ...n.read.beside?.(entry) ?? [],
      ];
      for (const k of more) {
        n.keys.set(keyId(k), k);
        n.since?.set(keyId(k), k);
      }
      if (n.keys.size > KEYS) this.#forget(id);
    }
  }

  #forget(id: string) {
    const n = this.#lists.get(id);
    if (!n) return;
    this.#lists.delete(id);
    if (!("prefix" in n.read.selector)) return;
    const p = keyId(n.read.selector.prefix);
    const ids = this.#byPrefix.get(p);
    ids?.delete(id);
    if (ids?.size !== 0) return;
    this.#byPrefix.delete(p);
    const len = n.read.selector.prefix.length, left = (this.#lengths.get(len) ?? 1) - 1;
    if (left) this.#lengths.set(len, left);
    else this.#lengths.delete(len);
  }
}
