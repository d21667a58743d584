/**
 * Leveraged positions as records: the stored position, its keys, its JSON for customers, the
 * hedged-group figures and one leg's settlement (all from the pricing core). The service that
 * moves them is contracts.ts.
 */
import {
  fee,
  formatDecimal,
  hedgedGroup,
  mulDiv,
  position as figures,
  unrealizedPnl,
} from "../../core-wasm/mod.ts";
import type { Bracket } from "../../contract/symbols.ts";
import type { TickRef } from "./fast.ts";
import type { BracketJson, PositionJson } from "../../contract/trading.ts";

/** hedged: closed with the opposite side, whose profit covered a loss beyond a leg's margin */
export type CloseReason = "manual" | "stopLoss" | "takeProfit" | "liquidation" | "hedged";

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
  };
}

/** One leg's settlement at `price` for `lots` of it: its share of qty and margin, P&L, close fee. */
export function settleLeg(p: Position, lots: number, price: bigint) {
  const full = lots === p.lots;
  const qty = full ? p.qty : mulDiv(p.qty, BigInt(lots), BigInt(p.lots), "down");
  const margin = full ? p.margin : mulDiv(p.margin, BigInt(lots), BigInt(p.lots), "down");
  const pnl = unrealizedPnl(p.side, qty, p.entry.price, price);
  const closeFee = fee(qty, price, p.feeRate);
  return { qty, margin, pnl, closeFee, payout: margin + pnl - closeFee };
}

/** Brackets as the API and the ticket send them: decimal strings, null for the open top tier. */
export function bracketsJson(brackets: readonly Bracket[]): BracketJson[] {
  return brackets.map((b) => ({
    upTo: b.upTo === null ? null : formatDecimal(b.upTo),
    maxLeverage: b.maxLeverage,
    mmr: formatDecimal(b.mmr),
  }));
}
