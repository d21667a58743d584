/**
 * The margin ratio of the liquidation warning (issue 29), shared by the trigger engine
 * (edge/trading/liq_warnings.ts) and the position rows (islands/lib/positions.tsx): the share of
 * the way from the entry price (a hedged group: its break-even price) to the liquidation price,
 * i.e. the part lost of the margin between the position and its liquidation; 0 % at the entry,
 * 100 % at liquidation. Linear contracts make it linear in the price, so everything here is exact
 * integer arithmetic on the legs: loss(P) = k - net x P (10^-16 units) with k = sum(s q E) and
 * net = sum(s q).
 */
import { SCALE } from "../core-wasm/mod.ts";

export interface LiqPath {
  k: bigint;
  net: bigint;
  /** the loss at the liquidation price (> 0) */
  lossAtLiq: bigint;
  liquidation: bigint;
}

/**
 * The way of legs (side, quantity, entry price; units of 10^-8) to `liquidation`; null when
 * there is none (no level, equal lots, a level not on the losing side).
 */
export function liqPath(
  legs: readonly { side: "long" | "short"; qty: bigint; entry: bigint }[],
  liquidation: bigint,
): LiqPath | null {
  if (liquidation <= 0n) return null;
  let k = 0n, net = 0n;
  for (const l of legs) {
    const s = l.side === "long" ? 1n : -1n;
    k += s * l.qty * l.entry;
    net += s * l.qty;
  }
  const lossAtLiq = k - net * liquidation;
  return net !== 0n && lossAtLiq > 0n ? { k, net, lossAtLiq, liquidation } : null;
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
