/**
 * The event log's reader: private events leave the instance that caused them through KV, so that
 * the instance holding a customer's socket (and the one running the trigger engine) hears of them.
 *
 * Every commit that changes something a customer or the engine must hear of stages one entry
 * in the same atomic commit (`stageEvents`, written by the ledger: `edge/ledger/events.ts`):
 * `["evlog", tenant, at, id]` with the customer's new
 * balances and references to changed records (fast contracts, positions, spot orders), kept for
 * `RETENTION_MS`, and bumps the tenant's head counter (`sum`, which never conflicts). Readers
 * (`EventLogReader`) watch the heads (`watchKeys`: watch plus a poll) and read the entries
 * committed since they last looked: the key's time is the writer's clock when it built the
 * commit, so a commit that landed late has an older key than entries already read. A reader
 * lists from its latest key time on, then compares what it delivered with the head counter (one
 * per entry, read before the list): only when entries are missing (landed late) does it look
 * back the whole `LOOKBACK_MS`. So each entry is listed about once (listing the same entries
 * again on every read was repeated decoding on the main thread under load). It remembers what
 * it delivered. An entry is delivered to every subscriber of every instance exactly once, in
 * commit order per read (a late one with the next read).
 */
import { instruments } from "../platform/telemetry.ts";
import { type KeyWatch, watchKeys } from "../platform/kvwatch.ts";
import { eventKeys, type LogEntry } from "../ledger/events.ts";

export type { EventRef, LogEntry, SupportRef } from "../ledger/events.ts";
export { RETENTION_MS } from "../ledger/events.ts";

/**
 * How far behind its latest entry a reader looks again: a commit built earlier that landed
 * later (commit latency, retries on a busy store, clock differences between instances). The
 * trigger engine also reconciles with the stored open-order indexes periodically, so an entry
 * that landed later still than this delays an index, never loses it.
 */
export const LOOKBACK_MS = 2_000;

/** Where an entry sits in the log: its key time and its versionstamp (the commit order). */
export interface LogPlace {
  at: number;
  vs: string;
}

export type EventListener = (t: string, e: LogEntry, place: LogPlace) => void | Promise<void>;

/** An entry with its place, as a reconnecting socket's replay reads it. */
export interface PlacedEntry extends LogPlace {
  entry: LogEntry;
}

/** An entry older than this behind the latest when delivered counts as late (`stats.late`). */
const RECENT_MS = 100;
/** The sweep: every second, a read of each tenant whose head moved lately (the watch's backstop). */
const SWEEP_MS = 1_000;

interface Cursor {
  /** the latest key time delivered */
  at: number;
  /** entries at or below this versionstamp were there before the reader started */
  floor: string;
  /** ids of entries delivered within the look-back, with their key time */
  seen: Map<string, number>;
  /** when the head last moved (the sweep looks again for a while after) */
  changedAt: number;
  /** the highest versionstamp delivered (the floor before the first) */
  latest: string;
  /** the head counter at the floor: entries after it are counted from there */
  base: bigint;
  /** entries after the floor delivered, plus those the look-back could not reach (landed later
   * than `LOOKBACK_MS`): equal to the head minus `base` when nothing is missing */
  accounted: bigint;
  /** when the whole look-back was last read */
  lookedBack: number;
}

/**
 * Reads the tenants' event logs from now on and hands every new entry to the subscribers. A
 * read after a head moved lists from the latest key time delivered on; when the head counts
 * more entries than were delivered, it looks back the whole `LOOKBACK_MS` for those that landed
 * late. A sweep every second reads again while heads move (should a watch be missed).
 * Delivered entries are remembered by id, so none is delivered twice.
 */
export class EventLogReader {
  private cursors = new Map<string, Cursor>();
  private listeners = new Set<EventListener>();
  private watch: KeyWatch | null = null;
  private sweeper: ReturnType<typeof setInterval> | undefined;
  /** reads, one at a time */
  private reading: Promise<void> = Promise.resolve();
  readonly stats = { delivered: 0, reads: 0, listed: 0, late: 0, lookBacks: 0 };

  constructor(
    private kv: Deno.Kv,
    private tenants: readonly string[],
    private now: () => number,
    private opts: {
      pollMs?: number;
      /**
       * a second connection for the entries' range reads: on a local file, reads on the
       * connection that commits wait behind its commits (and delay them: the orders' group
       * commits); the heads are still watched on `kv`, which hears this process's commits
       */
      reads?: Deno.Kv;
    } = {},
  ) {}

  private get reads(): Deno.Kv {
    return this.opts.reads ?? this.kv;
  }

  /**
   * The latest versionstamp this reader delivered for a tenant (or the head's when it started):
   * where a socket subscribing now starts (entries at or below it came before).
   */
  latest(t: string): string {
    return this.cursors.get(t)?.latest ?? "";
  }

  /** Entries at or below this versionstamp came before the reader started (undefined: before
   * `start`; nothing was delivered yet). */
  floor(t: string): string | undefined {
    return this.cursors.get(t)?.floor;
  }

  /**
   * A tenant's entries with a key time from `at` on (the first `limit` by key), in commit order
   * (a reconnecting socket's replay: one range read, strong, so nothing committed before it is
   * missed).
   */
  async since(t: string, at: number, limit?: number): Promise<PlacedEntry[]> {
    const out: PlacedEntry[] = [];
    for await (
      const e of this.reads.list<LogEntry>({
        prefix: eventKeys.entries(t),
        start: eventKeys.entry(t, at, ""),
      }, { batchSize: 500, limit })
    ) out.push({ at: e.key[2] as number, vs: e.versionstamp, entry: e.value });
    return out.sort((a, b) => a.vs < b.vs ? -1 : a.vs > b.vs ? 1 : 0);
  }

  subscribe(f: EventListener): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  /** Start after what is stored now (earlier entries are not delivered). */
  async start() {
    const heads = await this.kv.getMany(this.tenants.map(eventKeys.head));
    this.tenants.forEach((t, i) => {
      this.cursors.set(t, {
        at: this.now(),
        floor: heads[i]!.versionstamp ?? "",
        seen: new Map(),
        changedAt: 0,
        latest: heads[i]!.versionstamp ?? "",
        base: count(heads[i]!.value),
        accounted: 0n,
        lookedBack: 0,
      });
    });
    this.watch = watchKeys(
      this.kv,
      this.tenants.map(eventKeys.head),
      (changed) => {
        for (const i of changed) this.cursors.get(this.tenants[i]!)!.changedAt = Date.now();
        return this.queue(changed.map((i) => this.tenants[i]!));
      },
      { pollMs: this.opts.pollMs, minGapMs: 50 },
    );
    this.sweeper = setInterval(() => {
      const recent = this.tenants.filter((t) =>
        Date.now() - this.cursors.get(t)!.changedAt < LOOKBACK_MS + SWEEP_MS
      );
      if (recent.length) void this.queue(recent);
    }, SWEEP_MS);
  }

  stop() {
    this.watch?.stop();
    this.watch = null;
    clearInterval(this.sweeper);
  }

  private queue(tenants: string[]): Promise<void> {
    this.reading = this.reading.then(async () => {
      for (const t of tenants) await this.read(t);
    }).catch((e) => console.error("[eventlog] read failed", e));
    return this.reading;
  }

  /**
   * New entries from the latest key time on; then, when the head (read first: every entry it
   * counts is in the list after it) counts more than were delivered, `RECENT_MS` back, and if
   * some are still missing the whole look-back (at most every half second: a late entry from
   * another instance costs no more than the sweep did).
   */
  private async read(t: string) {
    const cur = this.cursors.get(t)!;
    this.stats.reads++;
    const counted = count((await this.reads.get(eventKeys.head(t))).value) - cur.base;
    await this.deliver(t, cur, cur.at);
    if (cur.accounted >= counted) return;
    await this.deliver(t, cur, cur.at - RECENT_MS);
    const now = Date.now();
    if (cur.accounted >= counted || now - cur.lookedBack < SWEEP_MS / 2) return;
    cur.lookedBack = now;
    this.stats.lookBacks++;
    await this.deliver(t, cur, cur.at - LOOKBACK_MS);
    // still missing: key times older than the look-back, which no later read reaches either
    if (cur.accounted < counted) cur.accounted = counted;
  }

  private async deliver(t: string, cur: Cursor, from: number) {
    const fresh: Deno.KvEntry<LogEntry>[] = [];
    for await (
      const e of this.reads.list<LogEntry>({
        prefix: eventKeys.entries(t),
        start: eventKeys.entry(t, from, ""),
      }, { batchSize: 500 })
    ) {
      this.stats.listed++;
      if (e.versionstamp > cur.floor && !cur.seen.has(e.key[3] as string)) fresh.push(e);
    }
    if (!fresh.length) return;
    // in commit order
    fresh.sort((a, b) => a.versionstamp < b.versionstamp ? -1 : 1);
    for (const e of fresh) {
      const at = e.key[2] as number;
      instruments.eventLogDelay.record(Math.max(0, this.now() - at), { tenant: t });
      if (at < cur.at - RECENT_MS) this.stats.late++;
      cur.seen.set(e.key[3] as string, at);
      cur.at = Math.max(cur.at, at);
      cur.accounted++;
      if (e.versionstamp > cur.latest) cur.latest = e.versionstamp;
      this.stats.delivered++;
      for (const l of this.listeners) {
        try {
          await l(t, e.value, { at, vs: e.versionstamp });
        } catch (err) {
          console.error("[eventlog] listener failed", err);
        }
      }
    }
    // forget what the look-back no longer reaches
    const horizon = cur.at - LOOKBACK_MS - SWEEP_MS;
    if (cur.seen.size > 1000) {
      for (const [id, at] of cur.seen) if (at < horizon) cur.seen.delete(id);
    }
  }
}

/** A head counter's value (0 before the first entry). */
function count(v: unknown): bigint {
  return v instanceof Deno.KvU64 ? v.value : 0n;
}
