/**
 * A withdrawal as stored: its own module so the transition table (review_actions.ts) and the
 * service (withdraw.ts) both read it without importing each other.
 */
import type { Currency } from "../ledger/accounts.ts";
import type { WithdrawStatus } from "../../contract/funds.ts";

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
}
