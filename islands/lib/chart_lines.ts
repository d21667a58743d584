/**
 * Price lines a ticket asks the chart of its symbol to draw: the customer's open positions
 * (entry, SL, TP, liquidation), pending limit orders and open fast contracts (entry, with the
 * seconds to expiry). The ticket and the chart are separate islands of one page; both import
 * this module, which the bundler puts in a shared chunk, so they meet here without a request
 * or a global. Each source (one ticket) replaces its own lines whenever its records change.
 */
import type { PositionJson } from "../../contract/trading.ts";

export type ChartLineKind = "entry" | "sl" | "tp" | "liq" | "limit" | "fast";

export interface ChartLine {
  /** unique within its source: the record and what the line marks */
  id: string;
  kind: ChartLineKind;
  /** exact decimal string (drawn as a float) */
  price: string;
  /** the short label beside the axis ("Long 2x", "SL", "Up 30s") */
  label: string;
  /** a fast contract's expiry (wall clock, ms): the chart counts down to it */
  expiresAt?: number;
}

type Listener = (symbol: string, lines: ChartLine[]) => void;

const bySource = new Map<string, { symbol: string; lines: ChartLine[] }>();
const listeners = new Set<Listener>();

/** Every line of every source on `symbol`. */
export function linesOf(symbol: string): ChartLine[] {
  return [...bySource.values()].filter((s) => s.symbol === symbol).flatMap((s) => s.lines);
}

/** Replace the lines of `source` (a ticket) on `symbol`; the chart of that symbol redraws. */
export function publishLines(source: string, symbol: string, lines: ChartLine[]) {
  bySource.set(source, { symbol, lines });
  for (const f of listeners) f(symbol, linesOf(symbol));
}

/** Hear every change of the lines on `symbol` (called at once with the current ones). */
export function watchLines(symbol: string, f: (lines: ChartLine[]) => void): () => void {
  const l: Listener = (s, lines) => s === symbol && f(lines);
  listeners.add(l);
  f(linesOf(symbol));
  return () => listeners.delete(l);
}

/** The labels of the position lines (the contract ticket ships them). */
export const LINE_TEXTS = [
  "chart.line_long",
  "chart.line_short",
  "chart.line_sl",
  "chart.line_tp",
  "chart.line_liq",
  "chart.line_limit",
] as const;

/**
 * The lines of leveraged positions on `symbol`: a holding position's entry, stop-loss,
 * take-profit and liquidation level (a hedged leg's is its group's; "0": none), a pending
 * order's limit price.
 */
export function positionLines(
  positions: readonly PositionJson[],
  symbol: string,
  tx: Record<string, string | undefined>,
): ChartLine[] {
  const out: ChartLine[] = [];
  for (const p of positions) {
    if (p.symbol !== symbol) continue;
    const side = `${tx[`chart.line_${p.side}`] ?? p.side} ${p.leverage}x`;
    if (p.status === "pending") {
      out.push({
        id: `${p.orderNo}:limit`,
        kind: "limit",
        price: p.openPrice,
        label: `${tx["chart.line_limit"]} ${side}`,
      });
      continue;
    }
    if (p.status !== "holding") continue;
    out.push({ id: `${p.orderNo}:entry`, kind: "entry", price: p.openPrice, label: side });
    if (p.stopLoss) {
      out.push({
        id: `${p.orderNo}:sl`,
        kind: "sl",
        price: p.stopLoss,
        label: tx["chart.line_sl"]!,
      });
    }
    if (p.takeProfit) {
      out.push({
        id: `${p.orderNo}:tp`,
        kind: "tp",
        price: p.takeProfit,
        label: tx["chart.line_tp"]!,
      });
    }
    if (Number(p.liquidationPrice) > 0) {
      out.push({
        id: `${p.orderNo}:liq`,
        kind: "liq",
        price: p.liquidationPrice,
        label: tx["chart.line_liq"]!,
      });
    }
  }
  return out;
}
