import { z } from "zod";
import { parseDecimal } from "../core-wasm/mod.ts";
import { CURRENCIES, DECIMALS, JOURNAL_TYPES, WALLETS } from "./currencies.ts";

/** Transfers of at most 100,000,000 whole units at a time. */
export const MAX_TRANSFER_UNITS = 100_000_000n * 100_000_000n;

export const Currency = z.enum(CURRENCIES, { error: "invalid" });
export const Wallet = z.enum(WALLETS, { error: "invalid" });

/** `Idempotency-Key` header of money-moving writes (api.md). */
export const IdempotencyHeaders = z.object({
  "idempotency-key": z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "idempotencyKey" })
    .optional().meta({ description: "1-64 of [A-Za-z0-9_-]; a replay returns the first reply" }),
});

/** A positive decimal string within the currency's precision and the transfer bound. */
export function amountIn(currency: keyof typeof DECIMALS, amount: string): bigint | null {
  try {
    const v = parseDecimal(amount, { maxDecimals: DECIMALS[currency] });
    return v > 0n && v <= MAX_TRANSFER_UNITS ? v : null;
  } catch {
    return null;
  }
}

export const TransferBody = z.strictObject({
  from: Wallet,
  to: Wallet,
  currency: Currency,
  amount: z.string({ error: "amountRequired" }).min(1, { error: "amountRequired" }).max(40, {
    error: "amountInvalid",
  }).meta({ example: "100.5", description: "decimal string, currency precision" }),
}).superRefine((b, ctx) => {
  if (CURRENCIES.includes(b.currency) && amountIn(b.currency, b.amount) === null) {
    ctx.addIssue({ code: "custom", path: ["amount"], message: "amountInvalid" });
  }
}).meta({ id: "TransferRequest" });

export const FlowQuery = z.object({
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number({ error: "invalid" }).int().min(1).max(100).default(20),
  type: z.enum(JOURNAL_TYPES, { error: "invalid" }).optional(),
  currency: Currency.optional(),
  wallet: Wallet.optional(),
});

const Amount = z.string().meta({ example: "1234.5" });

/** One customer account after a journal: amounts as decimal strings (8 decimals at most). */
export const BalanceRow = z.object({
  wallet: Wallet,
  currency: Currency,
  available: Amount,
  frozen: Amount,
});
export type BalanceRow = z.infer<typeof BalanceRow>;

export const AssetsReply = z.object({
  rows: z.array(z.object({
    wallet: Wallet,
    currency: Currency,
    available: Amount,
    frozen: Amount,
    total: Amount,
    valueUsdt: Amount,
  })),
  totals: z.object({ availableUsdt: Amount, frozenUsdt: Amount, totalUsdt: Amount }),
  prices: z.record(z.string(), Amount),
  priceSource: z.enum(["reference", "market"]),
  /**
   * The total in the currency of the request's language at the tenant's reference rate (fiat
   * per USDT, set when `rateAt`), rounded down to the currency's precision; null without a rate
   */
  approx: z.object({
    currency: z.string(),
    rate: Amount,
    rateAt: z.number().int(),
    total: Amount,
  }).nullable(),
}).meta({ id: "Assets" });

export const FlowReply = z.object({
  items: z.array(z.object({
    journalId: z.string(),
    type: z.string(),
    ref: z.string(),
    at: z.number().int(),
    wallet: Wallet,
    currency: Currency,
    available: Amount,
    frozen: Amount,
  })),
  cursor: z.string().nullable(),
}).meta({ id: "FundFlow" });

export const TransferReply = z.object({
  transferId: z.string(),
  journalId: z.string(),
  from: Wallet,
  to: Wallet,
  currency: Currency,
  amount: Amount,
  at: z.number().int(),
  available: z.object({ from: Amount, to: Amount }),
}).meta({ id: "Transfer" });

/** The filter of a fund-flow list (`/api/account/flow`): journal type, currency, wallet. */
export type FlowFilter = Pick<z.infer<typeof FlowQuery>, "type" | "currency" | "wallet">;
/** The reply to a transfer between wallets (`/api/account/transfer`). */
export type TransferJson = z.infer<typeof TransferReply>;
