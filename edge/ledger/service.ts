import { DomainError } from "../platform/errors.ts";
import { sha256Hex } from "../platform/hashing.ts";
import {
  accountId,
  type AccountRef,
  type Book,
  bookOf,
  bookOfUser,
  currencyOf,
  isCustomer,
  type JournalType,
  parseAccountId,
} from "./accounts.ts";
import {
  type AppliedReservations,
  applyReservations,
  remaining,
  type Reservation,
  type ReservationOp,
} from "./reservations.ts";
import {
  type Balance,
  type IdemRecord,
  type Journal,
  keys,
  type Line,
  type Posting,
  ZERO,
} from "./store.ts";
import { getAll, listPage } from "../platform/kvpage.ts";
import { type EventRef, stageEvents } from "./events.ts";
import type { BalanceRow } from "../../contract/ledger.ts";
import { formatDecimal } from "../../core-wasm/mod.ts";

/** The customer accounts of a journal after it, per customer, as the `balance` event sends them. */
function balanceRows(after: Map<string, Balance>): { user: string; accounts: BalanceRow[] }[] {
  const byUser = new Map<string, BalanceRow[]>();
  for (const [id, b] of after) {
    const ref = parseAccountId(id);
    if (!("user" in ref)) continue;
    const rows = byUser.get(ref.user) ?? [];
    rows.push({
      wallet: ref.wallet,
      currency: ref.currency,
      available: formatDecimal(b.available),
      frozen: formatDecimal(b.frozen),
    });
    byUser.set(ref.user, rows);
  }
  return [...byUser].map(([user, accounts]) => ({ user, accounts }));
}
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import { journalGuards, type ListRead, noteReads } from "../platform/kv_round_trips.ts";
import { prefetch } from "../platform/kvstore.ts";
import { GroupCommit, type GroupOptions } from "./group_commit.ts";

/**
 * What a caller wants committed: postings of available balances, reservation operations (the
 * only way a frozen balance changes), plus its own business-record checks and writes.
 */
export interface Plan<R> {
  type: JournalType;
  ref: string;
  postings: { account: AccountRef; available: bigint }[];
  /** held money: reserve, post (part or all), release (see reservations.ts) */
  reservations?: ReservationOp[];
  /** Versionstamp checks on the caller's records (read while planning). */
  checks?: Deno.AtomicCheck[];
  /**
   * Ledger records the plan already read in this attempt, in its own round trip (balances, the
   * idempotency record, reservations): taken as read instead of read again, and checked at the
   * commit as the ledger's own reads are. A write reads everything once, together.
   */
  read?: Deno.KvEntryMaybe<unknown>[];
  /** The caller's record writes, committed with the journal. */
  write?: (op: Deno.AtomicOperation, journal: Journal) => void;
  /**
   * Records this journal changed that customers and the trigger engine must hear of (on any
   * instance): staged in the event log with the customers' new balances, in the same commit.
   */
  events?: EventRef[];
  /** The reply; stored with the idempotency key and returned verbatim on a replay. */
  result: (journal: Journal, balances: Map<string, Balance>) => R;
}

export interface Idempotency {
  key: string;
  /** Anything describing the request; the same key with another request is IDEMPOTENCY_CONFLICT. */
  request: unknown;
  /**
   * The key names a random id the server drew for this request (the client sent none): new by
   * construction, like a reservation of a fresh id, so it is neither read nor checked, and its
   * record is not written (nobody else knows the key to replay it; the journal still names it,
   * one journal per key as the checker verifies). One check and one scattered write less per
   * journal: twice the journals per group commit, fewer pages per commit.
   */
  fresh?: boolean;
}

export interface Posted<R> {
  result: R;
  journal: Journal | null;
  /** true when the idempotency key had already been used by the same request. */
  replay: boolean;
}

const MAX_POSTINGS = 100;
const MAX_ATTEMPTS = 30;
/** Largest balance change accepted in one posting (10^11 units of a coin: far above any real amount). */
export const MAX_AMOUNT = 100_000_000_000n * 100_000_000n;

let lastMs = 0;
let seq = 0;

/**
 * Random parts of journal ids, drawn 1,024 at a time: one `getRandomValues` call per id (two per
 * order) was a visible share of an order's CPU (bench/orders_load.ts profile). They only keep the
 * ids of concurrent instances apart; nothing relies on them being secret.
 */
const randomParts = new Uint32Array(1024);
let randomAt = randomParts.length;
function randomPart(): number {
  if (randomAt === randomParts.length) {
    crypto.getRandomValues(randomParts);
    randomAt = 0;
  }
  return randomParts[randomAt++]!;
}
/**
 * Time-ordered journal ids (`<ms>-<sequence>-<random>`): monotonic within an instance, so the
 * fund flow lists the newest first even within one millisecond; the random part keeps ids of
 * concurrent instances apart.
 */
export function journalId(at: number): string {
  if (at > lastMs) {
    lastMs = at;
    seq = 0;
  } else seq++;
  const rand = randomPart().toString(36).padStart(7, "0");
  return `${String(lastMs).padStart(15, "0")}-${String(seq).padStart(6, "0")}-${rand}`;
}

/**
 * A journal id that sorts after `prev` (an id drawn by another instance, whose clock may be
 * ahead of this one's): `journalId(at)` when it does, else `prev`'s millisecond with the next
 * sequence number. The ids of a chain (the audit log) then sort in the chain's order whichever
 * instance wrote each link.
 */
export function journalIdAfter(prev: string | undefined, at: number): string {
  const id = journalId(at);
  const m = prev === undefined ? null : /^(\d{15})-(\d{6})-/.exec(prev);
  if (!m || id > prev!) return id;
  const rand = randomPart().toString(36).padStart(7, "0");
  const next = Number(m[2]) + 1;
  return next < 1_000_000
    ? `${m[1]}-${String(next).padStart(6, "0")}-${rand}`
    : `${String(Number(m[1]) + 1).padStart(15, "0")}-000000-${rand}`;
}

async function fingerprint(request: unknown): Promise<string> {
  return await sha256Hex(JSON.stringify(request, (_, v) => typeof v === "bigint" ? `${v}n` : v));
}

/** Check that postings are well formed and sum to zero per currency. */
export function checkPostings(postings: Posting[]): void {
  if (postings.length === 0 || postings.length > MAX_POSTINGS) {
    throw new Error(`a journal has 1..${MAX_POSTINGS} postings`);
  }
  const sums = new Map<string, bigint>();
  const seen = new Set<string>();
  const books = new Set(postings.map((p) => bookOf(p.account)));
  if (books.size !== 1) throw new Error(`a journal posts in one book, not ${[...books]}`);
  for (const p of postings) {
    if (seen.has(p.account)) throw new Error(`account ${p.account} posted twice in one journal`);
    seen.add(p.account);
    for (const v of [p.available, p.frozen]) {
      if (typeof v !== "bigint" || v > MAX_AMOUNT || v < -MAX_AMOUNT) {
        throw new Error(`posting amount out of range on ${p.account}`);
      }
    }
    const c = currencyOf(p.account);
    sums.set(c, (sums.get(c) ?? 0n) + p.available + p.frozen);
  }
  for (const [c, s] of sums) {
    if (s !== 0n) throw new Error(`journal does not balance in ${c}: ${s}`);
  }
}

/** One posting per account (a journal may name an account twice: its postings and its holds). */
function mergePostings(postings: Posting[]): Posting[] {
  const by = new Map<string, Posting>();
  for (const x of postings) {
    const m = by.get(x.account);
    by.set(
      x.account,
      m ? { ...m, available: m.available + x.available, frozen: m.frozen + x.frozen } : { ...x },
    );
  }
  // an account whose postings cancel out is not touched (a release and a reserve of one amount)
  return [...by.values()].filter((x) => x.available !== 0n || x.frozen !== 0n);
}

/** What one attempt of `Ledger.post` read (in one `getMany` round). */
interface Touched {
  /** the idempotency record: the key was used before */
  prior: IdemRecord | null;
  /** the plan's own postings, one per account */
  own: Posting[];
  /** the reservations the plan changes, as read (checked at the commit when changed) */
  reservationEntries: Map<string, Deno.KvEntryMaybe<Reservation>>;
  reservations: Map<string, Reservation | null>;
  /** the balance entries of every account the journal names (checked at the commit) */
  balances: Map<string, Deno.KvEntryMaybe<Balance>>;
  /** the request's guards as read (checked at the commit) */
  guards: Deno.KvEntryMaybe<unknown>[];
}

/** The first reply of a key used before: only for the same request (else IDEMPOTENCY_CONFLICT). */
function replayOf<R>(prior: IdemRecord, fp: string): Posted<R> {
  if (prior.fingerprint !== fp) throw new DomainError("IDEMPOTENCY_CONFLICT");
  return { result: prior.result as R, journal: null, replay: true };
}

/** The journal of a plan: its postings (its own and its reservations'), checked to balance. */
function journalOf(p: Plan<unknown>, idemKey: string, postings: Posting[], at: number): Journal {
  const journal: Journal = {
    id: journalId(at),
    book: postings[0] ? bookOf(postings[0].account) : "live",
    type: p.type,
    ref: p.ref,
    idemKey,
    at,
    postings,
  };
  checkPostings(journal.postings);
  return journal;
}

/** The reservations after the journal, each read one checked unchanged. */
function stageReservations(
  op: Deno.AtomicOperation,
  t: string,
  read: Touched,
  held: AppliedReservations,
): void {
  for (const [id, entry] of read.reservationEntries) {
    if (held.checked.has(id)) op.check(entry);
  }
  for (const [id, next] of held.next) op.set(keys.reservation(t, id), next);
}

/**
 * Every balance the journal posts to, checked unchanged since read and set to its new value (no
 * customer's available or frozen below zero), with a fund-flow line per customer posting.
 * Returns the balances after the journal.
 */
function stageBalances(
  op: Deno.AtomicOperation,
  t: string,
  journal: Journal,
  balances: Map<string, Deno.KvEntryMaybe<Balance>>,
): Map<string, Balance> {
  const after = new Map<string, Balance>();
  journal.postings.forEach((x, i) => {
    const entry = balances.get(x.account)!;
    const before = entry.value ?? ZERO;
    const next = { available: before.available + x.available, frozen: before.frozen + x.frozen };
    if (isCustomer(x.account) && (next.available < 0n || next.frozen < 0n)) {
      throw new DomainError(next.available < 0n ? "INSUFFICIENT_BALANCE" : "HOLD_MISMATCH");
    }
    after.set(x.account, next);
    op.check(entry).set(keys.balance(t, x.account), next);
    const ref = parseAccountId(x.account);
    if ("user" in ref) {
      const line: Line = {
        journalId: journal.id,
        type: journal.type,
        ref: journal.ref,
        at: journal.at,
        wallet: ref.wallet,
        currency: ref.currency,
        available: x.available,
        frozen: x.frozen,
      };
      op.set(keys.line(t, ref.book, ref.user, journal.id, i), line);
    }
  });
  return after;
}

/**
 * The ledger: every balance change is a journal posted here, in one KV atomic commit with the
 * caller's business records, its idempotency record and versionstamp checks on every balance
 * it touches, retried on conflict. No customer's available (or frozen) balance can go negative.
 */
export class Ledger {
  /** Journals ready at the same time share one KV commit (see group_commit.ts). */
  readonly commits: GroupCommit;
  private reads: Deno.Kv;

  /**
   * `reads`: a second connection to the same store for the reads before a commit (on a local
   * file, reads on the committing connection wait behind its commits' disk writes); the
   * commit's versionstamp checks make any connection's reads safe. `groups`: how journals are
   * grouped into commits (see group_commit.ts; by default within every backend's limits).
   */
  constructor(
    private kv: Deno.Kv,
    private now: () => number = Date.now,
    opts: { reads?: Deno.Kv; groups?: GroupOptions } = {},
  ) {
    this.reads = opts.reads ?? kv;
    this.commits = new GroupCommit(kv, opts.groups);
  }

  async balance(t: string, account: AccountRef): Promise<Balance> {
    return (await this.kv.get<Balance>(keys.balance(t, accountId(account)))).value ?? ZERO;
  }

  /**
   * The balance entries of `accounts`, read together: a plan decides on them and hands them to
   * `post` (`Plan.read`), which checks them at the commit instead of reading them again.
   */
  async balanceEntries(t: string, accounts: AccountRef[]): Promise<Deno.KvEntryMaybe<Balance>[]> {
    const ks = accounts.map((a) => keys.balance(t, accountId(a)));
    const chunks: Deno.KvKey[][] = [];
    for (let i = 0; i < ks.length; i += 10) chunks.push(ks.slice(i, i + 10));
    return (await Promise.all(chunks.map((c) => this.kv.getMany<Balance[]>(c)))).flat();
  }

  async balances(t: string, accounts: AccountRef[]): Promise<Map<string, Balance>> {
    const ids = accounts.map(accountId);
    const out = new Map<string, Balance>();
    // the reads of 10 keys each (the store's limit) in flight together: one round trip
    const values = await getAll<Balance>(this.kv, ids.map((id) => keys.balance(t, id)));
    values.forEach((v, i) => out.set(ids[i]!, v ?? ZERO));
    return out;
  }

  /**
   * Post a journal. `plan` runs on every attempt (it may read the caller's records and throw an
   * DomainError to refuse; it must not write); a replayed idempotency key returns the first result
   * whatever the plan says now. The idempotency record is read in the same `getMany` as the
   * balances (one read per attempt), and the commit checks it is still absent. Each attempt:
   * plan, read what it touches, apply its reservations, build the journal, stage the commit.
   */
  async post<R>(
    t: string,
    idem: Idempotency,
    plan: () => Promise<Plan<R>> | Plan<R>,
  ): Promise<Posted<R>> {
    // (a fresh key is never replayed: no fingerprint to compare)
    const fp = idem.fresh ? "" : await fingerprint(idem.request);
    let replanned = false;
    let again: Deno.KvKey[] = [];
    for await (const _attempt of commitAttempts(MAX_ATTEMPTS)) {
      // a lost race re-reads what the last attempt read (the plan's records and the ledger's),
      // together: one round trip
      if (again.length) prefetch(this.reads, again);
      const noted = noteReads();
      const posted = await this.attempt(t, idem, fp, plan, replanned).finally(() => {
        again = noted();
      });
      if (posted === "replan") replanned = true;
      else if (posted) return posted;
    }
    throw storeBusy();
  }

  /** One attempt of `post`: its reply, null when the commit lost a race, "replan" once. */
  private async attempt<R>(
    t: string,
    idem: Idempotency,
    fp: string,
    plan: () => Promise<Plan<R>> | Plan<R>,
    replanned: boolean,
  ): Promise<Posted<R> | null | "replan"> {
    const idemKey = keys.idem(t, idem.key);
    const planned = await this.planOrReplay<R>(idem.fresh ? null : idemKey, fp, plan);
    if ("replay" in planned) return planned;
    const { p } = planned;
    const at = this.now();
    const read = await this.readTouched(t, idem.fresh ? null : idemKey, p);
    if (read.prior) return replayOf<R>(read.prior, fp);
    // the request's guards (its customer's session): gone, nothing moves (-99); else checked
    if (read.guards.some((g) => g.versionstamp === null)) throw new DomainError("UNAUTHORIZED");
    let held: AppliedReservations;
    try {
      held = applyReservations(p.reservations ?? [], read.reservations, p.ref, at);
    } catch (e) {
      // the plan read its records before another commit closed the reservation: plan again
      // (it refuses as the records are now), once; a second time it is the plan's mistake
      if (e instanceof DomainError && e.error === "HOLD_SETTLED" && !replanned) return "replan";
      throw e;
    }
    const journal = journalOf(p, idem.key, mergePostings([...read.own, ...held.postings]), at);
    const op = this.commits.atomic();
    if (!idem.fresh) op.check({ key: idemKey, versionstamp: null });
    for (const c of p.checks ?? []) op.check(c);
    for (const g of read.guards) op.check(g);
    stageReservations(op, t, read, held);
    const after = stageBalances(op, t, journal, read.balances);
    const result = p.result(journal, after);
    op.set(keys.journal(t, journal.id), journal);
    // (a fresh key's record could never be asked for: nobody else knows the key)
    if (!idem.fresh) {
      op.set(idemKey, { journalId: journal.id, fingerprint: fp, result } satisfies IdemRecord);
    }
    p.write?.(op, journal);
    // customers hear of it through the event log entry staged here (any instance)
    stageEvents(op, t, at, { balances: balanceRows(after), refs: p.events });
    return (await op.commit()).ok ? { result, journal, replay: false } : null;
  }

  /** The plan of this attempt, or, when it refuses now, the first reply of a replayed key. */
  private async planOrReplay<R>(
    idemKey: Deno.KvKey | null,
    fp: string,
    plan: () => Promise<Plan<R>> | Plan<R>,
  ): Promise<{ p: Plan<R> } | Posted<R>> {
    try {
      return { p: await plan() };
    } catch (e) {
      // refused now (the order is closed, the quote expired...): a replay still gets its reply
      // (a fresh key, null here, has no record to replay)
      const prior = idemKey ? (await this.kv.get<IdemRecord>(idemKey)).value : null;
      if (prior) return replayOf<R>(prior, fp);
      throw e;
    }
  }

  /**
   * One read of what the plan touches: the idempotency record, the reservations it closes or
   * changes, then the balances of every account it names, at most 10 keys per `getMany` (no
   * idempotency record for a fresh key, `null`: nobody else knows it).
   */
  private async readTouched(
    t: string,
    idemKey: Deno.KvKey | null,
    p: Plan<unknown>,
  ): Promise<Touched> {
    const ops = p.reservations ?? [];
    // a reserve the owner guards is new by construction: nothing to read
    const resIds = [
      ...new Set(ops.filter((o) => o.op !== "reserve" || o.guard !== "owner").map((o) => o.id)),
    ];
    const own = mergePostings(p.postings.map((x) => ({
      account: accountId(x.account),
      available: x.available,
      frozen: 0n,
    })));
    const ids = [
      ...new Set([...own.map((x) => x.account), ...ops.map((o) => accountId(o.account))]),
    ];
    // the request's guards (edge/platform/kv_round_trips.ts `guardJournals`), in the same read
    const guards = journalGuards();
    const wanted: Deno.KvKey[] = [
      ...idemKey ? [idemKey] : [],
      ...resIds.map((id) => keys.reservation(t, id)),
      ...ids.map((id) => keys.balance(t, id)),
      ...guards,
    ];
    const read = await this.readOnce(wanted, p.read ?? []);
    if (!idemKey) read.unshift({ key: ["fresh"], value: null, versionstamp: null });
    const resEntries = read.slice(1, 1 + resIds.length) as Deno.KvEntryMaybe<Reservation>[];
    const balances = read.slice(
      1 + resIds.length,
      1 + resIds.length + ids.length,
    ) as Deno.KvEntryMaybe<Balance>[];
    return {
      guards: read.slice(1 + resIds.length + ids.length),
      prior: read[0]!.value as IdemRecord | null,
      own,
      reservationEntries: new Map(resIds.map((id, i) => [id, resEntries[i]!])),
      reservations: new Map(resIds.map((id, i) => [id, resEntries[i]!.value])),
      balances: new Map(ids.map((id, i) => [id, balances[i]!])),
    };
  }

  /**
   * `wanted` as read: the entries the plan read itself (`Plan.read`) taken as they are, the rest
   * read together (10 keys per `getMany`, every `getMany` in flight at once: one round trip).
   */
  private async readOnce(
    wanted: Deno.KvKey[],
    given: Deno.KvEntryMaybe<unknown>[],
  ): Promise<Deno.KvEntryMaybe<unknown>[]> {
    const id = (k: Deno.KvKey) => k.map(String).join("\u0000");
    const have = new Map(given.map((e) => [id(e.key), e]));
    const missing = wanted.filter((k) => !have.has(id(k)));
    const chunks: Deno.KvKey[][] = [];
    for (let i = 0; i < missing.length; i += 10) chunks.push(missing.slice(i, i + 10));
    const got = (await Promise.all(chunks.map((c) => this.reads.getMany(c)))).flat();
    got.forEach((e) => have.set(id(e.key), e));
    return wanted.map((k) => have.get(id(k))!);
  }

  /**
   * The first reply of an idempotency key used before by the same request (null when the key is
   * new; IDEMPOTENCY_CONFLICT when it was used by another request). Callers with checks that may refuse a retry
   * (a channel closed since) ask first, so a retry always gets its original reply.
   */
  async replay<R>(t: string, idem: Idempotency): Promise<R | null> {
    return await this.priorReply<R>(idem, await this.kv.get<IdemRecord>(keys.idem(t, idem.key)));
  }

  /** `replay` of the record as the caller read it (with its other records: one round trip). */
  async priorReply<R>(idem: Idempotency, entry: Deno.KvEntryMaybe<IdemRecord>): Promise<R | null> {
    const prior = entry.value;
    if (!prior) return null;
    if (prior.fingerprint !== await fingerprint(idem.request)) {
      throw new DomainError("IDEMPOTENCY_CONFLICT");
    }
    return prior.result as R;
  }

  /** A reservation as stored (null: none with this id). */
  async reservation(t: string, id: string): Promise<Reservation | null> {
    return (await this.kv.get<Reservation>(keys.reservation(t, id))).value;
  }

  /** What a reservation still holds (0n when closed or absent). */
  async reserved(t: string, id: string): Promise<bigint> {
    const r = await this.reservation(t, id);
    return r && r.state === "open" ? remaining(r) : 0n;
  }

  /** What `lines` reads of the customer's (its first page), to start with the session. */
  linesRead(t: string, userId: string, book: Book = bookOfUser(userId)): ListRead {
    return { selector: { prefix: keys.lines(t, book, userId) }, options: { reverse: true } };
  }

  /** A customer's journal lines, newest first, paged with a KV cursor. */
  async lines(
    t: string,
    userId: string,
    o: { cursor?: string; limit: number; type?: string; currency?: string; wallet?: string },
    book: Book = bookOfUser(userId),
  ): Promise<{ items: Line[]; cursor: string | null }> {
    const r = this.linesRead(t, userId, book);
    const iter = listPage<Line>(this.kv, r.selector, { ...r.options, cursor: o.cursor });
    const items: Line[] = [];
    let scanned = 0;
    for await (const e of iter) {
      const l = e.value;
      if (
        (!o.type || l.type === o.type) && (!o.currency || l.currency === o.currency) &&
        (!o.wallet || l.wallet === o.wallet)
      ) items.push(l);
      // A filter that matches rarely must not scan the whole history in one request.
      if (items.length >= o.limit || ++scanned >= 1000) {
        return { items, cursor: iter.cursor };
      }
    }
    return { items, cursor: null };
  }
}
