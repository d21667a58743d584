/**
 * An operator's decision on a customer's funds request (a recharge, a withdrawal), written in
 * the commit that makes it: the record after it, its move between the status indexes, the audit
 * entry (before/after) and the customer's message. One helper, so every queue writes the same
 * four things together or not at all; `decisionOf` builds it the same way for every kind of
 * request from the record before and after.
 */
import { messageInto } from "../messages/store.ts";
import { type AuditHeadEntry, auditInto } from "../audit/audit.ts";
import type { Json } from "../../contract/operators.ts";

export interface Decision<S extends string> {
  at: number;
  operator: string;
  ip: string | null;
  /** audit action, e.g. `withdrawal.complete` */
  action: string;
  /** audit target, e.g. `withdrawal:<id>` */
  target: string;
  record: { key: Deno.KvKey; before: Json; after: Json; value: unknown };
  /** the audit chain's head, read for this commit */
  head: AuditHeadEntry;
  /** the status index: the record leaves `from` for `to` (nothing when they are equal) */
  status: { from: S; to: S; key: (s: S) => Deno.KvKey };
  customer: string;
  message: { kind: string; params: Record<string, string> };
}

export function decisionInto<S extends string>(
  op: Deno.AtomicOperation,
  t: string,
  d: Decision<S>,
): void {
  op.set(d.record.key, d.record.value);
  if (d.status.from !== d.status.to) {
    op.delete(d.status.key(d.status.from)).set(d.status.key(d.status.to), true);
  }
  auditInto(op, t, d.head, {
    at: d.at,
    operator: d.operator,
    action: d.action,
    target: d.target,
    before: d.record.before,
    after: d.record.after,
    ip: d.ip,
  });
  messageInto(op, t, d.customer, { at: d.at, ...d.message });
}

/** How a kind of request is keyed and shown to the audit trail (`recharge`, `withdrawal`). */
export interface DecisionSubject<S extends string, R extends { id: string; status: S }> {
  /** the audit action's and target's prefix */
  name: string;
  key: (t: string, id: string) => Deno.KvKey;
  byStatus: (t: string, s: S, id: string) => Deno.KvKey;
  json: (r: R) => unknown;
}

/** The decision that moves a request from `before` to `next` (audit action `<name>.<action>`). */
export function decisionOf<S extends string, R extends { id: string; userId: string; status: S }>(
  subject: DecisionSubject<S, R>,
  t: string,
  step: Pick<Decision<S>, "at" | "head" | "message"> & { before: R; next: R; action: string },
  o: { operator: string; ip: string | null },
): Decision<S> {
  const { before, next } = step;
  return {
    at: step.at,
    operator: o.operator,
    ip: o.ip,
    action: `${subject.name}.${step.action}`,
    target: `${subject.name}:${next.id}`,
    record: {
      key: subject.key(t, next.id),
      value: next,
      before: subject.json(before) as Json,
      after: subject.json(next) as Json,
    },
    status: { from: before.status, to: next.status, key: (s) => subject.byStatus(t, s, next.id) },
    customer: next.userId,
    head: step.head,
    message: step.message,
  };
}
