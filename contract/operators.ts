/**
 * The operators' wire contract: the reply schemas of /api/admin (and the types the console's
 * islands import with `import type`). Every review record carries `actions`: what the server
 * allows on it now.
 */
import { z } from "zod";
import { CURRENCIES, WALLETS } from "./currencies.ts";
import { RechargeFields } from "./funds.ts";
import {
  ExchangeSection,
  FastSection,
  LeveragedSection,
  SpotSection,
  TERM_SECTIONS,
} from "./trading.ts";

export type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

/** Every operator role, in the console's order. */
export const OPERATOR_ROLES = [
  "admin",
  "funds",
  "identity",
  "content",
  "risk",
  "support",
  "audit",
] as const;
export type OperatorRole = typeof OPERATOR_ROLES[number];

export const PROPOSAL_KINDS = [
  "wealth.reserve",
  "balance.adjust",
  "products.fast",
  "products.leveraged",
  "products.spot",
  "products.exchange",
  "products.wealth",
  "withdrawal.pass",
  "withdraw.fourEyes",
  "operator.create",
  "operator.roles",
  "operator.enable",
  "operator.resetTotp",
  "customer.erase",
  "customer.professional",
] as const;
export type ProposalKind = typeof PROPOSAL_KINDS[number];

const Currency = z.enum(CURRENCIES);
const Ms = z.number().int();

/** Any JSON value (a record's snapshot in the audit log), named once in the OpenAPI document. */
export const JsonValue: z.ZodType<Json> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(JsonValue),
    z.record(z.string(), JsonValue),
  ])
).meta({ id: "JsonValue" });

export const OperatorRoleSchema = z.enum(OPERATOR_ROLES, { error: "invalid" });

/** Signed in: the session token rides in `authorization` and the console's cookie. */
export const OperatorLoginReply = z.object({
  status: z.literal("signedIn"),
  expiresAt: Ms,
  roles: z.array(OperatorRoleSchema),
}).meta({ id: "OperatorSignedIn" });

/**
 * First sign-in of an operator an admin created: no session yet. The new TOTP secret (base32,
 * shown this once) and its otpauth URI, and the token for `POST /api/admin/enrol` (it opens
 * nothing else) until `expiresAt`.
 */
export const OperatorEnrolmentReply = z.object({
  status: z.literal("enrolmentRequired"),
  enrolToken: z.string(),
  secret: z.string(),
  uri: z.string(),
  expiresAt: Ms,
}).meta({ id: "OperatorEnrolmentRequired" });

export const OperatorSignInReply = z.discriminatedUnion("status", [
  OperatorLoginReply,
  OperatorEnrolmentReply,
]);
export type OperatorSignInReply = z.infer<typeof OperatorSignInReply>;

/** An operator account as an admin sees it, with what the server allows on it now. */
export const OperatorItem = z.object({
  username: z.string(),
  roles: z.array(OperatorRoleSchema),
  disabled: z.boolean(),
  enrolled: z.boolean(),
  /** an invitation is open (the operator has not accepted it yet) */
  invited: z.boolean(),
  createdAt: Ms,
  createdBy: z.string().nullable(),
  lastLoginAt: Ms.nullable(),
  passwordChangedAt: Ms.nullable(),
  self: z.boolean(),
  /** `disable` acts at once; `roles`, `enable` and `resetTotp` are proposals */
  actions: z.array(z.enum(["roles", "disable", "enable", "resetTotp"])),
}).meta({ id: "Operator" });
export type OperatorItem = z.infer<typeof OperatorItem>;
export const OperatorList = z.object({ items: z.array(OperatorItem) });

export const OperatorSessionItem = z.object({
  id: z.string(),
  createdAt: Ms,
  expiresAt: Ms,
  ip: z.string().nullable(),
  current: z.boolean(),
}).meta({ id: "OperatorSession" });
export type OperatorSessionItem = z.infer<typeof OperatorSessionItem>;
export const OperatorSessionList = z.object({ items: z.array(OperatorSessionItem) });

export const AuditItem = z.object({
  id: z.string(),
  at: Ms,
  operator: z.string(),
  action: z.string(),
  target: z.string(),
  /** the record before and after, as JSON (amounts as decimal strings) */
  before: JsonValue,
  after: JsonValue,
  ip: z.string().nullable(),
  /** the hash chain (absent on entries written before it began) */
  seq: z.number().int().optional(),
  prevHash: z.string().optional(),
  hash: z.string().optional(),
});
export type AuditItem = z.infer<typeof AuditItem>;

export const AuditChainStatus = z.object({
  ok: z.boolean(),
  /** every link up to this seq verified (0: none) */
  verifiedTo: z.number().int(),
  /** the head's seq */
  head: z.number().int(),
  broken: z.object({
    seq: z.number().int(),
    reason: z.enum([
      "missing",
      "seq",
      "prevHash",
      "hash",
      "head",
      "checkpoint",
      "truncated",
      "signature",
    ]),
    expected: z.string(),
    found: z.string(),
    /** the signed checkpoint the chain disagrees with */
    checkpoint: z.string().optional(),
  }).nullable(),
  /** how many signed checkpoints the chain was held against */
  checkpoints: z.number().int(),
});
const Dec = z.string();
export const DailyRow = z.object({
  day: z.string(),
  currency: Currency,
  deposits: Dec,
  withdrawals: Dec,
  fees: Dec,
  /** customers' P&L on fast contracts against the house (positive: customers won) */
  fastPnl: Dec,
  /** customers' P&L on leveraged contracts (liquidations included) against the house */
  contractPnl: Dec,
  /** customers' P&L against the house, every product (fast + leveraged) */
  customerPnl: Dec,
  /**
   * the house's net intake from spot trades and exchanges in this currency (a swap at the market
   * price, not a customer's loss: buying BTC with USDT shows +USDT here and -BTC)
   */
  exchangeNet: Dec,
  insuranceUsed: Dec,
  yieldPaid: Dec,
  /** customer balances (available + held) at the day's end */
  liabilities: Dec,
});
export const DailyReport = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(DailyRow),
  reserve: z.object({
    currency: z.literal("USDT"),
    reserve: Dec,
    unpaid: Dec,
    coverage: Dec.nullable(),
  }),
});
export const ExposureRow = z.object({
  symbol: z.string(),
  price: Dec.nullable(),
  longLots: z.number(),
  shortLots: z.number(),
  longQty: Dec,
  shortQty: Dec,
  longNotional: Dec.nullable(),
  shortNotional: Dec.nullable(),
  houseNow: Dec,
  houseUp: Dec,
  houseDown: Dec,
});
export const FastExposureRow = z.object({
  symbol: z.string(),
  orders: z.number(),
  upStake: Dec,
  downStake: Dec,
  houseNow: Dec,
  houseUp: Dec,
  houseDown: Dec,
});
export const ExposureReport = z.object({
  move: Dec,
  items: z.array(ExposureRow),
  /** open fast contracts: the house's result if they settled at the last price, or moved */
  fast: z.array(FastExposureRow),
  total: z.object({ houseNow: Dec, houseUp: Dec, houseDown: Dec }),
});
export type DailyReport = z.infer<typeof DailyReport>;
export type ExposureReport = z.infer<typeof ExposureReport>;
export const AuditPage = z.object({ items: z.array(AuditItem), cursor: z.string().nullable() });

export const RechargeReview = RechargeFields.extend({
  userId: z.string(),
  decidedBy: z.string().nullable(),
  actions: z.array(z.enum(["pass", "reject"])),
});
export type RechargeReview = z.infer<typeof RechargeReview>;

export const WithdrawalReview = z.object({
  id: z.string(),
  userId: z.string(),
  methodId: z.string(),
  /** the payment method as it was at request time: pay out to these details */
  method: z.object({
    kind: z.enum(["bank", "crypto"]),
    label: z.string(),
    details: z.record(z.string(), z.string().nullable()),
  }),
  currency: Currency,
  amount: z.string(),
  fee: z.string(),
  net: z.string(),
  status: z.enum(["auditing", "withdrawing", "passed", "rejected", "frozen"]),
  frozenFrom: z.enum(["auditing", "withdrawing"]).nullable(),
  reason: z.string().nullable(),
  /** recorded by "Mark paid": the transaction hash (crypto) or bank reference (card/bank) */
  reference: z.string().nullable(),
  createdAt: Ms,
  updatedAt: Ms,
  history: z.array(z.object({ at: Ms, action: z.string(), by: z.string().nullable() })),
  actions: z.array(z.enum(["pass", "complete", "reject", "freeze", "thaw"])),
});
export type WithdrawalReview = z.infer<typeof WithdrawalReview>;

export const CertificationReview = z.object({
  id: z.string(),
  userId: z.string(),
  level: z.enum(["junior", "advanced"]),
  junior: z.object({
    name: z.string(),
    docType: z.enum(["idCard", "passport", "drivingLicence"]),
    docNumber: z.string(),
    /** the document's issuing country (absent on submissions from before it was asked) */
    country: z.string().optional(),
  }).nullable(),
  advanced: z.object({
    frontImageId: z.string(),
    backImageId: z.string(),
    handheldImageId: z.string(),
  }).nullable(),
  status: z.enum(["authenticating", "authenticated", "rejected"]),
  reason: z.string().nullable(),
  createdAt: Ms,
  decidedAt: Ms.nullable(),
  decidedBy: z.string().nullable(),
  actions: z.array(z.enum(["pass", "reject"])),
});
export type CertificationReview = z.infer<typeof CertificationReview>;

const RuleJson = z.object({
  min: z.string(),
  max: z.string(),
  feeRate: z.string(),
  minFee: z.string(),
  fourEyes: z.string(),
});
export const WithdrawSettingsReply = z.object({
  enabled: z.boolean(),
  turnoverRatio: z.string(),
  rules: z.object({ USDT: RuleJson, BTC: RuleJson, ETH: RuleJson }),
});
/** The withdrawal rules on the wire: amounts and rates as decimal strings. */
export type WithdrawSettingsJson = z.infer<typeof WithdrawSettingsReply>;

/** Four-eyes proposals (edge/operators/proposals.ts). */
const ProposalReason = z.string({ error: "reasonRequired" }).trim().min(1, {
  error: "reasonRequired",
}).max(200, { error: "tooLong" });
const ProposalAmount = z.string({ error: "amountRequired" }).min(1, { error: "amountRequired" })
  .max(40, { error: "amountInvalid" });

/** What can be proposed directly (products: PUT /api/admin/products/...; withdrawals: pass). */
export const ProposalBody = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("wealth.reserve"),
    amount: ProposalAmount,
    reason: ProposalReason,
  }),
  z.strictObject({
    kind: z.literal("balance.adjust"),
    userId: z.string({ error: "required" }).regex(/^\d{1,20}$/, { error: "invalid" }),
    wallet: z.enum(WALLETS, { error: "invalid" }),
    currency: z.enum(CURRENCIES, { error: "invalid" }),
    /** signed: a credit (positive) or a debit (negative) */
    amount: ProposalAmount.regex(/^-?\d+(\.\d+)?$/, { error: "amountInvalid" }),
    reason: ProposalReason,
  }),
  z.strictObject({
    /** raise a currency's four-eyes threshold for withdrawals */
    kind: z.literal("withdraw.fourEyes"),
    currency: z.enum(CURRENCIES, { error: "invalid" }),
    amount: ProposalAmount,
    reason: ProposalReason,
  }),
  z.strictObject({
    /** flag (or unflag) a customer as a professional client: lifts the tenant's jurisdictions */
    kind: z.literal("customer.professional"),
    userId: z.string({ error: "required" }).regex(/^\d{1,20}$/, { error: "invalid" }),
    professional: z.boolean({ error: "invalid" }),
    reason: ProposalReason,
  }),
], { error: "invalid" }).meta({ id: "ProposalRequest" });

/** Any section of the product terms, as stored and proposed. */
export const TermsSectionJson = z.union([
  FastSection,
  LeveragedSection,
  SpotSection,
  ExchangeSection,
]);
/** A wealth product as configured (its terms, limits and whether it is offered). */
export const WealthProductJson = z.object({
  id: z.string(),
  name: z.string(),
  dailyRate: z.string(),
  periodDays: z.number().int(),
  minAmount: z.string(),
  maxAmount: z.string(),
  cap: z.string(),
  redeemRatio: z.string(),
  turnoverRatio: z.string(),
  enabled: z.boolean(),
});
/** The payload of each kind, exactly as hashed. */
const ProposalPayload = z.union([
  z.object({
    currency: z.enum(CURRENCIES),
    from: z.string(),
    to: z.string(),
    reason: z.string(),
  }),
  z.object({ amount: z.string(), currency: z.literal("USDT"), reason: z.string() }),
  z.object({
    userId: z.string(),
    wallet: z.enum(WALLETS),
    currency: z.enum(CURRENCIES),
    amount: z.string(),
    reason: z.string(),
  }),
  z.object({
    section: z.enum(TERM_SECTIONS),
    before: TermsSectionJson,
    after: TermsSectionJson,
    reason: z.string(),
  }),
  z.object({
    before: z.array(WealthProductJson),
    after: z.array(WealthProductJson),
    reason: z.string(),
  }),
  z.object({
    withdrawalId: z.string(),
    userId: z.string(),
    currency: z.enum(CURRENCIES),
    amount: z.string(),
    net: z.string(),
    method: z.object({
      kind: z.enum(["bank", "crypto"]),
      label: z.string(),
      details: z.record(z.string(), z.string().nullable()),
    }),
    reason: z.string(),
  }),
  // operator administration (the invitation code is never part of it)
  z.object({
    username: z.string(),
    phone: z.string(),
    roles: z.array(OperatorRoleSchema),
  }),
  z.object({
    username: z.string(),
    before: z.array(OperatorRoleSchema),
    after: z.array(OperatorRoleSchema),
  }),
  z.object({ username: z.string() }),
  // a customer's professional flag (before the erasure's: a union takes the first that fits)
  z.object({ userId: z.string(), professional: z.boolean(), reason: z.string() }),
  // a customer's erasure (the reason: the customer's request)
  z.object({ userId: z.string(), reason: z.string() }),
]);

/** A proposal's states; `withdrawn`: taken back by its proposer before anyone decided it. */
export const PROPOSAL_STATUSES = ["pending", "approved", "rejected", "withdrawn"] as const;

export const ProposalReply = z.object({
  id: z.string(),
  kind: z.enum(PROPOSAL_KINDS),
  payload: ProposalPayload,
  payloadHash: z.string(),
  target: z.string(),
  proposer: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  createdAt: z.number().int(),
  expiresAt: z.number().int(),
  decidedBy: z.string().nullable(),
  decidedAt: z.number().int().nullable(),
  reason: z.string().nullable(),
  journalId: z.string().nullable(),
  expired: z.boolean(),
}).meta({ id: "Proposal" });
/** A proposal as sent (its payload typed by kind, as the service stores it). */
export type ProposalJson = z.infer<typeof ProposalReply>;

/** A product-terms change, proposed: the whole section as it should be, and why. */
export const TermsChangeBody = z.strictObject({
  terms: z.unknown(),
  reason: ProposalReason,
}).meta({ id: "TermsChangeRequest" });

export const ProposalPage = z.object({
  items: z.array(ProposalReply),
  cursor: z.string().nullable(),
});

/** Free text an operator types: no control characters (line breaks aside), no markup brackets. */
export const noControl = (s: string) => !/[\p{Cc}<>]/u.test(s.replace(/\n/g, ""));

/** The console's customer search (`GET /api/admin/customers?q=` and its page). */
export const CustomerSearchQuery = z.object({
  q: z.string({ error: "required" }).trim().min(1, { error: "required" })
    .max(64, { error: "tooLong" }).refine(noControl, { error: "invalid" }),
});
