/**
 * The audit log's filter as the log's keys take it, and what a first page of the log reads, so
 * that the console reads it with the operator's session (edge/http/operator_auth.ts
 * `ConsoleReads`: one round trip far from the store).
 */
import { auditListRead } from "../audit/audit.ts";
import type { ListRead } from "../platform/kv_round_trips.ts";
import { dayStart } from "./reports.ts";

/** The audit log's filter as a reader gives it: an operator, an action, UTC days (inclusive). */
export interface AuditQuery {
  operator?: string;
  action?: string;
  from?: string;
  to?: string;
}

/** The reader's filter as the log's keys and entries take it. */
export function auditFilter(q: AuditQuery) {
  return {
    operator: q.operator || undefined,
    action: q.action || undefined,
    from: q.from ? dayStart(q.from) ?? undefined : undefined,
    to: q.to ? (dayStart(q.to) ?? 0) + 86_400_000 : undefined,
  };
}

/** A first page of the audit log (`OperatorsService.auditLog`). */
export function auditLogRead(t: string, limit: number, q: AuditQuery = {}): ListRead {
  return auditListRead(t, limit, auditFilter(q));
}
