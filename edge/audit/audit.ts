import { journalIdAfter } from "../ledger/service.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import { type AuditEntry, type AuditHead, auditKeys as keys } from "./store.ts";
import type { Json } from "../../contract/operators.ts";
import { getAll, listPage } from "../platform/kvpage.ts";
import { createSHA256 } from "hash-wasm";
import { type Anchor, checkAnchors } from "./checkpoint.ts";
import { canonical } from "../platform/canonical.ts";
import type { ListRead, PrivateRead } from "../platform/kv_round_trips.ts";
export { canonical };

/** One hasher, used synchronously (audit entries are hashed while a commit is being built). */
const hasher = await createSHA256();

export const GENESIS_HASH = "0".repeat(64);

/** The chain head as read for a commit (absent before the first chained entry). */
export type AuditHeadEntry = Deno.KvEntryMaybe<AuditHead>;

export async function readAuditHead(kv: Deno.Kv, t: string): Promise<AuditHeadEntry> {
  return await kv.get<AuditHead>(keys.auditHead(t));
}

/**
 * The head `auditAlone` reads, to read with the operator's session (a GET that writes its audit
 * entry: one read and the commit; a head moved since only costs the commit's retry).
 */
export const auditHeadRead = (t: string): PrivateRead => ({ key: keys.auditHead(t) });

/** sha-256 (hex) of an entry: every field but `hash`, canonically serialized (prevHash included). */
export function auditHash(e: AuditEntry): string {
  const { hash: _hash, ...rest } = e;
  return hasher.init().update(canonical(rest)).digest("hex");
}

export const seqKey = (seq: number) => String(seq).padStart(12, "0");

/**
 * The operator audit log: every operator action writes one entry (who, what, on what, when,
 * before/after) in the same atomic commit as the change it records, so a decision and its entry
 * land together or not at all. Entries are append-only (ids sort by time).
 *
 * The log is hash-chained: the entry takes the next sequence number and the hash of the head
 * (`head`, read by the caller for this commit), and the commit checks the head is unchanged and
 * moves it to this entry. Two commits racing with the same head cannot both land (no fork): the
 * loser's commit fails its check and its caller (every caller loops on a failed commit) reads
 * the head again. Entries written before the chain began have no seq: the chain starts after
 * them (seq 1 follows GENESIS_HASH) and verification covers the chained entries only.
 */
export function auditInto(
  op: Deno.AtomicOperation,
  t: string,
  head: AuditHeadEntry,
  e: Omit<AuditEntry, "id" | "seq" | "prevHash" | "hash">,
): AuditEntry {
  const seq = (head.value?.seq ?? 0) + 1;
  const entry: AuditEntry = {
    // after the head's id: the log's keys sort in the chain's order even when the instance
    // that wrote the head had a clock ahead of this one's (an export by day lists by key)
    id: journalIdAfter(head.value?.id, e.at),
    ...e,
    seq,
    prevHash: head.value?.hash ?? GENESIS_HASH,
  };
  entry.hash = auditHash(entry);
  op.check(head)
    .check({ key: keys.audit(t, entry.id), versionstamp: null })
    .set(keys.audit(t, entry.id), entry)
    .set(keys.auditSeq(t, seqKey(seq)), entry.id)
    .set(keys.auditHead(t), { seq, hash: entry.hash, id: entry.id } satisfies AuditHead);
  return entry;
}

/**
 * The head after `e` within the same commit, for a second entry in it: it checks the same
 * stored version (the commit's state before it) and chains on `e`.
 */
export function headAfter(head: AuditHeadEntry, e: AuditEntry): AuditHeadEntry {
  return { ...head, value: { seq: e.seq!, hash: e.hash!, id: e.id } } as AuditHeadEntry;
}

/**
 * An entry on its own (sign-ins, uploads: nothing else in the commit), retried on a head
 * conflict; `extra` adds the caller's own writes (retried with it).
 */
export async function auditAlone(
  kv: Deno.Kv,
  t: string,
  e: Omit<AuditEntry, "id" | "seq" | "prevHash" | "hash">,
  extra?: (op: Deno.AtomicOperation) => void,
): Promise<AuditEntry> {
  for await (const _attempt of commitAttempts()) {
    const head = await readAuditHead(kv, t);
    const op = kv.atomic();
    extra?.(op);
    const entry = auditInto(op, t, head, e);
    if ((await op.commit()).ok) return entry;
  }
  throw storeBusy();
}

/** Who acts: the operator's username and the request's client address. */
export interface Actor {
  operator: string;
  ip: string | null;
}

/** What an audited write changes: the record's next value and how the log describes it. */
export interface AuditedChange<T, R> {
  value: T;
  /** e.g. `channel.update` */
  action: string;
  /** e.g. `channel:bank-usdt` */
  target: string;
  before: Json;
  after: Json;
  /** what the caller gets back once committed */
  result: R;
}

/**
 * One audited write of one record: read it at `key`, let `change` decide its next value (or
 * throw a DomainError), then commit the value and its audit entry together, checked against the
 * version read. A conflicting write by someone else reads and decides again (bounded: then
 * STORE_BUSY). Every operator write that is not a ledger posting goes through here.
 */
export async function audited<T, R>(
  kv: Deno.Kv,
  t: string,
  by: Actor,
  at: number,
  key: Deno.KvKey,
  change: (current: T | null) => AuditedChange<T, R>,
): Promise<R> {
  for await (const _attempt of commitAttempts()) {
    const [entry, head] = await kv.getMany<[T, AuditHead]>([key, keys.auditHead(t)]);
    const c = change(entry.value);
    const op = kv.atomic().check(entry).set(key, c.value);
    auditInto(op, t, head, {
      at,
      operator: by.operator,
      action: c.action,
      target: c.target,
      before: c.before,
      after: c.after,
      ip: by.ip,
    });
    if ((await op.commit()).ok) return c.result;
  }
  throw storeBusy();
}

/**
 * What the audit log's reader narrows it to: one operator, an action (`refused`, or a family
 * such as `withdrawal` for `withdrawal.pass` and the rest), entries with `from <= at < to` (ms).
 */
export interface AuditFilter {
  operator?: string;
  action?: string;
  from?: number;
  to?: number;
}

/** Entries a filtered page looks at before it answers with what it found (and a cursor). */
export const AUDIT_SCAN = 2_000;

const actionMatches = (action: string, want: string) =>
  action === want || action.startsWith(`${want}.`);

/**
 * The list a page of the log reads (its first batch read with the operator's session:
 * edge/http/operator_auth.ts).
 */
export function auditListRead(t: string, limit: number, f: AuditFilter = {}): ListRead {
  const pad = (ms: number) => String(ms).padStart(15, "0");
  const narrowed = f.operator !== undefined || f.action !== undefined;
  const selector: Deno.KvListSelector = f.from !== undefined || f.to !== undefined
    ? {
      start: [...keys.audits(t), pad(f.from ?? 0)],
      end: [...keys.audits(t), pad(f.to ?? 1e15)],
    }
    : { prefix: keys.audits(t) };
  return {
    selector,
    options: {
      reverse: true,
      limit: narrowed ? AUDIT_SCAN : limit,
      ...narrowed ? { batchSize: 500 } : {},
    },
  };
}

/**
 * Newest first, paged by an opaque cursor; the date range is a key range (ids sort by time),
 * operator and action are matched on the entries read (at most `AUDIT_SCAN` a page: a page may
 * hold fewer than `limit` and still have a cursor).
 */
export async function listAudit(
  kv: Deno.Kv,
  t: string,
  limit: number,
  cursor?: string,
  f: AuditFilter = {},
) {
  const narrowed = f.operator !== undefined || f.action !== undefined;
  const read = auditListRead(t, limit, f);
  const iter = listPage<AuditEntry>(kv, read.selector, { ...read.options, cursor });
  const items: AuditEntry[] = [];
  let scanned = 0;
  for await (const e of iter) {
    scanned++;
    const v = e.value;
    if (f.operator !== undefined && v.operator !== f.operator) continue;
    if (f.action !== undefined && !actionMatches(v.action, f.action)) continue;
    items.push(v);
    if (items.length === limit) break;
  }
  const more = items.length === limit || (narrowed && scanned === AUDIT_SCAN);
  return { items, cursor: more ? iter.cursor : null };
}

/** Where a chain walk stopped: the first entry that does not follow from the one before. */
export interface ChainBreak {
  seq: number;
  /**
   * checkpoint: the entry at a checkpointed seq has another hash; truncated: the chain ends
   * before a checkpointed seq; signature: a stored checkpoint's signature does not verify
   */
  reason:
    | "missing"
    | "seq"
    | "prevHash"
    | "hash"
    | "head"
    | "checkpoint"
    | "truncated"
    | "signature";
  expected: string;
  found: string;
  /** the checkpoint's id (reasons checkpoint, truncated, signature) */
  checkpoint?: string;
}

export interface ChainStatus {
  ok: boolean;
  /** the last seq whose links all verified (0: none) */
  verifiedTo: number;
  head: number;
  broken: ChainBreak | null;
  /** how many signed checkpoints the chain was checked against */
  checkpoints: number;
}

/** The longest chain one verification walks (a longer one reports `ok` up to here, no break). */
export const MAX_VERIFY = 500_000;

/**
 * Walk the chain from seq 1 (`walkChain`), then hold it against the anchors of signed
 * checkpoints (edge/checkpoints): the entry at each checkpointed seq must have the checkpointed
 * hash, and the chain must reach it. That catches what the links alone cannot: an entry edited
 * with every later hash recomputed and the head moved, or the newest entries deleted with the
 * head moved back. Reports the first break by seq (anchors beyond a link break are not judged).
 */
export async function verifyChain(
  kv: Deno.Kv,
  t: string,
  anchors: readonly Anchor[] = [],
  /** how it reads the chain (tests take small waves) */
  wave: ChainWave = CHAIN_WAVE,
): Promise<ChainStatus> {
  const wanted = new Set(anchors.map((a) => a.seq));
  const seen = new Map<number, string>();
  const status = await walkChain(kv, t, (s, h) => wanted.has(s) && seen.set(s, h), wave);
  // after a link break, or past a walk cut at MAX_VERIFY, the chain is not judged further
  const partial = status.broken !== null || status.head > status.verifiedTo;
  const judged = partial ? anchors.filter((a) => a.seq <= status.verifiedTo) : anchors;
  const b = checkAnchors(judged, status.verifiedTo, (seq) => seen.get(seq));
  const checked = { ...status, checkpoints: new Set(anchors.map((a) => a.id)).size };
  return b ? { ...checked, ok: false, verifiedTo: b.seq - 1, broken: b } : checked;
}

/**
 * How a verification reads the chain: `size` entries at once (one round trip: the index and
 * the records), the index in lists of `range` entries (in flight together, each one batch).
 */
export interface ChainWave {
  size: number;
  range: number;
}

const CHAIN_WAVE: ChainWave = { size: 5_000, range: 500 };

/** An index entry of the chain and the entry it names (null: absent). */
interface WaveEntry {
  seq: number;
  id: string;
  entry: AuditEntry | null;
}

/** The index lists of the wave from seq `from`, one batch each (in flight together). */
function waveRanges(t: string, from: number, w = CHAIN_WAVE): ListRead[] {
  const out: ListRead[] = [];
  for (let s = from; s < from + w.size; s += w.range) {
    out.push({
      selector: {
        start: keys.auditSeq(t, seqKey(s)),
        end: keys.auditSeq(t, seqKey(s + w.range)),
      },
      // one more than a range holds: a full range is still one batch
      options: { batchSize: w.range + 1 },
    });
  }
  return out;
}

/** The index entries of these lists, in seq order (`eventual`: as a nearby replica has them). */
async function readIndex(kv: Deno.Kv, ranges: ListRead[], consistency?: Deno.KvConsistencyLevel) {
  const lists = await Promise.all(ranges.map(async (r) => {
    const out: { seq: number; id: string }[] = [];
    for await (const e of kv.list<string>(r.selector, { ...r.options, consistency })) {
      out.push({ seq: Number(e.key.at(-1)), id: e.value });
    }
    return out;
  }));
  return lists.flat();
}

/**
 * What a verification of the chain's first wave reads strongly (read with the operator's
 * session, edge/http/operator_auth.ts): the head, the index lists and the entries the replica's
 * copy of the index names.
 */
export async function chainReads(kv: Deno.Kv, t: string): Promise<PrivateRead[]> {
  const ranges = waveRanges(t, 1);
  const guess = await readIndex(kv, ranges, "eventual");
  return [
    { key: keys.auditHead(t) },
    ...ranges,
    ...guess.map((g) => ({ key: keys.audit(t, g.id) })),
  ];
}

/**
 * One wave of the chain from seq `from`, strongly read in one round trip: the index as a nearby
 * replica has it names the entries (a free read), read together with the index itself; the
 * index decides, and an entry the replica did not name yet (written a moment ago) is read then.
 */
async function readWave(kv: Deno.Kv, t: string, from: number, w: ChainWave): Promise<WaveEntry[]> {
  const ranges = waveRanges(t, from, w);
  const guess = await readIndex(kv, ranges, "eventual");
  const [index, entries] = await Promise.all([
    readIndex(kv, ranges),
    getAll<AuditEntry>(kv, guess.map((g) => keys.audit(t, g.id))),
  ]);
  const read = new Map(guess.map((g, i) => [g.id, entries[i] ?? null]));
  const late = index.filter((x) => !read.has(x.id));
  const more = await getAll<AuditEntry>(kv, late.map((x) => keys.audit(t, x.id)));
  late.forEach((x, i) => read.set(x.id, more[i] ?? null));
  return index.map((x) => ({ ...x, entry: read.get(x.id) ?? null }));
}

/**
 * Walk the chain from seq 1: each entry must be present, carry its seq, the previous entry's
 * hash, and its own hash recomputed; the head must name the last entry. Reports the first break;
 * `onEntry` sees each verified entry's seq and hash.
 */
async function walkChain(
  kv: Deno.Kv,
  t: string,
  onEntry: (seq: number, hash: string) => unknown,
  w: ChainWave,
): Promise<Omit<ChainStatus, "checkpoints">> {
  const [headEntry, first] = await Promise.all([readAuditHead(kv, t), readWave(kv, t, 1, w)]);
  const head = headEntry.value;
  let prev = GENESIS_HASH;
  let expectSeq = 1;
  const broken = (b: ChainBreak): Omit<ChainStatus, "checkpoints"> => ({
    ok: false,
    verifiedTo: b.seq - 1,
    head: head?.seq ?? 0,
    broken: b,
  });
  let truncated = false;
  const check = (batch: WaveEntry[]): Omit<ChainStatus, "checkpoints"> | null => {
    for (const b of batch) {
      const e = b.entry;
      if (b.seq !== expectSeq) {
        return broken({
          seq: expectSeq,
          reason: "missing",
          expected: String(expectSeq),
          found: String(b.seq),
        });
      }
      if (!e) return broken({ seq: b.seq, reason: "missing", expected: b.id, found: "" });
      if (e.seq !== b.seq) {
        return broken({ seq: b.seq, reason: "seq", expected: String(b.seq), found: String(e.seq) });
      }
      if (e.prevHash !== prev) {
        return broken({
          seq: b.seq,
          reason: "prevHash",
          expected: prev,
          found: String(e.prevHash),
        });
      }
      const h = auditHash(e);
      if (h !== e.hash) {
        return broken({ seq: b.seq, reason: "hash", expected: h, found: String(e.hash) });
      }
      onEntry(b.seq, h);
      prev = h;
      expectSeq++;
    }
    return null;
  };
  for (let from = 1, wave = first;; from += w.size) {
    const r = check(wave);
    if (r) return r;
    // a short wave is the chain's end, unless the head says there is more (a gap)
    if (wave.length < w.size && (head?.seq ?? 0) < from + w.size) break;
    if (from + w.size > MAX_VERIFY) {
      truncated = true;
      break;
    }
    wave = await readWave(kv, t, from + w.size, w);
  }
  const last = expectSeq - 1;
  if (!truncated && ((head?.seq ?? 0) !== last || (head && head.hash !== prev))) {
    return broken({
      seq: last + 1,
      reason: "head",
      expected: `${last}:${prev}`,
      found: head ? `${head.seq}:${head.hash}` : "",
    });
  }
  return { ok: true, verifiedTo: last, head: head?.seq ?? 0, broken: null };
}

/** The most entries one export returns. */
export const MAX_EXPORT = 50_000;

/** What an export reads (its first batch with the operator's session). */
export function exportRead(t: string, from: number, to: number): ListRead {
  const pad = (ms: number) => String(ms).padStart(15, "0");
  return {
    selector: { start: [...keys.audits(t), pad(from)], end: [...keys.audits(t), pad(to)] },
    options: { batchSize: 500 },
  };
}

/**
 * The entries filed in `[from, to)` (ms), in the chain's order, at most MAX_EXPORT (`truncated`
 * then). An entry is filed by its id's time: its `at`, unless the instance that wrote it had a
 * clock behind the entry before it (its id then follows that entry's, `auditInto`). So the
 * exports of consecutive ranges are consecutive stretches of the chain, each entry in one of
 * them, and an export verifies on its own (`verifyEntries`).
 */
export async function exportAudit(kv: Deno.Kv, t: string, from: number, to: number) {
  const items: AuditEntry[] = [];
  let truncated = false;
  const read = exportRead(t, from, to);
  for await (const e of kv.list<AuditEntry>(read.selector, read.options)) {
    if (items.length === MAX_EXPORT) {
      truncated = true;
      break;
    }
    items.push(e.value);
  }
  return { items, truncated };
}

const CSV_COLUMNS = [
  "seq",
  "id",
  "at",
  "operator",
  "action",
  "target",
  "ip",
  "before",
  "after",
  "prevHash",
  "hash",
] as const;

/** One CSV field: quoted when needed; a leading formula character is neutralized. */
export function csvField(v: unknown): string {
  let s = v === null || v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function auditCsv(items: AuditEntry[]): string {
  const rows = [CSV_COLUMNS.join(",")];
  for (const e of items) {
    rows.push(
      CSV_COLUMNS.map((c) => csvField(c === "at" ? new Date(e.at).toISOString() : e[c] ?? null))
        .join(","),
    );
  }
  return rows.join("\r\n") + "\r\n";
}

export function auditJsonl(items: AuditEntry[]): string {
  return items.map((e) => JSON.stringify(e)).join("\n") + (items.length ? "\n" : "");
}

/**
 * An export's entries (oldest first, e.g. `auditJsonl` read back) checked on their own: each
 * chained entry's hash recomputed and linked to the one before; anchors of signed checkpoints
 * inside the export's range must match, and the export must reach every later one (export up to
 * today to judge truncation). Entries before the chain (no seq) are skipped. The first break.
 */
export function verifyEntries(
  entries: readonly AuditEntry[],
  anchors: readonly Anchor[] = [],
): { first: number; last: number; broken: ChainBreak | null } {
  const chained = entries.filter((e) => e.seq !== undefined);
  const first = chained[0]?.seq ?? 0;
  let last = first ? first - 1 : 0, prev: string | null = null;
  const hashes = new Map<number, string>();
  const result = (broken: ChainBreak | null) => ({ first, last, broken });
  for (const e of chained) {
    if (e.seq !== last + 1) {
      return result({
        seq: last + 1,
        reason: "missing",
        expected: String(last + 1),
        found: String(e.seq),
      });
    }
    if (prev !== null && e.prevHash !== prev) {
      return result({ seq: e.seq, reason: "prevHash", expected: prev, found: String(e.prevHash) });
    }
    const h = auditHash(e);
    if (h !== e.hash) {
      return result({ seq: e.seq, reason: "hash", expected: h, found: String(e.hash) });
    }
    hashes.set(e.seq, h);
    prev = h;
    last = e.seq;
  }
  // anchors before the export are outside what it can show
  const b = checkAnchors(anchors.filter((a) => a.seq >= first), last, (seq) => hashes.get(seq));
  return result(b);
}
