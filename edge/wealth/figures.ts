/**
 * Wealth's figures (edge/wealth/service.ts): the day arithmetic orders rest on (value date,
 * whole days elapsed, the next 00:00 UTC), the share of a subscription counted as volume, and a
 * product, an order, its payout schedule and a redemption quote as the API and pages show them
 * (decimal strings). Pure functions of the records, apart from the service's commits.
 */
import { dailyPayout, formatDecimal, SCALE } from "../../core-wasm/mod.ts";
import type { RedeemQuote, WealthOrder, WealthProduct } from "./store.ts";
import type { WealthOrderJson } from "../../contract/wealth.ts";

const d = formatDecimal;

export const DAY_MS = 86_400_000;

/** The next 00:00 UTC after `at`. */
export const nextMidnight = (at: number) => Math.floor(at / DAY_MS) * DAY_MS + DAY_MS;

/** Whole days since the value date that have ended by `now` (0..period). */
export function elapsedDays(o: Pick<WealthOrder, "valueDate" | "periodDays">, now: number) {
  const d = Math.floor((now - o.valueDate) / DAY_MS);
  return Math.max(0, Math.min(o.periodDays, d));
}

/** The share of a subscription counted as trading volume (stored products without it: in full). */
export const turnoverRatioOf = (p: WealthProduct) => p.turnoverRatio ?? SCALE;

export function productJson(p: WealthProduct, hosted: bigint, coverage: bigint | null) {
  return {
    id: p.id,
    name: p.name,
    currency: p.currency,
    dailyRate: d(p.dailyRate),
    /** simple: daily x 365 (never compounded, never called APY) */
    apr: d(p.dailyRate * 365n),
    periodDays: p.periodDays,
    minAmount: d(p.minAmount),
    maxAmount: d(p.maxAmount),
    cap: d(p.cap),
    hosted: d(hosted),
    redeemRatio: d(p.redeemRatio),
    turnoverRatio: d(turnoverRatioOf(p)),
    /** reserve / promised unpaid yield (null: nothing promised yet) */
    coverage: coverage === null ? null : d(coverage),
    open: p.enabled && (coverage === null || coverage >= SCALE),
  };
}

/** The terms a product is offered on, as the rates page and the products console both list them. */
export function productTerms(j: ReturnType<typeof productJson>) {
  const { id, name, dailyRate, periodDays, minAmount, maxAmount, redeemRatio } = j;
  return { id, name, dailyRate, periodDays, minAmount, maxAmount, redeemRatio };
}

export function orderJson(o: WealthOrder, now: number): WealthOrderJson {
  const next = o.status === "underway" && o.paidDays < o.periodDays
    ? o.valueDate + (o.paidDays + 1) * DAY_MS
    : null;
  return {
    orderNo: o.id,
    productId: o.productId,
    productName: o.productName,
    amount: d(o.amount),
    dailyRate: d(o.dailyRate),
    apr: d(o.dailyRate * 365n),
    periodDays: o.periodDays,
    dailyIncome: d(dailyPayout(o.amount, o.dailyRate)),
    expectedIncome: d(o.expected),
    earned: d(o.paid),
    paidDays: o.paidDays,
    valueDate: o.valueDate,
    maturity: o.valueDate + o.periodDays * DAY_MS,
    nextPayout: next,
    daysLeft: o.status === "underway" ? o.periodDays - elapsedDays(o, now) : 0,
    status: o.status,
    createdAt: o.createdAt,
    end: o.end === null ? null : o.end.kind === "matured" ? o.end : {
      ...o.end,
      penalty: d(o.end.penalty),
      refund: d(o.end.refund),
    },
  };
}

/**
 * An order's payouts day by day: when, how much (the last day pays what rounding left of the
 * promised total, as the payout job does) and whether it was paid, is to come, or will never be
 * paid (redeemed early).
 */
export function payoutSchedule(o: WealthOrder) {
  const daily = dailyPayout(o.amount, o.dailyRate);
  return Array.from({ length: o.periodDays }, (_, i) => {
    const day = i + 1;
    const amount = day === o.periodDays ? o.expected - daily * BigInt(o.periodDays - 1) : daily;
    const state: "paid" | "due" | "forfeited" = day <= o.paidDays
      ? "paid"
      : o.status === "retired"
      ? "forfeited"
      : "due";
    return { day, at: o.valueDate + day * DAY_MS, amount: d(amount), state };
  });
}

export function quoteJson(q: RedeemQuote, o: WealthOrder, now: number) {
  return {
    quoteId: q.id,
    orderNo: q.orderId,
    amount: d(o.amount),
    daysLeft: q.daysLeft,
    redeemRatio: d(o.redeemRatio),
    penalty: d(q.penalty),
    refund: d(q.refund),
    earned: d(o.paid),
    expiresAt: q.expiresAt,
    /** how long it may be confirmed from now (clients count down from receipt, not their clock) */
    validForMs: Math.max(0, q.expiresAt - now),
  };
}
