/**
 * A withdrawal as stored and as sent (to operators, to its customer): its own module so the
 * transition table (review_actions.ts), the request side (withdraw.ts) and the review side
 * (withdraw_review.ts) all read it without importing each other.
 */
import { formatDecimal } from "../../core-wasm/mod.ts";
import type { Currency } from "../ledger/accounts.ts";
import type { CustomerWithdrawalJson, WithdrawStatus } from "../../contract/funds.ts";

export interface Withdrawal {
  id: string;
  userId: string;
  methodId: string;
  /** the payment method as it was at request time (operators pay out to this) */
  method: {
    kind: "bank" | "crypto";
    label: string;
    details: Record<string, string | null>;
  };
  currency: Currency;
  amount: bigint;
  fee: bigint;
  net: bigint;
  status: WithdrawStatus;
  /** the state a frozen withdrawal returns to when thawed */
  frozenFrom: "auditing" | "withdrawing" | null;
  reason: string | null;
  createdAt: number;
  updatedAt: number;
  history: { at: number; action: string; by: string | null }[];
  /**
   * A pass at or above the currency's four-eyes threshold waits for a second operator: the
   * proposal (edge/operators/proposals.ts), who proposed it and until when it may be approved.
   */
  pendingPass?: { proposal: string; by: string; expiresAt: number } | null;
  /**
   * What the payout was sent under, recorded by "Mark paid" (complete) in its commit: the
   * transaction hash of a crypto payout, the bank's reference of a card/bank one
   * (contract/formats.ts `payoutReferenceProblem`). Absent before the payout.
   */
  payoutRef?: string | null;
}

/** The record as operators see it (full payout details; amounts as decimals). */
export function withdrawalJson(w: Withdrawal) {
  return {
    id: w.id,
    userId: w.userId,
    methodId: w.methodId,
    method: w.method,
    currency: w.currency,
    amount: formatDecimal(w.amount),
    fee: formatDecimal(w.fee),
    net: formatDecimal(w.net),
    status: w.status,
    frozenFrom: w.frozenFrom,
    reason: w.reason,
    reference: w.payoutRef ?? null,
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
    history: w.history,
    pendingPass: w.pendingPass ?? null,
  };
}

/** What the customer sees: the masked method label, the steps without operator names. */
export function customerWithdrawalJson(w: Withdrawal): CustomerWithdrawalJson {
  return {
    id: w.id,
    methodLabel: w.method.label,
    kind: w.method.kind,
    currency: w.currency,
    amount: formatDecimal(w.amount),
    fee: formatDecimal(w.fee),
    net: formatDecimal(w.net),
    status: w.status,
    reason: w.reason,
    reference: w.payoutRef ?? null,
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
    history: w.history.map((h) => ({ at: h.at, action: h.action })),
  };
}
