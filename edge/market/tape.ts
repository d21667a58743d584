/**
 * The tick tape: the stored source of truth for charts and settlement. Ticks are validated,
 * outliers held as suspect until the next tick confirms them, then stored (bounded retention)
 * together with the symbol's candles for every interval, updated through the pricing core and
 * persisted in the same commit. The trading clock is the latest tick; staleness is the age of that
 * tick's own time against wall time (a feed delivering old trades is stale too). A tick stamped
 * more than `futureMs` ahead of wall time, or earlier than the symbol's latest tick, is refused:
 * logged, never stored, never a clock.
 */
import { marketKeys } from "./store.ts";
import {
  type Candle,
  type Interval,
  INTERVALS,
  mulDiv,
  SCALE,
  updateCandle,
} from "../../core-wasm/mod.ts";
import type { HistoryChunk, RawTick } from "./feeds/feed.ts";
import type { Lease } from "../platform/lease.ts";
import { genesisHash, tickHash } from "../../contract/chain.ts";
import { rollupHistory } from "./history_rollup.ts";
import {
  type ChainHead,
  StoredTape,
  type StoredTick,
  type TapeHead,
  type TapeTick,
} from "./stored_tape.ts";

export interface TapeEvent {
  symbol: string;
  ticks: TapeTick[];
  /** candles touched by these ticks, per interval (the open candle after the update) */
  candles: Map<Interval, Candle>;
}

export interface TapeOptions {
  /** a tick further than this fraction (scaled 10^8) from the last is held as suspect */
  outlierBand: bigint;
  staleMs: number;
  /** a tick stamped further than this ahead of wall time is refused */
  futureMs: number;
  retentionMs: number;
  now: () => number;
  /** where refused ticks are reported (default: console.warn) */
  log?: (line: string) => void;
}

export const DEFAULT_TAPE: Omit<TapeOptions, "now"> = {
  outlierBand: 20_000_000n, // 20%
  staleMs: 10_000,
  futureMs: 2_000,
  retentionMs: 7 * 86_400_000,
};

/**
 * Ticks per tape commit: each writes its tick and sequence index (2 mutations), the batch adds
 * its candles (one per interval) and the head: far below 1000 mutations and the size bounds; the
 * commit carries 2 checks (the lease, the batch's first sequence number) whatever its size.
 */
export const BATCH = 200;

/** A follower reads at most this many ticks per range read. */
const PULL_LIMIT = 2000;

/** Back-filled history keeps this many of the newest candles of each interval up to 1h. */
export const BACKFILL_KEEP = 1500;

export class Tape extends StoredTape {
  private last = new Map<string, TapeTick>();
  private seq = new Map<string, { time: number; n: number }>();
  /** each symbol's chain head (seq 0 and the genesis hash before its first tick) */
  private chain = new Map<string, ChainHead>();
  private suspect = new Map<string, RawTick>();
  /** wall clock for staleness and future ticks: the server's, or the replay feed's own */
  private wall: () => number;
  private warned = new Map<string, number>();
  private open = new Map<string, Map<Interval, Candle>>();
  private listeners: ((e: TapeEvent) => void)[] = [];
  /** ticks held as suspect and later confirmed or dropped (for operators and tests) */
  readonly stats = {
    accepted: 0,
    suspect: 0,
    confirmed: 0,
    dropped: 0,
    invalid: 0,
    /** refused: stamped ahead of wall time, or earlier than the symbol's latest tick */
    future: 0,
    outOfOrder: 0,
    /** ticks not stored because another instance holds the market lease */
    fenced: 0,
    /** ticks read from the stored tape as a follower */
    followed: 0,
  };
  /** each symbol's follower reads, one at a time (never beside a store of the symbol); the
   * symbols' reads run side by side (far from the store each is a round trip) */
  private pulls = new Map<string, Promise<void>>();
  /** accepted ticks not stored yet, per symbol (the writer's next batch) */
  private pending = new Map<string, RawTick[]>();
  /** the latest accepted tick per symbol while some are not stored yet */
  private accepted = new Map<string, RawTick>();
  /** each symbol's store loop while it has ticks to store */
  private flushing = new Map<string, Promise<void>>();
  /** the market lease while this instance writes the tape (null: standalone, or a follower) */
  private fence: Lease | null = null;
  private onFenced: (lease: Lease) => Promise<void> | void = () => {};
  /** a follower's view of the writer's clock: its reading at the last head, and when seen */
  private followClock: { clock: number; at: number } | null = null;

  constructor(kv: Deno.Kv, readonly opts: TapeOptions) {
    super(kv);
    this.wall = opts.now;
  }

  /**
   * A feed with its own timeline (replay) judges staleness by its clock; null: wall time. A
   * follower uses the writer's clock as last stored, running on in wall time.
   */
  setClock(clock: (() => number) | null | "writer") {
    this.wall = clock === "writer"
      ? () => {
        const now = this.opts.now();
        const f = this.followClock;
        return f ? f.clock + (now - f.at) : now;
      }
      : clock ?? this.opts.now;
  }

  onTicks(f: (e: TapeEvent) => void) {
    this.listeners.push(f);
  }

  /**
   * Load the latest tick and open candles; rebuild candles from the tape if they are missing.
   * Every symbol at once, and a symbol's head and newest candle of each interval read together:
   * one round trip in all (far from the store, a start that read them one after another took
   * 11 round trips a symbol, 28 s for a `web` instance 195 ms away).
   */
  async load(symbols: readonly string[]) {
    await Promise.all(symbols.map((s) => this.loadSymbol(s)));
  }

  private async loadSymbol(s: string) {
    const newest = async (iv: Interval) => {
      const list = this.kv.list<Candle>({ prefix: marketKeys.candles(s, iv) }, {
        reverse: true,
        limit: 1,
      });
      for await (const e of list) return [iv, e.value] as const;
      return null;
    };
    let [last, ...candles] = await Promise.all([
      this.kv.get<TapeHead>(marketKeys.last(s)),
      ...INTERVALS.map(newest),
    ]);
    // ticks stored before the chain: numbered and hashed once, in order (the writer's job,
    // but idempotent: a follower doing it too writes the same values)
    if (last.value && last.value.seq === undefined) {
      await this.migrateChain(s);
      last = await this.kv.get<TapeHead>(marketKeys.last(s));
    }
    if (last.value) {
      const { n, clock: _clock, ...tick } = last.value;
      this.last.set(s, tick);
      this.seq.set(s, { time: tick.time, n: n ?? await this.lastSeq(s, tick.time) });
    }
    this.chain.set(
      s,
      last.value?.seq !== undefined && last.value.hash
        ? { seq: last.value.seq, hash: last.value.hash }
        : { seq: 0, hash: genesisHash(s) },
    );
    const open = new Map<Interval, Candle>(candles.filter((c) => c !== null));
    if (last.value && open.size < INTERVALS.length) await this.rebuild(s, open);
    this.open.set(s, open);
  }

  /**
   * History back-fill for a symbol with nothing stored yet: minute candles (oldest first, in
   * chunks of whole UTC days) rolled up through the core into every interval (minutes into 5m,
   * 15m, 30m, 1h and days per chunk; days into weeks, months, quarters and years at the end) and
   * stored. Intervals up to 1h keep their newest `keep` candles (more than a chart asks for),
   * days and longer the whole history. The last close becomes the symbol's latest tick, stamped
   * at the end of its minute, so the live feed continues from it.
   */
  async backfill(
    symbol: string,
    chunks: Iterable<HistoryChunk> | AsyncIterable<HistoryChunk>,
    o: { keep?: number } = {},
  ): Promise<{ minutes: number; stored: number }> {
    const rolled = await rollupHistory(chunks, o.keep ?? BACKFILL_KEEP);
    if (!rolled) return { minutes: 0, stored: 0 };
    const { minutes, out } = rolled;
    const open = this.open.get(symbol) ?? new Map<Interval, Candle>();
    this.open.set(symbol, open);
    let stored = 0;
    let op = this.kv.atomic();
    let pending = 0;
    // commits run on the store's thread while the next batch is built
    const commits: Promise<Deno.KvCommitResult | Deno.KvCommitError>[] = [];
    for (const [iv, candles] of out) {
      for (const c of candles) {
        op.set(marketKeys.candle(symbol, iv, c.openTime), c);
        stored++;
        if (++pending === 500) {
          commits.push(op.commit());
          op = this.kv.atomic();
          pending = 0;
        }
      }
      const last = candles[candles.length - 1];
      if (last) open.set(iv, last);
    }
    const lastMinute = out.get("1m")![out.get("1m")!.length - 1];
    const tick: TapeTick | null = lastMinute
      ? { symbol, time: lastMinute.openTime + 59_999, price: lastMinute.close, qty: 0n }
      : null;
    // no stored tick yet: the first live tick of any time is place 0
    // the back-filled close is a price, not a tape tick: seq 0 (the chain starts with the first
    // live tick)
    if (tick) {
      const c = this.chainHead(symbol);
      op.set(
        marketKeys.last(symbol),
        { ...tick, n: -1, seq: c.seq, hash: c.hash } satisfies TapeHead,
      );
    }
    commits.push(op.commit());
    for (const r of await Promise.all(commits)) {
      if (!r.ok) throw new Error(`[tape] back-fill of ${symbol} not stored`);
    }
    if (tick) {
      this.last.set(symbol, tick);
      this.seq.set(symbol, { time: tick.time, n: -1 });
    }
    return { minutes, stored };
  }

  /** The chain's head of a symbol on this instance (seq 0: nothing stored yet). */
  chainHead(symbol: string): ChainHead & { time: number | null } {
    const c = this.chain.get(symbol) ?? { seq: 0, hash: genesisHash(symbol) };
    return { ...c, time: c.seq ? this.last.get(symbol)?.time ?? null : null };
  }

  lastTick(symbol: string): TapeTick | null {
    return this.last.get(symbol) ?? null;
  }

  /**
   * The latest tick's own time is more than `staleMs` behind wall time (or there is none): new
   * orders refused, triggers paused, clients told "market data delayed".
   */
  isStale(symbol: string): boolean {
    const last = this.last.get(symbol);
    return last === undefined || this.wall() - last.time > this.opts.staleMs;
  }

  /** Whether a tick of `time` is too old to act on (triggers pause on it). */
  isStaleTime(time: number): boolean {
    return this.wall() - time > this.opts.staleMs;
  }

  private refuse(raw: RawTick, why: "future" | "outOfOrder", latest: number) {
    this.stats[why]++;
    // one line per symbol and reason every 10 s: a broken feed must not flood the log
    const key = `${raw.symbol}|${why}`, now = this.opts.now();
    if (now - (this.warned.get(key) ?? -Infinity) < 10_000) return;
    this.warned.set(key, now);
    (this.opts.log ?? console.warn)(
      `[tape] ${raw.symbol}: tick at ${raw.time} refused (${
        why === "future" ? `ahead of wall time ${this.wall()}` : `before the latest tick ${latest}`
      })`,
    );
  }

  openCandle(symbol: string, iv: Interval): Candle | null {
    return this.open.get(symbol)?.get(iv) ?? null;
  }

  /**
   * Feed one raw tick in. It is judged at once, in arrival order, against the latest tick this
   * instance accepted (stored or waiting), with no read; accepted ticks wait in the symbol's
   * batch. Each symbol has at most one commit in flight and every other symbol's commits run
   * beside it (pipelined across symbols); the ticks that arrive meanwhile go out together in the
   * next commit (`BATCH` at most). Resolves once every tick ingested so far is stored (or fenced).
   */
  ingest(raw: RawTick): Promise<void> {
    try {
      const accepted = this.accept(raw);
      if (accepted.length) {
        const q = this.pending.get(raw.symbol) ?? [];
        q.push(...accepted);
        this.pending.set(raw.symbol, q);
        this.accepted.set(raw.symbol, accepted[accepted.length - 1]!);
        this.flush(raw.symbol);
      }
    } catch (e) {
      console.error("[tape] tick failed", e);
    }
    return this.idle();
  }

  /** Resolves when every accepted tick is stored (or fenced) and no read is running (shutdown). */
  idle(): Promise<void> {
    return Promise.all([...this.pulls.values(), ...this.flushing.values()]).then(() => {});
  }

  /** Store the symbol's waiting ticks, a batch per commit, one commit in flight per symbol. */
  private flush(symbol: string) {
    if (this.flushing.has(symbol)) return;
    const run = (async () => {
      // never beside a follower's read of the stored tape
      await this.pulls.get(symbol);
      for (;;) {
        const q = this.pending.get(symbol);
        if (!q?.length) break;
        const batch = q.splice(0, BATCH);
        try {
          await this.store(symbol, batch);
        } catch (e) {
          console.error("[tape] tick failed", e);
        }
      }
      this.pending.delete(symbol);
      // what was judged against is stored now (or was not ours to store): the stored tape rules
      this.accepted.delete(symbol);
      this.flushing.delete(symbol);
    })();
    this.flushing.set(symbol, run);
  }

  private far(a: bigint, b: bigint): boolean {
    const diff = a > b ? a - b : b - a;
    return mulDiv(diff, SCALE, b, "down") > this.opts.outlierBand;
  }

  /** Judge a tick against the latest accepted one (no read): the ticks to store (maybe none). */
  private accept(raw: RawTick): RawTick[] {
    if (
      !Number.isSafeInteger(raw.time) || raw.time <= 0 || typeof raw.price !== "bigint" ||
      raw.price <= 0n || typeof raw.qty !== "bigint" || raw.qty < 0n
    ) {
      this.stats.invalid++;
      return [];
    }
    const last = this.accepted.get(raw.symbol) ?? this.last.get(raw.symbol);
    const suspect = this.suspect.get(raw.symbol);
    if (raw.time > this.wall() + this.opts.futureMs) {
      this.refuse(raw, "future", 0);
      return [];
    }
    const latest = Math.max(last?.time ?? 0, suspect?.time ?? 0);
    if (raw.time < latest) {
      this.refuse(raw, "outOfOrder", latest);
      return [];
    }
    if (suspect) {
      this.suspect.delete(raw.symbol);
      if (!this.far(raw.price, suspect.price)) {
        // the next tick agrees with the suspect: the move was real
        this.stats.confirmed++;
        return [suspect, raw];
      }
      this.stats.dropped++;
      if (last && this.far(raw.price, last.price)) {
        this.stats.suspect++;
        this.suspect.set(raw.symbol, raw);
        return [];
      }
    } else if (last && this.far(raw.price, last.price)) {
      this.stats.suspect++;
      this.suspect.set(raw.symbol, raw);
      return [];
    }
    return [raw];
  }

  /**
   * The next links of the symbol's chain for `raws` (in time order: `accept` refused anything
   * earlier than the latest tick) and the candles they touch, computed on copies: memory changes
   * only once the commit landed.
   */
  private chained(symbol: string, raws: RawTick[]) {
    const open = new Map(this.open.get(symbol) ?? []);
    const ticks: TapeTick[] = [];
    const touched = new Map<Interval, Candle>();
    let cursor = this.seq.get(symbol);
    let chain = this.chain.get(symbol) ?? { seq: 0, hash: genesisHash(symbol) };
    const rows: [TapeTick, number][] = [];
    for (const raw of raws) {
      const time = raw.time;
      const n = cursor && cursor.time === time ? cursor.n + 1 : 0;
      cursor = { time, n };
      const seq = chain.seq + 1;
      const hash = tickHash(chain.hash, seq, time, raw.price, raw.qty);
      chain = { seq, hash };
      const tick: TapeTick = { symbol, time, price: raw.price, qty: raw.qty, seq, hash };
      rows.push([tick, n]);
      for (const iv of INTERVALS) {
        const r = updateCandle(open.get(iv) ?? null, iv, tick);
        open.set(iv, r.candle);
        touched.set(iv, r.candle);
      }
      ticks.push(tick);
    }
    const head: TapeHead = { ...ticks[ticks.length - 1]!, n: cursor!.n, clock: this.wall() };
    return { open, ticks, touched, cursor: cursor!, chain, rows, head };
  }

  private async store(symbol: string, raws: RawTick[]) {
    const { open, ticks, touched, cursor, chain, rows, head } = this.chained(symbol, raws);
    for (let attempt = 0;; attempt++) {
      const op = this.kv.atomic();
      // only the market's lease holder writes: a former holder's commit fails here
      if (this.fence && !this.fence.isHeld) {
        // the lease ran out on this instance's clock (or was released): not ours to store
        this.stats.fenced += ticks.length;
        return;
      }
      this.fence?.guard(op);
      // the chain goes on from the stored end: a writer this instance has not read yet would have
      // taken the batch's first number (numbers are taken in order), so one check covers it
      op.check({ key: marketKeys.seq(symbol, rows[0]![0].seq!), versionstamp: null });
      for (const [tick, n] of rows) {
        // kept until the retention job has archived it (jobs/tape_archive.ts): never expired
        op.set(
          marketKeys.tick(symbol, tick.time, n),
          {
            price: tick.price,
            qty: tick.qty,
            seq: tick.seq,
            hash: tick.hash,
          } satisfies StoredTick,
        );
        op.set(marketKeys.seq(symbol, tick.seq!), [tick.time, n]);
      }
      for (const [iv, c] of touched) op.set(marketKeys.candle(symbol, iv, c.openTime), c);
      op.set(marketKeys.last(symbol), head);
      if ((await op.commit()).ok) break;
      // a sequence number already taken: ticks stored by a writer before this one that this
      // instance has not read yet. Catch up, then number what is still new after them.
      // (the sequence index says where the chain really ends, whatever the head says)
      const stored = await this.lastStoredSeq(symbol);
      if (stored > (this.chain.get(symbol)?.seq ?? 0)) {
        await this.read(symbol);
        const latest = this.last.get(symbol)?.time ?? 0;
        // ticks of the millisecond the other writer reached are taken as stored by it
        const rest = raws.filter((r) => r.time > latest);
        if (rest.length) await this.store(symbol, rest);
        return;
      }
      if (!this.fence || attempt >= 3 || !(await this.fence.confirm())) {
        // another instance holds the market now: these ticks are not ours to store
        this.stats.fenced += ticks.length;
        if (this.fence) await this.onFenced(this.fence);
        return;
      }
    }
    this.seq.set(symbol, cursor);
    this.chain.set(symbol, chain);
    this.open.set(symbol, open);
    this.last.set(symbol, ticks[ticks.length - 1]!);
    this.stats.accepted += ticks.length;
    this.emit({ symbol, ticks, candles: touched });
  }

  private emit(event: TapeEvent) {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch (e) {
        console.error("[tape] listener failed", e);
      }
    }
  }

  /**
   * Become the writer: every commit from now on is fenced by `lease` (`onFenced` runs when a
   * commit finds another epoch). null: stop writing (a follower).
   */
  lead(lease: Lease | null, onFenced: (lease: Lease) => Promise<void> | void = () => {}) {
    this.fence = lease;
    this.onFenced = onFenced;
    this.suspect.clear();
    this.accepted.clear();
  }

  /**
   * Follow the stored tape (an instance that is not the writer): read the ticks stored after the
   * last one this instance knows, in order, update the open candles in memory (never stored:
   * candles are derived by the writer only) and tell the listeners, exactly as if ingested here.
   * Returns how many ticks were new. Runs after the symbol's earlier reads and stores (never
   * beside one), beside other symbols' reads, and not at all while this instance writes the tape.
   */
  pull(
    symbol: string,
    head?: TapeHead | null,
    consistency: Deno.KvConsistencyLevel = "strong",
  ): Promise<number> {
    const done = Promise.all([this.pulls.get(symbol), this.flushing.get(symbol)]).then(() =>
      this.fence ? 0 : this.read(symbol, head, consistency)
    );
    this.pulls.set(symbol, done.then(() => {}, () => {}));
    return done;
  }

  private async read(
    symbol: string,
    head?: TapeHead | null,
    consistency: Deno.KvConsistencyLevel = "strong",
  ): Promise<number> {
    const cursor = this.seq.get(symbol);
    if (head && cursor && head.time === cursor.time && head.n === cursor.n) return 0;
    const start = cursor
      ? marketKeys.tick(symbol, cursor.time, cursor.n + 1)
      : marketKeys.tick(symbol, head ? head.time - this.opts.staleMs : 0, 0);
    const rows: { tick: TapeTick; n: number }[] = [];
    // the head is the one tick after the last known (its commit stored both): taken as read,
    // without a range read (a far follower saves a round trip per tick on the way to a socket)
    const chain = this.chain.get(symbol);
    if (
      head && cursor && !this.fence && chain && head.seq === chain.seq + 1 && head.hash &&
      head.n !== undefined
    ) {
      const { n, clock: _clock, ...tick } = head;
      rows.push({ tick: { ...tick, symbol }, n });
    } else {
      await this.list(symbol, start, consistency, rows);
    }
    return this.follow(symbol, head, consistency, rows);
  }

  /** A follower's range read of the ticks from `start` (at most `PULL_LIMIT`). */
  private async list(
    symbol: string,
    start: Deno.KvKey,
    consistency: Deno.KvConsistencyLevel,
    rows: { tick: TapeTick; n: number }[],
  ) {
    for await (
      const e of this.kv.list<StoredTick>({ prefix: marketKeys.ticks(symbol), start }, {
        limit: PULL_LIMIT,
        batchSize: 500,
        // a follower may read a nearby replica; a writer taking over or catching up reads strongly
        consistency: this.fence ? "strong" : consistency,
      })
    ) {
      const time = e.key[3] as number, n = e.key[4] as number;
      rows.push({
        tick: {
          symbol,
          time,
          price: e.value.price,
          qty: e.value.qty,
          seq: e.value.seq,
          hash: e.value.hash,
        },
        n,
      });
    }
  }

  /** Take ticks read from the store (in order) as this follower's: candles, head, listeners. */
  private async follow(
    symbol: string,
    head: TapeHead | null | undefined,
    consistency: Deno.KvConsistencyLevel,
    rows: { tick: TapeTick; n: number }[],
  ): Promise<number> {
    if (!rows.length) return 0;
    const open = this.open.get(symbol) ?? new Map<Interval, Candle>();
    this.open.set(symbol, open);
    const touched = new Map<Interval, Candle>();
    for (const { tick } of rows) {
      for (const iv of INTERVALS) {
        const r = updateCandle(open.get(iv) ?? null, iv, tick);
        open.set(iv, r.candle);
        touched.set(iv, r.candle);
      }
    }
    const last = rows[rows.length - 1]!;
    this.seq.set(symbol, { time: last.tick.time, n: last.n });
    if (last.tick.seq !== undefined && last.tick.hash) {
      this.chain.set(symbol, { seq: last.tick.seq, hash: last.tick.hash });
    }
    this.last.set(symbol, last.tick);
    if (head?.clock !== undefined) this.followClock = { clock: head.clock, at: this.opts.now() };
    this.stats.followed += rows.length;
    this.emit({ symbol, ticks: rows.map((r) => r.tick), candles: touched });
    // a long gap comes in pieces
    return rows.length +
      (rows.length === PULL_LIMIT ? await this.read(symbol, null, consistency) : 0);
  }
}
