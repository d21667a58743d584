/**
 * What a four-eyes proposal is (edge/operators/proposals.ts): its kinds and who may propose and
 * decide each, the stored record and its keys, the hash the approver approves, and the checks a
 * payload passes when it is proposed (amounts, adjustments). Apart from the proposals' steps so
 * the console's pages and routes read the rules without the service.
 */
import { z } from "zod";
import { formatDecimal, parseDecimal, SCALE } from "../../core-wasm/mod.ts";
import { sha256Hex } from "../customers/passwords.ts";
import { CURRENCIES, type Currency, DECIMALS, WALLETS } from "../ledger/accounts.ts";
import { DomainError } from "../platform/errors.ts";
import type { Wealth } from "../wealth/service.ts";
import { type Actor, canonical } from "../audit/audit.ts";
import type { Json, OperatorRole } from "./store.ts";
import { PROPOSAL_STATUSES, type ProposalKind } from "../../contract/operators.ts";

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
export const isOperatorKind = (k: ProposalKind): k is OperatorKind =>
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

export const hashOf = (kind: ProposalKind, payload: Proposal["payload"]) =>
  sha256Hex(canonical({ kind, payload }));
/** Reserve proposals made before kinds were generalised hashed their three fields. */
export const legacyHashOf = (p: Proposal["payload"]) =>
  sha256Hex(JSON.stringify([p.amount, p.currency, p.reason]));

export function proposalJson(p: Proposal, now: number) {
  return {
    ...p,
    target: p.target ?? "wealth:reserve",
    expired: p.status === "pending" && now > p.expiresAt,
  };
}

export const may = (by: ProposalActor, roles: readonly OperatorRole[]) =>
  roles.some((r) => by.roles.includes(r));

/** A positive (or, for adjustments, non-zero signed) amount with the currency's decimals. */
export function amountOf(text: string, currency: Currency, signed: boolean): bigint {
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
