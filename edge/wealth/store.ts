/**
 * The wealth capability's KV keys and records: products per tenant, orders (with their indexes),
 * the tenant's promised/paid yield counters (coverage) and each product's hosted amount, and
 * short-lived redemption quotes. Records under `[tenant, "wealth", ...]`.
 */

export interface WealthProduct {
  id: string;
  name: string;
  currency: "USDT";
  /** per day, units of 10^-8 (0.30 % = 300_000n) */
  dailyRate: bigint;
  periodDays: number;
  minAmount: bigint;
  maxAmount: bigint;
  /** the most the product hosts at once (open orders' principal) */
  cap: bigint;
  /** early redemption: penalty per remaining day, units of 10^-8 (0.4 % = 400_000n) */
  redeemRatio: bigint;
  /**
   * how much of a subscription counts as trading volume for the withdrawal turnover rule, units
   * of 10^-8 (1 = SCALE: in full; 0: not at all). Stored products without it count in full.
   */
  turnoverRatio?: bigint;
  enabled: boolean;
}

export type WealthStatus = "underway" | "retired";

export interface WealthOrder {
  id: string;
  userId: string;
  productId: string;
  productName: string;
  amount: bigint;
  /** the terms in force when subscribed (a later rate change applies to new orders only) */
  dailyRate: bigint;
  periodDays: number;
  redeemRatio: bigint;
  /** 00:00 UTC after the subscription: day 1 ends a day later */
  valueDate: number;
  createdAt: number;
  /** payout days made so far (1..periodDays) and their sum */
  paidDays: number;
  paid: bigint;
  /** the payouts promised at subscription (the sum of every day's rounded payout) */
  expected: bigint;
  status: WealthStatus;
  /** how it ended: matured, or redeemed early (with the penalty and refund) */
  end: null | { kind: "matured"; at: number } | {
    kind: "redeemed";
    at: number;
    penalty: bigint;
    refund: bigint;
    daysLeft: number;
  };
}

export interface RedeemQuote {
  id: string;
  orderId: string;
  userId: string;
  /** the order's state it was made for: a payout or redemption since makes it void */
  paidDays: number;
  daysLeft: number;
  penalty: bigint;
  refund: bigint;
  expiresAt: number;
}

export const wealthKeys = {
  products: (t: string) => [t, "wealth", "products"],
  order: (t: string, id: string) => [t, "wealth", "order", id],
  byUser: (t: string, userId: string, id: string) => [t, "wealth", "byUser", userId, id],
  byUserPrefix: (t: string, userId: string) => [t, "wealth", "byUser", userId],
  open: (t: string, id: string) => [t, "wealth", "open", id],
  openPrefix: (t: string) => [t, "wealth", "open"],
  /** KvU64 sums, only ever added to: promised yield of every order, and yield paid or forfeited */
  promised: (t: string) => [t, "wealth", "promised"],
  settled: (t: string) => [t, "wealth", "settled"],
  /** KvU64 sums per product: principal subscribed, and principal returned */
  hostedIn: (t: string, productId: string) => [t, "wealth", "hostedIn", productId],
  hostedOut: (t: string, productId: string) => [t, "wealth", "hostedOut", productId],
  quote: (t: string, id: string) => [t, "wealth", "quote", id],
};
