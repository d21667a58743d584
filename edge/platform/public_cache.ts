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
 * - **A cold load asks a nearby replica.** An entry this instance never had (a fresh or evicted
 *   isolate) or that aged out is loaded with eventual reads (`replicaReads`): a replica's delay
 *   instead of the far region's round trip per read in sequence (a cold `/wp/home` from Hong Kong
 *   made four strong round trips in sequence, about 850 ms). When this instance wrote under the
 *   entry's keys in the last `REPLICA_LAG_MS` (or wrote too much to tell), it is loaded strongly,
 *   so the write shows at once.
 * - Only for display and public data: money writes read what they decide on from the store and
 *   their commits check it.
 */
import { onWrite } from "./kvstore.ts";
import { underPrefix } from "./kv_keys.ts";
import { outsideRequest, replicaReads } from "./kv_round_trips.ts";

/** How long a replica may lag this instance's own write (Deploy: "may lag seconds"). */
const REPLICA_LAG_MS = 10_000;
/** The recent writes remembered; beyond, cold loads read strongly for `REPLICA_LAG_MS`. */
const RECENT_WRITES = 2_000;

interface Entry {
  at: number;
  value: Promise<unknown>;
  deps: Deno.KvKey[];
  reloading: boolean;
}

/** A store handle's writes of the last `REPLICA_LAG_MS` (one list per handle, for every cache). */
class RecentWrites {
  /** oldest first, at most `RECENT_WRITES` */
  #writes: { at: number; key: Deno.KvKey }[] = [];
  /** until when every key counts as written: more writes were made than the list holds */
  #overflowUntil = 0;

  constructor(kv: Deno.Kv) {
    onWrite(kv, (keys) => {
      const at = performance.now();
      for (const key of keys) this.#writes.push({ at, key });
      if (this.#writes.length <= RECENT_WRITES) return;
      this.#prune(at);
      if (this.#writes.length <= RECENT_WRITES) return;
      this.#writes = [];
      this.#overflowUntil = at + REPLICA_LAG_MS;
    });
  }

  #prune(now: number) {
    const from = this.#writes.findIndex((w) => now - w.at < REPLICA_LAG_MS);
    this.#writes = from < 0 ? [] : this.#writes.slice(from);
  }

  /** Whether a write under `deps` was made recently enough that a replica may not have it. */
  under(deps: Deno.KvKey[], now: number): boolean {
    if (now < this.#overflowUntil) return true;
    this.#prune(now);
    return this.#writes.some((w) => deps.some((d) => underPrefix(d, w.key)));
  }
}

const recent = new WeakMap<Deno.Kv, RecentWrites>();
function recentWrites(kv: Deno.Kv): RecentWrites {
  let r = recent.get(kv);
  if (!r) recent.set(kv, r = new RecentWrites(kv));
  return r;
}

export class PublicCache {
  #entries = new Map<string, Entry>();
  #recent: RecentWrites;

  constructor(
    kv: Deno.Kv,
    readonly o: { freshMs: number; maxAgeMs: number } = { freshMs: 1_000, maxAgeMs: 15_000 },
  ) {
    this.#recent = recentWrites(kv);
    onWrite(kv, (keys) => {
      for (const [name, e] of this.#entries) {
        if (e.deps.some((d) => keys.some((k) => underPrefix(d, k)))) this.#entries.delete(name);
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
    const value = this.#recent.under(deps, now) ? load() : replicaReads(load);
    const entry: Entry = { at: now, value, deps, reloading: false };
    this.#entries.set(name, entry);
    value.catch(() => this.#entries.get(name) === entry && this.#entries.delete(name));
    return value;
  }
}
