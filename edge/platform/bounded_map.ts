/**
 * An in-process memo of bounded size (a hint or an answer kept per instance): `setBounded`
 * makes `key` the map's newest entry and, past `max` entries, the oldest leaves first.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}
