/**
 * The event log's entries, written by the ledger: a commit that changes something a customer or
 * the engine must hear of stages one entry (`stageEvents`, in `Ledger.post` and the commits that
 * move no money) with the customers' balances after it and references to the changed records.
 * Its keys: `["evlog", tenant, at, id]` and the tenant's head counter `["evlog-head", tenant]`.
 * The ledger knows nothing of sockets: readers (`edge/realtime/eventlog.ts`) watch the log, and
 * realtime turns entries into customer events (`UserEvent`, `contract/realtime.ts`).
 */
import type { BalanceRow } from "../../contract/ledger.ts";

/** A changed record the receiver reads itself (it may have changed again meanwhile). */
export interface EventRef {
  user: string;
  kind: "fast.open" | "fast.settled" | "position" | "spot";
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
  queues?: QueueRef[];
}

export const RETENTION_MS = 10 * 60_000;

export const eventKeys = {
  entry: (t: string, at: number, id: string): Deno.KvKey => ["evlog", t, at, id],
  entries: (t: string): Deno.KvKey => ["evlog", t],
  head: (t: string): Deno.KvKey => ["evlog-head", t],
};

/** Add an entry to a commit (nothing when there is nothing to tell). */
export function stageEvents(op: Deno.AtomicOperation, t: string, at: number, e: LogEntry) {
  if (!e.balances?.length && !e.refs?.length && !e.queues?.length) return;
  op.set(eventKeys.entry(t, at, crypto.randomUUID()), e, { expireIn: RETENTION_MS });
  op.sum(eventKeys.head(t), 1n);
}
