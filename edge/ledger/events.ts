/**
 * The event log's entries, written by the ledger: a commit that changes something a customer or
 * the engine must hear of stages one entry (`stageEvents`, in `Ledger.post` and the commits that
 * move no money) with the customers' balances after it and references to the changed records.
 * Its keys: `["evlog", tenant, at, id]` and the tenant's head counter `["evlog-head", tenant]`.
 * The ledger knows nothing of sockets: readers (`edge/realtime/eventlog.ts`) watch the log, and
 * realtime turns entries into customer events (`UserEvent`, `contract/realtime.ts`).
 */
import type { BalanceRow } from "../../contract/ledger.ts";

/**
 * A changed record the receiver reads itself (it may have changed again meanwhile): orders and
 * positions (trigger engine, sockets), a price alert set or fired, a message written to the
 * customer, a wealth order's daily payout (`order.day`), a sign-in from a device the account
 * never used, a notification stored for them, a liquidation warning written by the trigger
 * engine (`liqWarn`: the warning record's id) and the notification preferences saved
 * (`notifyPrefs`: the engine watches at the customer's warning level)
 * (edge/notifications/ derives notifications from these entries and shows the stored ones on the
 * socket).
 */
export interface EventRef {
  user: string;
  kind:
    | "fast.open"
    | "fast.settled"
    | "position"
    | "spot"
    | "alert"
    | "message"
    | "wealth"
    | "signIn"
    | "notification"
    | "liqWarn"
    | "notifyPrefs";
  id: string;
}

/**
 * A review queue's new work (a recharge, withdrawal or verification submitted): the console of
 * every instance hears of it (counts, the open queue) without a reload.
 */
export interface QueueRef {
  queue: "recharges" | "withdrawals" | "certifications";
  id: string;
}

/** One entry: what one commit did, per customer. */
export interface LogEntry {
  /** balances after the commit, per customer */
  balances?: { user: string; accounts: BalanceRow[] }[];
  refs?: EventRef[];
  /**
   * support conversations that changed (a message, a read receipt, a status): the owner
   * (`u:<userId>` or `v:<visitor>`) and the console's inbox hear of it, and read it again
   */
  support?: SupportRef[];
  queues?: QueueRef[];
}

/** A support conversation that changed (`edge/support`), as the event log carries it. */
export interface SupportRef {
  owner: string;
  conversation: string;
  kind: "message" | "read" | "status";
}

export const RETENTION_MS = 10 * 60_000;

export const eventKeys = {
  entry: (t: string, at: number, id: string): Deno.KvKey => ["evlog", t, at, id],
  entries: (t: string): Deno.KvKey => ["evlog", t],
  head: (t: string): Deno.KvKey => ["evlog-head", t],
};

/**
 * An operation that takes the entries itself: the group commit (`group_commit.ts`) writes one
 * entry per tenant for all the journals of a group (`mergeEntries`).
 */
export interface EventStaging {
  stageEvent(t: string, at: number, e: LogEntry): void;
}

/** Add an entry to a commit (nothing when there is nothing to tell). */
export function stageEvents(op: Deno.AtomicOperation, t: string, at: number, e: LogEntry) {
  if (!e.balances?.length && !e.refs?.length && !e.support?.length && !e.queues?.length) return;
  if ("stageEvent" in op) (op as unknown as EventStaging).stageEvent(t, at, e);
  else writeEntry(op, t, at, e);
}

/** The entry's key (a fresh id at the writer's time) and the bump of its tenant's head. */
export function writeEntry(op: Deno.AtomicOperation, t: string, at: number, e: LogEntry) {
  op.set(eventKeys.entry(t, at, crypto.randomUUID()), e, { expireIn: RETENTION_MS });
  op.sum(eventKeys.head(t), 1n);
}

/**
 * One entry telling what several commits applied together did, in their order: a customer's
 * balance rows in one row (the members of a group write disjoint balances: an account is in
 * one of them; were it in two, the later one's row is the balance after both), then the
 * references, conversations and queues of each.
 */
export function mergeEntries(entries: readonly LogEntry[]): LogEntry {
  if (entries.length === 1) return entries[0]!;
  const out: LogEntry = {};
  const rows = new Map<string, Map<string, BalanceRow>>();
  for (const e of entries) {
    for (const b of e.balances ?? []) {
      const accounts = rows.get(b.user) ?? new Map<string, BalanceRow>();
      rows.set(b.user, accounts);
      for (const a of b.accounts) accounts.set(`${a.wallet}:${a.currency}`, a);
    }
    if (e.refs?.length) (out.refs ??= []).push(...e.refs);
    if (e.support?.length) (out.support ??= []).push(...e.support);
    if (e.queues?.length) (out.queues ??= []).push(...e.queues);
  }
  if (rows.size) {
    out.balances = [...rows].map(([user, accounts]) => ({
      user,
      accounts: [...accounts.values()],
    }));
  }
  return out;
}
