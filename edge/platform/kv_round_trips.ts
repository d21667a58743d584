/**
 * A request's dealings with the store (edge/platform/kvstore.ts): the round trips it makes,
 * counted in its scope (`withRoundTrips`; sequential ones are what a far region pays), the
 * simulated distance to the store, the private reads it starts with its session (`ListRead`,
 * `PrivateRead`) and the memo they fill, and the keys one attempt of a conflict loop read
 * (`noteReads`). The wrapped handle (kvstore.ts) reads and fills this scope.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { keyId } from "./kv_keys.ts";

/** Simulated distance to the store (ms): strong calls wait `rttMs`, eventual reads `eventualMs`. */
export interface KvSim {
  rttMs: number;
  eventualMs: number;
}

/** What one request (or any scope run by `withRoundTrips`) asked of the store. */
export interface RoundTrips {
  /**
   * strong round trips that waited on each other: the request's cost from a far region (the
   * longest chain of calls each started only after the one before it had finished)
   */
  sequential: number;
  /** strong calls (reads, list batches, commits) in all */
  strong: number;
  /** eventual reads (a nearby replica: not counted against the budget) */
  eventual: number;
  /** strong calls in flight now */
  inflight: number;
  /**
   * the longest chain among the strong calls finished so far: a call started now comes after
   * it (one more in sequence), whatever else is still in flight
   */
  done?: number;
  /** prefetched entries by key (`prefetch`), until the request writes */
  memo?: Map<string, Promise<Deno.KvEntryMaybe<unknown> | null>>;
  /**
   * reads a prefetched entry answers beyond its first, by key: once more for each further read
   * of the request that named it (a console page's list and its chosen record's panel)
   */
  again?: Map<string, number>;
  /** prefetched entries that answered a read already (named again later: read afresh) */
  used?: Set<string>;
  /**
   * prefetched entries that answered their strong read, by key, until the request writes it: an
   * eventual read of the key takes them (read strongly with the session, as fresh as a replica's
   * copy or fresher), so a second look at a record costs no store call and no replica's delay
   */
  seen?: Map<string, Promise<Deno.KvEntryMaybe<unknown> | null>>;
  /**
   * prefetched first batches of lists (`prefetchList`), with their selectors, until the request
   * writes under them
   */
  lists?: Map<string, { selector: Deno.KvListSelector; batch: Promise<ListBatch | null> }>;
  /**
   * reads that name no consistency are eventual (`replicaReads`: a public cache's cold load);
   * the counts are added to the request's when it ends
   */
  replica?: boolean;
  /** keys read strongly since `noteReads` started (a conflict loop's attempt) */
  noted?: Map<string, Deno.KvKey>;
  /**
   * keys every ledger journal of the request reads with its balances and checks at its commit
   * (`guardJournals`): the signed-in customer's session, so that one ended meanwhile moves no
   * money
   */
  guards?: Deno.KvKey[];
}

/**
 * A private list a request is about to read, to start with its session (`prefetchList`): the
 * selector and options of its `kv.list` call (first page: no cursor) and, for an index, the key
 * of the record each entry names (the entry key's last part is the record's id).
 */
export interface ListRead {
  /** a single record instead of a list (read with the others: `prefetch`) */
  key?: undefined;
  selector: Deno.KvListSelector;
  options?: Pick<Deno.KvListOptions, "reverse" | "limit" | "batchSize">;
  record?: (id: string) => Deno.KvKey;
  /** an entry whose value is the record itself (written with it): its record is not read */
  carries?: (value: unknown) => boolean;
  /** more keys of each record the index (no `record`: the list) names, read beside it */
  beside?: (id: string) => Deno.KvKey[];
}

/** A private read to start with the session: a list (`ListRead`) or one key. */
export type PrivateRead = ListRead | { key: Deno.KvKey };

/** The first batch of a list as read: its entries, the cursor after each, whether it was full. */
export interface ListBatch {
  entries: Deno.KvEntry<unknown>[];
  cursors: string[];
  full: boolean;
}

/** Entries per batch the store sends (Deno's default: the limit, else 100; at most 500). */
export function batchOf(options: Deno.KvListOptions): number {
  return Math.max(1, Math.min(500, options.batchSize ?? options.limit ?? 100));
}

/** A list call as a string (memo keys): the selector and the options that shape its first batch. */
export function listId(selector: Deno.KvListSelector, o: Deno.KvListOptions): string {
  const part = (k: Deno.KvKey | undefined) => k ? keyId(k) : "-";
  const sel = selector as { prefix?: Deno.KvKey; start?: Deno.KvKey; end?: Deno.KvKey };
  return [part(sel.prefix), part(sel.start), part(sel.end), !!o.reverse, o.limit, batchOf(o)]
    .join("\u0001");
}

export const scope = new AsyncLocalStorage<RoundTrips>();

/** KV_TRACE=1: log every strong round trip of a request with its callers (finding them). */
export const TRACE = Deno.env.get("KV_TRACE") === "1";
export function trace(t: RoundTrips, depth: number) {
  const callers = new Error().stack!.split("\n").slice(3).map((l) => l.trim().replace(/^at /, ""))
    .filter((l) => !/kvstore\.ts|kv_lists\.ts/.test(l)).slice(0, 3);
  console.log(
    `[kv] ${String(depth).padStart(3)}${t.inflight > 1 ? "+" : " "}`,
    callers.join(" < "),
  );
}

/** Run `f` counting its store round trips into `trips` (returned as well). */
export async function withRoundTrips<T>(
  f: () => Promise<T>,
  trips: RoundTrips = { sequential: 0, strong: 0, eventual: 0, inflight: 0 },
): Promise<{ result: T; trips: RoundTrips }> {
  const result = await scope.run(trips, f);
  return { result, trips };
}

/**
 * Run `f` with the store's reads eventual unless they ask otherwise: public data a nearby replica
 * has (edge/platform/public_cache.ts, an entry this instance never had). Its reads count in the
 * current request's, after the reads finished before it (a replica's delay, no far round trip).
 */
export async function replicaReads<T>(f: () => Promise<T>): Promise<T> {
  const parent = scope.getStore();
  const own: RoundTrips = { sequential: 0, strong: 0, eventual: 0, inflight: 0, replica: true };
  try {
    return await scope.run(own, f);
  } finally {
    if (parent) {
      parent.strong += own.strong;
      parent.eventual += own.eventual;
      if (own.sequential) {
        parent.sequential = Math.max(parent.sequential, (parent.done ?? 0) + own.sequential);
      }
    }
  }
}

/** Run `f` outside any request's scope (background work a request started: not its cost). */
export function outsideRequest<T>(f: () => T): T {
  return scope.exit(f);
}

/**
 * Note the keys the current request reads strongly from now on (one attempt of a read-check-commit
 * loop); the returned function stops and gives them, so a loop that lost its commit race can
 * `prefetch` them all for its next attempt: a re-read is one round trip, not one per step of the
 * plan. Outside a request's scope nothing is noted.
 */
export function noteReads(): () => Deno.KvKey[] {
  const t = scope.getStore();
  if (!t) return () => [];
  const noted = t.noted = new Map();
  return () => {
    if (t.noted === noted) t.noted = undefined;
    return [...noted.values()];
  };
}

/** Note `keys` as read by the current request (when `noteReads` is on). */
export function noteRead(keys: readonly Deno.KvKey[]) {
  const noted = scope.getStore()?.noted;
  if (noted) { for (const k of keys) noted.set(keyId(k), k); }
}

/**
 * From now on, every ledger journal the current request posts reads `keys` with its balances and
 * checks them unchanged at its commit; one of them gone refuses the journal (edge/ledger
 * `Ledger.post`). The HTTP layer guards a customer's writes with their session: a logout, a
 * password change or a lock that commits between the request's read and its commit fails the
 * commit's check, and the attempt after it finds the session gone. Outside a request's scope
 * nothing is guarded.
 */
export function guardJournals(keys: Deno.KvKey[]) {
  const t = scope.getStore();
  if (t) t.guards = keys;
}

/** The keys the current request's journals check (`guardJournals`; none outside a request). */
export function journalGuards(): Deno.KvKey[] {
  return scope.getStore()?.guards ?? [];
}

/** The round trips of the current scope so far (null outside `withRoundTrips`). */
export function currentRoundTrips(): RoundTrips | null {
  return scope.getStore() ?? null;
}
