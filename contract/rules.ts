/**
 * The shared module of rules and types: what the server (which decides) and the islands (which
 * check before the confirmation box opens, so the message shows beside the field) both use, so
 * that no island re-declares a server rule or type. This file is its entry and holds the order
 * rules (fast contracts, leveraged contracts, spot); beside it:
 * - `funds_rules.ts`: the failure shape, messages, and the funds rules (amounts, transfers,
 *   withdrawals); decimals per currency are `DECIMALS` of `currencies.ts`;
 * - `credentials.ts`: passwords and codes (the request schemas refine with them);
 * - `actions.ts`: the actions a record allows by its state.
 * The records as the server sends them are the zod reply schemas of `contract/<capability>.ts`;
 * their types are inferred there (`z.infer`) and type the server's reply builders.
 * All pure: no KV, no Hono, no zod, no pricing-core instance, so any island can import them.
 * Each file is imported for what it holds (`credentials.ts`, `actions.ts`, `funds_rules.ts` or
 * this one): the bundler splits islands by file, so an island carries only the rules it uses.
 */
import { parseDecimal } from "../core-wasm/decimal.ts";
import { type Currency, DECIMALS } from "./currencies.ts";
import { affordable, fail, positiveAmount, type RuleFailure, show } from "./funds_rules.ts";

export * from "./funds_rules.ts";
export { WALLETS } from "./currencies.ts";

// ---- fast contracts ------------------------------------------------------------------------

/** The stake: USDT's decimals, within the duration's min/max, within the available balance. */
export function fastStakeRules(
  i: { stake: string; min: string; max: string; available?: bigint | null },
): RuleFailure[] {
  const stake = positiveAmount(i.stake, DECIMALS.USDT);
  if (stake === null) return [fail("stake", "VALIDATION", "validation.amountInvalid")];
  if (stake < parseDecimal(i.min) || stake > parseDecimal(i.max)) {
    return [fail("stake", "STAKE_OUT_OF_RANGE", "rules.stakeRange", { min: i.min, max: i.max })];
  }
  return affordable("stake", stake, i.available, "USDT");
}

// ---- leveraged contracts and spot: prices on the right side of the market -------------------

export type Side = "long" | "short";

/**
 * Stop-loss and take-profit against the price they are judged at (the fill price): a long's
 * stop-loss below it and take-profit above it, a short's the mirror.
 */
export function stopRules(
  side: Side,
  price: bigint,
  stops: { stopLoss?: bigint | null; takeProfit?: bigint | null },
  priceDecimals = 8,
): RuleFailure[] {
  const out: RuleFailure[] = [];
  const at = { price: show(price, priceDecimals) };
  const sl = stops.stopLoss ?? null, tp = stops.takeProfit ?? null;
  if (sl !== null && (side === "long" ? sl >= price : sl <= price)) {
    out.push(
      fail(
        "stopLoss",
        "VALIDATION",
        side === "long" ? "rules.stopLossBelow" : "rules.stopLossAbove",
        at,
      ),
    );
  }
  if (tp !== null && (side === "long" ? tp <= price : tp >= price)) {
    out.push(
      fail(
        "takeProfit",
        "VALIDATION",
        side === "long" ? "rules.takeProfitAbove" : "rules.takeProfitBelow",
        at,
      ),
    );
  }
  return out;
}

/** A limit waits on the far side of the market: a long (a buy) below it, a short (a sell) above. */
export function limitSideRules(
  side: Side,
  limit: bigint,
  market: bigint,
  priceDecimals = 8,
): RuleFailure[] {
  if (side === "long" ? limit < market : limit > market) return [];
  return [
    fail("price", "VALIDATION", side === "long" ? "rules.limitBelow" : "rules.limitAbove", {
      price: show(market, priceDecimals),
    }),
  ];
}

/** A price field: positive, within the symbol's price precision (null when empty). */
function priceField(
  field: string,
  text: string | undefined,
  decimals: number,
): { value: bigint | null; failures: RuleFailure[] } {
  if (text === undefined || text.trim() === "") return { value: null, failures: [] };
  const v = positiveAmount(text, decimals);
  return v === null
    ? {
      value: null,
      failures: [fail(field, "VALIDATION", "rules.precision", { decimals: String(decimals) })],
    }
    : { value: v, failures: [] };
}

export const MAX_LOTS = 10_000;

/** A trailing stop's callback rate (a fraction): 0.1 % to 10 %, in steps of 0.01 %. */
export const TRAILING_MIN = 100_000n;
export const TRAILING_MAX = 10_000_000n;

/**
 * A trailing stop: its callback rate (a fraction, "0.01" = 1 %) within the limits above. The
 * message names them in percent (what the ticket asks for).
 */
export function trailingRules(callbackRate: string): RuleFailure[] {
  const v = positiveAmount(callbackRate, 4);
  if (v === null || v < TRAILING_MIN || v > TRAILING_MAX) {
    return [fail("callbackRate", "TRAILING_RATE", "rules.trailingRate", { min: "0.1", max: "10" })];
  }
  return [];
}

/**
 * A one-cancels-other pair on a holding position: whole lots up to what it holds, both levels
 * set, each on its side of the current price (as a stop-loss and a take-profit).
 */
export function ocoRules(i: {
  side: Side;
  lots: number;
  /** the lots the position holds */
  held: number;
  stopLoss: bigint | null;
  takeProfit: bigint | null;
  market: bigint | null;
  priceDecimals: number;
}): RuleFailure[] {
  const out: RuleFailure[] = [];
  if (!Number.isInteger(i.lots) || i.lots < 1 || i.lots > i.held) {
    out.push(fail("lots", "OCO_LOTS", "rules.ocoLots", { max: String(i.held) }));
  }
  if (i.stopLoss === null) out.push(fail("stopLoss", "VALIDATION", "validation.invalid"));
  if (i.takeProfit === null) out.push(fail("takeProfit", "VALIDATION", "validation.invalid"));
  if (i.market !== null) {
    out.push(
      ...stopRules(i.side, i.market, i, i.priceDecimals)
        .filter((f) => !out.some((o) => o.field === f.field)),
    );
  }
  return out;
}

/**
 * A leveraged order: whole lots, an offered leverage, a limit on the far side of the market,
 * stops on the right side of the fill price, margin + open fee within the available balance.
 * `cost` (margin + fee) comes from the pricing core at the fill price. Further checks (leverage
 * brackets) go into the list in the same way.
 */
export function contractOrderRules(i: {
  side: Side;
  lots: number;
  leverage: number;
  leverages: readonly number[];
  priceDecimals: number;
  /** the last price (null: no market yet, the side checks wait for the server) */
  market: bigint | null;
  limitPrice?: string;
  stopLoss?: string;
  takeProfit?: string;
  cost?: bigint | null;
  available?: bigint | null;
}): RuleFailure[] {
  const out: RuleFailure[] = [];
  if (!Number.isInteger(i.lots) || i.lots < 1 || i.lots > MAX_LOTS) {
    out.push(fail("lots", "VALIDATION", "rules.lotsRange", { max: String(MAX_LOTS) }));
  }
  if (!i.leverages.includes(i.leverage)) {
    out.push(fail("leverage", "VALIDATION", "validation.invalid"));
  }
  const limit = priceField("price", i.limitPrice, i.priceDecimals);
  if (i.limitPrice !== undefined && i.limitPrice.trim() === "") {
    limit.failures.push(fail("price", "VALIDATION", "validation.required"));
  }
  const sl = priceField("stopLoss", i.stopLoss, i.priceDecimals);
  const tp = priceField("takeProfit", i.takeProfit, i.priceDecimals);
  out.push(...limit.failures, ...sl.failures, ...tp.failures);
  if (i.market !== null) {
    if (limit.value !== null) {
      out.push(...limitSideRules(i.side, limit.value, i.market, i.priceDecimals));
    }
    const at = limit.value ?? i.market;
    out.push(
      ...stopRules(i.side, at, { stopLoss: sl.value, takeProfit: tp.value }, i.priceDecimals)
        .filter((f) => !out.some((o) => o.field === f.field)),
    );
  }
  if (out.length === 0 && i.cost !== undefined && i.cost !== null) {
    out.push(...affordable("lots", i.cost, i.available, "USDT"));
  }
  return out;
}

/**
 * A spot order: quantity within the symbol's precision, a limit within its price precision and
 * on the far side of the market, and what the order takes (USDT for a buy: `cost`, the coins
 * for a sell) within the available balance.
 */
export function spotOrderRules(i: {
  side: "buy" | "sell";
  base: Currency;
  qty: string;
  qtyDecimals: number;
  priceDecimals: number;
  limitPrice?: string;
  market: bigint | null;
  /** USDT a buy needs (gross + fee at the limit or market price) */
  cost?: bigint | null;
  available?: bigint | null;
}): RuleFailure[] {
  const out: RuleFailure[] = [];
  const qty = positiveAmount(i.qty, i.qtyDecimals);
  if (qty === null) {
    out.push(fail("qty", "VALIDATION", "rules.precision", { decimals: String(i.qtyDecimals) }));
  }
  let limit: bigint | null = null;
  if (i.limitPrice !== undefined) {
    limit = positiveAmount(i.limitPrice, i.priceDecimals);
    if (limit === null) {
      out.push(
        fail("price", "VALIDATION", "rules.precision", { decimals: String(i.priceDecimals) }),
      );
    } else if (i.market !== null) {
      out.push(
        ...limitSideRules(i.side === "buy" ? "long" : "short", limit, i.market, i.priceDecimals),
      );
    }
  }
  if (out.length === 0 && qty !== null) {
    if (i.side === "sell") out.push(...affordable("qty", qty, i.available, i.base));
    else if (i.cost !== undefined && i.cost !== null) {
      out.push(...affordable("qty", i.cost, i.available, "USDT"));
    }
  }
  return out;
}
