/**
 * Reference rates: what 1 USDT is worth in the currency of each interface language, set by the
 * tenant's operators in the console (tenant settings, audited). Assets show an approximate value
 * in the customer's language's currency from them, labelled "≈" with the rate's age; a language
 * whose currency has no rate shows USDT only. These rates value nothing and move no money: they
 * are a reading aid, never a quote.
 *
 * The conversion is integer maths on bigint units (10^-8), rounded down to the currency's
 * precision. It is not done by the pricing core: a dong or won value of a large balance in 10^-8
 * units outgrows the core's i64 (10,000,000 USDT x 25,400 = 2.5 x 10^19 units), and bigint has no
 * bound. Pure (no server code): pages and islands import it.
 */
import type { LocaleId } from "../locales/languages.ts";
import { formatDecimal } from "../core-wasm/decimal.ts";
import { type Fiat, FIATS, RATE_PATTERN } from "./currencies.ts";
export { type Fiat, FIATS, RATE_PATTERN };

/** Each language's currency. */
export const FIAT_OF_LOCALE: Record<LocaleId, Fiat> = {
  "zh-CN": "CNY",
  "zh-TW": "CNY",
  en: "USD",
  vi: "VND",
  th: "THB",
  ja: "JPY",
  de: "EUR",
  fr: "EUR",
  es: "EUR",
  uk: "UAH",
  ko: "KRW",
};

/** Places shown (ISO 4217 minor units): dong, yen and won have none. */
export const FIAT_DECIMALS: Record<Fiat, number> = {
  EUR: 2,
  USD: 2,
  VND: 0,
  THB: 2,
  JPY: 0,
  KRW: 0,
  UAH: 2,
  CNY: 2,
};

/** One rate as stored: fiat per 1 USDT (decimal string, up to 8 places) and when it was set. */
export interface ReferenceRate {
  rate: string;
  at: number;
}
export type ReferenceRates = Partial<Record<Fiat, ReferenceRate>>;

/** A rate string -> units of 10^-8 (null when malformed or zero). */
export function rateUnits(rate: string): bigint | null {
  if (!RATE_PATTERN.test(rate)) return null;
  const [int, frac = ""] = rate.split(".");
  const units = BigInt(int!) * 100_000_000n + BigInt(frac.padEnd(8, "0"));
  return units > 0n ? units : null;
}

/**
 * `usdt` units valued at `rate` (fiat per USDT, units), in fiat units rounded down to the
 * currency's precision: floor(usdt x rate / 10^8), then cut to the minor unit.
 */
export function toFiat(usdt: bigint, rate: bigint, fiat: Fiat): bigint {
  const raw = (usdt * rate) / 100_000_000n;
  const step = 10n ** BigInt(8 - FIAT_DECIMALS[fiat]);
  return raw >= 0n ? (raw / step) * step : -((-raw / step) * step);
}

/** What a customer of `locale` sees beside a USDT figure: the currency, its rate and its age. */
export interface Approx {
  fiat: Fiat;
  /** fiat per USDT, units */
  rate: bigint;
  /** when the operator set it (ms) */
  at: number;
}

/** The approximation for `locale` under the tenant's rates, or null (no rate: USDT only). */
export function approxFor(rates: ReferenceRates | undefined, locale: LocaleId): Approx | null {
  const fiat = FIAT_OF_LOCALE[locale];
  const r = rates?.[fiat];
  const units = r ? rateUnits(r.rate) : null;
  return r && units ? { fiat, rate: units, at: r.at } : null;
}

/**
 * The console's save: the rates it sends (a missing or empty one: none) over the stored ones; a
 * rate keeps its time unless its value changed.
 */
export function mergeRates(
  before: ReferenceRates,
  sent: Partial<Record<Fiat, string>>,
  now: number,
): ReferenceRates {
  const out: ReferenceRates = {};
  for (const f of FIATS) {
    const v = sent[f]?.trim();
    if (!v) continue;
    const old = before[f];
    out[f] = old && rateUnits(old.rate) === rateUnits(v) ? old : { rate: v, at: now };
  }
  return out;
}

/** The approximation of a USDT total as the API sends it (decimal strings). */
export function approxJson(a: Approx, totalUsdt: bigint) {
  return {
    currency: a.fiat,
    rate: formatDecimal(a.rate),
    rateAt: a.at,
    total: formatDecimal(toFiat(totalUsdt, a.rate, a.fiat)),
  };
}
