/**
 * A review queue as a team works it (issue 31): its list narrowed by currency, amount range, the
 * least time waited and the customer (a user id or a phone, found as the customers section finds
 * them), sorted by a column; the same view as CSV; and the bulk pass.
 *
 * The unfiltered list, oldest first, is the queue's own page by the status index (any size, a
 * KV cursor). A filtered or re-sorted view reads the first SCAN records of the status (oldest
 * first: the index is in time order; records read in batches in flight together, never one
 * read per record), keeps the matches, sorts them and pages by offset: the waiting work of a
 * queue is counted to 999 anyway, and a view past SCAN says so (`truncated`).
 */
import type { QueueFilter } from "../../contract/queues.ts";
import type { BulkPassReply } from "../../contract/queues.ts";
import { formatDecimal, parseDecimal } from "../../core-wasm/mod.ts";
import { type Actor, auditAlone, auditHeadRead, csvField } from "../audit/audit.ts";
import { DomainError } from "../platform/errors.ts";
import type { PrivateRead } from "../platform/kv_round_trips.ts";
import type { Tenant } from "../platform/tenants.ts";
import type { Customers } from "./customers.ts";
import type { Decision, QueueName, QueueServices, ReviewQueue } from "./queues.ts";

/** A filtered view looks at most at this many records of a status (oldest first). */
export const SCAN = 1000;

/** What every queue's record has, and what the money queues add. */
type Row = {
  id: string;
  status: string;
  userId: string;
  createdAt: number;
  actions: string[];
  currency?: string;
  amount?: string;
};

type Deps = QueueServices & { customers: Customers };

/** Oldest first and nothing narrowed: the queue's own page. */
export const isPlainView = (f: QueueFilter) =>
  !f.currency && !f.min && !f.max && !f.age && !f.customer && f.sort === "time" &&
  f.dir === "asc";

/** The customers a search names: the user id itself, and whoever the customers search finds. */
async function customersMatching(d: Deps, t: string, q: string): Promise<Set<string>> {
  const found = await d.customers.search(t, q);
  return new Set([q, ...found.items.map((h) => h.userId)]);
}

const amountOf = (r: Row) => r.amount ? parseDecimal(r.amount) : 0n;

const ORDER: Record<QueueFilter["sort"], (a: Row, b: Row) => number> = {
  time: (a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1),
  amount: (a, b) => {
    const d = amountOf(a) - amountOf(b);
    return d < 0n ? -1 : d > 0n ? 1 : ORDER.time(a, b);
  },
  // user ids are numbers of growing length: shorter first, then as text
  customer: (a, b) =>
    a.userId.length - b.userId.length || a.userId.localeCompare(b.userId) || ORDER.time(a, b),
};

/** Every record of the view (at most SCAN looked at), sorted; `truncated` when SCAN was hit. */
export async function matching<I extends Row = Row>(
  q: ReviewQueue,
  d: Deps,
  t: string,
  status: string,
  f: QueueFilter,
): Promise<{ items: I[]; truncated: boolean }> {
  const users = f.customer ? await customersMatching(d, t, f.customer) : null;
  const page = await q.list(d, t, status, SCAN) as { items: I[]; cursor: string | null };
  const now = d.now();
  const min = f.min ? parseDecimal(f.min) : null;
  const max = f.max ? parseDecimal(f.max) : null;
  const kept = page.items.filter((r) =>
    (!f.currency || r.currency === f.currency) &&
    (min === null || amountOf(r) >= min) &&
    (max === null || amountOf(r) <= max) &&
    (!f.age || now - r.createdAt >= f.age * 60_000) &&
    (!users || users.has(r.userId))
  );
  const order = ORDER[f.sort];
  kept.sort(f.dir === "asc" ? order : (a, b) => order(b, a));
  return { items: kept, truncated: page.cursor !== null };
}

/**
 * What a view reads, to start with the operator's session (edge/http/operator_auth.ts
 * `ConsoleReads`; the same selectors and options as `queueView` / `matching`): the status's first
 * page when plain (a later page, by a cursor, reads its own), else the records a filtered view
 * looks at; the record `id` names (`q.get`); for an export (`exportView`), the audit chain's head
 * its entry commits on.
 */
export function queueReads(
  q: ReviewQueue,
  t: string,
  status: string,
  f: QueueFilter,
  o: { limit: number; cursor?: string; id?: string | null; exporting?: boolean },
): PrivateRead[] {
  const plain = isPlainView(f) && !o.exporting;
  const list = plain && o.cursor ? [] : [q.listRead(t, status, plain ? o.limit : SCAN)];
  return [
    ...list,
    ...o.id ? [{ key: q.recordKey(t, o.id) }] : [],
    ...o.exporting ? [auditHeadRead(t)] : [],
  ];
}

/** One page of a view: the queue's own page when plain, else an offset into the matches. */
export async function queueView<I extends Row = Row>(
  q: ReviewQueue,
  d: Deps,
  t: string,
  status: string,
  f: QueueFilter,
  limit: number,
  cursor?: string,
): Promise<{ items: I[]; cursor: string | null; truncated: boolean }> {
  if (isPlainView(f)) {
    const page = await q.list(d, t, status, limit, cursor) as { items: I[]; cursor: string | null };
    return { ...page, truncated: false };
  }
  if (cursor !== undefined && !/^\d{1,4}$/.test(cursor)) {
    throw new DomainError("VALIDATION", {}, { cursor: "invalid" });
  }
  const from = Number(cursor ?? 0);
  const all = await matching<I>(q, d, t, status, f);
  const next = from + limit < all.items.length ? String(from + limit) : null;
  return { items: all.items.slice(from, from + limit), cursor: next, truncated: all.truncated };
}

/** The filters given (the audit entry's JSON has no undefined). */
const defined = (f: QueueFilter) =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | number
  >;

const iso = (ms: unknown) => typeof ms === "number" ? new Date(ms).toISOString() : null;
type Column = [string, (r: Record<string, unknown>) => unknown];
const at = (path: string) => (r: Record<string, unknown>) =>
  path.split(".").reduce<unknown>((v, k) => (v as Record<string, unknown> | null)?.[k], r);

/** The columns of each queue's CSV after id, time, status, customer (amounts as exact decimals). */
const CSV_COLUMNS: Record<QueueName, Column[]> = {
  recharges: [
    ["currency", at("currency")],
    ["amount", at("amount")],
    ["channel", at("channelName")],
    ["remitterName", at("remitterName")],
    ["remitterAccount", at("remitterAccount")],
  ],
  withdrawals: [
    ["currency", at("currency")],
    ["amount", at("amount")],
    ["fee", at("fee")],
    ["net", at("net")],
    ["payTo", at("method.label")],
    ["methodKind", at("method.kind")],
    // what the payout was sent under (a transaction hash or bank reference), once marked paid
    ["reference", at("reference")],
  ],
  certifications: [
    ["level", at("level")],
    ["name", at("junior.name")],
    ["docType", at("junior.docType")],
    ["country", at("junior.country")],
  ],
};

/**
 * A view as CSV: a header row, one row per record, every cell through `csvField` (quoted when
 * needed; a cell starting with = + - @ is prefixed so a spreadsheet never runs it).
 */
export function queueCsv(name: QueueName, items: readonly Row[]): string {
  const columns: Column[] = [
    ["id", at("id")],
    ["createdAt", (r) => iso(r.createdAt)],
    ["status", at("status")],
    ["customer", at("userId")],
    ...CSV_COLUMNS[name],
    ["reason", at("reason")],
    ["decidedAt", (r) => iso(r.decidedAt ?? null)],
    ["decidedBy", at("decidedBy")],
  ];
  const rows = [columns.map(([h]) => csvField(h)).join(",")];
  for (const r of items as unknown as Record<string, unknown>[]) {
    rows.push(columns.map(([, get]) => csvField(get(r) ?? null)).join(","));
  }
  return rows.join("\r\n") + "\r\n";
}

/**
 * The whole view (at most SCAN records looked at) as CSV, audited as an export (`queue.export`:
 * the queue, the status, the filters and how many rows left).
 */
export async function exportView(
  q: ReviewQueue,
  d: Deps & { kv: Deno.Kv },
  t: string,
  status: string,
  f: QueueFilter,
  by: Actor,
) {
  const { items, truncated } = await matching(q, d, t, status, f);
  await auditAlone(d.kv, t, {
    at: d.now(),
    operator: by.operator,
    action: "queue.export",
    target: `queue:${q.name}`,
    before: null,
    after: { status, ...defined(f), rows: items.length, truncated },
    ip: by.ip,
  });
  return { csv: queueCsv(q.name, items), truncated };
}

/**
 * Whether a record may be passed in bulk under the tenant's setting (null: bulk pass is off for
 * this queue). Recharges up to the amount set for their currency; verifications of the levels
 * set; withdrawals never (their pass has its own four-eyes rule).
 */
export function bulkRule(
  name: QueueName,
  s: Tenant["bulkPass"],
): ((r: Row & { level?: string }) => boolean) | null {
  if (name === "recharges") {
    const limits = Object.entries(s.recharges).filter(([, v]) => v && parseDecimal(v) > 0n);
    if (!limits.length) return null;
    const up = new Map(limits.map(([c, v]) => [c, parseDecimal(v!)]));
    return (r) => up.has(r.currency ?? "") && amountOf(r) <= up.get(r.currency!)!;
  }
  if (name === "certifications" && s.certifications.length) {
    return (r) => (s.certifications as string[]).includes(r.level ?? "");
  }
  return null;
}

/** The bulk-pass limits as shown: per currency, exact decimals. */
export const bulkLimits = (s: Tenant["bulkPass"]) =>
  Object.entries(s.recharges).map(([c, v]) => `${formatDecimal(parseDecimal(v!))} ${c}`);

/**
 * Pass several records, each on its own: read, checked against the rule (over the amount or of
 * a level not set: BULK_PASS_OVER, left as it is), then decided as a single pass is (its own
 * commit and audit entry). A record someone decided first keeps its error (ALREADY_DECIDED).
 */
export async function bulkPass(
  q: ReviewQueue,
  d: QueueServices,
  tenant: Tenant,
  ids: readonly string[],
  by: Decision,
): Promise<BulkPassReply> {
  const rule = bulkRule(q.name, tenant.bulkPass);
  if (!rule) throw new DomainError("BULK_PASS_OFF");
  const items: BulkPassReply["items"] = [];
  for (const id of new Set(ids)) {
    const r = await q.get(d, tenant.id, id) as Row | null;
    const refused = !r
      ? "NOT_FOUND"
      : !r.actions.includes("pass")
      ? "ALREADY_DECIDED"
      : !rule(r)
      ? "BULK_PASS_OVER"
      : null;
    if (refused) {
      items.push({ id, ok: false, error: refused });
      continue;
    }
    try {
      await q.decide(d, tenant.id, id, "pass", by);
      items.push({ id, ok: true });
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      items.push({ id, ok: false, error: e.error });
    }
  }
  return { items, passed: items.filter((i) => i.ok).length };
}
