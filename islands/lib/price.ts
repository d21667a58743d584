/** Decimal strings for display without floats: fixed decimals, the locale's grouping. */
const cache = new Map<string, { group: Intl.NumberFormat; decimal: string }>();

export function formatPrice(value: string, decimals: number, locale: string): string {
  let f = cache.get(locale);
  if (!f) {
    const nf = new Intl.NumberFormat(locale);
    const decimal = nf.formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
    f = { group: nf, decimal };
    cache.set(locale, f);
  }
  const neg = value.startsWith("-");
  const [int = "0", frac = ""] = (neg ? value.slice(1) : value).split(".");
  const fixed = frac.slice(0, decimals).padEnd(decimals, "0");
  const grouped = f.group.format(BigInt(int));
  return `${neg ? "-" : ""}${grouped}${decimals ? f.decimal + fixed : ""}`;
}

/** "0.0123" -> "+1.23%" */
export function formatPct(fraction: string, locale: string): string {
  const neg = fraction.startsWith("-");
  const [int = "0", frac = ""] = (neg ? fraction.slice(1) : fraction).split(".");
  const scaled = (BigInt(int) * 100_000_000n + BigInt(frac.padEnd(8, "0").slice(0, 8))) / 10_000n; // hundredths of a percent
  const s = (scaled / 100n).toString() + "." + (scaled % 100n).toString().padStart(2, "0");
  return `${neg && scaled !== 0n ? "-" : "+"}${formatPrice(s, 2, locale)}%`;
}
