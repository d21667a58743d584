/** Paging records through a KV index (keys ending in the record id). */
import { DomainError } from "./errors.ts";

/** What `kv.list` needs of a page: iterate the entries, then read where the next page starts. */
export interface KvPageIterator<T> extends AsyncIterable<Deno.KvEntry<T>> {
  readonly cursor: string;
}

/**
 * `kv.list` for a client-supplied cursor: a cursor KV cannot read is the client's mistake,
 * answered VALIDATION (400, field `cursor`) instead of an internal error. Every paged list goes
 * through here.
 */
export function listPage<T>(
  kv: Deno.Kv,
  selector: Deno.KvListSelector,
  options: Deno.KvListOptions,
): KvPageIterator<T> {
  const iter = kv.list<T>(selector, { ...options, cursor: options.cursor || undefined });
  return {
    get cursor() {
      return iter.cursor;
    },
    async *[Symbol.asyncIterator]() {
      while (true) {
        let r: IteratorResult<Deno.KvEntry<T>>;
        try {
          r = await iter.next();
        } catch (e) {
          if (options.cursor && e instanceof TypeError && /cursor/i.test(e.message)) {
            throw new DomainError("VALIDATION", {}, { cursor: "invalid" });
          }
          throw e;
        }
        if (r.done) return;
        yield r.value;
      }
    },
  };
}

/**
 * getMany in batches of 10 (the KV limit), values in order; the batches are in flight together
 * (one round trip, however many keys).
 */
export async function getAll<T>(kv: Deno.Kv, keys: Deno.KvKey[]): Promise<(T | null)[]> {
  const batches: Promise<Deno.KvEntryMaybe<T>[]>[] = [];
  for (let i = 0; i < keys.length; i += 10) batches.push(kv.getMany<T[]>(keys.slice(i, i + 10)));
  return (await Promise.all(batches)).flat().map((e) => e.value);
}

/**
 * The records an index lists, read a wave at a time (the next `wave` index entries, then their
 * records together: a round trip each, never one per record), until `limit` records pass `keep`
 * or `scan` entries were looked at. The cursor is where the next page starts when it stopped
 * there, null when the index ran out. An index whose entries carry the record (`carried` gives it
 * from the entry's value) is read alone: only entries that do not carry it (written before) are
 * read after it.
 */
export async function recordsByIndex<T>(
  kv: Deno.Kv,
  iter: KvPageIterator<unknown>,
  recordKey: (id: string) => Deno.KvKey,
  o: {
    keep: (record: T) => boolean;
    limit: number;
    scan: number;
    wave?: number;
    carried?: (value: unknown) => T | null;
  },
): Promise<{ items: T[]; cursor: string | null }> {
  const size = o.wave ?? 50;
  const items: T[] = [];
  const it = iter[Symbol.asyncIterator]();
  let scanned = 0;
  for (;;) {
    const wave: { id: string; cursor: string; record: T | null }[] = [];
    while (wave.length < size && scanned + wave.length < o.scan) {
      const r = await it.next();
      if (r.done) break;
      const record = o.carried?.(r.value.value) ?? null;
      wave.push({ id: r.value.key.at(-1) as string, cursor: iter.cursor, record });
    }
    const unread = wave.filter((w) => !w.record);
    const read = await getAll<T>(kv, unread.map((w) => recordKey(w.id)));
    unread.forEach((w, i) => w.record = read[i]!);
    for (let i = 0; i < wave.length; i++) {
      scanned++;
      const rec = wave[i]!.record;
      if (rec && o.keep(rec)) items.push(rec);
      if (items.length >= o.limit || scanned >= o.scan) return { items, cursor: wave[i]!.cursor };
    }
    if (wave.length < size) return { items, cursor: null };
  }
}

/**
 * One page of the records an index points at: ids from the index keys under `prefix` (in key
 * order, or newest first with `reverse`), records read by `recordKey`. A malformed cursor is a
 * VALIDATION error.
 */
export async function pageByIndex<T>(
  kv: Deno.Kv,
  prefix: Deno.KvKey,
  recordKey: (id: string) => Deno.KvKey,
  o: { limit: number; cursor?: string; reverse?: boolean },
): Promise<{ items: T[]; cursor: string | null }> {
  const iter = listPage(kv, { prefix }, { limit: o.limit, cursor: o.cursor, reverse: o.reverse });
  const ids: string[] = [];
  for await (const e of iter) ids.push(e.key.at(-1) as string);
  const items = (await getAll<T>(kv, ids.map(recordKey))).filter((x): x is Awaited<T> =>
    x !== null
  ) as T[];
  return { items, cursor: ids.length === o.limit ? iter.cursor : null };
}
