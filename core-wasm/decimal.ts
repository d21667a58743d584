/**
 * Decimal strings <-> fixed-point units (1 unit = 10^-8). JSON carries amounts and prices as
 * decimal strings ("1234.5"); exponents, NaN, Infinity, signs where not allowed and more
 * decimals than allowed are refused.
 */
export const DECIMALS = 8;
export const SCALE = 100_000_000n;
const I64_MAX = (1n << 63n) - 1n;

export class DecimalError extends Error {
  constructor(readonly reason: "format" | "precision" | "range" | "sign", input: string) {
    super(`invalid decimal (${reason}): ${input.slice(0, 40)}`);
    this.name = "DecimalError";
  }
}

/** Parse "1234.5" into units; `maxDecimals` per currency or symbol (<= 8). */
export function parseDecimal(
  input: string,
  opts: { maxDecimals?: number; allowNegative?: boolean; allowExponent?: boolean } = {},
): bigint {
  const max = opts.maxDecimals ?? DECIMALS;
  if (opts.allowExponent && /e/i.test(input)) input = expandExponent(input);
  // Insignificant zeros (leading integer zeros, trailing fraction zeros) are not precision.
  if (/^-?\d+(\.\d+)?$/.test(input)) {
    input = input.replace(/^(-?)0+(?=\d)/, "$1");
    if (input.includes(".")) input = input.replace(/0+$/, "").replace(/\.$/, "");
  }
  const m = /^(-)?(\d{1,19})(?:\.(\d{1,8}))?$/.exec(input);
  if (!m) {
    throw new DecimalError(/^-?\d+\.\d{9,}$/.test(input) ? "precision" : "format", input);
  }
  const [, neg, whole, frac = ""] = m;
  if (neg && !opts.allowNegative) throw new DecimalError("sign", input);
  if (frac.replace(/0+$/, "").length > max) throw new DecimalError("precision", input);
  const units = BigInt(whole!) * SCALE + BigInt(frac.padEnd(DECIMALS, "0"));
  if (units > I64_MAX) throw new DecimalError("range", input);
  return neg ? -units : units;
}

/** Units -> decimal string with trailing zeros trimmed ("1234.5"), or fixed `decimals`. */
export function formatDecimal(units: bigint, decimals?: number): string {
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const whole = abs / SCALE;
  let frac = (abs % SCALE).toString().padStart(DECIMALS, "0");
  if (decimals === undefined) frac = frac.replace(/0+$/, "");
  else frac = frac.slice(0, decimals).padEnd(decimals, "0");
  return `${neg && abs !== 0n ? "-" : ""}${whole}${frac ? "." + frac : ""}`;
}

/**
 * "9e-05" -> "0.00009": data files (exchange exports) write small numbers with exponents;
 * only readers of such files opt in (`allowExponent`), API input never does.
 */
function expandExponent(input: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?[eE]([+-]?\d{1,3})$/.exec(input);
  if (!m) throw new DecimalError("format", input);
  const [, sign, int, frac = "", expText] = m;
  const digits = int! + frac;
  const point = int!.length + Number(expText);
  const plain = point <= 0
    ? `0.${"0".repeat(-point)}${digits}`
    : point >= digits.length
    ? digits + "0".repeat(point - digits.length)
    : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return sign + plain.replace(/^0+(?=\d)/, "");
}
