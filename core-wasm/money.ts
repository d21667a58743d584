/** Money through the core: leveraged contracts, hedged groups, fast contracts, wealth. */
import {
  allocWords,
  callCore,
  check,
  core,
  i64,
  mem,
  mulDiv,
  runCore,
  scratch,
} from "./runtime.ts";

// ---- leveraged contracts ------------------------------------------------------------------

export type Side = "long" | "short";
const sideCode = (s: Side) => (s === "long" ? 1n : s === "short" ? -1n : 0n);

/** qty x price, rounded down. */
export function notional(qty: bigint, price: bigint): bigint {
  return callCore("notional", core.c_notional, qty, price);
}

/** notional / leverage, rounded up (the customer pays it). */
export function margin(qty: bigint, price: bigint, leverage: number): bigint {
  return callCore("margin", core.c_margin, qty, price, leverage);
}

/** notional x fee rate, rounded up (open, close and daily holding fees). */
export function fee(qty: bigint, price: bigint, rate: bigint): bigint {
  return callCore("fee", core.c_fee, qty, price, rate);
}

/** side x qty x (mark - entry), rounded down. */
export function unrealizedPnl(side: Side, qty: bigint, entry: bigint, mark: bigint): bigint {
  return callCore("unrealizedPnl", core.c_pnl, sideCode(side), qty, entry, mark);
}

export function equity(marginAmount: bigint, pnl: bigint): bigint {
  return callCore("equity", core.c_equity, marginAmount, pnl);
}

/** qty x mark x MMR, rounded up. */
export function maintenanceMargin(qty: bigint, mark: bigint, mmr: bigint): bigint {
  return callCore("maintenanceMargin", core.c_maintenance, qty, mark, mmr);
}

/** Maintenance margin / equity (scaled 10^8); null when the equity is gone. */
export function marginRatio(mm: bigint, equityAmount: bigint): bigint | null {
  runCore("marginRatio", core.c_margin_ratio, mm, equityAmount);
  return scratch(1) === 1n ? scratch(0) : null;
}

/** pnl / margin (scaled 10^8), rounded down. */
export function roe(pnl: bigint, marginAmount: bigint): bigint {
  return callCore("roe", core.c_roe, pnl, marginAmount);
}

/**
 * Liquidation price, isolated, fees ignored, for the margin actually posted: where equity
 * equals the maintenance margin. With an exact margin this is the domain formula
 * entry x (1 - 1/lev) / (1 - MMR) (long) or entry x (1 + 1/lev) / (1 + MMR) (short). Long rounds
 * down, short up, so `price <= LP` (long) / `price >= LP` (short) is exactly `isLiquidatable`.
 * 0: a long whose margin covers the whole notional.
 */
export function liquidationPrice(
  p: { side: Side; qty: bigint; entry: bigint; margin: bigint; mmr: bigint },
): bigint {
  const { side, qty, entry, margin, mmr } = p;
  return callCore("liquidationPrice", core.c_liq_price, sideCode(side), qty, entry, margin, mmr);
}

/** Exact test: equity at `mark` <= maintenance margin. */
export function isLiquidatable(
  p: { side: Side; qty: bigint; entry: bigint; margin: bigint; mmr: bigint },
  mark: bigint,
): boolean {
  const { side, qty, entry, margin, mmr } = p;
  const args = [sideCode(side), qty, entry, mark, margin, mmr];
  return callCore("isLiquidatable", core.c_is_liquidatable, ...args) === 1n;
}

/** Whether a stop-loss / take-profit is on the correct side of the current price. */
export function stopsValid(
  side: Side,
  price: bigint,
  stops: { stopLoss?: bigint | null; takeProfit?: bigint | null },
): { stopLoss: boolean; takeProfit: boolean } {
  const { stopLoss, takeProfit } = stops;
  const args = [sideCode(side), price, stopLoss ?? 0n, takeProfit ?? 0n];
  const bits = callCore("stopsValid", core.c_tpsl_valid, ...args);
  return { stopLoss: (bits & 1n) === 1n, takeProfit: (bits & 2n) === 2n };
}

export type Trigger = "stopLoss" | "takeProfit" | "liquidation";

/** What `price` triggers for a position: liquidation first, then stop-loss, then take-profit. */
export function trigger(
  side: Side,
  price: bigint,
  levels: { stopLoss?: bigint | null; takeProfit?: bigint | null; liquidation?: bigint | null },
): Trigger | null {
  const { stopLoss, takeProfit, liquidation } = levels;
  const args = [sideCode(side), price, stopLoss ?? 0n, takeProfit ?? 0n, liquidation ?? 0n];
  const k = callCore("trigger", core.c_trigger, ...args);
  return ([null, "stopLoss", "takeProfit", "liquidation"] as const)[Number(k)]!;
}

/**
 * A trailing stop's level: `callback` (a rate) behind `extreme`, the best price since the stop
 * was set (long: the highest, short: the lowest); the distance rounded down. It fires like a
 * stop-loss: a long at price <= level, a short at price >= level.
 */
export function trailingStop(side: Side, extreme: bigint, callback: bigint): bigint {
  return callCore("trailingStop", core.c_trailing_stop, sideCode(side), extreme, callback);
}

/** Loss beyond the margin (charged to the insurance account). */
export function shortfall(marginAmount: bigint, pnl: bigint): bigint {
  return callCore("shortfall", core.c_shortfall, marginAmount, pnl);
}

export interface PositionInput {
  side: Side;
  qty: bigint;
  entry: bigint;
  leverage: number;
  /** maintenance margin rate, scaled 10^8 (0.5% = 500_000n) */
  mmr: bigint;
  /** taker fee rate, scaled 10^8 */
  feeRate: bigint;
}

export interface PositionFigures {
  notional: bigint;
  margin: bigint;
  fee: bigint;
  pnl: bigint;
  equity: bigint;
  maintenanceMargin: bigint;
  marginRatio: bigint | null;
  roe: bigint;
  liquidationPrice: bigint;
  liquidatable: boolean;
}

/** Everything a ticket or a position row shows, at a mark price, in one core call. */
export function position(p: PositionInput, mark: bigint): PositionFigures {
  const { side, qty, entry, leverage, mmr, feeRate } = p;
  runCore("position", core.c_position, sideCode(side), qty, entry, mark, leverage, mmr, feeRate);
  return {
    notional: scratch(0),
    margin: scratch(1),
    fee: scratch(2),
    pnl: scratch(3),
    equity: scratch(4),
    maintenanceMargin: scratch(5),
    marginRatio: scratch(7) === 1n ? scratch(6) : null,
    roe: scratch(8),
    liquidationPrice: scratch(9),
    liquidatable: scratch(10) === 1n,
  };
}

export interface Leg {
  side: Side;
  qty: bigint;
  entry: bigint;
  margin: bigint;
  mmr: bigint;
}

/**
 * A hedged group (a customer's legs on one symbol, both sides) margined together: liquidated
 * when the combined equity (margins + P&L) falls to the maintenance margin of the net quantity
 * at the legs' highest MMR (equal lots: no level, the P&L cancels). `liquidation`: never,
 * when the price falls to `level` or below, rises to `level` or above, or now; `liquidatable`
 * at `mark` when one is given. One leg gives exactly the isolated liquidation price.
 */
export function hedgedGroup(
  legs: readonly Leg[],
  mark?: bigint,
): {
  liquidation:
    | { kind: "never" }
    | { kind: "now" }
    | { kind: "below" | "above"; level: bigint };
  liquidatable: boolean;
} {
  const op = "hedgedGroup";
  const ptr = allocWords(legs.length * 5, op);
  try {
    const m = mem();
    legs.forEach((l, i) => {
      const at = ptr / 8 + i * 5;
      m[at] = sideCode(l.side);
      m[at + 1] = i64(l.qty, op);
      m[at + 2] = i64(l.entry, op);
      m[at + 3] = i64(l.margin, op);
      m[at + 4] = i64(l.mmr, op);
    });
    check(core.c_group(ptr, legs.length, i64(mark ?? 0n, op)), op);
  } finally {
    core.dealloc(ptr, legs.length * 5);
  }
  const kind = (["never", "below", "above", "now"] as const)[Number(scratch(0))]!;
  return {
    liquidation: kind === "below" || kind === "above" ? { kind, level: scratch(1) } : { kind },
    liquidatable: scratch(2) === 1n,
  };
}

// ---- fast contracts -----------------------------------------------------------------------

export type FastOutcome = "win" | "lose" | "tie";

/** Up wins if exit > entry, down if exit < entry; a tie returns the stake. */
export function settleFast(
  o: { direction: "up" | "down"; entry: bigint; exit: bigint; stake: bigint; rate: bigint },
): { outcome: FastOutcome; payout: bigint } {
  const dir = o.direction === "up" ? 1n : o.direction === "down" ? -1n : 0n;
  runCore("settleFast", core.fast_settle, dir, o.entry, o.exit, o.stake, o.rate);
  return { outcome: (["lose", "win", "tie"] as const)[Number(scratch(0))]!, payout: scratch(1) };
}

// ---- wealth -------------------------------------------------------------------------------

/** amount x daily rate, rounded down. */
export function dailyPayout(amount: bigint, dailyRate: bigint): bigint {
  return callCore("dailyPayout", core.w_daily, amount, dailyRate);
}

/** The daily payouts over `days`, each rounded as it will be paid. */
export function expectedIncome(amount: bigint, dailyRate: bigint, days: number): bigint {
  return callCore("expectedIncome", core.w_expected, amount, dailyRate, days);
}

/** Early redemption: penalty = ratio x days left x amount (rounded up), refund = the rest. */
export function redemption(
  amount: bigint,
  ratio: bigint,
  daysLeft: number,
): { penalty: bigint; refund: bigint } {
  runCore("redemption", core.w_redemption, amount, ratio, daysLeft);
  return { penalty: scratch(0), refund: scratch(1) };
}

/**
 * Closing `lots` of a position of `held` lots at `price`: its share of the quantity and margin
 * (rounded down, the whole of both when every lot closes), the P&L, the close fee, and what the
 * customer receives (margin + P&L - fee; negative: a loss beyond the margin). The settlement
 * and the tickets' close estimates both use it, so the confirmation's figures are the journal's.
 */
export function closeLeg(
  p: { side: Side; qty: bigint; margin: bigint; entry: bigint; feeRate: bigint; lots: number },
  lots: number,
  price: bigint,
) {
  const full = lots === p.lots;
  const qty = full ? p.qty : mulDiv(p.qty, BigInt(lots), BigInt(p.lots), "down");
  const margin = full ? p.margin : mulDiv(p.margin, BigInt(lots), BigInt(p.lots), "down");
  const pnl = unrealizedPnl(p.side, qty, p.entry, price);
  const closeFee = fee(qty, price, p.feeRate);
  return { qty, margin, pnl, closeFee, payout: margin + pnl - closeFee };
}
