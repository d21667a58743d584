/**
 * The trigger engine's liquidation warnings (engine.ts runs it where the engine lease is held):
 * every holding position, or hedged group, of a customer whose warning is on sits in a per-symbol
 * `TriggerIndex` at the price where its margin ratio (liq_warnings.ts: the share of the way to
 * liquidation) reaches the customer's level; a tick takes only the entries it crosses and
 * confirms each with the exact ratio. Warned once: the entry is replaced by one on the other side, at the price where the
 * ratio is `WARN_REARM_POINTS` under the level, and crossing that arms the warning again; so does
 * a change to the legs (a partial close, a leg opened or closed) or to the level. Nothing is read
 * per tick: the customers' levels and the stored warnings are read once on takeover, the levels
 * again when a customer saves their preferences (a `notifyPrefs` entry in the event log); a
 * warning is one queued commit (`LiqWarnings.put`).
 */
import { SCALE } from "../../core-wasm/mod.ts";
import { DEFAULT_WARN_RATIO, WARN_REARM_POINTS } from "../../contract/notifications.ts";
import type { TapeTick } from "../market/stored_tape.ts";
import { levelOf, type LiqPath, ratioAt, reaches } from "../../contract/margin_ratio.ts";
import { legsBasis, type LiqWarning, type LiqWarnings, pathOf } from "./liq_warnings.ts";
import type { Position } from "./positions.ts";
import { TriggerIndex } from "./trigger_index.ts";

/** The customers' warning levels in % (the notification preferences; null: the warning is off). */
export interface WarnLevels {
  /** every customer of the tenant who saved preferences */
  all(t: string): AsyncIterable<[userId: string, ratio: number | null]>;
  of(t: string, userId: string): Promise<number | null>;
}

/** A position or hedged group watched. */
interface Watched {
  t: string;
  userId: string;
  /** the warning record's id: the position's, or `group.SYMBOL` */
  id: string;
  symbol: string;
  legs: Position[];
  /** the way to liquidation (null: the legs have no level) */
  path: LiqPath | null;
  basis: string;
  /** the customer's level (a fraction, 10^-8), null: off */
  level: bigint | null;
  /** warned and not armed again yet */
  warned: boolean;
  /** warnings so far */
  n: number;
}

const fraction = (pct: number) => BigInt(pct) * SCALE / 100n;
const REARM = fraction(WARN_REARM_POINTS);

export class LiquidationWatch {
  private bySymbol = new Map<string, TriggerIndex>();
  private watched = new Map<string, Watched>();
  /** `t|user` -> level in % (absent: the default; null: off) */
  private levels = new Map<string, number | null>();
  /** `t|user|id` -> the latest warning (read on takeover, then as written) */
  private latest = new Map<string, LiqWarning>();
  private loaded = new Set<string>();
  private work = Promise.resolve();
  readonly stats = { warned: 0 };

  constructor(
    private records: LiqWarnings,
    private prefs: WarnLevels,
    private now: () => number,
  ) {}

  get size() {
    return this.watched.size;
  }

  clear() {
    this.bySymbol.clear();
    this.watched.clear();
    this.levels.clear();
    this.latest.clear();
    this.loaded.clear();
  }

  /** A tenant's levels and stored warnings, once after a takeover (before anything is watched). */
  async load(t: string) {
    if (this.loaded.has(t)) return;
    for await (const [user, ratio] of this.prefs.all(t)) this.levels.set(`${t}|${user}`, ratio);
    for await (const w of this.records.all(t)) this.latest.set(`${t}|${w.userId}|${w.id}`, w);
    this.loaded.add(t);
  }

  /** A customer saved their preferences: watch their positions at the new level. */
  async prefsChanged(t: string, userId: string) {
    this.levels.set(`${t}|${userId}`, await this.prefs.of(t, userId));
    for (const [key, w] of this.watched) {
      if (w.t === t && w.userId === userId) this.watch(key, t, w.id, w.legs);
    }
  }

  /** Watch a holding position (one leg, id its own) or a hedged group (`group.SYMBOL`). */
  watch(key: string, t: string, id: string, legs: Position[]) {
    const { userId, symbol } = legs[0]!;
    const pct = this.levels.get(`${t}|${userId}`);
    const level = pct === null ? null : fraction(pct ?? DEFAULT_WARN_RATIO);
    const basis = legsBasis(legs);
    let w = this.watched.get(key);
    if (!w) {
      const last = this.latest.get(`${t}|${userId}|${id}`);
      const warned = last?.basis === basis && last.level === level;
      w = { t, userId, id, symbol, legs, path: null, basis, level, warned, n: last?.n ?? 0 };
      this.watched.set(key, w);
    } else if (w.basis !== basis || w.level !== level) {
      w.warned = false;
    }
    Object.assign(w, { legs, basis, level, path: w.basis === basis && w.path || pathOf(legs) });
    this.arm(key, w);
  }

  drop(key: string) {
    const w = this.watched.get(key);
    if (!w) return;
    this.unarm(key, w);
    this.watched.delete(key);
  }

  private unarm(key: string, w: Watched) {
    const ix = this.bySymbol.get(w.symbol);
    ix?.delete(`${key}|w`);
    ix?.delete(`${key}|r`);
  }

  /** Index the warning's price (armed) or the price that arms it again (warned). */
  private arm(key: string, w: Watched) {
    this.unarm(key, w);
    if (w.level === null || !w.path) return;
    let ix = this.bySymbol.get(w.symbol);
    if (!ix) this.bySymbol.set(w.symbol, ix = new TriggerIndex());
    const at = levelOf(w.path, w.warned ? w.level - REARM : w.level);
    if (!w.warned) return void (at && ix.set(`${key}|w`, at.side, at.level));
    // no price has the ratio that low: armed again at once
    if (!at) return void (w.warned = false, this.arm(key, w));
    ix.set(`${key}|r`, at.side === "below" ? "above" : "below", at.level);
  }

  /** A fresh stored tick of `symbol`: warn (or arm again) what it crosses, at the exact ratio. */
  onTick(symbol: string, tick: TapeTick) {
    const ix = this.bySymbol.get(symbol);
    if (!ix?.size) return;
    for (const entry of ix.take(tick.price)) {
      const key = entry.slice(0, -2);
      const w = this.watched.get(key);
      if (!w || w.level === null || !w.path) continue;
      if (entry.endsWith("|r")) {
        if (reaches(w.path, tick.price, w.level - REARM, false)) w.warned = false;
      } else if (
        reaches(w.path, tick.price, w.level, true) && !reaches(w.path, tick.price, SCALE, true)
      ) {
        // (at 100 % the liquidation is due: its own notice tells)
        this.warn(w, w.path, tick);
      }
      this.arm(key, w);
    }
  }

  private warn(w: Watched, path: LiqPath, tick: TapeTick) {
    w.warned = true;
    const rec: LiqWarning = {
      id: w.id,
      userId: w.userId,
      symbol: w.symbol,
      side: w.legs.length > 1 ? "hedged" : w.legs[0]!.side,
      n: ++w.n,
      basis: w.basis,
      level: w.level!,
      ratio: ratioAt(path, tick.price),
      liquidationPrice: path.liquidation,
      tick: tick.seq
        ? { time: tick.time, price: tick.price, seq: tick.seq }
        : { time: tick.time, price: tick.price },
      at: this.now(),
    };
    this.latest.set(`${w.t}|${w.userId}|${w.id}`, rec);
    this.work = this.work.then(async () => {
      await this.records.put(w.t, rec);
      this.stats.warned++;
    }).catch((err) => console.error("[engine] liquidation warning failed", err));
  }

  /** Wait for queued warnings (tests, shutdown). */
  idle() {
    return this.work;
  }
}
