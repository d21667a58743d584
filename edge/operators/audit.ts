import { journalId } from "../ledger/service.ts";
import { commitAttempts, storeBusy } from "../platform/kvstore.ts";
import { type AuditEntry, type Json, keys } from "./store.ts";
import { listPage } from "../platform/kvpage.ts";

/**
 * The operator audit log: every operator action writes one entry (who, what, on what, when,
 * before/after) in the same atomic commit as the change it records, so a decision and its entry
 * land together or not at all. Entries are append-only (ids sort by time).
 */
export function auditInto(
  op: Deno.AtomicOperation,
  t: string,
  e: Omit<AuditEntry, "id">,
): AuditEntry {
  const entry: AuditEntry = { id: journalId(e.at), ...e };
  op.check({ key: keys.audit(t, entry.id), versionstamp: null }).set(
    keys.audit(t, entry.id),
    entry,
  );
  return entry;
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
    const entry = await kv.get<T>(key);
    const c = change(entry.value);
    const op = kv.atomic().check(entry).set(key, c.value);
    auditInto(op, t, {
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

/** Newest first, paged by an opaque cursor. */
export async function listAudit(kv: Deno.Kv, t: string, limit: number, cursor?: string) {
  const iter = listPage<AuditEntry>(kv, { prefix: keys.audits(t) }, {
    reverse: true,
    limit,
    cursor,
  });
  const items: AuditEntry[] = [];
  for await (const e of iter) items.push(e.value);
  return { items, cursor: items.length === limit ? iter.cursor : null };
}
