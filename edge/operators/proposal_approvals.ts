/**
 * Deciding a four-eyes proposal (edge/operators/proposals.ts): the checks every approval passes
 * (separation of duties, pending, not expired, the payload as hashed) and, per kind, the change
 * made in the approving commit (a journal, product terms, a withdrawal's pass, a four-eyes
 * threshold, an operator account, a customer's erasure or professional flag). Apart from
 * proposing, listing and closing because each kind's commit is a step of its own.
 */
import { parseDecimal } from "../../core-wasm/mod.ts";
import { getUser } from "../customers/store.ts";
import { type Currency, house, user } from "../ledger/accounts.ts";
import type { Ledger } from "../ledger/service.ts";
import { DomainError } from "../platform/errors.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import {
  defaultTerms,
  type ProductTerms,
  SECTION_SCHEMAS,
  type TermSection,
  termsKey,
  type TermsRecord,
} from "../trading/terms.ts";
import type { Withdrawal, Withdrawals } from "../funds/withdraw.ts";
import { settingsKeys, withdrawKeys } from "../funds/store.ts";
import { leaves } from "../funds/review_actions.ts";
import {
  DEFAULT_WITHDRAW_SETTINGS,
  fourEyesFrom,
  type WithdrawSettings,
  withdrawSettingsJson,
} from "../funds/settings.ts";
import type { Wealth } from "../wealth/service.ts";
import { type Erasure, pseudonymOf } from "../privacy/erasure.ts";
import { wealthKeys } from "../wealth/store.ts";
import type { SmsSender } from "../customers/sender.ts";
import {
  isAdmin,
  newInvitation,
  newOperator,
  type OperatorAccounts,
  operatorAudit,
  related,
  sendInvitation,
  sortRoles,
} from "./staff.ts";
import { type Actor, auditInto, canonical, headAfter, readAuditHead } from "../audit/audit.ts";
import { endSessionsInto, sessionsOf } from "./sessions.ts";
import type { AuditHead, Json, OperatorProvenance, OperatorRecord, OperatorRole } from "./store.ts";
import { keys as opKeys } from "./store.ts";
import { approveProfessional } from "./professional.ts";
import {
  AdjustPayload,
  hashOf,
  isOperatorKind,
  legacyHashOf,
  may,
  type OperatorKind,
  type Proposal,
  PROPOSAL_ROLES,
  type ProposalActor,
  proposalJson,
  proposalKeys,
  wealthProductJson,
} from "./proposal_kinds.ts";

/** The services a proposal's change reaches into. */
export interface ProposalDeps {
  terms: ProductTerms;
  wealth: Wealth;
  withdrawals: Withdrawals;
  sender: SmsSender;
  operatorAccounts: OperatorAccounts;
  erasure: Erasure;
}

export class ProposalApprovals {
  constructor(
    private kv: Deno.Kv,
    private ledger: Ledger,
    private now: () => number,
    private d: ProposalDeps,
  ) {}

  /** Approve: a different operator with the role, the payload as hashed, the change in the same commit. */
  async approve(t: string, by: ProposalActor, id: string) {
    const first = (await this.kv.get<Proposal>(proposalKeys.proposal(t, id))).value;
    if (!first) throw new DomainError("NOT_FOUND");
    const kind = first.kind ?? "wealth.reserve";
    if (!may(by, PROPOSAL_ROLES[kind].decide)) throw new DomainError("FORBIDDEN");
    if (kind === "wealth.reserve" || kind === "balance.adjust") {
      await this.approveJournal(t, by, id);
    } else if (kind === "withdrawal.pass") {
      await this.approveWithdrawal(t, by, id);
    } else if (kind === "withdraw.fourEyes") {
      await this.approveFourEyes(t, by, id);
    } else if (isOperatorKind(kind)) {
      await this.approveOperator(t, by, id);
    } else if (kind === "customer.erase") {
      await this.approveErasure(t, by, id);
    } else if (kind === "customer.professional") {
      await approveProfessional<Proposal>(
        this.kv,
        t,
        id,
        (p) => this.decidable(t, p, by),
        (op, head, p, at) => {
          const next = this.approved(p, by, at, null);
          op.set(proposalKeys.proposal(t, id), next);
          return this.auditApproval(op, t, head, by, p, next, at);
        },
        by,
        this.now,
      );
    } else {
      await this.approveProducts(t, by, id);
    }
    const p = (await this.kv.get<Proposal>(proposalKeys.proposal(t, id))).value!;
    return proposalJson(p, this.now());
  }

  private approved(p: Proposal, by: Actor, at: number, journal: string | null): Proposal {
    return { ...p, status: "approved", decidedBy: by.operator, decidedAt: at, journalId: journal };
  }

  private auditApproval(
    op: Deno.AtomicOperation,
    t: string,
    head: Deno.KvEntryMaybe<AuditHead>,
    by: Actor,
    p: Proposal,
    next: Proposal,
    at: number,
  ) {
    return auditInto(op, t, head, {
      at,
      operator: by.operator,
      action: "proposal.approve",
      target: `proposal:${p.id}`,
      before: p as unknown as Json,
      after: next as unknown as Json,
      ip: by.ip,
    });
  }

  /** Money kinds: one journal, keyed by the proposal (a second approval finds it decided). */
  private async approveJournal(t: string, by: ProposalActor, id: string) {
    await this.ledger.post(
      t,
      { key: `op:proposal:${id}`, request: { id, operator: by.operator } },
      async () => {
        const entry = await this.kv.get<Proposal>(proposalKeys.proposal(t, id));
        const p = await this.decidable(t, entry.value, by);
        const head = await readAuditHead(this.kv, t);
        const at = this.now();
        let postings;
        if (p.kind === "balance.adjust") {
          const a = AdjustPayload.parse(p.payload);
          const amount = a.amount.startsWith("-")
            ? -parseDecimal(a.amount.slice(1))
            : parseDecimal(a.amount);
          // a credit comes from the adjustments account, a debit goes back to it; a debit
          // beyond the available balance is refused by the ledger (INSUFFICIENT_BALANCE)
          postings = [
            { account: house("adjustments", a.currency), available: -amount },
            { account: user(a.userId, a.wallet, a.currency), available: amount },
          ];
        } else {
          const amount = parseDecimal(String(p.payload.amount));
          postings = [
            { account: house("external", "USDT"), available: -amount },
            { account: house("yield", "USDT"), available: amount },
          ];
        }
        return {
          type: p.kind === "balance.adjust" ? "adjustment" : "wealth",
          ref: `proposal:${id}`,
          postings,
          checks: [entry],
          write: (op, journal) => {
            const next = this.approved(p, by, at, journal.id);
            op.set(entry.key, next);
            this.auditApproval(op, t, head, by, p, next, at);
          },
          result: () => id,
        };
      },
    ).catch((e) => {
      // another operator's decision used this proposal's key first
      if (e instanceof DomainError && e.error === "IDEMPOTENCY_CONFLICT") {
        throw new DomainError("ALREADY_DECIDED");
      }
      throw e;
    });
  }

  /** Product terms and wealth products: the whole new record, if the section is as proposed. */
  private async approveProducts(t: string, by: ProposalActor, id: string) {
    for await (const _attempt of commitAttempts()) {
      const [entry, head] = await this.kv.getMany<[Proposal, AuditHead]>([
        proposalKeys.proposal(t, id),
        opKeys.auditHead(t),
      ]);
      const p = await this.decidable(t, entry.value, by);
      const at = this.now();
      const op = this.kv.atomic().check(entry);
      if (p.kind === "products.wealth") {
        const cur = await this.kv.get<ReturnType<Wealth["validateProducts"]>>(
          wealthKeys.products(t),
        );
        const now = cur.value ?? await this.d.wealth.products(t);
        if (canonical(now.map(wealthProductJson)) !== canonical(p.payload.before)) {
          throw new DomainError("PROPOSAL_STALE");
        }
        const items = p.payload.after as unknown as ReturnType<typeof wealthProductJson>[];
        op.check(cur).set(wealthKeys.products(t), this.d.wealth.validateProducts(items));
      } else {
        const section = String(p.payload.section) as TermSection;
        const cur = await this.kv.get<TermsRecord>(termsKey(t));
        const record = cur.value ?? defaultTerms();
        if (canonical(record[section]) !== canonical(p.payload.before)) {
          throw new DomainError("PROPOSAL_STALE");
        }
        // validated again (the rules may have tightened since it was proposed)
        const parsed = SECTION_SCHEMAS[section].safeParse(p.payload.after);
        if (!parsed.success) throw new DomainError("VALIDATION", {}, { items: "invalid" });
        const next: TermsRecord = {
          ...record,
          [section]: parsed.data,
          version: record.version + 1,
          updatedAt: at,
          proposal: id,
        };
        op.check(cur).set(termsKey(t), next);
      }
      const next = this.approved(p, by, at, null);
      op.set(entry.key, next);
      this.auditApproval(op, t, head, by, p, next, at);
      if ((await op.commit()).ok) return;
    }
    throw storeBusy();
  }

  /** A raised four-eyes threshold, if it is still what the proposal found. */
  private async approveFourEyes(t: string, by: ProposalActor, id: string) {
    for await (const _attempt of commitAttempts()) {
      const [entry, head, sEntry] = await this.kv.getMany<[Proposal, AuditHead, WithdrawSettings]>([
        proposalKeys.proposal(t, id),
        opKeys.auditHead(t),
        settingsKeys.withdraw(t),
      ]);
      const p = await this.decidable(t, entry.value, by);
      const c = String(p.payload.currency) as Currency;
      const current = sEntry.value ?? DEFAULT_WITHDRAW_SETTINGS;
      if (fourEyesFrom(current, c) !== parseDecimal(String(p.payload.from))) {
        throw new DomainError("PROPOSAL_STALE");
      }
      const at = this.now();
      const to = parseDecimal(String(p.payload.to));
      const nextSettings: WithdrawSettings = {
        ...current,
        rules: { ...current.rules, [c]: { ...current.rules[c], fourEyes: to } },
        updatedAt: at,
      };
      const next = this.approved(p, by, at, null);
      const op = this.kv.atomic().check(entry).check(sEntry).set(entry.key, next)
        .set(settingsKeys.withdraw(t), nextSettings);
      const e = this.auditApproval(op, t, head, by, p, next, at);
      auditInto(op, t, headAfter(head, e), {
        at,
        operator: by.operator,
        action: "withdrawSettings.update",
        target: "withdrawSettings",
        before: withdrawSettingsJson(current) as unknown as Json,
        after: withdrawSettingsJson(nextSettings) as unknown as Json,
        ip: by.ip,
      });
      if ((await op.commit()).ok) return;
    }
    throw storeBusy();
  }

  /**
   * Operator administration: the account changed as proposed (if it is still as the proposal
   * found it), the roster moved (one enabled admin always remains), the change's provenance
   * recorded, all in the approval's commit; an invitation (create, second-factor reset) is sent
   * to the operator's phone after it. The operator concerned never decides it.
   */
  private async approveOperator(t: string, by: ProposalActor, id: string) {
    for await (const _attempt of commitAttempts()) {
      const [entry, head, roster] = await this.kv.getMany<[Proposal, AuditHead, number]>([
        proposalKeys.proposal(t, id),
        opKeys.auditHead(t),
        opKeys.roster(t),
      ]);
      const p = await this.decidable(t, entry.value, by);
      const kind = p.kind as OperatorKind;
      const username = String(p.payload.username);
      if (username === by.operator) throw new DomainError("PROPOSAL_RELATED");
      const cur = await this.kv.get<OperatorRecord>(opKeys.operator(t, username));
      const at = this.now();
      const origin: OperatorProvenance = {
        action: kind.slice("operator.".length) as OperatorProvenance["action"],
        proposal: p.id,
        proposer: p.proposer,
        decider: by.operator,
        at,
      };
      const invitation = kind === "operator.create" || kind === "operator.resetTotp"
        ? await newInvitation(t, username, at)
        : null;
      const next = operatorAfter(kind, p, cur.value, { at, origin, invitation });
      rosterAfter(await this.d.operatorAccounts.all(t), kind, next);
      const approvedP = this.approved(p, by, at, null);
      const op = this.kv.atomic().check(entry).check(cur).check(roster)
        .set(entry.key, approvedP)
        .set(cur.key, next)
        .set(opKeys.roster(t), at);
      if (kind === "operator.resetTotp") {
        endSessionsInto(op, t, username, await sessionsOf(this.kv, t, username));
      }
      const e = this.auditApproval(op, t, head, by, p, approvedP, at);
      auditInto(op, t, headAfter(head, e), {
        at,
        operator: by.operator,
        action: kind,
        target: `operator:${username}`,
        before: cur.value ? operatorAudit(cur.value) : null,
        after: { ...operatorAudit(next), proposal: p.id, proposer: p.proposer },
        ip: by.ip,
      });
      if ((await op.commit()).ok) {
        if (invitation && next.phone) {
          await sendInvitation(
            this.kv,
            this.d.sender,
            t,
            next as { username: string; phone: string },
            invitation.code,
            at,
            by,
          );
        }
        return;
      }
    }
    throw storeBusy();
  }

  /**
   * A customer's erasure: refused again if money opened since the proposal; the user record
   * without the person, the proposal and both audit entries in one commit that checks the
   * customer's balances (nothing moved since they were found zero); then the rest is purged.
   */
  private async approveErasure(t: string, by: ProposalActor, id: string) {
    const e = this.d.erasure;
    for await (const _attempt of commitAttempts()) {
      const [entry, head] = await this.kv.getMany<[Proposal, AuditHead]>([
        proposalKeys.proposal(t, id),
        opKeys.auditHead(t),
      ]);
      const p = await this.decidable(t, entry.value, by);
      const userId = String(p.payload.userId);
      const [uEntry, balances] = await Promise.all([
        getUser(this.kv, t, userId),
        e.balanceEntries(t, userId),
      ]);
      const u = uEntry.value;
      if (!u) throw new DomainError("NOT_FOUND");
      if (u.erased) throw new DomainError("ALREADY_ERASED");
      const refused = await e.refusal(t, userId, balances);
      if (refused) throw new DomainError(refused);
      const at = this.now();
      const mark = { at, proposal: id, pseudonym: await pseudonymOf(t, userId, id) };
      const op = this.kv.atomic().check(entry).check(uEntry);
      for (const b of balances) op.check(b);
      e.eraseInto(op, t, u, { at, by: by.operator, mark });
      const next = this.approved(p, by, at, null);
      op.set(entry.key, next);
      const a = this.auditApproval(op, t, head, by, p, next, at);
      auditInto(op, t, headAfter(head, a), {
        at,
        operator: by.operator,
        action: "customer.erase",
        target: `customer:${userId}`,
        before: null,
        after: { ...mark, proposer: p.proposer },
        ip: by.ip,
      });
      if ((await op.commit()).ok) {
        await e.purge(t, userId, mark.pseudonym);
        return;
      }
    }
    throw storeBusy();
  }

  /** A large withdrawal: passed (auditing -> withdrawing) in the approval's commit. */
  private async approveWithdrawal(t: string, by: ProposalActor, id: string) {
    for await (const _attempt of commitAttempts()) {
      const [entry, head] = await this.kv.getMany<[Proposal, AuditHead]>([
        proposalKeys.proposal(t, id),
        opKeys.auditHead(t),
      ]);
      const p = await this.decidable(t, entry.value, by);
      const wEntry = await this.kv.get<Withdrawal>(
        withdrawKeys.withdrawal(t, String(p.payload.withdrawalId)),
      );
      const w = wEntry.value;
      if (!w) throw new DomainError("NOT_FOUND");
      if (!leaves(w, "pass") || w.pendingPass?.proposal !== id) {
        throw new DomainError("PROPOSAL_STALE");
      }
      const at = this.now();
      const op = this.kv.atomic().check(entry).check(wEntry);
      const next = this.approved(p, by, at, null);
      op.set(entry.key, next);
      const e = this.auditApproval(op, t, head, by, p, next, at);
      // the withdrawal's own step (history, status index, message, its audit entry after this)
      this.d.withdrawals.passApproved(op, t, w, by, headAfter(head, e));
      if ((await op.commit()).ok) return;
    }
    throw storeBusy();
  }

  /**
   * Separation of duties: the second pair of eyes is not an operator whose account or roles came
   * from a change the proposer proposed or decided, nor one who proposed or decided a change of
   * the proposer's (else one person could have a second account made and approve their own
   * proposals with it).
   */
  private async unrelated(t: string, proposer: string, approver: string) {
    const [a, b] = await this.kv.getMany<[OperatorRecord, OperatorRecord]>([
      opKeys.operator(t, proposer),
      opKeys.operator(t, approver),
    ]);
    if (related(a.value, b.value)) throw new DomainError("PROPOSAL_RELATED");
  }

  /** Pending, not expired, not the approver's own, the payload as hashed. */
  private async decidable(t: string, p: Proposal | null, by: Actor): Promise<Proposal> {
    if (!p) throw new DomainError("NOT_FOUND");
    if (p.proposer === by.operator) throw new DomainError("PROPOSAL_OWN");
    await this.unrelated(t, p.proposer, by.operator);
    if (p.status !== "pending") throw new DomainError("ALREADY_DECIDED");
    if (this.now() > p.expiresAt) throw new DomainError("PROPOSAL_EXPIRED");
    const kind = p.kind ?? "wealth.reserve";
    const hash = await hashOf(kind, p.payload);
    const legacy = kind === "wealth.reserve" ? await legacyHashOf(p.payload) : null;
    if (hash !== p.payloadHash && legacy !== p.payloadHash) {
      throw new DomainError("PROPOSAL_TAMPERED");
    }
    return p;
  }
}

/**
 * The operator account after an approved administration proposal: created (OPERATOR_EXISTS when
 * the name was taken since), new roles (PROPOSAL_STALE when they moved since proposed), enabled
 * again, or a new invitation for a second-factor reset; the change's provenance recorded.
 */
function operatorAfter(
  kind: OperatorKind,
  p: Proposal,
  o: OperatorRecord | null,
  c: {
    at: number;
    origin: OperatorProvenance;
    invitation: Awaited<ReturnType<typeof newInvitation>> | null;
  },
): OperatorRecord {
  const username = String(p.payload.username);
  if (kind === "operator.create") {
    if (o) throw new DomainError("OPERATOR_EXISTS");
    const roles = p.payload.roles as OperatorRole[];
    return newOperator(
      { username, phone: String(p.payload.phone), roles },
      c.at,
      c.invitation!.record,
      c.origin,
    );
  }
  if (!o) throw new DomainError("NOT_FOUND");
  const provenance = [...(o.provenance ?? []), c.origin];
  if (kind === "operator.roles") {
    if (canonical(sortRoles(o.roles)) !== canonical(p.payload.before)) {
      throw new DomainError("PROPOSAL_STALE");
    }
    const roles = sortRoles(p.payload.after as OperatorRole[]);
    return { ...o, roles, rolesBy: p.proposer, provenance };
  }
  if (kind === "operator.enable") {
    if (!o.disabled) throw new DomainError("PROPOSAL_STALE");
    const { disabled: _d, ...rest } = o;
    return { ...rest, provenance };
  }
  // a new second factor and password: the operator accepts a new invitation
  return {
    ...o,
    passwordHash: "",
    totpSecret: "",
    lastTotpStep: 0,
    invitation: c.invitation!.record,
    provenance,
  };
}

/**
 * The roster with `next` in it still has an enabled admin (LAST_ADMIN), and a new operator's
 * phone is nobody else's: whoever proposes cannot route two invitations to one phone.
 */
function rosterAfter(all: OperatorRecord[], kind: OperatorKind, next: OperatorRecord) {
  const roster = all.map((o) => o.username === next.username ? next : o);
  if (!roster.some(isAdmin)) throw new DomainError("LAST_ADMIN");
  if (
    kind === "operator.create" &&
    roster.some((o) => o.username !== next.username && o.phone === next.phone)
  ) throw new DomainError("OPERATOR_PHONE_TAKEN");
}
