/**
 * What an operator may do to a withdrawal now (the server sends these with every record, so no
 * client re-implements the state machine; `Withdrawals.step/settle` enforce the same, once):
 * auditing -> pass | freeze | reject; withdrawing -> complete | freeze | reject; frozen -> thaw.
 */
import type { WithdrawStatus } from "./withdraw.ts";

export const WITHDRAWAL_ACTIONS = ["pass", "complete", "reject", "freeze", "thaw"] as const;
export type WithdrawalAction = typeof WITHDRAWAL_ACTIONS[number];

export function withdrawalActions(
  w: { status: WithdrawStatus; frozenFrom: "auditing" | "withdrawing" | null },
): WithdrawalAction[] {
  switch (w.status) {
    case "auditing":
      return ["pass", "freeze", "reject"];
    case "withdrawing":
      return ["complete", "freeze", "reject"];
    case "frozen":
      return w.frozenFrom ? ["thaw"] : [];
    default:
      return [];
  }
}
