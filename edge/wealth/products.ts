/**
 * The wealth products a tenant offers: stored per tenant, the defaults until an operator edits
 * them (three fixed terms, USDT).
 */
import { SCALE } from "../../core-wasm/mod.ts";
import type { WealthProduct } from "./store.ts";

const U = SCALE;
const pct = (hundredths: number) => BigInt(hundredths) * (SCALE / 10_000n);

export const DEFAULT_PRODUCTS: readonly WealthProduct[] = [
  { days: 5, rate: 30 },
  { days: 15, rate: 40 },
  { days: 30, rate: 50 },
].map(({ days, rate }) => ({
  id: `usdt-${days}d`,
  name: `USDT ${days}`,
  currency: "USDT" as const,
  dailyRate: pct(rate),
  periodDays: days,
  minAmount: 100n * U,
  maxAmount: 100_000n * U,
  cap: 1_000_000n * U,
  redeemRatio: pct(40),
  turnoverRatio: SCALE,
  enabled: true,
}));
