/** Requests and replies of the wealth product (plain zod; the routes publish them). */
import { z } from "zod";
import { IdempotencyHeaders } from "./ledger.ts";

export { IdempotencyHeaders };

const Amount = z.string().meta({ example: "1000" });
const Id = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, { error: "invalid" });

export const WealthOrderBody = z.strictObject({
  productId: Id,
  amount: z.string({ error: "amountRequired" }).min(1, { error: "amountRequired" }).max(40, {
    error: "amountInvalid",
  }),
}).meta({ id: "WealthOrderRequest" });

export const PreviewQuery = z.object({
  amount: z.string({ error: "amountRequired" }).min(1, { error: "amountRequired" }).max(40, {
    error: "amountInvalid",
  }),
});

export const RedeemBody = z.strictObject({ quoteId: z.uuid({ error: "invalid" }) }).meta({
  id: "WealthRedeemRequest",
});

export const OrderParam = z.object({ id: z.string().min(1).max(64) });
export const ProductParam = z.object({ id: Id });

export const WealthProduct = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.literal("USDT"),
  dailyRate: Amount,
  apr: Amount,
  periodDays: z.number().int(),
  minAmount: Amount,
  maxAmount: Amount,
  cap: Amount,
  hosted: Amount,
  redeemRatio: Amount,
  /** the share of a subscription counted as trading volume for the withdrawal turnover rule */
  turnoverRatio: Amount,
  coverage: Amount.nullable(),
  open: z.boolean(),
}).meta({ id: "WealthProduct" });

export const WealthProducts = z.object({
  items: z.array(WealthProduct),
  reserve: Amount,
  unpaid: Amount,
  coverage: Amount.nullable(),
}).meta({ id: "WealthProducts" });

export const WealthPreview = z.object({
  productId: z.string(),
  amount: Amount,
  dailyRate: Amount,
  apr: Amount,
  dailyIncome: Amount,
  expectedIncome: Amount,
  valueDate: z.number().int(),
  firstPayout: z.number().int(),
  maturity: z.number().int(),
  redeemRatio: Amount,
  redeemExample: z.object({ daysLeft: z.number().int(), penalty: Amount, refund: Amount }),
}).meta({ id: "WealthPreview" });

export const WealthOrder = z.object({
  orderNo: z.string(),
  productId: z.string(),
  productName: z.string(),
  amount: Amount,
  dailyRate: Amount,
  apr: Amount,
  periodDays: z.number().int(),
  dailyIncome: Amount,
  expectedIncome: Amount,
  earned: Amount,
  paidDays: z.number().int(),
  valueDate: z.number().int(),
  maturity: z.number().int(),
  nextPayout: z.number().int().nullable(),
  daysLeft: z.number().int(),
  status: z.enum(["underway", "retired"]),
  createdAt: z.number().int(),
  end: z.union([
    z.object({ kind: z.literal("matured"), at: z.number().int() }),
    z.object({
      kind: z.literal("redeemed"),
      at: z.number().int(),
      penalty: Amount,
      refund: Amount,
      daysLeft: z.number().int(),
    }),
  ]).nullable(),
}).meta({ id: "WealthOrder" });

export const WealthOrders = z.object({ items: z.array(WealthOrder) }).meta({
  id: "WealthOrders",
});

export const RedeemQuote = z.object({
  quoteId: z.string(),
  orderNo: z.string(),
  amount: Amount,
  daysLeft: z.number().int(),
  redeemRatio: Amount,
  penalty: Amount,
  refund: Amount,
  earned: Amount,
  expiresAt: z.number().int(),
  validForMs: z.number().int(),
}).meta({ id: "WealthRedeemQuote" });

/** An operator's edit of one product (decimal strings; a rate change applies to new orders only). */
const Dec = z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, { error: "amountInvalid" });
export const WealthProductEdit = z.strictObject({
  id: Id,
  name: z.string().trim().min(1, { error: "required" }).max(40, { error: "tooLong" }),
  dailyRate: Dec,
  periodDays: z.number().int().min(1).max(365),
  minAmount: Dec,
  maxAmount: Dec,
  cap: Dec,
  redeemRatio: Dec,
  /** 0..1 (default 1: a subscription counts in full towards the withdrawal turnover rule) */
  turnoverRatio: Dec.optional(),
  enabled: z.boolean(),
});
export const WealthProductsEdit = z.strictObject({
  items: z.array(WealthProductEdit).min(1).max(20),
}).meta({ id: "WealthProductsEdit" });

/** Wealth: the figures before subscribing, an order, a redemption quote. */
export type WealthPreviewJson = z.infer<typeof WealthPreview>;
export type WealthOrderJson = z.infer<typeof WealthOrder>;
export type WealthQuoteJson = z.infer<typeof RedeemQuote>;
