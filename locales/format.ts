/**
 * Numbers and times for people: the one formatting module of the server (pages) and the islands.
 * It imports nothing but constants, so bundling it into an island adds no server code.
 *
 * - Figures are exact: amounts and prices arrive as bigint units (10^-8) or canonical decimal
 *   strings and reach `Intl.NumberFormat` as decimal strings (never a float); they are cut (rounded
 *   toward zero, never up) to the currency's or symbol's precision, then grouped by the language.
 * - Inputs: `canonicalDecimal` turns what a customer typed in their language ("0,5", "1.000,5")
 *   into the API's canonical decimal string ("0.5", "1000.5"); see its rule below.
 * - Times: in the customer's time zone (the browser's, remembered in the `tz` cookie).
 */
import { type Currency, DECIMALS as CURRENCY_DECIMALS } from "../contract/currencies.ts";

const SCALE_DIGITS = 8;
const UNITS = 100_000_000n;

/** Units (10^-8) or a canonical decimal string ("-12.5") -> a canonical decimal string. */
function decimalOf(value: bigint | string): string {
  if (typeof value === "string") return value.trim();
  const neg = value < 0n;
  const abs = neg ? -value : value;
  const frac = (abs % UNITS).toString().padStart(SCALE_DIGITS, "0");
  return `${neg ? "-" : ""}${abs / UNITS}.${frac}`;
}

/** A decimal string cut (toward zero) to `decimals` places; "-0.00" becomes "0.00". */
function cut(value: string, decimals: number): { text: string; neg: boolean; zero: boolean } {
  const m = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(value);
  if (!m) return { text: "0", neg: false, zero: true };
  const [, sign, int = "", frac = ""] = m;
  const whole = int.replace(/^0+(?=\d)/, "") || "0";
  const kept = frac.slice(0, decimals).padEnd(decimals, "0");
  const zero = /^0+$/.test(whole + kept);
  const neg = sign === "-" && !zero;
  return { text: `${neg ? "-" : ""}${whole}${decimals ? "." + kept : ""}`, neg, zero };
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let nf = numberFormats.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, nf);
  }
  return nf;
}

export interface NumberOptions {
  /** "+" on positive values (P&L, changes); a zero never carries a sign. */
  sign?: boolean;
  /** drop trailing zeros of the fraction (sizes such as "1 lot = 0.001 BTC") */
  trim?: boolean;
}

/** Any decimal figure with a fixed number of places, cut toward zero, grouped by `locale`. */
export function formatNumber(
  value: bigint | string,
  decimals: number,
  locale: string,
  opts: NumberOptions = {},
): string {
  const { text, zero } = cut(decimalOf(value), decimals);
  const nf = numberFormat(locale, {
    minimumFractionDigits: opts.trim ? 0 : decimals,
    maximumFractionDigits: decimals,
    signDisplay: opts.sign && !zero ? "exceptZero" : "auto",
  });
  // Intl formats a decimal string exactly (no float on the way).
  return nf.format(text as unknown as number);
}

/** Display precision of a currency (domain rules: USDT 2, BTC 6, ETH 5; other coins 8). */
export function currencyDecimals(currency: string): number {
  return CURRENCY_DECIMALS[currency as Currency] ?? SCALE_DIGITS;
}

/** An amount with its currency's precision: "1.234,56" (de). */
export function formatAmount(
  value: bigint | string,
  currency: string,
  locale: string,
  opts: NumberOptions = {},
): string {
  return formatNumber(value, currencyDecimals(currency), locale, opts);
}

/**
 * An amount exactly as computed: the currency's precision, or more places when the value has
 * them ("9.87656" USDT, a penalty rounded up to the 10^-8 unit), so figures that add up in the
 * ledger add up on the screen too.
 */
export function formatExact(value: bigint | string, currency: string, locale: string): string {
  const frac = decimalOf(value).split(".")[1]?.replace(/0+$/, "") ?? "";
  return formatNumber(value, Math.max(currencyDecimals(currency), frac.length), locale);
}

/** An amount with its currency's precision and code: "1.234,56 USDT" (de). */
export function formatMoney(
  value: bigint | string,
  currency: string,
  locale: string,
  opts: NumberOptions = {},
): string {
  return `${formatAmount(value, currency, locale, opts)} ${currency}`;
}

/**
 * A value in a national currency (units of 10^-8), cut to `decimals` places and written the
 * language's way with the currency's sign: "1.234,56 €" (de), "฿1,234.56" (th), "₫25.400" (vi).
 */
export function formatFiat(
  value: bigint,
  currency: string,
  decimals: number,
  locale: string,
): string {
  const { text } = cut(decimalOf(value), decimals);
  const nf = numberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return nf.format(text as unknown as number);
}

/** A price with the symbol's price precision. */
export function formatPrice(value: bigint | string, decimals: number, locale: string): string {
  return formatNumber(value, decimals, locale);
}

/**
 * A fraction as a percentage with 2 places, signed: "0.0123" -> "+1.23%" (en), "+1,23 %" (de).
 * `sign: false` drops the "+" (rates such as a fee or payout rate).
 */
export function formatPct(
  fraction: bigint | string,
  locale: string,
  opts: NumberOptions = { sign: true },
): string {
  const { text, zero } = cut(decimalOf(fraction), 4);
  return numberFormat(locale, {
    style: "percent",
    // `trim`: "85%" rather than "85.00%" (a payout rate on a tile)
    minimumFractionDigits: opts.trim ? 0 : 2,
    maximumFractionDigits: 2,
    signDisplay: opts.sign ? (zero ? "always" : "exceptZero") : "auto",
  }).format(text as unknown as number);
}

/** Display name of a symbol code: "BTCUSDT" -> "BTC/USDT". */
export function symbolName(code: string): string {
  const m = /^([A-Z0-9]+?)(USDT|USDC|BTC|ETH)$/.exec(code);
  return m ? `${m[1]}/${m[2]}` : code;
}

/** A long order number shortened for narrow screens: "…" + its last 8 characters. */
export function shortId(id: string, keep = 8): string {
  return id.length > keep + 1 ? `…${id.slice(-keep)}` : id;
}

// ---- times ------------------------------------------------------------------------------

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, timeZone: string | undefined, style: "full" | "short") {
  const key = `${locale}|${timeZone ?? ""}|${style}`;
  let df = dateFormats.get(key);
  if (!df) {
    df = new Intl.DateTimeFormat(
      locale,
      style === "full"
        ? { dateStyle: "short", timeStyle: "long", timeZone }
        : { dateStyle: "short", timeStyle: "medium", timeZone },
    );
    dateFormats.set(key, df);
  }
  return df;
}

/**
 * A moment (ms since the epoch) in the customer's time zone, with the zone's name ("long");
 * without `timeZone` (islands in the browser) the browser's own zone.
 */
export function formatTime(ms: number, locale: string, timeZone?: string): string {
  // an island rendered on the server: the request's zone, as the browser will render it
  const tz = timeZone ?? uiTimeZone();
  if (SPELLED_OUT_TIMES.test(locale)) {
    // "28/11/69 07:00:00 GMT+7", not "28/11/69 7 นาฬิกา 00 นาที 00 วินาที GMT+7" (two lines on a phone)
    const zone = zoneFormat(locale, tz).formatToParts(new Date(ms))
      .find((p) => p.type === "timeZoneName")?.value;
    const short = dateFormat(locale, tz, "short").format(new Date(ms));
    return zone ? `${short} ${zone}` : short;
  }
  return dateFormat(locale, tz, "full").format(new Date(ms));
}

/** Languages whose "long" time style spells hours, minutes and seconds out in words (Thai). */
const SPELLED_OUT_TIMES = /^th\b/;

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(locale: string, timeZone: string | undefined) {
  const key = `${locale}|${timeZone ?? ""}`;
  let df = zoneFormats.get(key);
  if (!df) {
    df = new Intl.DateTimeFormat(locale, { timeZoneName: "short", timeZone });
    zoneFormats.set(key, df);
  }
  return df;
}

/** A moment without the zone's name, for dense lists. */
export function formatShortTime(ms: number, locale: string, timeZone?: string): string {
  return dateFormat(locale, timeZone ?? uiTimeZone(), "short").format(new Date(ms));
}

let zones: Set<string> | null = null;
/**
 * How old something is, in the customer's language ("12 seconds ago", "12秒前"), from Intl: the
 * age of a price shown from a cache once it is older than the staleness limit, or of a reference
 * rate (days from 48 hours on).
 */
export function formatAge(ms: number, locale: string): string {
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "always", style: "short" });
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return rtf.format(-s, "second");
  if (s < 3600) return rtf.format(-Math.floor(s / 60), "minute");
  if (s < 48 * 3600) return rtf.format(-Math.floor(s / 3600), "hour");
  return rtf.format(-Math.floor(s / 86400), "day");
}

/** Whether `tz` is a time zone this runtime's Intl knows (what the `tz` cookie may hold). */
export function isTimeZone(tz: string | undefined | null): tz is string {
  if (!tz || tz.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(tz)) return false;
  zones ??= new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);
  return zones.has(tz);
}

// ---- input ------------------------------------------------------------------------------

const separators = new Map<string, { decimal: string; group: string }>();
/** The language's decimal and group separators ("," and "." for de). */
export function separatorsOf(locale: string) {
  let s = separators.get(locale);
  if (!s) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.5);
    s = {
      decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
      group: parts.find((p) => p.type === "group")?.value ?? ",",
    };
    separators.set(locale, s);
  }
  return s;
}

/**
 * What a customer typed -> the API's canonical decimal string, or null if it is not a number.
 *
 * The rule (the same in every language):
 * - Spaces (any kind) are ignored; full-width digits and separators count as ASCII.
 * - The language's decimal separator is the decimal separator ("0,5" in German is 0.5).
 * - The language's group separator is ignored only where it separates groups of three digits
 *   ("1.000,5" and "1.000" in German are 1000.5 and 1000; "1,000" in English is 1000).
 * - The other one of "." and "," is accepted as the decimal separator where it cannot be a group
 *   separator, so "0.5" works in German and "0,5" in English; "1.5" in German is 1.5.
 * - When both "." and "," appear, the last one is the decimal separator and the other must
 *   group by three ("1,000.5" in German is 1000.5).
 * Anything else (letters, signs, exponents, two decimal separators) is refused.
 */
export function canonicalDecimal(input: string, locale: string): string | null {
  const s = input
    .replace(/[\uFF10-\uFF19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xFF10 + 48))
    .replace(/[\uFF0E\u3002]/g, ".")
    .replace(/[\uFF0C\u3001]/g, ",")
    .replace(/[\s\u00a0\u202f\u2009'\u2019]/g, "");
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return null;
  const { decimal } = separatorsOf(locale);
  const group = separatorsOf(locale).group.replace(/[\s\u00a0\u202f]/g, "");
  const grouped = (int: string, sep: string) =>
    new RegExp(`^[1-9]\\d{0,2}(\\${sep}\\d{3})+$`).test(int);
  const canon = (int: string, frac: string) => {
    if (!/^\d+$/.test(int) && int !== "") return null;
    if (!/^\d*$/.test(frac)) return null;
    const whole = (int || "0").replace(/^0+(?=\d)/, "");
    return frac ? `${whole}.${frac}` : whole;
  };
  const dots = s.split(".").length - 1;
  const commas = s.split(",").length - 1;
  if (dots && commas) {
    const point = s.lastIndexOf(".") > s.lastIndexOf(",") ? "." : ",";
    const other = point === "." ? "," : ".";
    const [int = "", frac = "", extra] = s.split(point);
    if (extra !== undefined || !grouped(int, other)) return null;
    return canon(int.replaceAll(other, ""), frac);
  }
  if (!dots && !commas) return canon(s, "");
  const sep = dots ? "." : ",";
  const count = dots || commas;
  if (count > 1) return grouped(s, sep) && sep === group ? canon(s.replaceAll(sep, ""), "") : null;
  // one separator: the language's decimal separator, else a group of three in the language's
  // grouping, else (the other of . and ,) a decimal separator
  const [int = "", frac = ""] = s.split(sep);
  if (sep === decimal) return canon(int, frac);
  if (sep === group && grouped(s, sep)) return canon(int + frac, "");
  return canon(int, frac);
}

/** `canonicalDecimal`, or the trimmed input unchanged (the server then says what is wrong). */
export function toApiDecimal(input: string, locale: string): string {
  return canonicalDecimal(input, locale) ?? input.trim();
}

// ---- the page's language, for islands ----------------------------------------------------

let rendering: { locale: string; timeZone: string | undefined } | null = null;

/**
 * Render `fn` (synchronously, as the server renders a page) with the request's language and time
 * zone, so islands rendered on the server format exactly as they will in the browser.
 */
export function withDisplay<R>(locale: string, timeZone: string | undefined, fn: () => R): R {
  const prev = rendering;
  rendering = { locale, timeZone };
  try {
    return fn();
  } finally {
    rendering = prev;
  }
}

/** The page's language: `<html lang>` in the browser, the request's while the server renders. */
export function uiLocale(): string {
  if (rendering) return rendering.locale;
  return (typeof document !== "undefined" && document.documentElement.lang) || "en";
}

/** The customer's time zone: the browser's own in the browser, the request's on the server. */
export function uiTimeZone(): string | undefined {
  return rendering?.timeZone;
}

/** A message's stored parameters for display: its `amount` in its `currency`'s format. */
export function displayParams(
  params: Record<string, string>,
  locale: string,
): Record<string, string> {
  if (!params.amount || !params.currency || !/^-?\d+(\.\d+)?$/.test(params.amount)) return params;
  return { ...params, amount: formatAmount(params.amount, params.currency, locale) };
}
