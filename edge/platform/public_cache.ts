/**
 * Public data in process memory (content, product terms and lists, the wealth figures): what every
 * visitor of a tenant sees, read on almost every page, and far from the store a round trip each
 * (edge/platform/kvstore.ts). A page takes it from here instead:
 *
 * - **Stale while revalidating.** An entry younger than `freshMs` is served as is; an older one
 *   is served too while one reload runs in the background (outside the request: not its cost),
 *   so another instance's change shows within about `freshMs` of the next request. An entry older
 *   than `maxAgeMs` (an idle instance) is reloaded before it is served.
 * - **This instance's writes show at once.** The store handle announces every key it wrote
 *   (`onWrite`); entries whose dependencies (key prefixes) cover one are forgotten, so a change
 *   made here is read back on the next request, as before the cache.
 * - Only for display and public data: money writes read what they decide on from the store and
 *   their commits check it.
 */
import { onWrite } from "./kvstore.ts";
import { outsideRequest } from "./kv_round_trips.ts";

interface Entry {
  at: number;
  value: Promise<unknown>;
  deps: Deno.KvKey[];
  reloading: boolean;
}

function covers(prefix: Deno.KvKey, key: Deno.KvKey): boolean {
  return prefix.length <= key.length && prefix.every((p, i) => {
    const k = key[i];
    return p instanceof Uint8Array || k instanceof Uint8Array ? false : p === k;
  });
}

export class PublicCache {
  #entries = new Map<string, Entry>();

  constructor(
    kv: Deno.Kv,
    readonly o: { freshMs: number; maxAgeMs: number } = { freshMs: 1_000, maxAgeMs: 15_000 },
  ) {
    onWrite(kv, (keys) => {
      for (const [name, e] of this.#entries) {
        if (e.deps.some((d) => keys.some((k) => covers(d, k)))) this.#entries.delete(name);
      }
    });
  }

  /**
   * The value of `name`, loaded by `load` (which reads only keys under `deps`) when missing or
   * too old. A failed load is not kept.
   */
  get<T>(name: string, deps: Deno.KvKey[], load: () => Promise<T>): Promise<T> {
    const e = this.#entries.get(name);
    const now = performance.now();
    if (e && now - e.at < this.o.maxAgeMs) {
      if (now - e.at >= this.o.freshMs && !e.reloading) {
        e.reloading = true;
        outsideRequest(() => {
          const value = load();
          value.then(
            () => {
              // not forgotten by a write meanwhile: the reloaded value replaces it
              if (this.#entries.get(name) === e) {
                this.#entries.set(name, { at: performance.now(), value, deps, reloading: false });
              }
            },
            () => e.reloading = false,
          );
        });
      }
      return e.value as Promise<T>;
    }
    const value = load();
    const entry: Entry = { at: now, value, deps, reloading: false };
    this.#entries.set(name, entry);
    value.catch(() => this.#entries.get(name) === entry && this.#entries.delete(name));
    return value;
  }
}
