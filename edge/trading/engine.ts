/**
 * The trigger engine: on every accepted tick it finds what that tick triggers through
 * per-symbol indexes (fast-contract expiries now; price triggers for stops, take-profits,
 * liquidations and limit orders use `TriggerIndex`), never by scanning. Suspect ticks never
 * reach it (the tape holds them back); a tick older than the staleness limit (a feed delivering
 * old trades) fires no price trigger; after a gap the first fresh tick fires every due trigger once. Settlement is exactly once even
 * when two instances race (the ledger's idempotency key and the order's versionstamp).
 * Hedged groups (a customer's longs and shorts on one symbol) are watched at the group's
 * liquidation level, computed by the core from all legs, instead of each leg's own; the level is
 * re-derived whenever a leg opens, changes or closes. Liquidation warnings (the margin ratio the
 * customer chose reached) are watched the same way, at their own price levels (liq_watch.ts).
 *
 * One engine for all instances: it runs where the engine lease is held. Orders placed through
 * any instance reach it through the event log (and are indexed at once when placed through the
 * holder itself); on takeover it rebuilds every index from KV.
 */
import { inSpan, instruments } from "../platform/telemetry.ts";
import type { TapeEvent } from "../market/tape.ts";
import type { TapeTick } from "../market/stored_tape.ts";
import type { MarketService } from "../market/service.ts";
import type { TenantRegistry } from "../platform/tenants.ts";
import type { FastContracts, FastOrder, TickRef } from "./fast.ts";
import { type Contracts, groupOf, isHedged, type Position, trailStep } from "./contracts.ts";
import type { Spot, SpotOrder } from "./spot.ts";
import { ExpiryQueue, TriggerIndex } from "./trigger_index.ts";
import type { Alerts } from "./alerts.ts";
import { AlertWatcher } from "./alert_watch.ts";
import { LiquidationWatch, type WarnLevels } from "./liq_watch.ts";
import type { LiqWarnings } from "./liq_warnings.ts";
import { INSTANCE_ID, Lease } from "../platform/lease.ts";
import type { EventRef } from "../ledger/events.ts";
import type { EventLogReader } from "../realtime/eventlog.ts";
import { outsideRequest } from "../platform/kv_round_trips.ts";

/** `f` run outside any request's scope (`outsideRequest`), whoever calls it. */
function detached<A extends unknown[]>(f: (...a: A) => unknown): (...a: A) => void {
  return (...a) => void outsideRequest(() => f(...a));
}

export class TradingEngine {
  private expiries = new Map<string, ExpiryQueue>();
  private levels = new Map<string, TriggerIndex>();
  private spotLevels = new Map<string, TriggerIndex>();
  /**
   * Trailing stops: the best price since each was set (`t|id`; the setting's tick names it) and,
   * per symbol, an index of those best prices, looked at on every tick (a new best moves the
   * stop; the stop's own level sits in `levels` with the other stops)
   */
  private trails = new Map<string, { p: Position; from: string; extreme: bigint }>();
  private peaks = new Map<string, TriggerIndex>();
  /** order key -> wall-time deadline for the stale refund, and its symbol */
  private meta = new Map<string, { symbol: string; refundAt: number }>();
  private prev = new Map<string, TapeTick>();
  /** holding legs per customer and symbol (`t|userId|symbol`), and which positions are hedged */
  private groups = new Map<string, { t: string; symbol: string; legs: Map<string, Position> }>();
  private hedged = new Set<string>();
  private work = Promise.resolve();
  private sweeper: ReturnType<typeof setInterval> | undefined;
  private reconciler: ReturnType<typeof setInterval> | undefined;
  /** open positions and spot orders indexed (`t|id`), to find what an index missed */
  private knownPositions = new Set<string>();
  private knownSpot = new Set<string>();
  /** this instance holds the engine lease and its indexes are built */
  private active = false;
  /** events that arrived while the indexes were being built from KV */
  private buffered: [string, EventRef[]][] | null = null;
  private lease: Lease | null = null;
  private unsubscribe: (() => void) | null = null;
  /** customers' price alerts, watched with the other triggers (`watchAlerts`) */
  alerts: AlertWatcher | null = null;
  /** liquidation warnings at the customers' levels (`watchLiquidations`) */
  warnings: LiquidationWatch | null = null;
  readonly stats = { settled: 0, refunded: 0, closed: 0, takeovers: 0 };
  /** where lease changes are reported */
  log: (line: string) => void = console.log;

  constructor(
    private fast: FastContracts,
    private contracts: Contracts,
    private spot: Spot,
    private market: MarketService,
    private tenants: TenantRegistry,
    private now: () => number,
    private kv: Deno.Kv,
  ) {
    // orders placed through this instance are indexed at once; those placed through others
    // arrive through the event log (`start`). The customer's request emits these: what the
    // engine starts from them (a trailing stop's catch-up, a close) is the engine's work, not
    // the request's, so it runs outside the request's scope (its round trips, its prefetched
    // entries and its session guard, edge/platform/kv_round_trips.ts)
    fast.events.on("opened", detached((t, o) => this.active && this.addFast(t, o)));
    contracts.events.on("opened", detached((t, p) => this.active && this.indexPosition(t, p)));
    contracts.events.on("changed", detached((t, p) => this.active && this.indexPosition(t, p)));
    spot.events.on("opened", detached((t, o) => this.active && this.indexSpot(t, o)));
    market.onTicks(detached((e) => this.active && this.tickSpan(e)));
  }

  /** Watch the customers' price alerts too (set through this instance: indexed at once). */
  watchAlerts(alerts: Alerts) {
    const w = this.alerts = new AlertWatcher(alerts, this.market.quotes);
    alerts.events.on("changed", detached((t, a) => this.active && w.index(t, a)));
    alerts.events.on("removed", detached((t, user, id) => this.active && w.drop(t, user, id)));
  }

  /** Warn customers when a position's margin ratio reaches the level they chose. */
  watchLiquidations(records: LiqWarnings, levels: WarnLevels) {
    this.warnings = new LiquidationWatch(records, levels, this.now);
  }

  /** This instance holds the engine lease and runs the triggers (account notifications too). */
  get running(): boolean {
    return this.active;
  }

  /** A spot limit: a buy fills when the price falls to it, a sell when it rises to it. */
  private indexSpot(t: string, o: SpotOrder) {
    let ix = this.spotLevels.get(o.symbol);
    if (!ix) {
      ix = new TriggerIndex();
      this.spotLevels.set(o.symbol, ix);
    }
    ix.set(`${t}|${o.id}`, o.side === "buy" ? "below" : "above", o.price);
    this.knownSpot.add(`${t}|${o.id}`);
  }

  /** A position's trigger levels: liquidation and stop-loss on the losing side, take-profit on the other. */
  private indexPosition(t: string, p: Position) {
    let ix = this.levels.get(p.symbol);
    if (!ix) {
      ix = new TriggerIndex();
      this.levels.set(p.symbol, ix);
    }
    const key = `${t}|${p.id}`;
    for (const k of ["liq", "sl", "tp", "lim", "tsl", "osl", "otp"]) ix.delete(`${key}|${k}`);
    this.peaks.get(p.symbol)?.delete(key);
    if (p.status === "holding" || p.status === "pending") this.knownPositions.add(key);
    else this.knownPositions.delete(key);
    if (p.status !== "holding") this.warnings?.drop(key);
    const gk = `${t}|${p.userId}|${p.symbol}`;
    let g = this.groups.get(gk);
    if (p.status === "holding") {
      if (!g) this.groups.set(gk, g = { t, symbol: p.symbol, legs: new Map() });
      g.legs.set(p.id, p);
    } else if (g?.legs.delete(p.id)) {
      this.hedged.delete(key);
    }
    if (p.status === "pending") {
      // a long limit fills when the price falls to it, a short limit when it rises to it
      ix.set(`${key}|lim`, p.side === "long" ? "below" : "above", p.entry.price);
    } else if (p.status === "holding") {
      const losing = p.side === "long" ? "below" : "above";
      const winning = p.side === "long" ? "above" : "below";
      if (p.stopLoss !== null) ix.set(`${key}|sl`, losing, p.stopLoss);
      if (p.takeProfit !== null) ix.set(`${key}|tp`, winning, p.takeProfit);
      if (p.oco) {
        ix.set(`${key}|osl`, losing, p.oco.stopLoss);
        ix.set(`${key}|otp`, winning, p.oco.takeProfit);
      }
    }
    this.indexTrail(key, p);
    if (g) this.indexGroup(gk);
  }

  /**
   * A holding position's trailing stop: its level (from the best price so far) with the other
   * stops, and the best price in `peaks` (a tick beyond it moves the stop). A new setting starts
   * from its own tick; ticks stored after it that this engine did not see (it took over, or the
   * setting came from another instance) are read from the tape first.
   */
  private indexTrail(key: string, p: Position) {
    const tr = p.status === "holding" ? p.trailing : null;
    if (!tr) return void this.trails.delete(key);
    const from = `${tr.from.time}|${tr.from.seq ?? ""}|${tr.callback}`;
    let s = this.trails.get(key);
    if (s?.from !== from) {
      s = { p, from, extreme: tr.from.price };
      this.trails.set(key, s);
      // the latest stored tick this instance knows (after a takeover: the tape's, not yet seen
      // by this engine)
      const seen = this.prev.get(p.symbol)?.seq ?? this.market.tape.lastTick(p.symbol)?.seq;
      if (tr.from.seq && seen && seen > tr.from.seq) this.catchUp(key, tr.from.seq, seen);
    }
    s.p = p;
    this.armTrail(key);
  }

  /** Put a trailing stop's level and best price into the indexes. */
  private armTrail(key: string) {
    const s = this.trails.get(key);
    const tr = s?.p.trailing;
    if (!s || !tr) return;
    const ix = this.levels.get(s.p.symbol)!;
    let peaks = this.peaks.get(s.p.symbol);
    if (!peaks) this.peaks.set(s.p.symbol, peaks = new TriggerIndex());
    const long = s.p.side === "long";
    const { level } = trailStep(s.p.side, s.extreme, s.extreme, tr.callback);
    ix.set(`${key}|tsl`, long ? "below" : "above", level);
    // one unit beyond the best price: the first tick past it moves the stop
    peaks.set(key, long ? "above" : "below", long ? s.extreme + 1n : s.extreme - 1n);
  }

  /** Ticks `from` (exclusive) to `to` this engine did not see: the best price, or the close. */
  private catchUp(key: string, from: number, to: number) {
    const s = this.trails.get(key)!;
    const [t, id] = key.split("|") as [string, string];
    this.work = this.work.then(async () => {
      const ticks = await this.market.tape.range(s.p.symbol, from + 1, to, 100_000);
      const tr = s.p.trailing!;
      let extreme = tr.from.price;
      for (const tick of ticks) {
        const step = trailStep(s.p.side, extreme, tick.price, tr.callback);
        if (step.fires) return this.closePosition(key, ref(tick), true);
        extreme = step.extreme;
      }
      if (this.trails.get(key) !== s) return;
      s.extreme = trailStep(s.p.side, s.extreme, extreme, tr.callback).extreme;
      this.armTrail(key);
    }).catch((err) => console.error(`[engine] trailing stop ${id} of ${t}`, err));
  }

  /** A tick (any: the best price counts even while triggers pause) moves the trailing stops. */
  private movePeaks(symbol: string, price: bigint) {
    const peaks = this.peaks.get(symbol);
    if (!peaks?.size) return;
    for (const key of peaks.take(price)) {
      const s = this.trails.get(key);
      if (!s?.p.trailing) continue;
      s.extreme = trailStep(s.p.side, s.extreme, price, s.p.trailing.callback).extreme;
      this.armTrail(key);
    }
  }

  /**
   * Liquidation levels of one customer's legs on a symbol: each leg's own while one side is
   * held; the group's (one entry, `G|t|user|symbol`) once both sides are.
   */
  private indexGroup(gk: string) {
    const g = this.groups.get(gk);
    const ix = g && this.levels.get(g.symbol);
    if (!g || !ix) return;
    ix.delete(`G|${gk}`);
    const legs = [...g.legs.values()];
    if (!isHedged(legs)) this.warnings?.drop(`G|${gk}`);
    if (!legs.length) {
      this.groups.delete(gk);
      return;
    }
    if (isHedged(legs)) {
      for (const l of legs) {
        ix.delete(`${g.t}|${l.id}|liq`);
        this.hedged.add(`${g.t}|${l.id}`);
        this.warnings?.drop(`${g.t}|${l.id}`);
      }
      this.warnings?.watch(`G|${gk}`, g.t, `group.${g.symbol}`, legs);
      const liq = groupOf(legs).liquidation;
      // "now": fires on the next tick, whatever its price
      if (liq.kind === "now") ix.set(`G|${gk}`, "above", 1n);
      else if (liq.kind !== "never") ix.set(`G|${gk}`, liq.kind, liq.level);
      return;
    }
    for (const l of legs) {
      this.hedged.delete(`${g.t}|${l.id}`);
      const losing = l.side === "long" ? "below" : "above";
      if (l.liquidationPrice > 0n) ix.set(`${g.t}|${l.id}|liq`, losing, l.liquidationPrice);
      this.warnings?.watch(`${g.t}|${l.id}`, g.t, l.id, [l]);
    }
  }

  /**
   * Run the engine on whichever instance holds its lease (`["lease", "engine"]`): on winning it
   * the indexes are built from KV (what came due meanwhile settles on the next tick, at the
   * stored ticks), then kept current from the event log (orders placed on any instance) and
   * reconciled with the stored open-order indexes every `reconcileMs`.
   */
  async start(o: { events: EventLogReader; lease?: Lease; reconcileMs?: number }) {
    this.unsubscribe = o.events.subscribe((t, e) => {
      if (!e.refs?.length || !this.lease?.isHeld) return;
      if (this.buffered) this.buffered.push([t, e.refs]);
      else if (this.active) return this.apply(t, e.refs);
      return;
    });
    this.lease = o.lease ?? new Lease(this.kv, "engine", undefined, { log: (l) => this.log(l) });
    this.sweeper = setInterval(() => this.active && this.sweepStale(), 1000);
    this.reconciler = setInterval(
      () => this.active && void this.reconcile().catch((e) => console.error("[engine]", e)),
      o.reconcileMs ?? 30_000,
    );
    await this.lease.keep((epoch) => this.takeOver(epoch), () => this.standDown());
  }

  /** Build every index from KV (this instance just won the lease). */
  private async takeOver(epoch: number) {
    this.buffered = [];
    this.clear();
    try {
      await this.reconcile();
    } catch (e) {
      // could not build the indexes (the store is busy): give the lease up, try again later
      this.buffered = null;
      this.log(`[engine] taking over failed: ${e instanceof Error ? e.message : e}`);
      void this.lease?.lost(epoch);
      return;
    }
    if (this.lease?.epoch !== epoch) return void (this.buffered = null);
    this.active = true;
    this.stats.takeovers++;
    const pending = this.buffered;
    this.buffered = null;
    for (const [t, refs] of pending) await this.apply(t, refs);
    this.log(`[engine] ${INSTANCE_ID} runs the trigger engine (epoch ${epoch})`);
  }

  private standDown() {
    if (!this.active) return;
    this.active = false;
    this.clear();
    this.log(`[engine] ${INSTANCE_ID} stopped running the trigger engine`);
  }

  private clear() {
    // the previous tick of a symbol is only known while active (after a takeover: the tape)
    this.prev.clear();
    this.expiries.clear();
    this.levels.clear();
    this.spotLevels.clear();
    this.trails.clear();
    this.peaks.clear();
    this.meta.clear();
    this.groups.clear();
    this.hedged.clear();
    this.knownPositions.clear();
    this.knownSpot.clear();
    this.alerts?.clear();
    this.warnings?.clear();
  }

  /** Index every open order and position stored that is not indexed yet. */
  private async reconcile() {
    for (const t of this.tenants.byId.keys()) {
      await this.contracts.indexUserOpen(t);
      // the customers' levels and the warnings given, before any position is watched
      await this.warnings?.load(t);
      for await (const o of this.fast.openOrders(t)) {
        if (this.meta.has(`${t}|${o.id}`)) continue;
        this.index(t, o.id, o.symbol, o.expiresAt, o.createdAt + o.duration * 1000);
      }
      // only what is not indexed yet is read
      for await (const id of this.contracts.openIds(t)) {
        if (this.knownPositions.has(`${t}|${id}`)) continue;
        const p = await this.contracts.get(t, id);
        if (p && (p.status === "holding" || p.status === "pending")) this.indexPosition(t, p);
      }
      for await (const id of this.spot.openIds(t)) {
        if (this.knownSpot.has(`${t}|${id}`)) continue;
        const o = await this.spot.get(t, id);
        if (o?.status === "open") this.indexSpot(t, o);
      }
      await this.alerts?.reconcile(t);
    }
  }

  /** Records changed on some instance: read them and index what is open. */
  private async apply(t: string, refs: EventRef[]) {
    for (const r of refs) {
      if (r.kind === "fast.open") {
        // placed through this instance: indexed already, nothing to read
        if (this.meta.has(`${t}|${r.id}`)) continue;
        const o = await this.fast.get(t, r.id);
        if (o?.status === "open" && !this.meta.has(`${t}|${o.id}`)) this.addFast(t, o);
      } else if (r.kind === "position") {
        const p = await this.contracts.get(t, r.id);
        if (p) this.indexPosition(t, p);
      } else if (r.kind === "spot") {
        const o = await this.spot.get(t, r.id);
        if (o?.status === "open") this.indexSpot(t, o);
        else if (o) {
          this.spotLevels.get(o.symbol)?.delete(`${t}|${o.id}`);
          this.knownSpot.delete(`${t}|${o.id}`);
        }
      } else if (r.kind === "alert") {
        await this.alerts?.apply(t, r);
      } else if (r.kind === "notifyPrefs") {
        await this.warnings?.prefsChanged(t, r.user);
      }
    }
  }

  async stop() {
    clearInterval(this.sweeper);
    clearInterval(this.reconciler);
    this.unsubscribe?.();
    this.active = false;
    await this.idle();
    await this.lease?.stop(true);
  }

  /** Wait for queued settlements (tests, shutdown). */
  idle() {
    return Promise.all([this.work, this.alerts?.idle(), this.warnings?.idle()]).then(() => {});
  }

  private index(t: string, id: string, symbol: string, expiresAt: number, wallExpiry: number) {
    let q = this.expiries.get(symbol);
    if (!q) {
      q = new ExpiryQueue();
      this.expiries.set(symbol, q);
    }
    const key = `${t}|${id}`;
    q.add(key, expiresAt);
    this.meta.set(key, { symbol, refundAt: wallExpiry + this.market.tape.opts.staleMs });
  }

  private addFast(t: string, o: FastOrder) {
    this.index(t, o.id, o.symbol, o.expiresAt, o.createdAt + o.duration * 1000);
  }

  /** One batch of ticks, traced (`engine.ticks`) and timed (`tradewind.engine.tick.duration`). */
  private tickSpan(e: TapeEvent) {
    const t0 = performance.now();
    inSpan("engine.ticks", { symbol: e.symbol, ticks: e.ticks.length }, () => this.onTicks(e));
    instruments.engineTick.record(performance.now() - t0, { symbol: e.symbol });
  }

  private onTicks(e: TapeEvent) {
    const q = this.expiries.get(e.symbol);
    const ix = this.levels.get(e.symbol);
    const spotIx = this.spotLevels.get(e.symbol);
    for (const tick of e.ticks) {
      // price triggers pause while the symbol's data is delayed
      const fresh = !this.market.tape.isStaleTime(tick.time);
      if (fresh) this.alerts?.onTick(e.symbol, tick);
      if (fresh) this.warnings?.onTick(e.symbol, tick);
      if (fresh && spotIx?.size) {
        for (const key of spotIx.take(tick.price)) {
          const [t, id] = key.split("|") as [string, string];
          this.knownSpot.delete(key);
          const at = ref(tick);
          this.work = this.work.then(() => this.spot.fill(t, id, at).then(() => {}))
            .catch((err) => console.error("[engine] spot fill failed", err));
        }
      }
      // the best prices first: a trailing stop's level includes this tick
      this.movePeaks(e.symbol, tick.price);
      if (fresh && ix?.size) {
        // each position once, whatever levels this tick crossed (after a gap: the first good tick)
        const taken = ix.take(tick.price);
        for (const id of taken) if (id.startsWith("G|")) this.closeGroup(id.slice(2), ref(tick));
        const hit = new Map<string, boolean>();
        for (const id of taken) {
          if (id.startsWith("G|")) continue;
          const key = id.slice(0, id.lastIndexOf("|"));
          hit.set(key, hit.get(key) || id.endsWith("|tsl"));
        }
        for (const [key, trailing] of hit) this.closePosition(key, ref(tick), trailing);
      }
      if (q?.size) {
        // expired before this tick: the exit is the previous tick (the last one at or before expiry)
        const prev = this.prev.get(e.symbol);
        for (const d of q.due(tick.time - 1)) {
          // after a restart the previous tick is not in memory: read it from the stored tape
          this.settle(d.id, prev && prev.time <= d.at ? ref(prev) : { symbol: e.symbol, at: d.at });
        }
        // expiring exactly at this tick's time: settled by the next later tick, since another
        // tick of the same millisecond may still come and would be the last one at expiry
      }
      this.prev.set(e.symbol, tick);
    }
  }

  /** `trailing`: this tick reached the position's trailing stop (the engine's best price). */
  private closePosition(key: string, tick: TickRef, trailing = false) {
    const [t, id] = key.split("|") as [string, string];
    const rearm = async () => {
      const p = await this.contracts.get(t, id);
      if (p) this.indexPosition(t, p);
    };
    this.work = this.work.then(async () => {
      const p = await this.contracts.get(t, id);
      if (p?.status === "pending") {
        await this.contracts.fill(t, id, tick);
        return;
      }
      if (!p || p.status !== "holding") return;
      const due = this.contracts.due(p, tick.price, { hedged: this.hedged.has(key), trailing });
      if (!due) return this.indexPosition(t, p); // levels moved meanwhile: re-arm
      const closed = await this.contracts.close(t, id, {
        tick,
        reason: due.reason,
        oco: due.oco ? p.oco!.id : undefined,
      });
      if (closed) this.stats.closed++;
      // a pair closed part of it: the rest stays watched (its other orders)
      if (due.oco) await rearm();
    }).catch(async (err) => {
      // the levels were taken from the index: put them back so the position stays watched
      console.error("[engine] close failed", err);
      await rearm().catch(() => {});
    });
  }

  /** A hedged group at its level: every leg closed in one journal, or re-armed if not due. */
  private closeGroup(gk: string, tick: TickRef) {
    const g = this.groups.get(gk);
    const first = g && [...g.legs.values()][0];
    if (!g || !first) return;
    this.work = this.work.then(async () => {
      const closed = await this.contracts.close(g.t, first.id, {
        tick,
        reason: "liquidation",
        wholeGroup: true,
      });
      if (closed) this.stats.closed++;
      else this.indexGroup(gk); // not due any more (the group changed): watch it again
    }).catch((err) => {
      console.error("[engine] group liquidation failed", err);
      this.indexGroup(gk);
    });
  }

  /** `exit`: the exit tick; a lookup: find the last stored tick at or before `at`; null: refund. */
  private settle(key: string, exit: TickRef | { symbol: string; at: number } | null) {
    this.meta.delete(key);
    const [t, id] = key.split("|") as [string, string];
    this.work = this.work.then(async () => {
      if (exit && "symbol" in exit) {
        const found = await this.market.tape.tickAtOrBefore(exit.symbol, exit.at);
        exit = found ? ref(found) : null;
      }
      const o = await this.fast.settle(t, id, exit);
      if (o) exit ? this.stats.settled++ : this.stats.refunded++;
    }).catch((err) => console.error("[engine] settlement failed", err));
  }

  /** No tick within the staleness limit after expiry: the stake is returned. */
  private sweepStale() {
    const now = this.now();
    for (const [key, m] of this.meta) {
      if (now >= m.refundAt && this.market.tape.isStale(m.symbol)) {
        this.expiries.get(m.symbol)?.remove(key);
        this.settle(key, null);
      }
    }
  }
}

/** A tape tick as a settlement stores it: time, price and its place in the chain. */
function ref(t: Pick<TapeTick, "time" | "price" | "seq">): TickRef {
  return t.seq ? { time: t.time, price: t.price, seq: t.seq } : { time: t.time, price: t.price };
}
