/**
 * The professional-client flag's approval (four-eyes kind `customer.professional`, issue 30): the
 * customer's user record gets the flag (or loses it) in the approval's commit, with the
 * proposal's decision and two audit entries (the approval, then the customer's change). The
 * session carries the user record, so the customer's screens and orders follow at once.
 */
import { keys as accountKeys, type UserRecord } from "../customers/store.ts";
import { auditInto, headAfter } from "../audit/audit.ts";
import { DomainError } from "../platform/errors.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import type { Actor } from "../audit/audit.ts";
import { type AuditHead, keys as opKeys } from "./store.ts";

/** What this step needs of a proposal (proposals.ts owns the record). */
interface ProposalLike {
  id: string;
  proposer: string;
  payload: { [k: string]: unknown };
}

type AuditEntry = ReturnType<typeof auditInto>;

export async function approveProfessional<Proposal extends ProposalLike>(
  kv: Deno.Kv,
  t: string,
  id: string,
  decidable: (p: Proposal | null) => Promise<Proposal>,
  decide: (
    op: Deno.AtomicOperation,
    head: Deno.KvEntryMaybe<AuditHead>,
    p: Proposal,
    at: number,
  ) => AuditEntry,
  by: Actor,
  now: () => number,
) {
  for await (const _attempt of commitAttempts()) {
    const [entry, head] = await kv.getMany<[Proposal, AuditHead]>([
      [t, "operators", "proposal", id],
      opKeys.auditHead(t),
    ]);
    const p = await decidable(entry.value);
    const userId = String(p.payload.userId);
    const usr = await kv.get<UserRecord>(accountKeys.user(t, userId));
    if (!usr.value) throw new DomainError("NOT_FOUND");
    const professional = p.payload.professional === true;
    if (!!usr.value.professional === professional) throw new DomainError("PROPOSAL_STALE");
    const at = now();
    const next: UserRecord = {
      ...usr.value,
      professional: professional ? { at, proposal: p.id, by: by.operator } : null,
    };
    const op = kv.atomic().check(entry).check(usr).set(usr.key, next);
    const e = decide(op, head, p, at);
    auditInto(op, t, headAfter(head, e), {
      at,
      operator: by.operator,
      action: "customer.professional",
      target: `customer:${userId}`,
      before: { professional: !!usr.value.professional },
      after: { professional, proposal: p.id, proposer: p.proposer },
      ip: by.ip,
    });
    if ((await op.commit()).ok) return;
  }
  throw storeBusy();
}
