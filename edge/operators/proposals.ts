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
import { formatDecimal, parseDecimal, SCALE } from "../../core-wasm/mod.ts";
import { getUser } from "../accounts/store.ts";
import { sha256Hex } from "../accounts/passwords.ts";
import {
  bookOfUser,
  CURRENCIES,
  type Currency,
  DECIMALS,
  house,
  user,
  WALLET_CURRENCIES,
  WALLETS,
} from "../ledger/accounts.ts";
import { journalId, type Ledger } from "../ledger/service.ts";
import { DomainError } from "../platform/errors.ts";
import { commitAttempts, storeBusy } from "../platform/kvstore.ts";
import { getAll, listPage } from "../platform/kvpage.ts";
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
import { leaves, refusal } from "../funds/review_actions.ts";
import {
  DEFAULT_WITHDRAW_SETTINGS,
  fourEyesFrom,
  type WithdrawSettings,
  withdrawSettings,
  withdrawSettingsJson,
} from "../funds/settings.ts";
import type { Wealth } from "../wealth/service.ts";
import { type Erasure, pseudonymOf } from "../privacy/erasure.ts";
import { wealthKeys } from "../wealth/store.ts";
import type { SmsSender } from "../accounts/sender.ts";
import {
  BOOTSTRAP_ACTOR,
  isAdmin,
  newInvitation,
  newOperator,
  type OperatorAccounts,
  operatorAudit,
  related,
  sendInvitation,
  sortRoles,
} from "./accounts.ts";
import {
  type Actor,
  audited,
  auditInto,
  canonical,
  headAfter,
  readAuditHead,
} from "../audit/audit.ts";
import { endSessionsInto, sessionsOf } from "./service.ts";
import type { AuditHead, Json, OperatorProvenance, OperatorRecord, OperatorRole } from "./store.ts";
import { keys as opKeys } from "./store.ts";
import { PROPOSAL_STATUSES, type ProposalKind } from "../../contract/operators.ts";
import { approveProfessional } from "./professional.ts";

export const PROPOSAL_TTL_MS = 7 * 24 * 3600_000;
/** A withdrawal's second approval is asked for within a day. */
export const WITHDRAWAL_PROPOSAL_TTL_MS = 24 * 3600_000;
/** The most one reserve funding or one adjustment may move (10^8 of the currency). */
const MAX_MOVE = 100_000_000n * SCALE;

export { PROPOSAL_KINDS, type ProposalKind } from "../../contract/operators.ts";

/** Who may propose and who may decide each kind (never the proposer). */
export const PROPOSAL_ROLES: Record<
  ProposalKind,
  { propose: readonly OperatorRole[]; decide: readonly OperatorRole[] }
> = {
  "wealth.reserve": { propose: ["funds"], decide: ["funds", "admin"] },
  "balance.adjust": { propose: ["funds"], decide: ["funds", "admin"] },
  "products.fast": { propose: ["risk", "admin"], decide: ["risk", "admin"] },
  "products.leveraged": { propose: ["risk", "admin"], decide: ["risk", "admin"] },
  "products.spot": { propose: ["risk", "admin"], decide: ["risk", "admin"] },
  "products.exchange": { propose: ["risk", "admin"], decide: ["risk", "admin"] },
  "products.wealth": { propose: ["funds", "risk", "admin"], decide: ["risk", "admin"] },
  "withdrawal.pass": { propose: ["funds"], decide: ["funds", "admin"] },
  "withdraw.fourEyes": { propose: ["funds", "admin"], decide: ["funds", "admin"] },
  "operator.create": { propose: ["admin"], decide: ["admin"] },
  "operator.roles": { propose: ["admin"], decide: ["admin"] },
  "operator.enable": { propose: ["admin"], decide: ["admin"] },
  "operator.resetTotp": { propose: ["admin"], decide: ["admin"] },
  "customer.erase": { propose: ["admin"], decide: ["admin"] },
  "customer.professional": { propose: ["risk", "admin"], decide: ["risk", "admin"] },
};

/** Operator administration: the kinds whose change is made to an operator account. */
export const OPERATOR_KINDS = [
  "operator.create",
  "operator.roles",
  "operator.enable",
  "operator.resetTotp",
] as const satisfies readonly ProposalKind[];
export type OperatorKind = typeof OPERATOR_KINDS[number];
const isOperatorKind = (k: ProposalKind): k is OperatorKind =>
  (OPERATOR_KINDS as readonly string[]).includes(k);

/** Every role that decides some kind (the queue's readers). */
export const PROPOSAL_READERS: readonly OperatorRole[] = [
  ...new Set(Object.values(PROPOSAL_ROLES).flatMap((r) => [...r.propose, ...r.decide])),
];

/** `withdrawn`: taken back by its proposer before anyone decided it. */
export type ProposalStatus = typeof PROPOSAL_STATUSES[number];

export interface Proposal {
  id: string;
  kind: ProposalKind;
  /** what is proposed, exactly (kind-specific JSON; amounts as decimal strings) */
  payload: { [k: string]: Json };
  /** sha-256 of the canonical kind + payload: what the approver approves */
  payloadHash: string;
  /** what the proposal acts on, e.g. `customer:1000001`, `products:fast`, `withdrawal:W1` */
  target: string;
  proposer: string;
  status: ProposalStatus;
  createdAt: number;
  expiresAt: number;
  decidedBy: string | null;
  decidedAt: number | null;
  reason: string | null;
  journalId: string | null;
}

export const proposalKeys = {
  proposal: (t: string, id: string) => [t, "operators", "proposal", id],
  proposals: (t: string) => [t, "operators", "proposal"],
};

/** The operator acting, with their roles (the kind's rule decides what they may do). */
export type ProposalActor = Actor & { roles: readonly OperatorRole[] };

const hashOf = (kind: ProposalKind, payload: Proposal["payload"]) =>
  sha256Hex(canonical({ kind, payload }));
/** Reserve proposals made before kinds were generalised hashed their three fields. */
const legacyHashOf = (p: Proposal["payload"]) =>
  sha256Hex(JSON.stringify([p.amount, p.currency, p.reason]));

export function proposalJson(p: Proposal, now: number) {
  return {
    ...p,
    target: p.target ?? "wealth:reserve",
    expired: p.status === "pending" && now > p.expiresAt,
  };
}

const may = (by: ProposalActor, roles: readonly OperatorRole[]) =>
  roles.some((r) => by.roles.includes(r));

/** A positive (or, for adjustments, non-zero signed) amount with the currency's decimals. */
function amountOf(text: string, currency: Currency, signed: boolean): bigint {
  let v: bigint;
  const t = text.trim();
  const negative = signed && t.startsWith("-");
  try {
    v = parseDecimal(negative ? t.slice(1) : t, { maxDecimals: DECIMALS[currency] });
    if (negative) v = -v;
  } catch {
    throw new DomainError("VALIDATION", {}, { amount: "amountInvalid" });
  }
  const abs = v < 0n ? -v : v;
  if (abs === 0n || abs > MAX_MOVE || (!signed && v < 0n)) {
    throw new DomainError("VALIDATION", {}, { amount: "amountInvalid" });
  }
  return v;
}

const Reason = z.string().trim().min(1).max(200);

export const AdjustPayload = z.strictObject({
  userId: z.string().regex(/^\d{1,20}$/),
  wallet: z.enum(WALLETS),
  currency: z.enum(CURRENCIES),
  amount: z.string().max(40),
  reason: Reason,
});

export class Proposals {
  constructor(
    private kv: Deno.Kv,
    private ledger: Ledger,
    private now: () => number,
    private d: {
      terms: ProductTerms;
      wealth: Wealth;
      withdrawals: Withdrawals;
      sender: SmsSender;
      operatorAccounts: OperatorAccounts;
      erasure: Erasure;
    },
  ) {}

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

/** A wealth product as proposed and compared (decimal strings). */
export function wealthProductJson(p: ReturnType<Wealth["validateProducts"]>[number]) {
  return {
    id: p.id,
    name: p.name,
    dailyRate: formatDecimal(p.dailyRate),
    periodDays: p.periodDays,
    minAmount: formatDecimal(p.minAmount),
    maxAmount: formatDecimal(p.maxAmount),
    cap: formatDecimal(p.cap),
    redeemRatio: formatDecimal(p.redeemRatio),
    turnoverRatio: formatDecimal(p.turnoverRatio ?? SCALE),
    enabled: p.enabled,
  };
}
