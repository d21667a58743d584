/**
 * The one transition table of a withdrawal's review (like trading/order_machine.ts for orders):
 * which state each operator action leaves, the record after it, what the held amount does and
 * whether the step is a second operator's at or above the four-eyes threshold. The server sends
 * `withdrawalActions` with every record and `Withdrawals` refuses with `refusal`, so the list a
 * console offers and what the server accepts cannot drift apart:
 * auditing -> pass | freeze | reject; withdrawing -> complete | freeze | reject; frozen -> thaw;
 * while a second operator's approval of a pass waits (live `pendingPass`), pass is not offered
 * (the proposal decides).
 */
import type { WithdrawStatus } from "../../contract/funds.ts";
import type { Withdrawal } from "./withdrawal.ts";

export const WITHDRAWAL_ACTIONS = ["pass", "complete", "reject", "freeze", "thaw"] as const;
export type WithdrawalAction = typeof WITHDRAWAL_ACTIONS[number];

/** What the table reads of a record (a stored withdrawal or its JSON). */
export type UnderReview = Pick<Withdrawal, "status" | "frozenFrom"> & {
  pendingPass?: { expiresAt: number } | null;
};

interface Move {
  /** the states the action leaves */
  from: readonly WithdrawStatus[];
  /** the record's fields after it (the reason: a reject's) */
  next(w: UnderReview, reason: string | null): Partial<Withdrawal>;
  /** the held amount: paid out (net out, fee to the house), released to the customer, kept */
  hold: "payout" | "release" | null;
  /** at or above the currency's threshold the step is a proposal a second operator approves */
  fourEyes: boolean;
}

/** In the order the console offers them. */
export const WITHDRAWAL_MOVES = {
  pass: {
    from: ["auditing"],
    next: () => ({ status: "withdrawing", pendingPass: null }),
    hold: null,
    fourEyes: true,
  },
  complete: {
    from: ["withdrawing"],
    next: () => ({ status: "passed", reason: null }),
    hold: "payout",
    fourEyes: false,
  },
  freeze: {
    from: ["auditing", "withdrawing"],
    next: (w) => ({ status: "frozen", frozenFrom: w.status as "auditing" | "withdrawing" }),
    hold: null,
    fourEyes: false,
  },
  reject: {
    from: ["auditing", "withdrawing"],
    next: (_w, reason) => ({ status: "rejected", reason }),
    hold: "release",
    fourEyes: false,
  },
  thaw: {
    // back to where it was frozen from (a record frozen before that was kept: none)
    from: ["frozen"],
    next: (w) => ({ status: w.frozenFrom ?? "frozen", frozenFrom: null }),
    hold: null,
    fourEyes: false,
  },
} as const satisfies Record<WithdrawalAction, Move>;

const ORDER = Object.keys(WITHDRAWAL_MOVES) as WithdrawalAction[];

/** The actions that move the held amount (one journal: paid out or released). */
export type SettleAction = {
  [A in WithdrawalAction]: typeof WITHDRAWAL_MOVES[A]["hold"] extends null ? never : A;
}[WithdrawalAction];

export const settles = (a: WithdrawalAction): a is SettleAction =>
  WITHDRAWAL_MOVES[a].hold !== null;

/** A second operator's approval of a pass still waits. */
export const passWaits = (w: UnderReview, now: number): boolean =>
  !!w.pendingPass && w.pendingPass.expiresAt >= now;

/** Whether `w` is in a state `action` leaves (the pending approvals aside). */
export const leaves = (w: UnderReview, action: WithdrawalAction): boolean =>
  (WITHDRAWAL_MOVES[action] as Move).from.includes(w.status);

/**
 * Why `action` is refused on `w` now (null: allowed): ALREADY_DECIDED when the record left the
 * states the action leaves, PROPOSAL_PENDING for a pass whose second approval waits.
 */
export function refusal(
  w: UnderReview,
  action: WithdrawalAction,
  now: number,
): "ALREADY_DECIDED" | "PROPOSAL_PENDING" | null {
  if (!leaves(w, action)) return "ALREADY_DECIDED";
  if (action === "thaw" && !w.frozenFrom) return "ALREADY_DECIDED";
  if (WITHDRAWAL_MOVES[action].fourEyes && passWaits(w, now)) return "PROPOSAL_PENDING";
  return null;
}

/** What an operator may do to `w` now (sent with every record as `actions`). */
export function withdrawalActions(w: UnderReview, now: number): WithdrawalAction[] {
  return ORDER.filter((a) => refusal(w, a, now) === null);
}
