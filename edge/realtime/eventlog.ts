/**
 * The event log: private events leave the instance that caused them through KV, so that the
 * instance holding a customer's socket (and the one running the trigger engine) hears of them.
 *
 * Every commit that changes something a customer or the engine must hear of stages one entry
 * in the same atomic commit (`stageEvents`): `["evlog", tenant, at, id]` with the customer's new
 * balances and references to changed records (fast contracts, positions, spot orders), kept for
 * `RETENTION_MS`, and bumps the tenant's head counter (`sum`, which never conflicts). Readers
 * (`EventLogReader`) watch the heads (`watchKeys`: watch plus a poll) and read the entries
 * committed since they last looked: the key's time is the writer's clock when it built the
 * commit, so a reader re-reads the last `LOOKBACK_MS` and keeps only entries with a versionstamp
 * above the last it delivered (versionstamps grow in commit order). An entry is delivered to
 * every subscriber of every instance exactly once, in commit order per tenant.
 */
import type { BalanceRow } from "./protocol.ts";
import { type KeyWatch, watchKeys } from "../platform/kvwatch.ts";

/** A changed record the receiver reads itself (it may have changed again meanwhile). */
export interface EventRef {
  user: string;
  kind: "fast.open" | "fast.settled" | "position" | "spot";
  id: string;
}

/** One entry: what one commit did, per customer. */
export interface LogEntry {
  /** balances after the commit, per customer */
  balances?: { user: string; accounts: BalanceRow[] }[];
  refs?: EventRef[];
}

export const RETENTION_MS = 10 * 60_000;
/**
 * How far behind its latest entry a reader looks again: a commit built earlier that landed
 * later (commit latency, retries on a busy store, clock differences between instances). The
 * trigger engine also reconciles with the stored open-order indexes periodically, so an entry
 * that landed later still than this delays an index, never loses it.
 */
export const LOOKBACK_MS = 2_000;

export const eventKeys = {
  entry: (t: string, at: number, id: string): Deno.KvKey => ["evlog", t, at, id],
  entries: (t: string): Deno.KvKey => ["evlog", t],
  head: (t: string): Deno.KvKey => ["evlog-head", t],
};

/** Add an entry to a commit (nothing when there is nothing to tell). */
export function stageEvents(op: Deno.AtomicOperation, t: string, at: number, e: LogEntry) {
  if (!e.balances?.length && !e.refs?.length) return;
  op.set(eventKeys.entry(t, at, crypto.randomUUID()), e, { expireIn: RETENTION_MS });
  op.sum(eventKeys.head(t), 1n);
}

export type EventListener = (t: string, e: LogEntry) => void | Promise<void>;

/** Reads the tenants' event logs from now on and hands every new entry to the subscribers. */
export class EventLogReader {
  private cursors = new Map<string, { at: number; vs: string }>();
  private listeners = new Set<EventListener>();
  private watch: KeyWatch | null = null;
  readonly stats = { delivered: 0 };

  constructor(
    private kv: Deno.Kv,
    private tenants: readonly string[],
    private now: () => number,
    private opts: { pollMs?: number } = {},
  ) {}

  subscribe(f: EventListener): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  /** Start after what is stored now (earlier entries are not delivered). */
  async start() {
    const heads = await this.kv.getMany(this.tenants.map(eventKeys.head));
    this.tenants.forEach((t, i) => {
      this.cursors.set(t, { at: this.now(), vs: heads[i]!.versionstamp ?? "" });
    });
    this.watch = watchKeys(
      this.kv,
      this.tenants.map(eventKeys.head),
      async (changed) => {
        for (const i of changed) await this.read(this.tenants[i]!);
      },
      { pollMs: this.opts.pollMs },
    );
  }

  /** Look now (tests, and after a local commit when the caller wants it seen at once). */
  check(): Promise<void> {
    return this.watch?.check() ?? Promise.resolve();
  }

  stop() {
    this.watch?.stop();
    this.watch = null;
  }

  private async read(t: string) {
    const cur = this.cursors.get(t)!;
    const fresh: Deno.KvEntry<LogEntry>[] = [];
    for await (
      const e of this.kv.list<LogEntry>({
        prefix: eventKeys.entries(t),
        start: eventKeys.entry(t, cur.at - LOOKBACK_MS, ""),
      }, { batchSize: 500 })
    ) {
      if (e.versionstamp > cur.vs) fresh.push(e);
    }
    if (!fresh.length) return;
    fresh.sort((a, b) => a.versionstamp < b.versionstamp ? -1 : 1);
    for (const e of fresh) {
      cur.vs = e.versionstamp;
      cur.at = Math.max(cur.at, e.key[2] as number);
      this.stats.delivered++;
      for (const l of this.listeners) {
        try {
          await l(t, e.value);
        } catch (err) {
          console.error("[eventlog] listener failed", err);
        }
      }
    }
  }
}
