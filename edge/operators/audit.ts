import { journalId } from "../ledger/service.ts";
import { type AuditEntry, keys } from "./store.ts";
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
