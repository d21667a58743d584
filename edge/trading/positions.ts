/**
 * Leveraged positions as records: the stored position, its keys, its JSON for customers, the
 * hedged-group figures and one leg's settlement (all from the pricing core). The service that
 * moves them is contracts.ts.
 */
import {
  closeLeg,
  formatDecimal,
  hedgedGroup,
  position as figures,
  trailingStop,
  trigger,
} from "../../core-wasm/mod.ts";
import type { Bracket } from "../../contract/symbols.ts";
import type { TickRef } from "./fast.ts";
import type { BracketJson, PositionJson } from "../../contract/trading.ts";

/** hedged: closed with the opposite side, whose profit covered a loss beyond a leg's margin */
export type CloseReason =
  | "manual"
  | "stopLoss"
  | "takeProfit"
  | "trailingStop"
  | "liquidation"
  | "hedged";

/**
 * A trailing stop on the whole position: it follows the best price since `from` (the tick it was
 * set at; the highest for a long, the lowest for a short) at `callback` (a rate) behind, and
 * fires like a stop-loss. Only the setting is stored: the best price is re-derived from the tape
 * (the engine keeps it in memory; the verifier walks the ticks from `from`).
 */
export interface Trailing {
  callback: bigint;
  from: TickRef;
}

/**
 * A one-cancels-other pair on `lots` of the position: a stop-loss and a take-profit; the first to
 * be reached closes those lots (at most what the position still holds) and cancels the other.
 */
export interface Oco {
  /** the pair's own id (its journal's idempotency key: a pair fires once) */
  id: string;
  lots: number;
  stopLoss: bigint;
  takeProfit: bigint;
  /** the tick the pair was set at */
  from: TickRef;
}

/** A pair that fired: the leg reached, the tick, the lots it closed, its P&L and close fee. */
export interface OcoFired extends Oco {
  leg: "stopLoss" | "takeProfit";
  tick: TickRef;
  closed: number;
  pnl: bigint;
  closeFee: bigint;
}

export interface Position {
  id: string;
  userId: string;
  symbol: string;
  side: "long" | "short";
  lots: number;
  qty: bigint;
  leverage: number;
  entry: TickRef;
  margin: bigint;
  mmr: bigint;
  feeRate: bigint;
  openFee: bigint;
  stopLoss: bigint | null;
  takeProfit: bigint | null;
  liquidationPrice: bigint;
  /** pending: a limit order waiting for the price to cross; cancelled: withdrawn before filling */
  status: "pending" | "holding" | "closed" | "cancelled";
  createdAt: number;
  /** realized so far (partial closes), and the closing details */
  realizedPnl: bigint;
  closeTick: TickRef | null;
  closeReason: CloseReason | null;
  closedAt: number | null;
  /** fees paid after opening: closing (all partial closes) and daily holding fees (absent: 0) */
  closeFee?: bigint;
  holdingFees?: bigint;
  /** the daily holding-fee rate agreed at opening (absent: the shipped default) */
  holdingFeeRate?: bigint;
  /** the product terms' version the position was opened at (absent: 1) */
  terms?: number;
  /** a limit order's price (null: a market order; absent in records made before it was kept) */
  limitPrice?: bigint | null;
  /** a trailing stop (absent or null: none) */
  trailing?: Trailing | null;
  /** the one-cancels-other pair waiting (absent or null: none) */
  oco?: Oco | null;
  /** the pairs that fired, oldest first (each closed part of the position) */
  ocoFired?: OcoFired[];
}

/**
 * A trailing stop after a tick at `price`: the best price so far (this tick included), the
 * stop's level from the core, and whether this tick reaches it (the engine and the verifier).
 */
export function trailStep(
  side: Position["side"],
  extreme: bigint,
  price: bigint,
  callback: bigint,
) {
  const best = side === "long"
    ? (price > extreme ? price : extreme)
    : (price < extreme ? price : extreme);
  const level = trailingStop(side, best, callback);
  return { extreme: best, level, fires: side === "long" ? price <= level : price >= level };
}

/** The leg of a one-cancels-other pair that `price` reaches (the core's trigger), or null. */
export function ocoLeg(side: Position["side"], oco: Oco, price: bigint) {
  const hit = trigger(side, price, { stopLoss: oco.stopLoss, takeProfit: oco.takeProfit });
  return hit === "stopLoss" || hit === "takeProfit" ? hit : null;
}

/** The group's level for the API: null when it has none (equal lots; "0" in the JSON). */
export type HedgeInfo = { liquidationPrice: bigint | null };

/** A hedged group's liquidation as the core sees it (holding legs only). */
export function groupOf(legs: readonly Position[], mark?: bigint) {
  return hedgedGroup(
    legs.map((p) => ({
      side: p.side,
      qty: p.qty,
      entry: p.entry.price,
      margin: p.margin,
      mmr: p.mmr,
    })),
    mark,
  );
}

/** The group's level for the API when `held` (holding legs) is a hedged group. */
export function hedgeInfo(held: readonly Position[]): HedgeInfo | undefined {
  if (!isHedged(held)) return undefined;
  const g = groupOf(held).liquidation;
  return { liquidationPrice: g.kind === "below" || g.kind === "above" ? g.level : null };
}

/** Both sides held: the legs are margined together. */
export function isHedged(legs: readonly Position[]): boolean {
  const held = legs.filter((p) => p.status === "holding");
  return held.some((p) => p.side === "long") && held.some((p) => p.side === "short");
}

export function positionJson(p: Position, mark: bigint | null, hedge?: HedgeInfo): PositionJson {
  const d = formatDecimal;
  const live = mark && p.status === "holding"
    ? figures({
      side: p.side,
      qty: p.qty,
      entry: p.entry.price,
      leverage: p.leverage,
      mmr: p.mmr,
      feeRate: p.feeRate,
    }, mark)
    : null;
  return {
    orderNo: p.id,
    symbol: p.symbol,
    side: p.side,
    lots: p.lots,
    leverage: p.leverage,
    qty: d(p.qty),
    openPrice: d(p.entry.price),
    openTime: p.entry.time,
    createTime: p.createdAt,
    margin: d(p.margin),
    openFee: d(p.openFee),
    /** the taker fee rate agreed at opening (what a close pays) */
    feeRate: d(p.feeRate),
    stopLoss: p.stopLoss === null ? null : d(p.stopLoss),
    takeProfit: p.takeProfit === null ? null : d(p.takeProfit),
    // a hedged leg shows its group's level ("0": none)
    liquidationPrice: d(hedge ? hedge.liquidationPrice ?? 0n : p.liquidationPrice),
    hedged: hedge !== undefined,
    status: p.status,
    markPrice: mark === null ? null : d(mark),
    unrealizedPnl: live ? d(live.pnl) : null,
    roe: live ? d(live.roe) : null,
    realizedPnl: d(p.realizedPnl),
    closeFee: d(p.closeFee ?? 0n),
    holdingFees: d(p.holdingFees ?? 0n),
    closePrice: p.closeTick ? d(p.closeTick.price) : null,
    closeTime: p.closeTick?.time ?? null,
    closeReason: p.closeReason,
    trailing: p.trailing
      ? { callbackRate: d(p.trailing.callback), fromPrice: d(p.trailing.from.price) }
      : null,
    oco: p.oco
      ? { lots: p.oco.lots, stopLoss: d(p.oco.stopLoss), takeProfit: d(p.oco.takeProfit) }
      : null,
    ocoFired: (p.ocoFired ?? []).map((f) => ({
      leg: f.leg,
      lots: f.closed,
      price: d(f.tick.price),
      time: f.tick.time,
      pnl: d(f.pnl),
    })),
  };
}

/** One leg's settlement at `price` for `lots` of it (the core's `closeLeg`). */
export function settleLeg(p: Position, lots: number, price: bigint) {
  return closeLeg({ ...p, entry: p.entry.price }, lots, price);
}

/** Brackets as the API and the ticket send them: decimal strings, null for the open top tier. */
export function bracketsJson(brackets: readonly Bracket[]): BracketJson[] {
  return brackets.map((b) => ({
    upTo: b.upTo === null ? null : formatDecimal(b.upTo),
    maxLeverage: b.maxLeverage,
    mmr: formatDecimal(b.mmr),
  }));
}
