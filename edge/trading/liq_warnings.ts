/**
 * Liquidation warnings (issue 29): a customer is told once when a position has gone the share of
 * the way to its liquidation they chose in their notification preferences (50 to 90 %). That
 * share is the warning's margin ratio: of the margin that stands between the position and its
 * liquidation (the margin posted less the maintenance margin at the liquidation price), the part
 * lost at the price; 0 % at the entry price, 100 % at the liquidation price the contract screens
 * show. Linear contracts make it linear in the price: (entry - price) / (entry - liquidation) for
 * a long, the mirror for a short; a hedged group (both sides of a symbol, margined together) uses
 * its break-even price and its group liquidation price (the core's `hedgedGroup`). Fees are
 * ignored, as in the liquidation price.
 *
 * So a level is a price (exact in integers, `levelOf`), and the engine watches warnings in a
 * `TriggerIndex` like its stops (liq_watch.ts), confirming each at the tick (`ratioAt`).
 *
 * This module holds the figures and the record: the latest warning per position or group, written
 * by the engine (one commit that also stages an event-log entry naming it, `liqWarn`); the
 * notifications capability derives the customer's notification from that entry. `n` counts the
 * warnings: the notification's key names it, so each is sent once whichever instance derives it.
 */
import { hedgedGroup, SCALE } from "../../core-wasm/mod.ts";
import { stageEvents } from "../ledger/events.ts";
import { commitAttempts, storeBusy } from "../platform/kvstore.ts";
import type { TickRef } from "./fast.ts";
import type { Position } from "./positions.ts";
import { liqWarnKeys } from "./store.ts";

/** How long a warning record is kept (as long as the notification's "sent" mark). */
const KEEP_MS = 30 * 86_400_000;

export interface LiqWarning {
  /** the position's id, or `group.SYMBOL` for a hedged group */
  id: string;
  userId: string;
  symbol: string;
  side: "long" | "short" | "hedged";
  /** warnings so far on this position or group (the notification's key names it) */
  n: number;
  /** the legs warned about (`legsBasis`): a change to them arms the warning again */
  basis: string;
  /** the customer's level and the ratio at the tick (fractions, 10^-8) */
  level: bigint;
  ratio: bigint;
  /** where the position (group) is liquidated */
  liquidationPrice: bigint;
  tick: TickRef;
  at: number;
}

/** What the legs are: id, quantity, margin and entry of each (a partial close changes it). */
export function legsBasis(legs: readonly Position[]): string {
  return legs.map((l) => `${l.id}:${l.qty}:${l.margin}:${l.entry.price}`).sort().join(",");
}

/**
 * The legs' way to liquidation in integers (10^-16 units): loss(P) = k - net x P with
 * k = sum(s q E) and net = sum(s q), and the loss at the liquidation price. Null: no level
 * (equal lots, a long whose margin covers it all) or already due.
 */
export interface LiqPath {
  k: bigint;
  net: bigint;
  lossAtLiq: bigint;
  liquidation: bigint;
}

export function pathOf(legs: readonly Position[]): LiqPath | null {
  const g = hedgedGroup(legs.map((p) => ({
    side: p.side,
    qty: p.qty,
    entry: p.entry.price,
    margin: p.margin,
    mmr: p.mmr,
  }))).liquidation;
  if (g.kind !== "below" && g.kind !== "above") return null;
  let k = 0n, net = 0n;
  for (const l of legs) {
    const s = l.side === "long" ? 1n : -1n;
    k += s * l.qty * l.entry.price;
    net += s * l.qty;
  }
  const lossAtLiq = k - net * g.level;
  return net !== 0n && lossAtLiq > 0n ? { k, net, lossAtLiq, liquidation: g.level } : null;
}

/** The ratio at `price` (a fraction, 10^-8, rounded down; negative in profit). */
export function ratioAt(path: LiqPath, price: bigint): bigint {
  const x = (path.k - path.net * price) * SCALE;
  const q = x / path.lossAtLiq;
  return x < 0n && q * path.lossAtLiq !== x ? q - 1n : q;
}

/** Whether the ratio at `price` is at least (`atLeast`) or at most `ratio`, exactly. */
export function reaches(path: LiqPath, price: bigint, ratio: bigint, atLeast: boolean): boolean {
  const lhs = (path.k - path.net * price) * SCALE;
  const rhs = ratio * path.lossAtLiq;
  return atLeast ? lhs >= rhs : lhs <= rhs;
}

/**
 * The price where the ratio reaches `ratio`, and the side on which it is at least that
 * (a net long: at or below the level). Null when no positive price has it.
 */
export function levelOf(path: LiqPath, ratio: bigint) {
  const num = path.k * SCALE - ratio * path.lossAtLiq;
  if (path.net > 0n) {
    // net x P <= k - ratio x lossAtLiq / S: the greatest such P
    const level = num / (path.net * SCALE);
    return level > 0n ? { side: "below" as const, level } : null;
  }
  // a net short: |net| x P >= ratio x lossAtLiq / S - k: the least such P
  const d = -path.net * SCALE;
  const level = -num <= 0n ? 1n : (-num + d - 1n) / d;
  return { side: "above" as const, level };
}

export class LiqWarnings {
  constructor(private kv: Deno.Kv) {}

  async get(t: string, userId: string, id: string): Promise<LiqWarning | null> {
    return (await this.kv.get<LiqWarning>(liqWarnKeys.warning(t, userId, id))).value;
  }

  /** Every stored warning of a tenant (the engine's state on takeover). */
  async *all(t: string): AsyncIterable<LiqWarning> {
    for await (const e of this.kv.list<LiqWarning>({ prefix: liqWarnKeys.all(t) })) yield e.value;
  }

  /** Store the latest warning and name it in the event log (the notifier sends it). */
  async put(t: string, w: LiqWarning) {
    for await (const _attempt of commitAttempts()) {
      const op = this.kv.atomic()
        .set(liqWarnKeys.warning(t, w.userId, w.id), w, { expireIn: KEEP_MS });
      stageEvents(op, t, w.at, { refs: [{ user: w.userId, kind: "liqWarn", id: w.id }] });
      if ((await op.commit()).ok) return;
    }
    throw storeBusy();
  }
}
