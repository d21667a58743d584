/**
 * The order and funds rules a customer can break by typing, shared by the server (which decides)
 * and the islands (which check before the confirmation box opens, so the message shows beside
 * the field). Pure: decimal strings and bigint units only, no KV, no pricing-core instance, so
 * any island can import it. Each check returns the failures as `{field, error, key, params}`:
 * `error` is the API's stable id, `key` the field message (`rules.*` or `validation.*`)
 * interpolated with `params`. The server turns the first failure into its DomainError (`enforce`).
 */
import { DecimalError, formatDecimal, parseDecimal } from "../../core-wasm/decimal.ts";
import { type Currency, DECIMALS } from "../ledger/accounts.ts";
import { DomainError, type ErrorId } from "./errors.ts";
import { formatNumber, uiLocale } from "../../locales/format.ts";

export interface RuleFailure {
  field: string;
  error: ErrorId;
  /** message key: `rules.<x>` or `validation.<x>` */
  key: string;
  params: Record<string, string>;
}

/** Throw the first failure as the API's error (server side). */
export function enforce(failures: RuleFailure[]): void {
  const f = failures[0];
  if (!f) return;
  throw new DomainError(f.error, f.params, { [f.field]: f.key });
}

const fail = (
  field: string,
  error: ErrorId,
  key: string,
  params: Record<string, string> = {},
): RuleFailure => ({ field, error, key, params });

/** A positive decimal string with at most `decimals` places (null: not one). */
export function positiveAmount(text: string, decimals: number): bigint | null {
  try {
    const v = parseDecimal(text.trim(), { maxDecimals: decimals });
    return v > 0n ? v : null;
  } catch (e) {
    if (e instanceof DecimalError) return null;
    throw e;
  }
}

/** Trim a decimal string for messages ("10000.00000000" -> "10000"). */
const show = (v: bigint, decimals = 8) => formatDecimal(v, decimals).replace(/\.?0+$/, "");

function affordable(
  field: string,
  cost: bigint,
  available: bigint | null | undefined,
  currency: Currency,
): RuleFailure[] {
  if (available === null || available === undefined || cost <= available) return [];
  return [
    fail(field, "INSUFFICIENT_BALANCE", "rules.insufficient", {
      available: show(available < 0n ? 0n : available, DECIMALS[currency]),
      currency,
    }),
  ];
}

// ---- fast contracts ------------------------------------------------------------------------

/** The stake: 2 decimals, within the duration's min/max, within the available balance. */
export function fastStakeRules(
  i: { stake: string; min: string; max: string; available?: bigint | null },
): RuleFailure[] {
  const stake = positiveAmount(i.stake, 2);
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

// ---- funds ---------------------------------------------------------------------------------

/** An amount of `currency` at its precision, within the available balance. */
export function amountRules(
  i: { amount: string; currency: Currency; available?: bigint | null; field?: string },
): RuleFailure[] {
  const field = i.field ?? "amount";
  const v = positiveAmount(i.amount, DECIMALS[i.currency]);
  if (v === null) return [fail(field, "VALIDATION", "validation.amountInvalid")];
  return affordable(field, v, i.available, i.currency);
}

/**
 * A withdrawal: the currency's precision, within the operator's min/max, more than its fee,
 * within the available balance.
 */
export function withdrawAmountRules(i: {
  amount: string;
  currency: Currency;
  min: bigint;
  max: bigint;
  /** the fee this amount would pay (null: not known) */
  fee?: bigint | null;
  available?: bigint | null;
}): RuleFailure[] {
  const v = positiveAmount(i.amount, DECIMALS[i.currency]);
  if (v === null) return [fail("amount", "VALIDATION", "validation.amountInvalid")];
  const limits = { min: show(i.min), max: show(i.max), currency: i.currency };
  if (v < i.min) return [fail("amount", "WITHDRAW_LIMITS", "rules.withdrawMin", limits)];
  if (v > i.max) return [fail("amount", "WITHDRAW_LIMITS", "rules.withdrawMax", limits)];
  if (i.fee !== undefined && i.fee !== null && i.fee >= v) {
    return [
      fail("amount", "WITHDRAW_LIMITS", "rules.withdrawFee", {
        ...limits,
        fee: show(i.fee),
      }),
    ];
  }
  return affordable("amount", v, i.available, i.currency);
}

/** Fill `{{name}}` placeholders of a localized rule message (islands). */
export function ruleMessage(
  f: RuleFailure,
  texts: Record<string, string>,
  locale = uiLocale(),
): string {
  const s = texts[f.key] ?? texts["validation.invalid"] ?? f.key;
  return s.replace(/\{\{(\w+)\}\}/g, (_, k) => {
    const v = f.params[k] ?? "";
    // figures in the reader's number format, every digit kept
    return /^-?\d+(\.\d+)?$/.test(v) ? formatNumber(v, v.split(".")[1]?.length ?? 0, locale) : v;
  });
}

/** Field errors of a form: the first message per field. */
export function fieldErrors(
  failures: RuleFailure[],
  texts: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of failures) out[f.field] ??= ruleMessage(f, texts);
  return out;
}

/** The message keys islands need for the rules' field messages (add to their text lists). */
export const RULE_TEXTS = [
  "rules.insufficient",
  "rules.stakeRange",
  "rules.stopLossBelow",
  "rules.stopLossAbove",
  "rules.takeProfitAbove",
  "rules.takeProfitBelow",
  "rules.limitBelow",
  "rules.limitAbove",
  "rules.precision",
  "rules.lotsRange",
  "rules.withdrawMin",
  "rules.withdrawMax",
  "rules.withdrawFee",
  "validation.amountInvalid",
  "validation.invalid",
  "validation.required",
] as const;
