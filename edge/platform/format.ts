/** Amounts for people: per-currency precision (rounded down) and the locale's grouping. */
import { formatDecimal } from "../../core-wasm/mod.ts";
import { type Currency, DECIMALS } from "../ledger/accounts.ts";

const cache = new Map<string, Intl.NumberFormat>();

export function formatAmount(units: bigint, currency: Currency, locale: string): string {
  const d = DECIMALS[currency];
  const key = `${locale}|${d}`;
  let nf = cache.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(locale, { minimumFractionDigits: d, maximumFractionDigits: d });
    cache.set(key, nf);
  }
  // A decimal string keeps every digit exact (no float on the way).
  return nf.format(formatDecimal(units, d) as unknown as number);
}

export function formatTime(ms: number, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "short",
    timeStyle: "long",
    timeZone,
  }).format(new Date(ms));
}
