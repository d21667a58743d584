/**
 * Group commit: ledger commits that are ready at the same time go to KV as one atomic commit.
 *
 * On a local KV file every commit is one SQLite transaction ending in an fsync, and an order's
 * commit writes about ten keys in as many places of the B-tree (twice: the table and its
 * expiry index). Committing the journals that wait together shares the fsync and the pages they
 * have in common (the journal, order and index tails, the balances), so the order rate is no
 * longer bounded by the commit rate.
 *
 * Each member keeps its own meaning: its checks and mutations are applied all or nothing, as if
 * it had been committed alone at the moment of the group's commit.
 * - Members of one group touch disjoint keys (a key one member writes is neither checked nor
 *   written by another; `sum`/`min`/`max` of the same kind on one key commute and may share),
 *   and none touches a key of a group still committing: such a member waits for a later group.
 * - A member whose check expects an older versionstamp than one of our own commits gave that
 *   key (one its member checked and wrote: a balance) cannot succeed: it is answered
 *   `ok: false` without a commit (its caller reads again).
 * - A group whose checks fail anyway (another process wrote one of its keys) is split in halves
 *   until each member has its own answer.
 * - A group refused before it reached the store for a size limit is committed member by member,
 *   so a member over a limit fails alone, as it would have. A busy database (another process
 *   holds SQLite's write lock; nothing was written) is tried again a few times. Any other error
 *   leaves the outcome unknown: it is every member's error, as it would have been for a commit
 *   of its own.
 * - A group stays within the limits it is given: by default the smallest of the KV backends we
 *   deploy on (self-hosted denokv allows 10 checks), on a local store too (every commit the app
 *   makes fits every backend; measured: no slower at 50 clients than groups of 100 checks).
 * - The members' event-log entries (`stageEvents`) go as one entry per tenant (`mergeEntries`):
 *   fewer keys to write, and fewer for every instance's reader to read.
 * A limited number of groups are in flight (on a local store two: SQLite has one writer, the
 * second waits in its queue); the members that arrive meanwhile form the next group, so a lone
 * commit is never delayed.
 */

import { eventKeys, type LogEntry, mergeEntries, writeEntry } from "./events.ts";
import { committedFor } from "../platform/kvstore.ts";
import { outsideRequest } from "../platform/kv_round_trips.ts";

export interface GroupLimits {
  /** members in one commit */
  members: number;
  /** checks in one commit */
  checks: number;
  mutations: number;
  /** an upper bound of the keys' encoded size */
  keyBytes: number;
}

export interface GroupOptions {
  limits: GroupLimits;
  /** groups committing at once */
  maxInFlight: number;
}

/** Within the smallest limits of the KV backends we deploy on (self-hosted denokv: 10 checks). */
export const PORTABLE_GROUPS: GroupOptions = {
  limits: { members: 64, checks: 10, mutations: 200, keyBytes: 40 * 1024 },
  maxInFlight: 2,
};
/**
 * A local store (a file or memory): 10 checks (the smallest backend's limit), 500 mutations;
 * two groups at a time: SQLite has one writer, and the second group waits in its queue, so the
 * writer does not wait between groups for the event loop to hand it the next one (measured,
 * bench/orders_load.ts: about 15 % more orders than one at a time; the next group gathers
 * while the two write).
 */
export const LOCAL_GROUPS: GroupOptions = {
  limits: { members: 64, checks: 10, mutations: 500, keyBytes: 40 * 1024 },
  maxInFlight: 2,
};
/**
 * A remote store: commits go one by one as before (network round trips overlap; grouping there
 * is not measured), still waiting for a commit in flight on the same keys.
 */
export const REMOTE_GROUPS: GroupOptions = {
  limits: { members: 1, checks: 10, mutations: 200, keyBytes: 40 * 1024 },
  maxInFlight: 256,
};
/** The shape of an entry's id (`crypto.randomUUID()`), for the bound of its key's size. */
const AN_ID = "00000000-0000-0000-0000-000000000000";
/** Keys remembered with the versionstamp our last commit gave them (the "cannot succeed" test). */
const REMEMBERED_KEYS = 4096;
/** Tries of a group refused by a busy database (then the error is every member's). */
const BUSY_ATTEMPTS = 20;

type Step =
  | { kind: "check"; check: Deno.AtomicCheck }
  | { kind: "set"; key: Deno.KvKey; value: unknown; options?: { expireIn?: number } }
  | { kind: "delete"; key: Deno.KvKey }
  | { kind: "sum" | "min" | "max"; key: Deno.KvKey; n: bigint }
  | { kind: "mutate"; mutation: Deno.KvMutation }
  | { kind: "enqueue"; value: unknown; options?: Parameters<Deno.AtomicOperation["enqueue"]>[1] };

type Result = Deno.KvCommitResult | Deno.KvCommitError;

/** An event-log entry a member staged (`stageEvents`): the group writes one per tenant. */
interface StagedEvent {
  t: string;
  at: number;
  entry: LogEntry;
}

interface Member {
  steps: Step[];
  events: StagedEvent[] | null;
  /** checked keys with the versionstamp the check expects */
  checks: Map<string, string | null>;
  writes: Set<string>;
  /** `sum`/`min`/`max` keys with their kind */
  folds: Map<string, string>;
  checkCount: number;
  mutationCount: number;
  keyBytes: number;
  resolve: (r: Result) => void;
  reject: (e: unknown) => void;
}

/** A unique string per KV key (type-tagged, length-prefixed parts). */
export function keyString(key: Deno.KvKey): string {
  let s = "";
  for (const p of key) {
    if (typeof p === "string") s += `s${p.length}:${p}`;
    else if (typeof p === "number") s += `n${Object.is(p, -0) ? "-0" : p};`;
    else if (typeof p === "bigint") s += `b${p};`;
    else if (typeof p === "boolean") s += p ? "T" : "F";
    else s += `u${Array.from(p as Uint8Array, (x) => x.toString(16).padStart(2, "0")).join("")};`;
  }
  return s;
}

/** An upper bound of a key's encoded size. */
function keyBytes(key: Deno.KvKey): number {
  let n = 0;
  for (const p of key) {
    if (typeof p === "string") n += 3 * p.length + 2;
    else if (p instanceof Uint8Array) n += 2 * p.length + 2;
    else if (typeof p === "bigint") n += p.toString(16).length + 4;
    else n += 10;
  }
  return n;
}

export class GroupCommit {
  private queue: Member[] = [];
  /** the keys of the groups being committed */
  private inFlight: Keys[] = [];
  /** keys our commits wrote (or deleted), with the versionstamp of that commit */
  private written = new Map<string, string>();
  /** Counters for tests and benches: members answered, commits tried, members answered
   * without a commit, groups split, busy retries. */
  stats = { members: 0, commits: 0, doomed: 0, splits: 0, busy: 0 };

  private limits: GroupLimits;
  private maxInFlight: number;

  constructor(private kv: Deno.Kv, opts: GroupOptions = PORTABLE_GROUPS) {
    this.limits = opts.limits;
    this.maxInFlight = opts.maxInFlight;
  }

  /** An atomic operation whose `commit()` joins the next group. */
  atomic(): Deno.AtomicOperation {
    const steps: Step[] = [];
    let events: StagedEvent[] | null = null;
    const submit = (steps: Step[]) => this.submit(steps, events);
    const op = {
      stageEvent(t: string, at: number, entry: LogEntry) {
        (events ??= []).push({ t, at, entry });
      },
      check(...checks: Deno.AtomicCheck[]) {
        for (const check of checks) steps.push({ kind: "check", check });
        return op;
      },
      mutate(...mutations: Deno.KvMutation[]) {
        for (const mutation of mutations) steps.push({ kind: "mutate", mutation });
        return op;
      },
      sum(key: Deno.KvKey, n: bigint) {
        steps.push({ kind: "sum", key, n });
        return op;
      },
      min(key: Deno.KvKey, n: bigint) {
        steps.push({ kind: "min", key, n });
        return op;
      },
      max(key: Deno.KvKey, n: bigint) {
        steps.push({ kind: "max", key, n });
        return op;
      },
      set(key: Deno.KvKey, value: unknown, options?: { expireIn?: number }) {
        steps.push({ kind: "set", key, value, options });
        return op;
      },
      delete(key: Deno.KvKey) {
        steps.push({ kind: "delete", key });
        return op;
      },
      enqueue(value: unknown, options?: Parameters<Deno.AtomicOperation["enqueue"]>[1]) {
        steps.push({ kind: "enqueue", value, options });
        return op;
      },
      commit(): Promise<Result> {
        return submit(steps);
      },
    };
    return op as unknown as Deno.AtomicOperation;
  }

  private submit(steps: Step[], events: StagedEvent[] | null): Promise<Result> {
    const m: Member = {
      steps,
      events,
      checks: new Map(),
      writes: new Set(),
      folds: new Map(),
      checkCount: 0,
      mutationCount: 0,
      keyBytes: 0,
      resolve: () => {},
      reject: () => {},
    };
    /** the keys it checks and writes (its request forgets their prefetched entries) */
    const touched: Deno.KvKey[] = [];
    for (const s of steps) {
      if (s.kind === "check") {
        m.checkCount++;
        m.keyBytes += keyBytes(s.check.key);
        m.checks.set(keyString(s.check.key), s.check.versionstamp);
        touched.push(s.check.key);
        continue;
      }
      if (s.kind === "enqueue") {
        m.mutationCount++;
        continue;
      }
      m.mutationCount++;
      const key = s.kind === "mutate" ? s.mutation.key : s.key;
      touched.push(key);
      const kind = s.kind === "mutate" ? s.mutation.type : s.kind;
      m.keyBytes += keyBytes(key);
      if (kind === "sum" || kind === "min" || kind === "max") {
        const k = keyString(key);
        // two kinds of fold on one key do not commute: treat as a write
        if (m.folds.has(k) && m.folds.get(k) !== kind) m.writes.add(k);
        else m.folds.set(k, kind);
      } else m.writes.add(keyString(key));
    }
    // what its entries would be alone: an entry and a `sum` of the tenant's head
    for (const { t } of events ?? []) {
      const head = eventKeys.head(t);
      m.mutationCount += 2;
      m.keyBytes += keyBytes(eventKeys.entry(t, 0, AN_ID)) + keyBytes(head);
      const k = keyString(head);
      if (m.folds.has(k) && m.folds.get(k) !== "sum") m.writes.add(k);
      else m.folds.set(k, "sum");
    }
    const done = new Promise<Result>((resolve, reject) => {
      m.resolve = resolve;
      m.reject = reject;
    });
    this.queue.push(m);
    this.pump();
    // the member's request counts its commit and forgets its keys (the group commits outside it)
    return committedFor(this.kv, touched, done);
  }

  private remember(key: string, versionstamp: string) {
    // the oldest first: re-inserting keeps the map in order of last write
    this.written.delete(key);
    this.written.set(key, versionstamp);
  }

  /** Start groups while fewer than `maxInFlight` are committing. */
  private pump() {
    while (this.inFlight.length < this.maxInFlight && this.queue.length > 0) {
      const keys = noKeys();
      const group = this.take([], keys);
      if (group.length === 0) return;
      this.inFlight.push(keys);
      // outside every request: the group is none of its members' alone (each counts its own
      // commit, `submit`)
      void outsideRequest(() => this.run(group, keys)).finally(() => {
        this.inFlight.splice(this.inFlight.indexOf(keys), 1);
        this.pump();
      });
    }
  }

  /**
   * Add to `group` (whose keys are `keys`) the queued members, in order, that fit with it and
   * touch no key of another group in flight (they wait for it); members that cannot succeed are
   * answered here.
   */
  private take(group: Member[], keys: Keys): Member[] {
    const rest: Member[] = [];
    let checks = 0, mutations = 0, bytes = 0;
    for (const m of group) {
      checks += m.checkCount;
      mutations += m.mutationCount;
      bytes += m.keyBytes;
    }
    for (const m of this.queue) {
      if (this.doomed(m)) {
        this.stats.doomed++;
        m.resolve({ ok: false });
        continue;
      }
      const busy = this.inFlight.some((g) => g !== keys && overlaps(m, g));
      const fits = !busy && (group.length === 0 || (
        group.length < this.limits.members &&
        checks + m.checkCount <= this.limits.checks &&
        mutations + m.mutationCount <= this.limits.mutations &&
        bytes + m.keyBytes <= this.limits.keyBytes && !overlaps(m, keys)
      ));
      if (!fits) {
        rest.push(m);
        continue;
      }
      group.push(m);
      checks += m.checkCount;
      mutations += m.mutationCount;
      bytes += m.keyBytes;
      add(keys, m);
    }
    this.queue = rest;
    return group;
  }

  /**
   * A member whose check expects an older versionstamp than one of our commits gave that key:
   * its read came before that commit, so its check would fail. (A read after it sees that
   * versionstamp or a newer one; an expected absence proves nothing, another process may have
   * deleted the key since.)
   */
  private doomed(m: Member): boolean {
    for (const [k, expected] of m.checks) {
      if (expected === null) continue;
      const w = this.written.get(k);
      if (w && expected < w) return true;
    }
    return false;
  }

  /** Commit a group; `keys`: its keys in flight, when it may take more members on a retry. */
  private async run(group: Member[], keys?: Keys): Promise<void> {
    let res: Result | undefined;
    for (let attempt = 1; res === undefined; attempt++) {
      try {
        this.stats.commits++;
        const op = this.kv.atomic();
        applyGroup(op, group);
        res = await op.commit();
      } catch (e) {
        if (group.length > 1 && isLimitError(e)) {
          // refused before reaching the store (a size limit): each member on its own
          for (const m of group) await this.run([m]);
          return;
        }
        if (isBusy(e) && attempt < BUSY_ATTEMPTS) {
          // another process holds the write lock, or wrote since our checks' snapshot; nothing
          // was written: the group again, after a short jittered backoff (another process's
          // commit holds the lock for a few ms; up to 0.5, 1, 2, 4, then 8 ms)
          this.stats.busy++;
          const ms = Math.random() * Math.min(8, 2 ** (attempt - 2));
          await new Promise((r) => setTimeout(r, ms));
          // the members that arrived meanwhile come along: one lock for more journals
          if (keys) this.take(group, keys);
          continue;
        }
        for (const m of group) m.reject(e);
        return;
      }
    }
    if (!res.ok && group.length > 1) {
      this.stats.splits++;
      const half = Math.ceil(group.length / 2);
      await this.run(group.slice(0, half));
      await this.run(group.slice(half));
      return;
    }
    if (res.ok) {
      // the keys a member read, checked and wrote (a balance): those a later member's check
      // may expect older (a key written blind, a new record or a sum, is seldom checked after:
      // such a check fails at the commit instead, and the group is split)
      for (const m of group) {
        for (const k of m.writes) if (m.checks.has(k)) this.remember(k, res.versionstamp);
      }
      for (const k of this.written.keys()) {
        if (this.written.size <= REMEMBERED_KEYS) break;
        this.written.delete(k);
      }
    }
    this.stats.members += group.length;
    for (const m of group) m.resolve(res);
  }
}

interface Keys {
  reads: Set<string>;
  writes: Set<string>;
  /** `sum`/`min`/`max` keys with their kind */
  folds: Map<string, string>;
}

function add(keys: Keys, m: Member) {
  for (const k of m.checks.keys()) keys.reads.add(k);
  for (const k of m.writes) keys.writes.add(k);
  for (const [k, kind] of m.folds) keys.folds.set(k, kind);
}

function noKeys(): Keys {
  return { reads: new Set(), writes: new Set(), folds: new Map() };
}

/** Whether a member touches keys of others in a way that depends on their order. */
function overlaps(m: Member, { reads, writes, folds }: Keys): boolean {
  for (const k of m.writes) if (writes.has(k) || reads.has(k) || folds.has(k)) return true;
  for (const k of m.checks.keys()) if (writes.has(k) || folds.has(k)) return true;
  for (const [k, kind] of m.folds) {
    if (writes.has(k) || reads.has(k)) return true;
    const other = folds.get(k);
    if (other !== undefined && other !== kind) return true;
  }
  return false;
}

/** Deno's refusal of an atomic operation over a limit (checked before the store is reached). */
function isLimitError(e: unknown): boolean {
  return e instanceof TypeError && /too (many|large)/i.test(e.message);
}

/** SQLite's write lock held by another process: the commit did not happen. */
function isBusy(e: unknown): boolean {
  return e instanceof Error && /database is (locked|busy)/i.test(e.message);
}

/** A KV sum wraps at 2^64 (`Deno.KvU64`): the same value whether added at once or in parts. */
const U64 = (1n << 64n) - 1n;

/**
 * The members' steps in one operation. The `sum`s of one key by several members go as one `sum`
 * of their total, after the rest: every order adds 1 to its tenant's event-log head, one
 * mutation per group instead of one per member (each mutation is converted on the JS thread).
 * Sums of a key commute, and no member of the group sets, deletes or checks a key that another
 * one folds (`overlaps`); a key some member writes keeps its steps in their places.
 */
function applyGroup(op: Deno.AtomicOperation, group: Member[]) {
  const shared = new Map<string, { key: Deno.KvKey | null; n: bigint }>();
  if (group.length > 1) {
    const summed = new Map<string, number>();
    for (const m of group) {
      for (const [k, kind] of m.folds) if (kind === "sum") summed.set(k, (summed.get(k) ?? 0) + 1);
    }
    for (const [k, members] of summed) {
      if (members > 1 && !group.some((m) => m.writes.has(k))) shared.set(k, { key: null, n: 0n });
    }
  }
  if (shared.size === 0) {
    for (const m of group) apply(op, m.steps);
    stageGroupEvents(op, group);
    return;
  }
  for (const m of group) {
    apply(op, m.steps, (s) => {
      const total = shared.get(keyString(s.key));
      if (!total) return false;
      total.key = s.key;
      total.n = (total.n + s.n) & U64;
      return true;
    });
  }
  // (a key whose sums all came as `mutate` steps kept them in their places: none taken here)
  for (const { key, n } of shared.values()) if (key) op.sum(key, n);
  stageGroupEvents(op, group);
}

/**
 * The members' event-log entries, one per tenant: the members' entries merged in their order, at
 * the latest of their times (the closest to the commit: a reader that listed from it on does not
 * count the group's entry as late).
 */
function stageGroupEvents(op: Deno.AtomicOperation, group: Member[]) {
  let tenants: Map<string, { at: number; entries: LogEntry[] }> | undefined;
  for (const m of group) {
    for (const { t, at, entry } of m.events ?? []) {
      tenants ??= new Map();
      const g = tenants.get(t);
      if (g) {
        g.entries.push(entry);
        g.at = Math.max(g.at, at);
      } else tenants.set(t, { at, entries: [entry] });
    }
  }
  for (const [t, { at, entries }] of tenants ?? []) writeEntry(op, t, at, mergeEntries(entries));
}

function apply(
  op: Deno.AtomicOperation,
  steps: Step[],
  /** a `sum` step taken elsewhere (`applyGroup`): true when it is */
  merged?: (s: { key: Deno.KvKey; n: bigint }) => boolean,
) {
  for (const s of steps) {
    if (merged && s.kind === "sum" && merged(s)) continue;
    switch (s.kind) {
      case "check":
        op.check(s.check);
        break;
      case "set":
        op.set(s.key, s.value, s.options);
        break;
      case "delete":
        op.delete(s.key);
        break;
      case "sum":
        op.sum(s.key, s.n);
        break;
      case "min":
        op.min(s.key, s.n);
        break;
      case "max":
        op.max(s.key, s.n);
        break;
      case "mutate":
        op.mutate(s.mutation);
        break;
      case "enqueue":
        op.enqueue(s.value, s.options);
        break;
    }
  }
}
