/**
 * Limits a customer sets for themselves, the loss-figure acknowledgement and the published loss
 * figure (issue 30, section 5): the request and reply schemas the user centre's island and the
 * API share. Money limits are USDT amounts (decimal strings); the session reminder is minutes.
 */
import { z } from "@hono/zod-openapi";

export const LIMIT_KINDS = ["dailyLoss", "monthlyLoss", "deposit", "sessionReminder"] as const;
export type LimitKindJson = typeof LIMIT_KINDS[number];
export const LOSS_PRODUCTS = ["fast", "leveraged"] as const;
export type LossProduct = typeof LOSS_PRODUCTS[number];

/** Bounds the forms check before they send. */
export const COOLING_OFF_DAYS = { min: 1, max: 42 } as const;
export const SELF_EXCLUSION_MONTHS = { min: 6, max: 60 } as const;
export const REMINDER_MINUTES = { min: 5, max: 720 } as const;

const Amount = z.string({ error: "amountInvalid" }).trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, { error: "amountInvalid" })
  .refine((s) => Number(s) > 0, { error: "amountInvalid" });

/** A limit to set: a value, or null for none (a looser change: in 24 h); left out: unchanged. */
export const LimitsBody = z.strictObject({
  dailyLoss: Amount.nullable().optional(),
  monthlyLoss: Amount.nullable().optional(),
  deposit: Amount.nullable().optional(),
  sessionReminder: z.number({ error: "invalid" }).int({ error: "invalid" })
    .min(REMINDER_MINUTES.min, { error: "reminderBounds" })
    .max(REMINDER_MINUTES.max, { error: "reminderBounds" }).nullable().optional(),
}).openapi("LimitsRequest");
export type LimitsBodyJson = z.infer<typeof LimitsBody>;

export const CoolingOffBody = z.strictObject({
  days: z.number({ error: "invalid" }).int({ error: "invalid" })
    .min(COOLING_OFF_DAYS.min, { error: "coolingOffBounds" })
    .max(COOLING_OFF_DAYS.max, { error: "coolingOffBounds" }),
}).openapi("CoolingOffRequest");

export const SelfExclusionBody = z.strictObject({
  months: z.number({ error: "invalid" }).int({ error: "invalid" })
    .min(SELF_EXCLUSION_MONTHS.min, { error: "selfExclusionBounds" })
    .max(SELF_EXCLUSION_MONTHS.max, { error: "selfExclusionBounds" }),
}).openapi("SelfExclusionRequest");

export const RiskAckBody = z.strictObject({
  product: z.enum(LOSS_PRODUCTS, { error: "invalid" }),
}).openapi("RiskAcknowledgementRequest");

const LimitJson = z.object({
  /** in force now (null: none) */
  value: z.string().nullable(),
  /** a looser value waiting for its time (24 h after it was asked for) */
  pending: z.object({ value: z.string().nullable(), from: z.number().int() }).nullable(),
});

export const LimitsReply = z.object({
  dailyLoss: LimitJson,
  monthlyLoss: LimitJson,
  deposit: LimitJson,
  /** minutes */
  sessionReminder: LimitJson,
  coolingOffUntil: z.number().int().nullable(),
  selfExcludedUntil: z.number().int().nullable(),
  /** when each product's loss figure was acknowledged (null: not yet) */
  riskAck: z.object({ fast: z.number().int().nullable(), leveraged: z.number().int().nullable() }),
  /** what the limits count now: net results today and this month (UTC), deposits in 30 days */
  usage: z.object({ dayNet: z.string(), monthNet: z.string(), deposits30d: z.string() }),
}).openapi("CustomerLimits");
export type LimitsJson = z.infer<typeof LimitsReply>;

/** One product's published loss figure. */
export const LossFigureJson = z.object({
  product: z.enum(LOSS_PRODUCTS),
  /** the share of accounts that lost money, in percent with one decimal ("74.3"); null: none */
  percent: z.string().nullable(),
  /** accounts with at least one settled trade of the product in the window */
  accounts: z.number().int(),
  losing: z.number().int(),
  from: z.number().int(),
  to: z.number().int(),
});
export type LossFigure = z.infer<typeof LossFigureJson>;

export const LossFiguresReply = z.object({
  items: z.array(LossFigureJson),
  computedAt: z.number().int().nullable(),
}).openapi("LossFigures");
export type LossFiguresJson = z.infer<typeof LossFiguresReply>;
