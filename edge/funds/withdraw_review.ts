/**
 * The operators' side of a withdrawal (the request side is withdraw.ts): each decision as the
 * transition table (review_actions.ts) says, applied once (state and versionstamp checked in the
 * commit), with its audit entry and the customer's message in that commit. complete ("Mark
 * paid") and reject move the held amount in one journal; pass, freeze and thaw do not. A pass
 * at or above the four-eyes threshold (the withdrawal with the customer's other passes of the
 * currency in 24 h) is a proposal a second operator approves. complete records the payout
 * reference (transaction hash or bank reference, checked against the withdrawal's method:
 * contract/formats.ts) on the record in the same commit.
 */
import { formatDecimal } from "../../core-wasm/mod.ts";
import { canonicalPayoutReference, payoutReferenceProblem } from "../../contract/payout.ts";
import { type AuditHeadEntry, readAuditHead } from "../audit/audit.ts";
import { house, user } from "../ledger/accounts.ts";
import { idemKeys } from "../ledger/idem.ts";
import { reservationIds } from "../ledger/reservations.ts";
import type { Ledger } from "../ledger/service.ts";
import type { Emitter } from "../platform/emitter.ts";
import { DomainError } from "../platform/errors.ts";
import { getAll } from "../platform/kvpage.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import { decisionInto, decisionOf, type DecisionSubject } from "./decision.ts";
import { alreadyDecided } from "./recharge.ts";
import {
  refusal,
  type SettleAction,
  settles,
  WITHDRAWAL_MOVES,
  type WithdrawalAction,
} from "./review_actions.ts";
import { fourEyesFrom, withdrawSettings } from "./settings.ts";
import { withdrawKeys } from "./store.ts";
import { type Withdrawal, withdrawalJson } from "./withdrawal.ts";

const DAY_MS = 24 * 3600_000;

/** Who decides, and what the decision carries (a reject's reason, a payout's reference). */
export type Decider = { operator: string; ip: string | null; reason?: string; reference?: string };

/**
 * What passing `w` counts against the four-eyes threshold: its amount and the customer's other
 * withdrawals of the currency passed (withdrawing or paid out) requested in the 24 h before
 * `now` (one large withdrawal split in several). `others` may hold any of the customer's.
 */
export function fourEyesTotal(
  w: Pick<Withdrawal, "id" | "amount" | "currency">,
  others: Withdrawal[],
  now: number,
): bigint {
  let sum = w.amount;
  for (const o of others) {
    if (o.id === w.id || o.createdAt < now - DAY_MS || o.currency !== w.currency) continue;
    if (o.status === "withdrawing" || o.status === "passed") sum += o.amount;
  }
  return sum;
}

/** The first key of the customer's withdrawals requested since `since` (ids start with the time). */
export const sinceKey = (t: string, userId: string, since: number) =>
  withdrawKeys.byUser(t, userId, String(since).padStart(15, "0"));

const WITHDRAWAL: DecisionSubject<Withdrawal["status"], Withdrawal> = {
  name: "withdrawal",
  key: withdrawKeys.withdrawal,
  byStatus: withdrawKeys.byStatus,
  json: withdrawalJson,
};

export class WithdrawalDecisions {
  constructor(
    private kv: Deno.Kv,
    private ledger: Ledger,
    private now: () => number,
    private events: Emitter<{ settled: [t: string, w: Withdrawal] }>,
  ) {}

  /** The customer's withdrawals requested in the last 24 h (the index range, then the records). */
  private async lastDay(t: string, userId: string): Promise<Withdrawal[]> {
    const ids: string[] = [];
    const it = this.kv.list({
      start: sinceKey(t, userId, this.now() - DAY_MS),
      end: [...withdrawKeys.byUserPrefix(t, userId), "\uffff"],
    }, { limit: 500 });
    for await (const e of it) ids.push(e.key.at(-1) as string);
    const got = await getAll<Withdrawal>(this.kv, ids.map((id) => withdrawKeys.withdrawal(t, id)));
    return got.filter((x): x is Withdrawal => x !== null);
  }

  /** Whether passing `w` needs a second operator (`fourEyesTotal` at or above the threshold). */
  async needsSecondApproval(t: string, w: Withdrawal): Promise<boolean> {
    const [settings, recent] = await Promise.all([
      withdrawSettings(this.kv, t),
      this.lastDay(t, w.userId),
    ]);
    return fourEyesTotal(w, recent, this.now()) >= fourEyesFrom(settings, w.currency);
  }

  /** Record a step: the new record, its status index, the audit entry and the message. */
  private writeStep(
    op: Deno.AtomicOperation,
    t: string,
    before: Withdrawal,
    next: Withdrawal,
    o: { operator: string; ip: string | null },
    action: string,
    head: AuditHeadEntry,
  ) {
    const message = {
      kind: `withdraw${action[0]!.toUpperCase()}${action.slice(1)}`,
      params: {
        amount: formatDecimal(next.amount),
        currency: next.currency,
        reason: next.reason ?? "",
        // paid out: the transaction hash or bank reference, to find the payout on their side
        reference: next.payoutRef ?? "",
      },
    };
    const at = next.updatedAt;
    decisionInto(op, t, decisionOf(WITHDRAWAL, t, { before, next, at, action, head, message }, o));
  }

  /**
   * A large withdrawal passed by a second operator's approval: the step written into the
   * proposal's commit (which checks the withdrawal's version and audits the approval first;
   * `head` is the audit head after that entry).
   */
  passApproved(
    op: Deno.AtomicOperation,
    t: string,
    w: Withdrawal,
    o: { operator: string; ip: string | null },
    head: AuditHeadEntry,
  ) {
    const next = this.moved(w, "pass", o.operator);
    this.writeStep(op, t, w, next, o, "pass", head);
    return next;
  }

  /**
   * An operator's decision, as the transition table says: complete and reject move the held
   * amount (`settle`), pass, freeze and thaw do not (`step`). A pass at or above the four-eyes
   * threshold becomes `secondPair(w)`: the proposal a second operator approves
   * (edge/operators/proposals.ts), which then passes it with `passApproved`.
   */
  async decide(
    t: string,
    id: string,
    action: WithdrawalAction,
    o: Decider,
    secondPair: (w: Withdrawal) => Promise<Withdrawal>,
  ) {
    return settles(action)
      ? await this.settle(t, id, action, o)
      : await this.step(t, id, action, o, secondPair);
  }

  /** pass (auditing -> withdrawing), freeze, thaw: no money moves, one versionstamped commit. */
  private async step(
    t: string,
    id: string,
    action: Exclude<WithdrawalAction, SettleAction>,
    o: { operator: string; ip: string | null },
    secondPair: (w: Withdrawal) => Promise<Withdrawal>,
  ) {
    for await (const _attempt of commitAttempts()) {
      const entry = await this.kv.get<Withdrawal>(withdrawKeys.withdrawal(t, id));
      const w = this.allowing(entry.value, action);
      // a large one only through a second operator's approval (`passApproved`)
      if (WITHDRAWAL_MOVES[action].fourEyes && await this.needsSecondApproval(t, w)) {
        return withdrawalJson(await secondPair(w));
      }
      const next = this.moved(w, action, o.operator);
      const head = await readAuditHead(this.kv, t);
      const op = this.kv.atomic().check(entry);
      this.writeStep(op, t, w, next, o, action, head);
      if ((await op.commit()).ok) return withdrawalJson(next);
    }
    throw storeBusy();
  }

  /** The record, when the table allows `action` on it now (else NOT_FOUND or its refusal). */
  private allowing(w: Withdrawal | null, action: WithdrawalAction): Withdrawal {
    if (!w) throw new DomainError("NOT_FOUND");
    const refused = refusal(w, action, this.now());
    if (refused) throw new DomainError(refused);
    return w;
  }

  /** The record after `action` (the table's fields), with the step in its history. */
  private moved(w: Withdrawal, action: WithdrawalAction, by: string, reason: string | null = null) {
    const at = this.now();
    return {
      ...w,
      ...WITHDRAWAL_MOVES[action].next(w, reason),
      updatedAt: at,
      history: [...w.history, { at, action, by }],
    } satisfies Withdrawal;
  }

  /**
   * The payout reference "Mark paid" records, checked against where the payout went (a missing
   * or malformed one: VALIDATION on `reference`, nothing changes).
   */
  private payoutRef(w: Withdrawal, ref: string | undefined): string {
    const to = { kind: w.method.kind, type: w.method.details.type ?? null };
    const problem = payoutReferenceProblem(to, ref);
    if (problem) throw new DomainError("VALIDATION", {}, { reference: problem });
    return canonicalPayoutReference(to, ref!);
  }

  /**
   * complete (withdrawing -> passed: the hold is paid out, the reference recorded) or reject
   * (auditing | withdrawing -> rejected: the hold is voided, the customer refunded). One
   * journal, once.
   */
  private async settle(t: string, id: string, action: SettleAction, o: Decider) {
    return await alreadyDecided(async () => {
      let settled: Withdrawal | null = null;
      const posted = await this.ledger.post(t, {
        key: idemKeys.withdrawalSettle(id),
        request: {
          id,
          action,
          operator: o.operator,
          reason: o.reason ?? null,
          reference: o.reference ?? null,
        },
      }, async () => {
        const entry = await this.kv.get<Withdrawal>(withdrawKeys.withdrawal(t, id));
        const w = this.allowing(entry.value, action);
        const payout = WITHDRAWAL_MOVES[action].hold === "payout";
        const ref = payout ? this.payoutRef(w, o.reference) : null;
        const account = user(w.userId, "spot", w.currency);
        const head = await readAuditHead(this.kv, t);
        const moved = this.moved(w, action, o.operator, o.reason ?? null);
        const next = payout ? { ...moved, payoutRef: ref } : moved;
        return {
          type: "withdrawal",
          ref: `withdrawal:${id}`,
          // paid out: the held amount leaves (net out, fee to the house); rejected: it is
          // released back to the customer
          postings: payout
            ? [
              { account: house("external", w.currency), available: w.net },
              { account: house("fees", w.currency), available: w.fee },
            ]
            : [],
          reservations: [{
            op: payout ? "post" : "release",
            id: reservationIds.withdrawal(id),
            account,
          }],
          checks: [entry],
          write: (op) => {
            this.writeStep(op, t, w, next, o, action, head);
          },
          result: () => withdrawalJson(settled = next),
        };
      });
      if (!posted.replay && settled) this.events.emit("settled", t, settled);
      return posted.result;
    });
  }
}
