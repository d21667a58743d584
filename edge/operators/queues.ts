/**
 * The review queues, one descriptor each: its name (the path segment under /api/admin and
 * /admin), the operator role it needs, the statuses it is filtered by (the first is what needs
 * review), the reply schema of one record, the service calls that list, read and decide
 * records, and the actions a record allows now. The API endpoints and the console's pages are
 * generated from these; a new queue is one more descriptor (and its page's columns and detail).
 */
import type { z } from "zod";
import { type RechargeJson, rechargeJson, type Recharges } from "../funds/recharge.ts";
import {
  WITHDRAWAL_ACTIONS,
  type WithdrawalAction,
  withdrawalActions,
} from "../funds/review_actions.ts";
import { withdrawalJson, type Withdrawals } from "../funds/withdraw.ts";
import { type Identity, type Submission, submissionJson } from "../identity/certify.ts";
import type { Actor } from "../audit/audit.ts";
import type { Proposals } from "./proposals.ts";
import { CertificationReview, RechargeReview, WithdrawalReview } from "../../contract/operators.ts";
import type { OperatorRole } from "./store.ts";
import { rechargeKeys, withdrawKeys } from "../funds/store.ts";
import { identityKeys } from "../identity/store.ts";
import type { ListRead } from "../platform/kv_round_trips.ts";

/** The services the queues call (a subset of the app's deps). */
export interface QueueServices {
  recharges: Recharges;
  withdrawals: Withdrawals;
  identity: Identity;
  proposals: Proposals;
  /** the clock a record's actions are judged by (a pending second approval expires) */
  now: () => number;
}

/**
 * A decision's actor (with their roles), with the reason or the payout reference when the
 * action takes one.
 */
export type Decision = Actor & {
  roles: readonly OperatorRole[];
  reason?: string;
  reference?: string;
};

export interface ReviewQueue<
  Status extends string = string,
  Action extends string = string,
  Item extends { id: string; status: Status; actions: Action[] } = {
    id: string;
    status: Status;
    actions: Action[];
  },
> {
  name: "recharges" | "withdrawals" | "certifications";
  role: OperatorRole;
  /** the filter values, the first being the default (what needs review) */
  statuses: readonly [Status, ...Status[]];
  /** every action a record of this queue can ever allow */
  actions: readonly [Action, ...Action[]];
  /** the actions that need a reason (the others refuse one) */
  needsReason: readonly Action[];
  /** the actions that need a payout reference (the others refuse one) */
  needsReference: readonly Action[];
  /** what a record in this state allows now (sent with every record as `actions`) */
  allowed(record: Omit<Item, "actions">, now: number): Action[];
  /** one record as sent, `actions` included */
  schema: z.ZodType<Item>;
  list(
    s: QueueServices,
    t: string,
    status: Status,
    limit: number,
    cursor?: string,
  ): Promise<{ items: Item[]; cursor: string | null }>;
  get(s: QueueServices, t: string, id: string): Promise<Item | null>;
  /**
   * What `list` reads of a status's first page (the index, its records beside it) and `get` of a
   * record: started with the operator's session (`queueReads`, edge/operators/queue_view.ts).
   */
  listRead(t: string, status: Status, limit: number): ListRead;
  recordKey(t: string, id: string): Deno.KvKey;
  /** Decide once (ALREADY_DECIDED when the record's state no longer allows it). */
  decide(s: QueueServices, t: string, id: string, action: Action, by: Decision): Promise<Item>;
}

/** A status's first page as `pageByIndex` lists it (oldest first), its records beside it. */
const indexRead = (
  prefix: Deno.KvKey,
  record: (id: string) => Deno.KvKey,
  limit: number,
): ListRead => ({ selector: { prefix }, options: { limit }, record });

/** Pending -> pass or reject; decided -> nothing. */
const decideOnce = <S extends string>(pending: S) => (r: { status: S }): ("pass" | "reject")[] =>
  r.status === pending ? ["pass", "reject"] : [];
const rechargeActions = decideOnce<RechargeReview["status"]>("auditing");
const certificationActions = decideOnce<CertificationReview["status"]>("authenticating");

/** A record as sent: its JSON and the actions its state allows now. */
const recharge = (j: RechargeJson): RechargeReview => ({ ...j, actions: rechargeActions(j) });

const withdrawal = (j: ReturnType<typeof withdrawalJson>, now: number): WithdrawalReview => ({
  ...j,
  actions: withdrawalActions(j, now),
});

const certification = (s: Submission): CertificationReview => ({
  ...submissionJson(s),
  actions: certificationActions(s),
});

export const rechargesQueue: ReviewQueue<
  RechargeReview["status"],
  "pass" | "reject",
  RechargeReview
> = {
  name: "recharges",
  role: "funds",
  statuses: ["auditing", "passed", "rejected"],
  actions: ["pass", "reject"],
  needsReason: ["reject"],
  needsReference: [],
  allowed: rechargeActions,
  schema: RechargeReview,
  async list(s, t, status, limit, cursor) {
    const p = await s.recharges.queue(t, status, limit, cursor);
    return { items: p.items.map((r) => recharge(rechargeJson(r))), cursor: p.cursor };
  },
  async get(s, t, id) {
    const r = await s.recharges.get(t, id);
    return r ? recharge(rechargeJson(r)) : null;
  },
  listRead: (t, status, limit) =>
    indexRead(rechargeKeys.byStatusPrefix(t, status), (id) => rechargeKeys.recharge(t, id), limit),
  recordKey: (t, id) => rechargeKeys.recharge(t, id),
  async decide(s, t, id, action, by) {
    const by_ = { operator: by.operator, ip: by.ip };
    return recharge(
      action === "pass"
        ? await s.recharges.pass(t, id, by_)
        : await s.recharges.reject(t, id, { ...by_, reason: by.reason ?? "" }),
    );
  },
};

export const withdrawalsQueue: ReviewQueue<
  WithdrawalReview["status"],
  WithdrawalAction,
  WithdrawalReview
> = {
  name: "withdrawals",
  role: "funds",
  statuses: ["auditing", "withdrawing", "frozen", "passed", "rejected"],
  actions: WITHDRAWAL_ACTIONS,
  needsReason: ["reject"],
  // "Mark paid": the transaction hash or bank reference the payout went under
  needsReference: ["complete"],
  allowed: withdrawalActions,
  schema: WithdrawalReview,
  async list(s, t, status, limit, cursor) {
    const p = await s.withdrawals.queue(t, status, limit, cursor);
    const now = s.now();
    return { items: p.items.map((w) => withdrawal(withdrawalJson(w), now)), cursor: p.cursor };
  },
  async get(s, t, id) {
    const w = await s.withdrawals.get(t, id);
    return w ? withdrawal(withdrawalJson(w), s.now()) : null;
  },
  listRead: (t, status, limit) =>
    indexRead(
      withdrawKeys.byStatusPrefix(t, status),
      (id) => withdrawKeys.withdrawal(t, id),
      limit,
    ),
  recordKey: (t, id) => withdrawKeys.withdrawal(t, id),
  async decide(s, t, id, action, by) {
    // at or above the currency's threshold a pass is a proposal a second operator approves
    const w = await s.withdrawals.decide(
      t,
      id,
      action,
      { operator: by.operator, ip: by.ip, reason: by.reason, reference: by.reference },
      (w) => s.proposals.proposeWithdrawalPass(t, by, w.id),
    );
    return withdrawal(w, s.now());
  },
};

export const certificationsQueue: ReviewQueue<
  CertificationReview["status"],
  "pass" | "reject",
  CertificationReview
> = {
  name: "certifications",
  role: "identity",
  statuses: ["authenticating", "authenticated", "rejected"],
  actions: ["pass", "reject"],
  needsReason: ["reject"],
  needsReference: [],
  allowed: certificationActions,
  schema: CertificationReview,
  async list(s, t, status, limit, cursor) {
    const p = await s.identity.queue(t, status, limit, cursor);
    return { items: p.items.map(certification), cursor: p.cursor };
  },
  async get(s, t, id) {
    const r = await s.identity.submission(t, id);
    return r ? certification(r) : null;
  },
  listRead: (t, status, limit) =>
    indexRead(
      identityKeys.byStatusPrefix(t, status),
      (id) => identityKeys.submission(t, id),
      limit,
    ),
  recordKey: (t, id) => identityKeys.submission(t, id),
  async decide(s, t, id, action, by) {
    const r = await s.identity.decide(t, id, {
      operator: by.operator,
      ip: by.ip,
      pass: action === "pass",
      reason: by.reason,
    });
    return certification(r);
  },
};

/** Every review queue, in the console's order. */
export const QUEUES = [rechargesQueue, withdrawalsQueue, certificationsQueue] as const;
export type QueueName = typeof QUEUES[number]["name"];

/** The index of each queue's waiting work (its first status). */
const PENDING_INDEX: Record<QueueName, (t: string) => Deno.KvKey> = {
  recharges: (t) => rechargeKeys.byStatusPrefix(t, "auditing"),
  withdrawals: (t) => withdrawKeys.byStatusPrefix(t, "auditing"),
  certifications: (t) => identityKeys.byStatusPrefix(t, "authenticating"),
};

/** Counts stop here (the console shows "999+"): a count is a key scan, bounded. */
export const MAX_COUNT = 999;

/**
 * The waiting work of every queue (their first status), counted on the indexes (the scans in
 * flight together), each at most MAX_COUNT + 1. Read beside the operator's session (one round
 * trip for both), then narrowed to the queues their roles open (`countsFor`).
 */
export async function allPendingCounts(
  kv: Deno.Kv,
  t: string,
): Promise<Record<QueueName, number>> {
  const counts = await Promise.all(QUEUES.map(async (q) => {
    let n = 0;
    for await (
      const _ of kv.list({ prefix: PENDING_INDEX[q.name](t) }, { limit: MAX_COUNT + 1 })
    ) n++;
    return [q.name, n] as const;
  }));
  return Object.fromEntries(counts) as Record<QueueName, number>;
}

/** The counts of the queues an operator's roles open. */
export function countsFor(
  all: Record<QueueName, number>,
  roles: readonly OperatorRole[],
): Partial<Record<QueueName, number>> {
  return Object.fromEntries(
    QUEUES.filter((q) => roles.includes(q.role)).map((q) => [q.name, all[q.name]]),
  );
}

/** The waiting work of the queues an operator opens. */
export async function pendingCounts(kv: Deno.Kv, t: string, roles: readonly OperatorRole[]) {
  return countsFor(await allPendingCounts(kv, t), roles);
}
