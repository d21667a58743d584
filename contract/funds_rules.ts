/**
 * The base of the shared rules and the funds rules (part of the shared module: see `rules.ts`).
 * A rule returns its failures as `{field, error, key, params}`: `error` is the API's stable id,
 * `key` the field message (`rules.*`, `validation.*`, `errors.*`) interpolated with `params`.
 * The server turns the first failure into its DomainError (`enforce`); an island shows each
 * beside its field (`fieldErrors`). The funds islands import this file rather than `rules.ts`,
 * so their bundles carry no order rules.
 */
import { DecimalError, formatDecimal, parseDecimal } from "../core-wasm/decimal.ts";
import { type Currency, DECIMALS } from "./currencies.ts";
import { DomainError, type ErrorId } from "../edge/platform/errors.ts";
import { formatNumber, uiLocale } from "../locales/format.ts";

export { CURRENCIES, DECIMALS } from "./currencies.ts";
/** Currencies in the order the screens offer them: USDT first, then the coins. */
export const CURRENCY_CHOICES: readonly Currency[] = ["USDT", "BTC", "ETH"];

export interface RuleFailure {
  field: string;
  error: ErrorId;
  /** message key: `rules.<x>`, `validation.<x>` or `errors.<ERROR_ID>` */
  key: string;
  params: Record<string, string>;
}

/** Throw the first failure as the API's error (server side). */
export function enforce(failures: RuleFailure[]): void {
  const f = failures[0];
  if (!f) return;
  throw new DomainError(f.error, f.params, { [f.field]: f.key });
}

export const fail = (
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
export const show = (v: bigint, decimals = 8) => formatDecimal(v, decimals).replace(/\.?0+$/, "");

export function affordable(
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

// ---- funds ---------------------------------------------------------------------------------

/** Whole units an amount may have at most (the ledger's MAX_TRANSFER_UNITS, 10^8). */
const MAX_WHOLE = 100_000_000n;

/**
 * What is wrong with a typed amount, as a `validation.*` key, or null when it is a positive
 * amount with at most `decimals` places: letters, a negative, zero, too many decimals and too
 * many digits each get their own message (a customer cannot fix "invalid").
 */
export function amountProblem(text: string, decimals: number): string | null {
  const s = text.trim();
  if (s === "") return "amountRequired";
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[2] === "" && !m[3])) return "amountNotNumber";
  const [, sign, int = "", frac = ""] = m;
  const zero = /^0*$/.test(int + frac);
  if (sign === "-" && !zero) return "amountNegative";
  if (zero) return "amountZero";
  if (frac.replace(/0+$/, "").length > decimals) return "amountTooPrecise";
  if ((int.replace(/^0+/, "") || "0").length > 9 || BigInt(int || "0") > MAX_WHOLE) {
    return "amountTooLong";
  }
  return null;
}

/** An amount's own failure (see `amountProblem`), or null. */
function amountFailure(field: string, text: string, currency: Currency): RuleFailure | null {
  const problem = amountProblem(text, DECIMALS[currency]);
  return problem ? fail(field, "VALIDATION", `validation.${problem}`) : null;
}

/** An amount of `currency` at its precision, within the available balance. */
export function amountRules(
  i: { amount: string; currency: Currency; available?: bigint | null; field?: string },
): RuleFailure[] {
  const field = i.field ?? "amount";
  const wrong = amountFailure(field, i.amount, i.currency);
  if (wrong) return [wrong];
  const v = positiveAmount(i.amount, DECIMALS[i.currency]);
  if (v === null) return [fail(field, "VALIDATION", "validation.amountInvalid")];
  return affordable(field, v, i.available, i.currency);
}

/**
 * A transfer between the customer's wallets: something to transfer at all (the server's
 * NO_TRANSFERABLE), then an amount at the currency's precision within the available balance.
 */
export function transferRules(
  i: { amount: string; currency: Currency; available: bigint },
): RuleFailure[] {
  if (i.available <= 0n) return [fail("amount", "NO_TRANSFERABLE", "errors.NO_TRANSFERABLE")];
  return amountRules(i);
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
  const wrong = amountFailure("amount", i.amount, i.currency);
  if (wrong) return [wrong];
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
  "rules.trailingRate",
  "rules.ocoLots",
  "rules.withdrawMin",
  "rules.withdrawMax",
  "rules.withdrawFee",
  "validation.amountRequired",
  "validation.amountInvalid",
  "validation.amountNotNumber",
  "validation.amountNegative",
  "validation.amountZero",
  "validation.amountTooPrecise",
  "validation.amountTooLong",
  "validation.invalid",
  "validation.required",
] as const;
