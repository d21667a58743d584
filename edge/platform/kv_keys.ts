/**
 * Keys of the store as text and compared (edge/platform/kvstore.ts): a key's id (the request
 * memo's and the list memo's keys), the areas of a commit's keys (its label in the commit
 * statistics), and key equality (bytes parts included).
 */

/**
 * A key as a string (memo keys). A plain loop, no arrays in between: a request computes it for
 * each key it prefetches and reads, several times (bench/orders_load.ts profile).
 */
export function keyId(key: Deno.KvKey): string {
  let s = "";
  for (let i = 0; i < key.length; i++) {
    const p = key[i]!;
    if (i > 0) s += "\u0000";
    s += p instanceof Uint8Array ? `u8:${p.join(",")}` : `${typeof p}:${String(p)}`;
  }
  return s;
}

function prefixOf(key: Deno.KvKey): string {
  return key.slice(0, 3).map((p) => p instanceof Uint8Array ? "<bytes>" : String(p)).join("/");
}

export function describe(keys: Deno.KvKey[]): string {
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(prefixOf(k), (counts.get(prefixOf(k)) ?? 0) + 1);
  return [...counts].map(([p, n]) => n > 1 ? `${p} x${n}` : p).join(", ");
}

function samePart(a: Deno.KvKeyPart, b: Deno.KvKeyPart): boolean {
  if (a instanceof Uint8Array && b instanceof Uint8Array) {
    return a.length === b.length && a.every((x, i) => x === b[i]);
  }
  return a === b;
}

export function sameKey(a: Deno.KvKey, b: Deno.KvKey): boolean {
  return a.length === b.length && a.every((p, i) => samePart(p, b[i]!));
}

/** Whether `key` is `prefix` or under it (a list of that prefix holds it). */
export function underPrefix(prefix: Deno.KvKey, key: Deno.KvKey): boolean {
  return prefix.length <= key.length && prefix.every((p, i) => samePart(p, key[i]!));
}
