/** Request and reply schemas of the funds capability (recharge, withdrawal, payment methods). */
import { z } from "zod";
import { DrawPassword, FreshProofFields, TotpCode } from "./customers.ts";
import { parseDecimal, SCALE } from "../core-wasm/mod.ts";
import { CURRENCIES, DECIMALS } from "./currencies.ts";
import { amountProblem } from "./funds_rules.ts";
import { amountIn, Currency } from "./ledger.ts";

export const CRYPTO_TYPES = ["BTC", "ETH", "USDT-TRC20", "USDT-ERC20"] as const;
export type CryptoType = typeof CRYPTO_TYPES[number];

const Amount = z.string({ error: "amountRequired" }).min(1, { error: "amountRequired" })
  .max(40, { error: "amountInvalid" })
  .meta({ example: "100.5", description: "decimal string, currency precision" });

const text = (max: number, required = "required") =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: "tooLong" })
    .refine((s) => !/[\p{Cc}<>]/u.test(s), { error: "invalid" });

export const Id = z.string().regex(/^[0-9A-Za-z-]{1,64}$/, { error: "invalid" });
export const ImageId = z.string({ error: "imageMissing" })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
    error: "imageMissing",
  });

export const PageQuery = z.object({
  limit: z.coerce.number({ error: "invalid" }).int({ error: "invalid" })
    .min(1, { error: "invalid" }).max(100, { error: "invalid" }).default(20),
  cursor: z.string().max(200, { error: "tooLong" }).optional(),
});

export const RechargeBody = z.strictObject({
  currency: Currency,
  channelId: z.string({ error: "required" }).regex(/^[a-z0-9-]{1,40}$/, { error: "invalid" }),
  amount: Amount,
  remitterName: text(64, "remitterNameRequired"),
  remitterAccount: text(100, "remitterAccountRequired"),
  // no voucher at all: "add the voucher image" (an id that names no upload: "upload it again")
  voucherImageId: z.string({ error: "voucherRequired" }).min(1, { error: "voucherRequired" })
    .pipe(ImageId),
}).superRefine((b, ctx) => {
  if (CURRENCIES.includes(b.currency) && amountIn(b.currency, b.amount) === null) {
    // letters, a negative, zero, too many decimals or digits: each its own message
    const message = amountProblem(b.amount, DECIMALS[b.currency]) ?? "amountInvalid";
    ctx.addIssue({ code: "custom", path: ["amount"], message });
  }
}).meta({ id: "RechargeRequest" });

export const WithdrawBody = z.strictObject({
  methodId: Id,
  amount: Amount,
  drawPassword: DrawPassword,
  /** Required when the customer turned two-factor on (TOTP_REQUIRED without it). */
  totp: TotpCode.optional(),
}).meta({ id: "WithdrawRequest" });

export const WithdrawPreviewQuery = z.object({
  methodId: Id.optional(),
  amount: z.string().max(40).optional(),
});

export const PaymentMethodBody = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("bank"),
    region: z.enum(["domestic", "international"], { error: "invalid" }),
    holder: text(64, "holderRequired"),
    number: text(40, "cardRequired"),
    bankName: text(80, "bankNameRequired"),
    bankAddress: text(160, "bankAddressRequired"),
    branch: text(80, "branchRequired"),
    swift: z.string().trim().max(11, { error: "swiftInvalid" }).optional(),
    ...FreshProofFields,
  }),
  z.strictObject({
    kind: z.literal("crypto"),
    type: z.enum(CRYPTO_TYPES, { error: "invalid" }),
    address: text(100, "addressRequired"),
    ...FreshProofFields,
  }),
], { error: "invalid" }).meta({ id: "PaymentMethodRequest" });

export const ReasonBody = z.strictObject({
  reason: text(200, "reasonRequired"),
}).meta({ id: "ReasonRequest" });

/**
 * A review decision's body: the reason (a reject's) or the payout reference (a withdrawal's
 * "Mark paid": transaction hash or bank reference, checked against the withdrawal's method by
 * the server); each only where the queue asks for it.
 */
export const DecisionBody = z.strictObject({
  reason: text(200, "reasonRequired").optional(),
  reference: z.string({ error: "referenceRequired" }).max(200, { error: "tooLong" }).optional(),
}).meta({ id: "DecisionRequest" });

export const ChannelJson = z.object({
  id: z.string(),
  currency: Currency,
  kind: z.enum(["bank", "crypto"]),
  name: z.string(),
  details: z.record(z.string(), z.string()),
  instructions: z.string(),
  enabled: z.boolean(),
});

export const ChannelBody = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, { error: "invalid" }),
  currency: Currency,
  kind: z.enum(["bank", "crypto"], { error: "invalid" }),
  name: text(64),
  details: z.record(
    z.string().regex(/^[A-Za-z]{1,32}$/, { error: "invalid" }),
    z.string().max(200, { error: "tooLong" }),
  ).refine((d) => Object.keys(d).length <= 10, { error: "invalid" }),
  instructions: z.string().max(1000, { error: "tooLong" }),
  enabled: z.boolean({ error: "invalid" }),
}).meta({ id: "RechargeChannelRequest" });

/** What the customer and the recharge queue (contract/operators.ts) both see of a recharge. */
export const RechargeFields = z.object({
  id: z.string(),
  currency: Currency,
  channelId: z.string(),
  channelName: z.string(),
  amount: z.string(),
  remitterName: z.string(),
  remitterAccount: z.string(),
  voucherImageId: z.string(),
  status: z.enum(["auditing", "passed", "rejected"]),
  reason: z.string().nullable(),
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
  journalId: z.string().nullable(),
});

export const RechargeJson = RechargeFields.extend({
  /** an offline recharge has no fee: "0" */
  fee: z.string(),
  /** submitted, then pass or reject, with their times */
  history: z.array(z.object({ at: z.number().int(), action: z.string() })),
});

export const WithdrawalJson = z.object({
  id: z.string(),
  methodLabel: z.string(),
  kind: z.enum(["bank", "crypto"]),
  currency: Currency,
  amount: z.string(),
  fee: z.string(),
  net: z.string(),
  status: z.enum(["auditing", "withdrawing", "passed", "rejected", "frozen"]),
  reason: z.string().nullable(),
  /** the transaction hash (crypto) or bank reference (card/bank) the payout went under */
  reference: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  history: z.array(z.object({ at: z.number().int(), action: z.string() })),
});

export const MethodJson = z.object({
  id: z.string(),
  kind: z.enum(["bank", "crypto"]),
  currency: Currency,
  bank: z.object({
    region: z.enum(["domestic", "international"]),
    holder: z.string(),
    number: z.string(),
    bankName: z.string(),
    bankAddress: z.string(),
    branch: z.string(),
    swift: z.string().nullable(),
  }).nullable(),
  crypto: z.object({ type: z.enum(CRYPTO_TYPES), address: z.string() }).nullable(),
  label: z.string(),
  createdAt: z.number().int().meta({ description: "bound time" }),
  usableAt: z.number().int().meta({
    description: "from when a withdrawal may go to it (bound time + 24 h)",
  }),
});

/** The withdrawal form's data (`GET /api/withdraw/preview`): amounts as decimal strings. */
export const WithdrawPreview = z.object({
  /** withdrawals open (the operators' switch) */
  enabled: z.boolean(),
  methods: z.array(MethodJson),
  /** methods bound less than 24 hours ago: no withdrawal to them before `usableAt` */
  held: z.array(z.object({ id: z.string(), usableAt: z.number().int() })),
  /** the chosen method's currency (USDT without one) */
  currency: Currency,
  /** the spot balance, at the currency's precision */
  available: z.string(),
  min: z.string(),
  max: z.string(),
  feeRate: z.string(),
  feePercent: z.string(),
  minFee: z.string(),
  /** for the amount asked (null without one) */
  fee: z.string().nullable(),
  /** what arrives (null when the fee takes it all) */
  net: z.string().nullable(),
  turnover: z.object({ required: z.string(), traded: z.string(), remaining: z.string() }),
}).meta({ id: "WithdrawPreview" });
export type WithdrawPreview = z.infer<typeof WithdrawPreview>;

const Dec = z.string({ error: "required" }).regex(/^\d{1,12}(\.\d{1,8})?$/, {
  error: "amountInvalid",
});
const Rule = z.strictObject({
  min: Dec,
  max: Dec,
  feeRate: Dec,
  minFee: Dec,
  /** from this amount a pass needs a second operator (left out: unchanged) */
  fourEyes: Dec.optional(),
});

/** Operator settings for withdrawals; amounts and rates as decimal strings. */
export const WithdrawSettingsBody = z.strictObject({
  enabled: z.boolean({ error: "invalid" }),
  turnoverRatio: Dec,
  rules: z.strictObject({ USDT: Rule, BTC: Rule, ETH: Rule }),
}).superRefine((b, ctx) => {
  const n = (s: string) => parseDecimal(s);
  if (n(b.turnoverRatio) > 10n * SCALE) {
    ctx.addIssue({ code: "custom", path: ["turnoverRatio"], message: "invalid" });
  }
  for (const c of CURRENCIES) {
    const r = b.rules[c];
    if (!r) continue;
    const bad = (k: keyof typeof r) =>
      ctx.addIssue({ code: "custom", path: ["rules", c, k], message: "amountInvalid" });
    if (amountIn(c, r.min) === null) bad("min");
    if (amountIn(c, r.max) === null || n(r.max) < n(r.min)) bad("max");
    if (n(r.feeRate) >= SCALE / 2n) bad("feeRate");
    if (n(r.minFee) >= n(r.min)) bad("minFee");
    // at most the largest withdrawal (above it no withdrawal would need a second operator)
    if (
      r.fourEyes !== undefined &&
      (amountIn(c, r.fourEyes) === null || n(r.fourEyes) > n(r.max))
    ) bad("fourEyes");
  }
}).meta({ id: "WithdrawSettingsRequest" });

/** Replies of the customer's funds routes (lists and pages of the records above). */
export const ChannelList = z.object({ items: z.array(ChannelJson) });
export const MethodList = z.object({ items: z.array(MethodJson) });
export const RechargePage = z.object({
  items: z.array(RechargeJson),
  cursor: z.string().nullable(),
});
export const WithdrawalPage = z.object({
  items: z.array(WithdrawalJson),
  cursor: z.string().nullable(),
});

/** A recharge channel as customers see it (a disabled one without its account or address). */
export type ChannelJson = z.infer<typeof ChannelJson>;
/** A recharge as its customer sees it (no operator names). */
export type CustomerRechargeJson = z.infer<typeof RechargeJson>;
/** A withdrawal as its customer sees it: the masked method label, the steps without names. */
export type CustomerWithdrawalJson = z.infer<typeof WithdrawalJson>;
export type MethodJson = z.infer<typeof MethodJson>;
/** Where a recharge and a withdrawal stand (the server's records use the same states). */
export type RechargeStatus = CustomerRechargeJson["status"];
export type WithdrawStatus = CustomerWithdrawalJson["status"];
