/**
 * Four-eyes proposals: an operator proposes a change that affects money, with its exact payload
 * hashed; a different operator with the role approves (the change is made in the approving
 * commit) or rejects it. The proposer can never approve or reject their own; a proposal is
 * decided once; stale ones expire. Every step is audited in its own commit.
 *
 * Kinds:
 * - `wealth.reserve`: fund the tenant's wealth yield reserve from the external account (journal);
 * - `balance.adjust`: credit or debit a customer's wallet against the `adjustments` house
 *   account, with a reason (journal);
 * - `products.fast|leveraged|spot|exchange`: a new section of the product terms (the next terms
 *   version; new orders only) — refused at approval when the section moved since proposed;
 * - `products.wealth`: the wealth products (new orders only), the same staleness rule;
 * - `withdrawal.pass`: pass a withdrawal at or above the currency's four-eyes threshold;
 * - `customer.erase`: erase a customer's personal data (edge/privacy/erasure.ts), refused while
 *   money is open (at proposal and again in the approval's commit, which checks the balances);
 * - `customer.professional`: flag a customer as a professional client (or take the flag away):
 *   where the tenant allows it, products closed to the customer's country open to them (issue
 *   30); the user record changes in the approval's commit;
 * - `operator.create|roles|enable|resetTotp`: operator administration (admins propose and
 *   decide; the account changes in the approval's commit, an invitation goes by SMS to the
 *   operator's phone after it for a create or a second-factor reset). Proposing one needs another
 *   enabled admin (SECOND_ADMIN_REQUIRED: a one-admin tenant cannot pass it, and is told so).
 *
 * Separation of duties on every decision of every kind: the decider is not the proposer
 * (PROPOSAL_OWN), nor an operator whose account or roles came from a change the proposer
 * proposed or decided, nor the reverse (PROPOSAL_RELATED, read from the records' provenance);
 * nobody decides a proposal about their own account.
 */
import { z } from "zod";
import { formatDecimal } from "../../core-wasm/mod.ts";
import { getUser } from "../customers/store.ts";
import { bookOfUser, type Currency, DECIMALS, WALLET_CURRENCIES } from "../ledger/accounts.ts";
import { journalId, type Ledger } from "../ledger/service.ts";
import { DomainError } from "../platform/errors.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import { getAll, listPage } from "../platform/kvpage.ts";
import { SECTION_SCHEMAS, type TermSection } from "../trading/terms.ts";
import type { Withdrawal } from "../funds/withdraw.ts";
import { withdrawKeys } from "../funds/store.ts";
import { refusal } from "../funds/review_actions.ts";
import { fourEyesFrom, withdrawSettings } from "../funds/settings.ts";
import type { Wealth } from "../wealth/service.ts";
import { BOOTSTRAP_ACTOR, isAdmin, related, sortRoles } from "./staff.ts";
import { type Actor, audited, auditInto, canonical } from "../audit/audit.ts";
import type { AuditHead, Json, OperatorRecord, OperatorRole } from "./store.ts";
import { keys as opKeys } from "./store.ts";
import type { ProposalKind } from "../../contract/operators.ts";
import {
  AdjustPayload,
  amountOf,
  hashOf,
  isOperatorKind,
  may,
  type OperatorKind,
  type Proposal,
  PROPOSAL_ROLES,
  PROPOSAL_TTL_MS,
  type ProposalActor,
  proposalJson,
  proposalKeys,
  type ProposalStatus,
  wealthProductJson,
  WITHDRAWAL_PROPOSAL_TTL_MS,
} from "./proposal_kinds.ts";
import { ProposalApprovals, type ProposalDeps } from "./proposal_approvals.ts";

export class Proposals {
  /** Deciding one: the checks and each kind's change (proposal_approvals.ts). */
  private approvals: ProposalApprovals;

  constructor(
    private kv: Deno.Kv,
    ledger: Ledger,
    private now: () => number,
    private d: ProposalDeps,
  ) {
    this.approvals = new ProposalApprovals(kv, ledger, now, d);
  }

  private newProposal(
    kind: ProposalKind,
    payload: Proposal["payload"],
    target: string,
    by: Actor,
    ttl = PROPOSAL_TTL_MS,
  ): Promise<Proposal> {
    const at = this.now();
    return hashOf(kind, payload).then((payloadHash) => ({
      id: journalId(at),
      kind,
      payload,
      payloadHash,
      target,
      proposer: by.operator,
      status: "pending",
      createdAt: at,
      expiresAt: at + ttl,
      decidedBy: null,
      decidedAt: null,
      reason: null,
      journalId: null,
    }));
  }

  /** Store a new proposal with its audit entry. */
  private async store(t: string, by: Actor, p: Proposal) {
    const saved = await audited<Proposal, Proposal>(
      this.kv,
      t,
      by,
      p.createdAt,
      proposalKeys.proposal(t, p.id),
      () => ({
        value: p,
        action: "proposal.create",
        target: `proposal:${p.id}`,
        before: null,
        after: p as unknown as Json,
        result: p,
      }),
    );
    return proposalJson(saved, this.now());
  }

  private allowPropose(kind: ProposalKind, by: ProposalActor) {
    if (!may(by, PROPOSAL_ROLES[kind].propose)) throw new DomainError("FORBIDDEN");
  }

  /** Propose funding the wealth reserve with `amount` USDT. */
  async proposeReserve(t: string, by: ProposalActor, amountText: string, reason: string) {
    this.allowPropose("wealth.reserve", by);
    const amount = amountOf(amountText, "USDT", false);
    const payload = { amount: formatDecimal(amount), currency: "USDT", reason };
    return await this.store(
      t,
      by,
      await this.newProposal("wealth.reserve", payload, "wealth:reserve", by),
    );
  }

  /** Propose a credit (positive) or debit (negative) of a customer's wallet, with a reason. */
  async proposeAdjustment(t: string, by: ProposalActor, a: z.infer<typeof AdjustPayload>) {
    this.allowPropose("balance.adjust", by);
    const u = (await getUser(this.kv, t, a.userId)).value;
    // live customers only (a demo account's money comes from its own mint)
    if (!u || bookOfUser(a.userId) !== "live") throw new DomainError("NOT_FOUND");
    if (!WALLET_CURRENCIES[a.wallet].includes(a.currency)) {
      throw new DomainError("VALIDATION", {}, { currency: "invalid" });
    }
    const amount = amountOf(a.amount, a.currency, true);
    const payload = {
      userId: a.userId,
      wallet: a.wallet,
      currency: a.currency,
      amount: formatDecimal(amount, DECIMALS[a.currency]),
      reason: a.reason,
    };
    return await this.store(
      t,
      by,
      await this.newProposal("balance.adjust", payload, `customer:${a.userId}`, by),
    );
  }

  /**
   * Propose a new section of the product terms (validated now and again at approval); the
   * payload carries the section as it is now, so an approval after another change is refused.
   */
  async proposeTerms(
    t: string,
    by: ProposalActor,
    section: TermSection,
    next: unknown,
    reason: string,
  ) {
    const kind = `products.${section}` as const;
    this.allowPropose(kind, by);
    const parsed = SECTION_SCHEMAS[section].safeParse(next);
    if (!parsed.success) throw new DomainError("VALIDATION", {}, { items: "invalid" });
    const current = (await this.d.terms.record(t))[section];
    if (canonical(current) === canonical(parsed.data)) {
      throw new DomainError("VALIDATION", {}, { items: "unchanged" });
    }
    const payload = {
      section,
      before: current as unknown as Json,
      after: parsed.data as unknown as Json,
      reason,
    };
    return await this.store(
      t,
      by,
      await this.newProposal(kind, payload, `products:${section}`, by),
    );
  }

  /** Propose new wealth products (validated as when they are set). */
  async proposeWealthProducts(
    t: string,
    by: ProposalActor,
    items: Parameters<Wealth["validateProducts"]>[0],
    reason: string,
  ) {
    this.allowPropose("products.wealth", by);
    const next = this.d.wealth.validateProducts(items);
    const before = await this.d.wealth.products(t);
    const json = (ps: typeof before) => ps.map(wealthProductJson) as unknown as Json;
    if (canonical(json(before)) === canonical(json(next))) {
      throw new DomainError("VALIDATION", {}, { items: "unchanged" });
    }
    const payload = { before: json(before), after: json(next), reason };
    return await this.store(
      t,
      by,
      await this.newProposal("products.wealth", payload, "products:wealth", by),
    );
  }

  /**
   * A large withdrawal's pass: the proposal and the withdrawal's mark (`pendingPass`) in one
   * commit; while a live proposal waits, passing again is refused (PROPOSAL_PENDING).
   */
  async proposeWithdrawalPass(t: string, by: ProposalActor, id: string) {
    this.allowPropose("withdrawal.pass", by);
    for await (const _attempt of commitAttempts()) {
      const [entry, head] = await this.kv.getMany<[Withdrawal, AuditHead]>([
        withdrawKeys.withdrawal(t, id),
        opKeys.auditHead(t),
      ]);
      const w = entry.value;
      if (!w) throw new DomainError("NOT_FOUND");
      // the transition table: auditing, and no other pass waiting for its approval
      const refused = refusal(w, "pass", this.now());
      if (refused) throw new DomainError(refused);
      const payload = {
        withdrawalId: w.id,
        userId: w.userId,
        currency: w.currency,
        amount: formatDecimal(w.amount, DECIMALS[w.currency]),
        net: formatDecimal(w.net, DECIMALS[w.currency]),
        method: w.method as unknown as Json,
        reason: "",
      };
      const p = await this.newProposal(
        "withdrawal.pass",
        payload,
        `withdrawal:${w.id}`,
        by,
        WITHDRAWAL_PROPOSAL_TTL_MS,
      );
      const next: Withdrawal = {
        ...w,
        pendingPass: { proposal: p.id, by: by.operator, expiresAt: p.expiresAt },
        updatedAt: p.createdAt,
        history: [...w.history, { at: p.createdAt, action: "passProposed", by: by.operator }],
      };
      const pkey = proposalKeys.proposal(t, p.id);
      const op = this.kv.atomic().check(entry).check({ key: pkey, versionstamp: null })
        .set(entry.key, next).set(pkey, p);
      auditInto(op, t, head, {
        at: p.createdAt,
        operator: by.operator,
        action: "proposal.create",
        target: `proposal:${p.id}`,
        before: null,
        after: p as unknown as Json,
        ip: by.ip,
      });
      if ((await op.commit()).ok) return next;
    }
    throw storeBusy();
  }

  /**
   * Raise a currency's four-eyes threshold for withdrawals (lowering it needs no proposal: the
   * settings page does it); the payload names the threshold as it is now.
   */
  async proposeFourEyes(
    t: string,
    by: ProposalActor,
    currency: Currency,
    amountText: string,
    reason: string,
  ) {
    this.allowPropose("withdraw.fourEyes", by);
    const settings = await withdrawSettings(this.kv, t);
    const to = amountOf(amountText, currency, false);
    const from = fourEyesFrom(settings, currency);
    if (to <= from || to > settings.rules[currency].max) {
      throw new DomainError("VALIDATION", {}, { amount: "amountInvalid" });
    }
    const d = DECIMALS[currency];
    const payload = { currency, from: formatDecimal(from, d), to: formatDecimal(to, d), reason };
    return await this.store(
      t,
      by,
      await this.newProposal("withdraw.fourEyes", payload, `withdrawSettings:${currency}`, by),
    );
  }

  /**
   * Propose a change of operator administration (admins only): never about oneself
   * (OPERATOR_SELF); refused while no other enabled admin could decide it
   * (SECOND_ADMIN_REQUIRED). The payload names the account as it is now where it matters.
   */
  async proposeOperator(
    t: string,
    by: ProposalActor,
    kind: OperatorKind,
    n: { username: string; phone?: string; roles?: OperatorRole[] },
  ) {
    this.allowPropose(kind, by);
    if (n.username === by.operator) throw new DomainError("OPERATOR_SELF");
    const all = await this.d.operatorAccounts.all(t);
    if (!all.some((o) => isAdmin(o) && o.username !== by.operator)) {
      throw new DomainError("SECOND_ADMIN_REQUIRED");
    }
    const cur = all.find((o) => o.username === n.username);
    let payload: Proposal["payload"];
    if (kind === "operator.create") {
      if (cur) throw new DomainError("OPERATOR_EXISTS");
      if (n.username === BOOTSTRAP_ACTOR) {
        throw new DomainError("VALIDATION", {}, { username: "invalid" });
      }
      if (all.some((o) => o.phone === n.phone)) throw new DomainError("OPERATOR_PHONE_TAKEN");
      payload = { username: n.username, phone: n.phone!, roles: sortRoles(n.roles!) };
    } else {
      if (!cur) throw new DomainError("NOT_FOUND");
      if (kind === "operator.roles") {
        const after = sortRoles(n.roles!);
        const before = sortRoles(cur.roles);
        if (canonical(after) === canonical(before)) {
          throw new DomainError("VALIDATION", {}, { roles: "unchanged" });
        }
        payload = { username: n.username, before, after };
      } else {
        if (kind === "operator.enable" && !cur.disabled) {
          throw new DomainError("VALIDATION", {}, { username: "invalid" });
        }
        payload = { username: n.username };
      }
    }
    return await this.store(
      t,
      by,
      await this.newProposal(kind, payload, `operator:${n.username}`, by),
    );
  }

  /**
   * Propose erasing a live customer's personal data (the reason: their request). Refused now
   * already when money is open, so the second operator is not asked for what cannot pass.
   */
  async proposeErasure(t: string, by: ProposalActor, userId: string, reason: string) {
    this.allowPropose("customer.erase", by);
    const u = (await getUser(this.kv, t, userId)).value;
    if (!u || bookOfUser(userId) !== "live") throw new DomainError("NOT_FOUND");
    if (u.erased) throw new DomainError("ALREADY_ERASED");
    const e = this.d.erasure;
    const refused = await e.refusal(t, userId, await e.balanceEntries(t, userId));
    if (refused) throw new DomainError(refused);
    return await this.store(
      t,
      by,
      await this.newProposal("customer.erase", { userId, reason }, `customer:${userId}`, by),
    );
  }

  /** Propose flagging a live customer as a professional client, or taking the flag away. */
  async proposeProfessional(
    t: string,
    by: ProposalActor,
    b: { userId: string; professional: boolean; reason: string },
  ) {
    this.allowPropose("customer.professional", by);
    const u = (await getUser(this.kv, t, b.userId)).value;
    if (!u || bookOfUser(b.userId) !== "live") throw new DomainError("NOT_FOUND");
    if (!!u.professional === b.professional) {
      throw new DomainError("VALIDATION", {}, { professional: "unchanged" });
    }
    const payload = { userId: b.userId, professional: b.professional, reason: b.reason };
    return await this.store(
      t,
      by,
      await this.newProposal("customer.professional", payload, `customer:${b.userId}`, by),
    );
  }

  async list(t: string, status: ProposalStatus | undefined, limit: number, cursor?: string) {
    const iter = listPage<Proposal>(this.kv, { prefix: proposalKeys.proposals(t) }, {
      reverse: true,
      limit,
      cursor,
    });
    const items = [];
    const now = this.now();
    for await (const e of iter) {
      if (!status || e.value.status === status) items.push(proposalJson(e.value, now));
    }
    return { items, cursor: items.length === limit ? iter.cursor : null };
  }

  /**
   * Why an operator whose roles decide these proposals still may not (the console shows the
   * reason instead of Approve): `related` (their account and the proposer's came from each
   * other's changes) or `concerned` (the change is to their own account). By proposal id; the
   * operators read together, one round trip.
   */
  async barred(
    t: string,
    viewer: string,
    items: readonly {
      id: string;
      kind: ProposalKind;
      proposer: string;
      status: string;
      payload: { [k: string]: Json };
    }[],
  ): Promise<Record<string, "related" | "concerned">> {
    const pending = items.filter((p) => p.status === "pending" && p.proposer !== viewer);
    if (!pending.length) return {};
    const names = [...new Set([viewer, ...pending.map((p) => p.proposer)])];
    const records = await getAll<OperatorRecord>(this.kv, names.map((n) => opKeys.operator(t, n)));
    const of = new Map(names.map((n, i) => [n, records[i] ?? null]));
    const out: Record<string, "related" | "concerned"> = {};
    for (const p of pending) {
      if (isOperatorKind(p.kind) && String(p.payload.username) === viewer) out[p.id] = "concerned";
      else if (related(of.get(p.proposer)!, of.get(viewer)!)) out[p.id] = "related";
    }
    return out;
  }

  async get(t: string, id: string) {
    const p = (await this.kv.get<Proposal>(proposalKeys.proposal(t, id))).value;
    return p ? proposalJson(p, this.now()) : null;
  }

  /** Approve: a different operator with the role, the payload as hashed, the change in the same commit. */
  approve(t: string, by: ProposalActor, id: string) {
    return this.approvals.approve(t, by, id);
  }

  async reject(t: string, by: ProposalActor, id: string, reason: string) {
    const first = (await this.kv.get<Proposal>(proposalKeys.proposal(t, id))).value;
    if (!first) throw new DomainError("NOT_FOUND");
    if (!may(by, PROPOSAL_ROLES[first.kind ?? "wealth.reserve"].decide)) {
      throw new DomainError("FORBIDDEN");
    }
    return await this.close(t, by, id, "rejected", reason);
  }

  /**
   * The proposer takes their own pending proposal back (a mistake, a change no longer wanted):
   * nobody else may (NOT_OWN), a decided one stays as decided (ALREADY_DECIDED). Audited as
   * `proposal.withdraw`; a withdrawal's pass proposal leaves the withdrawal waiting again.
   */
  async withdraw(t: string, by: Actor, id: string, reason: string) {
    return await this.close(t, by, id, "withdrawn", reason);
  }

  /** Reject (another operator) or withdraw (the proposer) a pending proposal, audited. */
  private async close(
    t: string,
    by: Actor,
    id: string,
    status: "rejected" | "withdrawn",
    reason: string,
  ) {
    const at = this.now();
    for await (const _attempt of commitAttempts()) {
      const [entry, head] = await this.kv.getMany<[Proposal, AuditHead]>([
        proposalKeys.proposal(t, id),
        opKeys.auditHead(t),
      ]);
      const current = entry.value;
      if (!current) throw new DomainError("NOT_FOUND");
      const own = current.proposer === by.operator;
      if (status === "rejected" && own) throw new DomainError("PROPOSAL_OWN");
      if (status === "withdrawn" && !own) throw new DomainError("PROPOSAL_NOT_OWN");
      if (current.status !== "pending") throw new DomainError("ALREADY_DECIDED");
      const next: Proposal = { ...current, status, decidedBy: by.operator, decidedAt: at, reason };
      const op = this.kv.atomic().check(entry).set(entry.key, next);
      auditInto(op, t, head, {
        at,
        operator: by.operator,
        action: status === "rejected" ? "proposal.reject" : "proposal.withdraw",
        target: `proposal:${id}`,
        before: current as unknown as Json,
        after: next as unknown as Json,
        ip: by.ip,
      });
      if (current.kind === "withdrawal.pass") {
        // the withdrawal waits for a decision again (it can be passed anew, or rejected)
        const wEntry = await this.kv.get<Withdrawal>(
          withdrawKeys.withdrawal(t, String(current.payload.withdrawalId)),
        );
        const w = wEntry.value;
        if (w?.pendingPass?.proposal === id) {
          op.check(wEntry).set(
            wEntry.key,
            {
              ...w,
              pendingPass: null,
              updatedAt: at,
              history: [...w.history, { at, action: "passRejected", by: by.operator }],
            } satisfies Withdrawal,
          );
        }
      }
      if ((await op.commit()).ok) return proposalJson(next, at);
    }
    throw storeBusy();
  }
}
