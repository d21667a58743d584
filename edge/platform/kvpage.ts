/** Paging records through a KV index (keys ending in the record id). */

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
 * order, or newest first with `reverse`), records read by `recordKey`. A malformed cursor throws.
 */
export async function pageByIndex<T>(
  kv: Deno.Kv,
  prefix: Deno.KvKey,
  recordKey: (id: string) => Deno.KvKey,
  o: { limit: number; cursor?: string; reverse?: boolean },
): Promise<{ items: T[]; cursor: string | null }> {
  const iter = kv.list({ prefix }, {
    limit: o.limit,
    cursor: o.cursor || undefined,
    reverse: o.reverse,
  });
  const ids: string[] = [];
  for await (const e of iter) ids.push(e.key.at(-1) as string);
  const items = (await getAll<T>(kv, ids.map(recordKey))).filter((x): x is Awaited<T> =>
    x !== null
  ) as T[];
  return { items, cursor: ids.length === o.limit ? iter.cursor : null };
}
