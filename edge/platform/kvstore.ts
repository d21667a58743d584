/**
 * The KV store as every process uses it (`openKv`): Deno KV with contention handled once, here.
 *
 * - **A busy store is retried.** Many app processes share one database; a commit or a read that
 *   throws because the database is busy (SQLite "database is locked" when several processes
 *   write one file; a transient failure of a remote KV) is retried with jittered exponential
 *   backoff within a time bound, then refused with `storeBusy()` (HTTP 503 STORE_BUSY), never a
 *   500. Re-committing the same atomic operation is safe: a commit that threw "locked" applied
 *   nothing, and the retry carries the same checks, so a record changed meanwhile answers
 *   `ok: false` as usual. A remote failure whose outcome is unknown (the reply was lost) is
 *   retried only when the operation checks a key it also writes (a second apply is then
 *   impossible); otherwise it is refused with 503 and the caller's idempotency key settles it.
 * - **Conflict loops back off.** Optimistic read-check-commit loops take their attempts from
 *   `commitAttempts` (a short jittered pause between attempts) and answer `storeBusy()` when
 *   they run out.
 * - **Commits are measured** (./kv_commit_stats.ts): every atomic commit's checks and mutations
 *   are counted; the largest seen per handle is kept with a label (`kvStats`), so tests prove each
 *   commit stays within the smallest backend's limits (self-hosted denokv: 10 checks per atomic
 *   operation; every backend: 1000 mutations; Deno itself refuses larger key and value totals).
 * - **Round trips can be simulated and are counted.** Production KV (Deno Deploy) has one write
 *   region: every strong read, list batch and commit pays a round trip to it (95 ms from Europe,
 *   195 ms from Asia), eventual reads a nearby replica's delay. `KvSim` (`KV_SIM_RTT_MS`,
 *   `KV_SIM_EVENTUAL_MS`; refused in production by the config) makes this wrapper wait that long
 *   before each such call, so a local file behaves like the far store in tests and benchmarks.
 *   Inside `withRoundTrips` (one HTTP request: the platform middleware) every strong call is
 *   counted, and so is the number of strong round trips *in sequence*: the longest chain of calls
 *   each started only after the one before it finished (reads started together cost one round
 *   trip; a read started after another finished is one more, whatever else is still in flight),
 *   which is what a far region pays and what the route budget test holds.
 * - **Private records are read together.** `prefetch` starts one read of every key a request is
 *   about to need (its session, user, counters, balances) as soon as it knows them; the next
 *   `get`/`getMany` of each of those keys in the same request takes the prefetched entry instead
 *   of another round trip (once: a second read, such as a conflict loop's, goes to the store;
 *   an eventual `get` of such a key takes it too, without using it up, also after it answered
 *   its strong read: the order's second look at its customer waits no replica). A write in the
 *   request forgets those of the keys it checks and writes, and the lists they may fall under (a
 *   read of them after the write goes to the store); the others still answer.
 *   `prefetchList` does the same for the first batch of a private list (the customer's orders,
 *   journal lines, ...): its `kv.list` in the request takes the batch read with the session. An
 *   index's records ride along too: the index as a nearby replica has it (an eventual read, free)
 *   names the records, read while the strong index read is still in flight; the strong index
 *   decides, and a record the replica did not list yet (an order placed a moment ago) is read
 *   then, a round trip more only in the seconds after a change. An index whose entries carry their
 *   records (`carries`: edge/trading/store.ts `saveFast`) needs none of them read.
 * - **Commits are traced.** Each commit is a `kv.commit` span (checks, mutations, busy retries,
 *   outcome, the areas of its keys) and conflict loops count their retries (./telemetry.ts).
 * - **A lost race re-reads in one round trip.** `noteReads` notes the keys one attempt of a
 *   read-check-commit loop reads (its plan's and the ledger's); the next attempt `prefetch`es them
 *   all at once (edge/ledger `post`), so a retry costs one read round trip and one commit, as
 *   the first attempt does.
 * - **Writes are announced.** `onWrite` listeners hear the keys of every write this handle made
 *   (the in-process caches of public data forget what changed: edge/platform/public_cache.ts).
 */
import {
  type BusyKind,
  busyKind,
  type BusyPolicy,
  DEFAULT_BUSY_POLICY,
  sleep,
  storeBusy,
} from "./kv_contention.ts";
import { keyId, sameKey, underPrefix } from "./kv_keys.ts";
import { type KvStats, newKvStats, recordCommit } from "./kv_commit_stats.ts";
import { MemoList, StoreList } from "./kv_lists.ts";
import { LastNamed } from "./kv_named.ts";
import {
  batchOf,
  type KvSim,
  type ListBatch,
  listId,
  type ListRead,
  noteRead,
  type PrivateRead,
  scope,
  TRACE,
  trace,
} from "./kv_round_trips.ts";
import { inSpan, keyAreas } from "./telemetry.ts";

/** The statistics of a handle opened by `openKv` / `wrapKv` (null for a bare Deno.Kv). */
export function kvStats(kv: Deno.Kv): KvStats | null {
  return kv instanceof StoreKv ? kv.stats : null;
}

/**
 * A commit made for the current request by the group commit (edge/ledger/group_commit.ts), which
 * commits its groups outside every request: one strong round trip of this request, from its
 * submission to its answer, and the request's prefetched entries of `keys` (those it checks and
 * writes) forgotten, as for a commit of its own. (The group's commit counts in no request: run in
 * the scope of the member that started it, it counted there, and its keys were forgotten there,
 * while the other members counted no commit.)
 */
export function committedFor<T>(
  kv: Deno.Kv,
  keys: readonly Deno.KvKey[],
  answer: Promise<T>,
): Promise<T> {
  if (!(kv instanceof StoreKv)) return answer;
  kv.forget(keys);
  return kv.counted(() => answer);
}

/**
 * KV queues are not available where the product runs (the new Deno Deploy, KV Connect): the app
 * uses none (periodic work is `Deno.cron` or timers under leases, edge/jobs/), and the store
 * refuses them so that none creeps in.
 */
export function noQueues(): Error {
  return new Error("KV queues are not available on Deno Deploy or over KV Connect: not used here");
}

/**
 * Read `keys` now, together (one round trip: up to 10 keys per read, the reads in flight at
 * once), for the current request: its later reads of these keys take these entries. Nothing
 * happens outside a request's scope or on a bare Deno.Kv.
 */
export function prefetch(kv: Deno.Kv, keys: Deno.KvKey[]): void {
  const t = scope.getStore();
  if (!t || !(kv instanceof StoreKv)) return;
  const memo = t.memo ??= new Map();
  // each key once; a plain loop, no arrays in between (every request with a session prefetches:
  // its copies of the key list were a visible share of an order's CPU)
  const named = new Set<string>(), ids: string[] = [], todo: Deno.KvKey[] = [];
  for (const k of keys) {
    const id = keyId(k);
    if (named.has(id)) continue;
    named.add(id);
    if (memo.has(id)) {
      // named again after it answered a read (a conflict loop's next attempt): read afresh
      if (t.used?.has(id)) {
        memo.delete(id);
        t.again?.delete(id);
        t.used.delete(id);
      } else {
        // named again by another of the request's reads before any read: it answers that one too
        (t.again ??= new Map()).set(id, (t.again.get(id) ?? 0) + 1);
        continue;
      }
    }
    ids.push(id);
    todo.push(k);
  }
  for (let i = 0; i < todo.length; i += 10) {
    const read = kv.getMany(todo.slice(i, i + 10));
    // a failed prefetch is no answer: the read itself goes to the store then
    for (let j = i; j < Math.min(i + 10, todo.length); j++) {
      memo.set(ids[j]!, read.then((r) => r[j - i]!, () => null));
    }
  }
}

/**
 * Start reading the first batch of each of `reads` now, for the current request (with its session:
 * one round trip), and the records of an index beside it (see the module comment). Nothing happens
 * outside a request's scope or on a bare Deno.Kv.
 */
export function prefetchList(kv: Deno.Kv, reads: PrivateRead[]): void {
  const t = scope.getStore();
  if (!t || !(kv instanceof StoreKv)) return;
  const lists = t.lists ??= new Map();
  prefetch(kv, reads.flatMap((r) => r.key ? [r.key] : []));
  const named: [string, ListRead, Set<string>][] = [];
  for (const r of reads) {
    if (r.key) continue;
    const options = r.options ?? {};
    const id = listId(r.selector, options);
    if (lists.has(id)) continue;
    lists.set(id, {
      selector: r.selector,
      batch: kv.firstBatch(r.selector, options).catch(() => null),
    });
    if (!r.record && !r.beside) continue;
    // what the index named here last time rides in the first wave (a guess: the strong index
    // decides, as with the replica's names below); each list's in a prefetch of its own, so a key
    // the request also reads itself, or another list names, answers each of those reads (as when
    // the replica names it)
    const guess = kv.lastNamed.guess(id, r);
    prefetch(kv, guess);
    named.push([id, r, new Set(guess.map(keyId))]);
  }
  for (const [id, r, guess] of named) {
    const options = r.options ?? {}, record = r.record, beside = r.beside;
    // the replica's copy of the index names the records to read while the strong read is out
    (async () => {
      const keys: Deno.KvKey[] = [];
      const it = kv.list(r.selector, { ...options, consistency: "eventual" });
      let n = 0;
      for await (const e of it) {
        const id = e.key.at(-1) as string;
        const carried = r.carries?.(e.value) ?? false;
        keys.push(...record && !carried ? [record(id)] : [], ...beside?.(id) ?? []);
        if (++n >= batchOf(options)) break;
      }
      kv.lastNamed.remember(id, r, keys);
      // those the guess did not name (it read those already)
      prefetch(kv, keys.filter((k) => !guess.has(keyId(k))));
    })().catch(() => {/* no guess: the records are read after the index */});
  }
}

/**
 * Whether a list of `selector` may hold `key`: under its prefix (a list with a start or an end
 * only: any key, it is not worth the comparison of encoded keys).
 */
function mayList(selector: Deno.KvListSelector, key: Deno.KvKey): boolean {
  if (!("prefix" in selector) || !selector.prefix) return true;
  return underPrefix(selector.prefix, key);
}

/** `options` with an eventual read when the scope asks for one by default (`replicaReads`). */
function replicaDefault<O extends { consistency?: Deno.KvConsistencyLevel }>(
  options: O | undefined,
): O | undefined {
  if (options?.consistency || !scope.getStore()?.replica) return options;
  return { ...options, consistency: "eventual" } as O;
}

/** Listen to the keys of every write made through a handle of `openKv`/`wrapKv`. */
export function onWrite(kv: Deno.Kv, f: (keys: Deno.KvKey[]) => void): void {
  if (kv instanceof StoreKv) kv.writeListeners.push(f);
}

/** Wrap a Deno.Kv: busy retries, conflict-safe re-commits, commit measurements. */
export function wrapKv(
  kv: Deno.Kv,
  policy: Partial<BusyPolicy> = {},
  sim: KvSim | null = null,
): Deno.Kv {
  if (kv instanceof StoreKv) return kv;
  return new StoreKv(kv, { ...DEFAULT_BUSY_POLICY, ...policy }, sim);
}

class StoreKv implements Deno.Kv {
  readonly stats: KvStats = newKvStats();
  readonly writeListeners: ((keys: Deno.KvKey[]) => void)[] = [];
  /** what each private list's index named here last time (./kv_named.ts) */
  readonly lastNamed = new LastNamed();

  constructor(
    readonly inner: Deno.Kv,
    readonly policy: BusyPolicy,
    readonly sim: KvSim | null = null,
  ) {}

  /** One strong round trip: counted in the request's scope, delayed by the simulator. */
  strong<T>(f: () => Promise<T>): Promise<T> {
    const rtt = this.sim?.rttMs;
    return this.counted(rtt ? () => sleep(rtt).then(f) : f);
  }

  /** `f` counted as one strong round trip of the current request (`strong`, without the delay). */
  async counted<T>(f: () => Promise<T>): Promise<T> {
    const t = scope.getStore();
    // its place in sequence: one after the longest chain finished before it started (a call
    // started while others are in flight rides along only with those that started before the
    // last one it could have waited for finished)
    const depth = (t?.done ?? 0) + 1;
    if (t) {
      t.strong++;
      t.inflight++;
      if (TRACE) trace(t, depth);
      t.sequential = Math.max(t.sequential, depth);
    }
    try {
      return await f();
    } finally {
      if (t) {
        t.inflight--;
        t.done = Math.max(t.done ?? 0, depth);
      }
    }
  }

  /**
   * A write in a request's scope (`keys`: those it checks and writes): their prefetched entries,
   * and the lists they fall under, are no longer the store's; a read of them goes to the store
   * (the request reads its own write; a conflict loop reads what beat it). The other prefetched
   * entries are as fresh as before the write: they still answer (a page whose session read
   * refreshed the session's last-seen time reads the rest of its records with it, as usual).
   */
  forget(keys: readonly Deno.KvKey[]) {
    const t = scope.getStore();
    if (!t) return;
    for (const key of keys) {
      const id = keyId(key);
      t.memo?.delete(id);
      t.again?.delete(id);
      t.used?.delete(id);
      t.seen?.delete(id);
    }
    for (const [id, { selector }] of t.lists ?? []) {
      if (keys.some((k) => mayList(selector, k))) t.lists!.delete(id);
    }
  }

  /** The first batch of a list (one round trip), with the cursor after each entry. */
  async firstBatch(selector: Deno.KvListSelector, options: Deno.KvListOptions): Promise<ListBatch> {
    const it = new StoreList<unknown>(this, selector, options);
    const batch: ListBatch = { entries: [], cursors: [], full: false };
    const size = batchOf(options);
    while (batch.entries.length < size) {
      const r = await it.next();
      if (r.done) return batch;
      batch.entries.push(r.value);
      batch.cursors.push(it.cursor);
    }
    batch.full = true;
    return batch;
  }

  /** The prefetched first batch of this list call in this request, if any (once). */
  listMemo(selector: Deno.KvListSelector, options: Deno.KvListOptions) {
    const lists = scope.getStore()?.lists;
    if (!lists || options.cursor || options.consistency === "eventual") return undefined;
    const id = listId(selector, options);
    const m = lists.get(id);
    lists.delete(id);
    return m?.batch;
  }

  /** Tell the listeners which keys a write changed. */
  wrote(keys: Deno.KvKey[]) {
    this.lastNamed.wrote(keys);
    for (const f of this.writeListeners) {
      try {
        f(keys);
      } catch (e) {
        console.error("[kv] write listener failed", e);
      }
    }
  }

  /**
   * The prefetched entry of `key` in this request, if any: it answers one read only, one more for
   * each further read that named it (`again`: a console page's list and its record's panel; the
   * next read of the key, e.g. a conflict loop's second attempt, goes to the store; a commit made
   * on the request's behalf by another request's group commit cannot tell this one to forget).
   */
  memo(key: Deno.KvKey): Promise<Deno.KvEntryMaybe<unknown> | null> | undefined {
    const memo = scope.getStore()?.memo;
    if (!memo) return undefined;
    const id = keyId(key);
    const m = memo.get(id);
    const t = scope.getStore()!;
    const again = t.again?.get(id) ?? 0;
    if (again > 0) {
      t.again!.set(id, again - 1);
      if (m) (t.used ??= new Set()).add(id);
    } else memo.delete(id);
    if (m) (t.seen ??= new Map()).set(id, m);
    return m;
  }

  /** The request's prefetched entry of a key for an eventual read, used or not (not using it). */
  seenOrMemo(id: string): Promise<Deno.KvEntryMaybe<unknown> | null> | undefined {
    const t = scope.getStore();
    return t?.memo?.get(id) ?? t?.seen?.get(id);
  }

  /** A read at `consistency`: eventual ones wait the replica's delay and are free. */
  read<T>(consistency: Deno.KvConsistencyLevel | undefined, f: () => Promise<T>): Promise<T> {
    if (consistency !== "eventual") return this.strong(f);
    const t = scope.getStore();
    if (t) t.eventual++;
    return this.sim?.eventualMs ? sleep(this.sim.eventualMs).then(f) : f();
  }

  /** Run `f`, retrying busy failures (those `retryable` accepts) within the policy's bound. */
  async busyRetry<T>(f: () => Promise<T>, retryable: (k: BusyKind) => boolean): Promise<T> {
    const start = performance.now();
    for (let n = 0;; n++) {
      try {
        return await f();
      } catch (e) {
        const kind = busyKind(e);
        if (!kind) throw e;
        const pause = 1 + Math.random() * Math.min(this.policy.capMs, this.policy.baseMs * 2 ** n);
        if (!retryable(kind) || performance.now() - start + pause > this.policy.budgetMs) {
          this.stats.busyRefusals++;
          throw storeBusy(e);
        }
        this.stats.busyRetries++;
        await sleep(pause);
      }
    }
  }

  record(checks: Deno.KvKey[], writes: Deno.KvKey[]) {
    recordCommit(this.stats, checks, writes);
  }

  get<T = unknown>(
    key: Deno.KvKey,
    options?: { consistency?: Deno.KvConsistencyLevel },
  ): Promise<Deno.KvEntryMaybe<T>> {
    options = replicaDefault(options);
    const real = () =>
      this.busyRetry(
        () => this.read(options?.consistency, () => this.inner.get<T>(key, options)),
        () => true,
      );
    if (options?.consistency !== "eventual") noteRead([key]);
    // an eventual read takes the request's prefetched entry when there is one, also one that
    // answered a strong read already, without using it up: read strongly with the session, it is
    // as fresh as a replica's copy or fresher, and it saves a store call and the replica's delay
    // (every order's second look at its customer, edge/trading/jurisdictions.ts, after the
    // route's gate read the user)
    const m = options?.consistency === "eventual" ? this.seenOrMemo(keyId(key)) : this.memo(key);
    return m ? m.then((e) => (e as Deno.KvEntryMaybe<T> | null) ?? real()) : real();
  }

  getMany<T extends readonly unknown[]>(
    keys: readonly [...{ [K in keyof T]: Deno.KvKey }],
    options?: { consistency?: Deno.KvConsistencyLevel },
  ): Promise<{ [K in keyof T]: Deno.KvEntryMaybe<T[K]> }> {
    options = replicaDefault(options);
    const real = () =>
      this.busyRetry(
        () => this.read(options?.consistency, () => this.inner.getMany<T>(keys, options)),
        () => true,
      );
    const t = scope.getStore();
    if (options?.consistency !== "eventual") noteRead(keys);
    const all = options?.consistency !== "eventual" && keys.length > 0 &&
      keys.every((k) => t?.memo?.has(keyId(k)));
    if (!all) return real();
    const memo = keys.map((k) => this.memo(k));
    return Promise.all(memo).then((got) =>
      got.some((e) => !e) ? real() : got as { [K in keyof T]: Deno.KvEntryMaybe<T[K]> }
    );
  }

  /** A blind set writes the same value again: safe to retry either way. */
  async set(key: Deno.KvKey, value: unknown, options?: { expireIn?: number }) {
    this.forget([key]);
    const r = await this.busyRetry(
      () => this.strong(() => this.inner.set(key, value, options)),
      () => true,
    );
    this.wrote([key]);
    return r;
  }

  async delete(key: Deno.KvKey): Promise<void> {
    this.forget([key]);
    await this.busyRetry(() => this.strong(() => this.inner.delete(key)), () => true);
    this.wrote([key]);
  }

  list<T = unknown>(
    selector: Deno.KvListSelector,
    options?: Deno.KvListOptions,
  ): Deno.KvListIterator<T> {
    options = replicaDefault(options);
    const memo = this.listMemo(selector, options ?? {});
    return memo
      ? new MemoList<T>(this, selector, options ?? {}, memo)
      : new StoreList<T>(this, selector, options ?? {});
  }

  /** KV queues are not offered on Deno Deploy nor over KV Connect: refused (`noQueues`). */
  enqueue(): Promise<Deno.KvCommitResult> {
    return Promise.reject(noQueues());
  }

  listenQueue(): Promise<void> {
    return Promise.reject(noQueues());
  }

  atomic(): Deno.AtomicOperation {
    return new StoreAtomic(this, this.inner.atomic());
  }

  watch<T extends readonly unknown[]>(
    keys: readonly [...{ [K in keyof T]: Deno.KvKey }],
    options?: { raw?: boolean },
  ): ReadableStream<{ [K in keyof T]: Deno.KvEntryMaybe<T[K]> }> {
    return this.inner.watch<T>(keys, options);
  }

  close(): void {
    this.inner.close();
  }

  commitVersionstamp(): symbol {
    return this.inner.commitVersionstamp();
  }

  [Symbol.dispose](): void {
    this.inner[Symbol.dispose]();
  }
}

/** An atomic operation that counts what it carries and re-commits while the store is busy. */
class StoreAtomic implements Deno.AtomicOperation {
  readonly #checks: Deno.KvKey[] = [];
  readonly #writes: Deno.KvKey[] = [];

  constructor(private store: StoreKv, private op: Deno.AtomicOperation) {}

  check(...checks: Deno.AtomicCheck[]): this {
    this.op.check(...checks);
    for (const c of checks) this.#checks.push(c.key);
    return this;
  }

  mutate(...mutations: Deno.KvMutation[]): this {
    this.op.mutate(...mutations);
    for (const m of mutations) this.#writes.push(m.key);
    return this;
  }

  sum(key: Deno.KvKey, n: bigint): this {
    this.op.sum(key, n);
    this.#writes.push(key);
    return this;
  }

  min(key: Deno.KvKey, n: bigint): this {
    this.op.min(key, n);
    this.#writes.push(key);
    return this;
  }

  max(key: Deno.KvKey, n: bigint): this {
    this.op.max(key, n);
    this.#writes.push(key);
    return this;
  }

  set(key: Deno.KvKey, value: unknown, options?: { expireIn?: number }): this {
    this.op.set(key, value, options);
    this.#writes.push(key);
    return this;
  }

  delete(key: Deno.KvKey): this {
    this.op.delete(key);
    this.#writes.push(key);
    return this;
  }

  /** No queues (`noQueues`): an operation that would carry a message is refused. */
  enqueue(): this {
    throw noQueues();
  }

  /** A second apply is impossible when the operation checks a key it also writes. */
  #applyOnce(): boolean {
    return this.#checks.some((c) => this.#writes.some((w) => sameKey(c, w)));
  }

  commit(): Promise<Deno.KvCommitResult | Deno.KvCommitError> {
    this.store.record(this.#checks, this.#writes);
    // whatever the outcome, the request's prefetched entries of these keys may be stale now (a
    // conflict loop re-reads them from the store)
    this.store.forget([...this.#checks, ...this.#writes]);
    const attributes = () => ({
      "kv.checks": this.#checks.length,
      "kv.mutations": this.#writes.length,
      "kv.areas": keyAreas([...this.#checks, ...this.#writes]),
    });
    return inSpan("kv.commit", attributes, async (span) => {
      let tries = 0;
      const r = await this.store.busyRetry(
        () => (tries++, this.store.strong(() => this.op.commit())),
        (kind) => kind === "locked" || this.#applyOnce(),
      );
      span.setAttributes({ "kv.ok": r.ok, "kv.busy_retries": tries - 1 });
      if (r.ok && this.#writes.length) this.store.wrote(this.#writes);
      return r;
    });
  }
}
