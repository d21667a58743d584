/**
 * The trigger engine's price alerts (engine.ts runs it where the engine lease is held): per
 * symbol one `TriggerIndex` of price levels (`above` fires at or over its level, `below` at or
 * under) and one of 24 h move thresholds (the tick's absolute move from the rolling 24 h open, as
 * a fraction, against each threshold: the index's `above` side). A tick takes only the entries it
 * crosses: with nothing due it costs two comparisons per index and one 24 h open per symbol and
 * minute (`bench/alerts_bench.ts`). Each entry names the revision it was indexed at; the fire is
 * one commit that checks it (`Alerts.fire`), queued so ticks never wait on the store.
 */
import type { Quotes } from "../market/quotes.ts";
import type { TapeTick } from "../market/stored_tape.ts";
import type { EventRef } from "../ledger/events.ts";
import { type Alert, type Alerts, moveOf } from "./alerts.ts";
import { TriggerIndex } from "./trigger_index.ts";

export class AlertWatcher {
  private levels = new Map<string, TriggerIndex>();
  private moves = new Map<string, TriggerIndex>();
  /** `t|user|id` -> the index entry (`t|user|id|rev`) and its symbol */
  private known = new Map<string, { entry: string; symbol: string; move: boolean }>();
  private work = Promise.resolve();
  readonly stats = { fired: 0 };

  constructor(private alerts: Alerts, private quotes: Quotes) {}

  get size() {
    return this.known.size;
  }

  /** Index an alert as it is now (a fired one leaves the indexes). */
  index(t: string, a: Alert) {
    this.drop(t, a.userId, a.id);
    if (a.status !== "active") return;
    const move = a.kind === "move";
    const by = move ? this.moves : this.levels;
    let ix = by.get(a.symbol);
    if (!ix) by.set(a.symbol, ix = new TriggerIndex());
    const entry = `${t}|${a.userId}|${a.id}|${a.rev}`;
    ix.set(entry, a.kind === "below" ? "below" : "above", a.level);
    this.known.set(`${t}|${a.userId}|${a.id}`, { entry, symbol: a.symbol, move });
  }

  drop(t: string, userId: string, id: string) {
    const key = `${t}|${userId}|${id}`;
    const k = this.known.get(key);
    if (!k) return;
    (k.move ? this.moves : this.levels).get(k.symbol)?.delete(k.entry);
    this.known.delete(key);
  }

  clear() {
    this.levels.clear();
    this.moves.clear();
    this.known.clear();
  }

  /** Index every stored active alert of a tenant not indexed yet (takeover, reconciliation). */
  async reconcile(t: string) {
    for await (const a of this.alerts.all(t)) {
      if (a.status === "active" && !this.known.has(`${t}|${a.userId}|${a.id}`)) this.index(t, a);
    }
  }

  /** An alert set, edited, fired or deleted on some instance: index it as it is now. */
  async apply(t: string, r: EventRef) {
    const a = await this.alerts.get(t, r.user, r.id);
    if (a) this.index(t, a);
    else this.drop(t, r.user, r.id);
  }

  /** A fresh stored tick of `symbol`: fire what it crosses. */
  onTick(symbol: string, tick: TapeTick) {
    const lv = this.levels.get(symbol);
    const fired = lv?.size ? lv.take(tick.price) : [];
    const mv = this.moves.get(symbol);
    if (mv?.size) {
      const open = this.quotes.open24h(symbol, tick.time);
      if (open !== null) fired.push(...mv.take(moveOf(tick.price, open)));
    }
    for (const entry of fired) this.fire(entry, tick);
  }

  private fire(entry: string, tick: TapeTick) {
    const [t, user, id, rev] = entry.split("|") as [string, string, string, string];
    this.known.delete(`${t}|${user}|${id}`);
    const at = tick.seq
      ? { time: tick.time, price: tick.price, seq: tick.seq }
      : { time: tick.time, price: tick.price };
    this.work = this.work.then(async () => {
      if (await this.alerts.fire(t, user, id, Number(rev), at)) this.stats.fired++;
    }).catch(async (err) => {
      // not fired (the store failed): watch it again
      console.error("[engine] alert failed", err);
      await this.apply(t, { user, kind: "alert", id }).catch(() => {});
    });
  }

  /** Wait for queued fires (tests, shutdown). */
  idle() {
    return this.work;
  }
}
