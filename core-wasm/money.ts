/** Money through the core: leveraged contracts, hedged groups, fast contracts, wealth. */
import { allocWords, call1, check, core, i64, mem, mulDiv, scratch } from "./runtime.ts";

// ---- leveraged contracts ------------------------------------------------------------------

export type Side = "long" | "short";
const sideCode = (s: Side) => (s === "long" ? 1n : s === "short" ? -1n : 0n);

/** qty x price, rounded down. */
export function notional(qty: bigint, price: bigint): bigint {
  const op = "notional";
  return call1(op, core.c_notional(i64(qty, op), i64(price, op)));
}

/** notional / leverage, rounded up (the customer pays it). */
export function margin(qty: bigint, price: bigint, leverage: number): bigint {
  const op = "margin";
  return call1(op, core.c_margin(i64(qty, op), i64(price, op), i64(leverage, op)));
}

/** notional x fee rate, rounded up (open, close and daily holding fees). */
export function fee(qty: bigint, price: bigint, rate: bigint): bigint {
  const op = "fee";
  return call1(op, core.c_fee(i64(qty, op), i64(price, op), i64(rate, op)));
}

/** side x qty x (mark - entry), rounded down. */
export function unrealizedPnl(side: Side, qty: bigint, entry: bigint, mark: bigint): bigint {
  const op = "unrealizedPnl";
  return call1(op, core.c_pnl(sideCode(side), i64(qty, op), i64(entry, op), i64(mark, op)));
}

export function equity(marginAmount: bigint, pnl: bigint): bigint {
  const op = "equity";
  return call1(op, core.c_equity(i64(marginAmount, op), i64(pnl, op)));
}

/** qty x mark x MMR, rounded up. */
export function maintenanceMargin(qty: bigint, mark: bigint, mmr: bigint): bigint {
  const op = "maintenanceMargin";
  return call1(op, core.c_maintenance(i64(qty, op), i64(mark, op), i64(mmr, op)));
}

/** Maintenance margin / equity (scaled 10^8); null when the equity is gone. */
export function marginRatio(mm: bigint, equityAmount: bigint): bigint | null {
  const op = "marginRatio";
  check(core.c_margin_ratio(i64(mm, op), i64(equityAmount, op)), op);
  return scratch(1) === 1n ? scratch(0) : null;
}

/** pnl / margin (scaled 10^8), rounded down. */
export function roe(pnl: bigint, marginAmount: bigint): bigint {
  const op = "roe";
  return call1(op, core.c_roe(i64(pnl, op), i64(marginAmount, op)));
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
  const op = "liquidationPrice";
  return call1(
    op,
    core.c_liq_price(
      sideCode(p.side),
      i64(p.qty, op),
      i64(p.entry, op),
      i64(p.margin, op),
      i64(p.mmr, op),
    ),
  );
}

/** Exact test: equity at `mark` <= maintenance margin. */
export function isLiquidatable(
  p: { side: Side; qty: bigint; entry: bigint; margin: bigint; mmr: bigint },
  mark: bigint,
): boolean {
  const op = "isLiquidatable";
  return call1(
    op,
    core.c_is_liquidatable(
      sideCode(p.side),
      i64(p.qty, op),
      i64(p.entry, op),
      i64(mark, op),
      i64(p.margin, op),
      i64(p.mmr, op),
    ),
  ) === 1n;
}

/** Whether a stop-loss / take-profit is on the correct side of the current price. */
export function stopsValid(
  side: Side,
  price: bigint,
  stops: { stopLoss?: bigint | null; takeProfit?: bigint | null },
): { stopLoss: boolean; takeProfit: boolean } {
  const op = "stopsValid";
  const bits = call1(
    op,
    core.c_tpsl_valid(
      sideCode(side),
      i64(price, op),
      i64(stops.stopLoss ?? 0n, op),
      i64(stops.takeProfit ?? 0n, op),
    ),
  );
  return { stopLoss: (bits & 1n) === 1n, takeProfit: (bits & 2n) === 2n };
}

export type Trigger = "stopLoss" | "takeProfit" | "liquidation";

/** What `price` triggers for a position: liquidation first, then stop-loss, then take-profit. */
export function trigger(
  side: Side,
  price: bigint,
  levels: { stopLoss?: bigint | null; takeProfit?: bigint | null; liquidation?: bigint | null },
): Trigger | null {
  const op = "trigger";
  const k = call1(
    op,
    core.c_trigger(
      sideCode(side),
      i64(price, op),
      i64(levels.stopLoss ?? 0n, op),
      i64(levels.takeProfit ?? 0n, op),
      i64(levels.liquidation ?? 0n, op),
    ),
  );
  return ([null, "stopLoss", "takeProfit", "liquidation"] as const)[Number(k)]!;
}

/**
 * A trailing stop's level: `callback` (a rate) behind `extreme`, the best price since the stop
 * was set (long: the highest, short: the lowest); the distance rounded down. It fires like a
 * stop-loss: a long at price <= level, a short at price >= level.
 */
export function trailingStop(side: Side, extreme: bigint, callback: bigint): bigint {
  const op = "trailingStop";
  return call1(
    op,
    core.c_trailing_stop(sideCode(side), i64(extreme, op), i64(callback, op)),
  );
}

/** Loss beyond the margin (charged to the insurance account). */
export function shortfall(marginAmount: bigint, pnl: bigint): bigint {
  const op = "shortfall";
  return call1(op, core.c_shortfall(i64(marginAmount, op), i64(pnl, op)));
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
  const op = "position";
  check(
    core.c_position(
      sideCode(p.side),
      i64(p.qty, op),
      i64(p.entry, op),
      i64(mark, op),
      i64(p.leverage, op),
      i64(p.mmr, op),
      i64(p.feeRate, op),
    ),
    op,
  );
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
  const op = "settleFast";
  const dir = o.direction === "up" ? 1n : o.direction === "down" ? -1n : 0n;
  check(
    core.fast_settle(dir, i64(o.entry, op), i64(o.exit, op), i64(o.stake, op), i64(o.rate, op)),
    op,
  );
  return { outcome: (["lose", "win", "tie"] as const)[Number(scratch(0))]!, payout: scratch(1) };
}

// ---- wealth -------------------------------------------------------------------------------

/** amount x daily rate, rounded down. */
export function dailyPayout(amount: bigint, dailyRate: bigint): bigint {
  const op = "dailyPayout";
  return call1(op, core.w_daily(i64(amount, op), i64(dailyRate, op)));
}

/** The daily payouts over `days`, each rounded as it will be paid. */
export function expectedIncome(amount: bigint, dailyRate: bigint, days: number): bigint {
  const op = "expectedIncome";
  return call1(op, core.w_expected(i64(amount, op), i64(dailyRate, op), i64(days, op)));
}

/** Early redemption: penalty = ratio x days left x amount (rounded up), refund = the rest. */
export function redemption(
  amount: bigint,
  ratio: bigint,
  daysLeft: number,
): { penalty: bigint; refund: bigint } {
  const op = "redemption";
  check(core.w_redemption(i64(amount, op), i64(ratio, op), i64(daysLeft, op)), op);
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
