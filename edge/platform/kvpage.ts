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

/** getMany in batches of 10 (the KV limit), values in order. */
export async function getAll<T>(kv: Deno.Kv, keys: Deno.KvKey[]): Promise<(T | null)[]> {
  const out: (T | null)[] = [];
  for (let i = 0; i < keys.length; i += 10) {
    const batch = await kv.getMany<T[]>(keys.slice(i, i + 10));
    for (const e of batch) out.push(e.value);
  }
  return out;
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
