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
 * So a level is a price (exact in integers, `levelOf` in contract/margin_ratio.ts, which the
 * position rows use to show the ratio too), and the engine watches warnings in a `TriggerIndex`
 * like its stops (liq_watch.ts), confirming each at the tick (`reaches`).
 *
 * This module holds the figures and the record: the latest warning per position or group, written
 * by the engine (one commit that also stages an event-log entry naming it, `liqWarn`); the
 * notifications capability derives the customer's notification from that entry. `n` counts the
 * warnings: the notification's key names it, so each is sent once whichever instance derives it.
 */
import { hedgedGroup } from "../../core-wasm/mod.ts";
import { type LiqPath, liqPath } from "../../contract/margin_ratio.ts";
import { stageEvents } from "../ledger/events.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
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

/** The legs' way to their liquidation price (the core's group level; one leg: its own). */
export function pathOf(legs: readonly Position[]): LiqPath | null {
  const g = hedgedGroup(legs.map((p) => ({
    side: p.side,
    qty: p.qty,
    entry: p.entry.price,
    margin: p.margin,
    mmr: p.mmr,
  }))).liquidation;
  if (g.kind !== "below" && g.kind !== "above") return null;
  return liqPath(legs.map((l) => ({ side: l.side, qty: l.qty, entry: l.entry.price })), g.level);
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
