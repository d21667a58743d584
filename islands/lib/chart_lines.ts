/**
 * Price lines a ticket asks the chart of its symbol to draw: the customer's open positions
 * (entry, SL, TP, liquidation), pending limit orders and open fast contracts (entry, with the
 * seconds to expiry). The ticket and the chart are separate islands of one page; both import
 * this module, which the bundler puts in a shared chunk, so they meet here without a request
 * or a global. Each source (one ticket) replaces its own lines whenever its records change.
 */

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
