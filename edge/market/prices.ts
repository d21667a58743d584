/**
 * The price port: what a currency is worth in USDT. Until the market capability feeds live
 * prices, configured reference prices answer (`REFERENCE_PRICES="BTC=60000,ETH=3000"`); the
 * market capability implements the same port later.
 */
import { parseDecimal } from "../../core-wasm/mod.ts";
import type { Currency } from "../../contract/currencies.ts";

export interface PricePort {
  /** Units of USDT (10^-8) for one whole unit of `currency`; USDT is 1. */
  usdtPrice(currency: Currency): bigint;
  /** Where the prices come from, shown to customers ("reference prices"). */
  readonly source: "reference" | "market";
}

export const DEFAULT_REFERENCE_PRICES = "BTC=60000,ETH=3000";

export class ReferencePrices implements PricePort {
  readonly source = "reference" as const;
  private prices = new Map<Currency, bigint>([["USDT", 100_000_000n]]);

  constructor(spec = DEFAULT_REFERENCE_PRICES) {
    for (const part of spec.split(",").map((s) => s.trim()).filter(Boolean)) {
      const [cur, value] = part.split("=");
      if ((cur !== "BTC" && cur !== "ETH") || !value) {
        throw new Error(`REFERENCE_PRICES: bad entry "${part}" (BTC=...,ETH=...)`);
      }
      const price = parseDecimal(value);
      if (price <= 0n) throw new Error(`REFERENCE_PRICES: ${cur} must be positive`);
      this.prices.set(cur, price);
    }
    for (const c of ["BTC", "ETH"] as const) {
      if (!this.prices.has(c)) throw new Error(`REFERENCE_PRICES: missing ${c}`);
    }
  }

  usdtPrice(currency: Currency): bigint {
    return this.prices.get(currency)!;
  }
}
