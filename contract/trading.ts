/**
 * Request and reply schemas of the trading capability (fast contracts, leveraged contracts,
 * spot orders, currency exchange). Islands `import type` the inferred reply types.
 */
import { z } from "zod";
import { parseDecimal, SCALE } from "../core-wasm/mod.ts";
import { SYMBOLS } from "./symbols.ts";

export const TERM_SECTIONS = ["fast", "leveraged", "spot", "exchange"] as const;
export type TermSection = typeof TERM_SECTIONS[number];

// ---- the sections as operators send and see them (decimals as strings) ----------------------

const CODES = SYMBOLS.map((s) => s.code) as [string, ...string[]];
const Code = z.enum(CODES, { error: "invalid" });

/** A fraction 0 <= x <= max, at most 8 decimals. */
const fraction = (max: string, positive = false) =>
  z.string({ error: "required" }).regex(/^\d{1,3}(\.\d{1,8})?$/, { error: "invalid" })
    .refine((v) => {
      const x = parseDecimal(v);
      return x <= parseDecimal(max) && (!positive || x > 0n);
    }, { error: "invalid" });
const amount = z.string({ error: "required" }).regex(/^\d{1,8}(\.\d{1,2})?$/, {
  error: "invalid",
}).refine((v) => parseDecimal(v) > 0n, { error: "invalid" });
const Enabled = z.strictObject({ code: Code, enabled: z.boolean({ error: "invalid" }) });
const uniqueCodes = (xs: { code: string }[]) => new Set(xs.map((x) => x.code)).size === xs.length;

export const FastSection = z.strictObject({
  symbols: z.array(Enabled).max(CODES.length).refine(uniqueCodes, { error: "invalid" }),
  options: z.array(
    z.strictObject({
      duration: z.number({ error: "invalid" }).int({ error: "invalid" }).min(10, {
        error: "invalid",
      }).max(86_400, { error: "invalid" }),
      /** payout rate on a win: 0 < rate <= 1 (the stake back plus at most as much again) */
      rate: fraction("1", true),
      min: amount,
      max: amount,
    }).refine((o) => parseDecimal(o.min) <= parseDecimal(o.max), {
      error: "invalid",
      path: ["max"],
    }),
  ).min(1, { error: "invalid" }).max(8, { error: "invalid" })
    .refine((os) => new Set(os.map((o) => o.duration)).size === os.length, { error: "invalid" }),
});

const Leverage = z.number({ error: "invalid" }).int({ error: "invalid" }).min(1, {
  error: "invalid",
}).max(100, { error: "invalid" }); // domain rules: at most 100x

export const LeveragedSection = z.strictObject({
  symbols: z.array(
    z.strictObject({
      code: Code,
      enabled: z.boolean({ error: "invalid" }),
      leverage: z.array(Leverage).min(1, { error: "invalid" }).max(10, { error: "invalid" }),
      takerFee: fraction("0.01"),
      brackets: z.array(z.strictObject({
        /** up to this notional in USDT; null: the last, unbounded tier */
        upTo: z.string().regex(/^[1-9]\d{0,11}$/, { error: "invalid" }).nullable(),
        maxLeverage: Leverage,
        mmr: fraction("0.5", true),
      })).min(1, { error: "invalid" }).max(10, { error: "invalid" }),
    }).superRefine((s, ctx) => {
      const bad = (path: (string | number)[]) =>
        ctx.addIssue({ code: "custom", path, message: "invalid" });
      // options ascending, unique, within the first bracket
      s.leverage.forEach((l, i) => {
        if (i > 0 && l <= s.leverage[i - 1]!) bad(["leverage", i]);
      });
      if (Math.max(...s.leverage) > (s.brackets[0]?.maxLeverage ?? 0)) bad(["leverage"]);
      s.brackets.forEach((b, i) => {
        const last = i === s.brackets.length - 1;
        if ((b.upTo === null) !== last) bad(["brackets", i, "upTo"]);
        const prev = s.brackets[i - 1];
        if (prev && b.upTo !== null && prev.upTo !== null && BigInt(b.upTo) <= BigInt(prev.upTo)) {
          bad(["brackets", i, "upTo"]);
        }
        if (
          prev && (b.maxLeverage > prev.maxLeverage || parseDecimal(b.mmr) < parseDecimal(prev.mmr))
        ) {
          bad(["brackets", i]);
        }
        // the maintenance margin below the initial margin, else a position opens liquidated
        if (parseDecimal(b.mmr) * BigInt(b.maxLeverage) >= SCALE) bad(["brackets", i, "mmr"]);
      });
    }),
  ).max(CODES.length).refine(uniqueCodes, { error: "invalid" }),
  holdingFeeDaily: fraction("0.01"),
});

export const SpotSection = z.strictObject({
  symbols: z.array(Enabled).max(CODES.length).refine(uniqueCodes, { error: "invalid" }),
  fee: fraction("0.01"),
});

export const ExchangeSection = z.strictObject({ fee: fraction("0.01") });

export const SECTION_SCHEMAS = {
  fast: FastSection,
  leveraged: LeveragedSection,
  spot: SpotSection,
  exchange: ExchangeSection,
} as const;

export const TradeSymbol = z.string().regex(/^[A-Z0-9]{2,20}$/, { error: "invalid" });
const Price = z.string().max(24).regex(/^\d+(\.\d+)?$/, { error: "invalid" });
const Tick = z.object({ time: z.number().int(), price: z.string() });
/** A fast contract's entry or exit tick, with its sequence number on the tape when it has one. */
const TapeTick = Tick.extend({ seq: z.number().int().optional() });

/** The id of a position, a pending order or a spot order in a path. */
export const OrderParam = z.object({
  id: z.string().regex(/^[0-9a-z-]{10,40}$/, { error: "invalid" }).meta({
    param: { name: "id", in: "path" },
  }),
});

/** A limit order needs its price; a market order must not send one. */
function limitPriceRule(b: { type: string; price?: string }, ctx: z.RefinementCtx) {
  if ((b.type === "limit") !== (b.price !== undefined)) {
    ctx.addIssue({
      code: "custom",
      path: ["price"],
      message: b.type === "limit" ? "required" : "unknownField",
    });
  }
}

// ---- fast contracts -----------------------------------------------------------------------

export const FastOrder = z.object({
  orderNo: z.string(),
  symbol: z.string(),
  direction: z.enum(["up", "down"]),
  duration: z.number().int(),
  rate: z.string(),
  stake: z.string(),
  entry: TapeTick,
  exit: TapeTick.nullable(),
  createTime: z.number().int(),
  openTime: z.number().int(),
  expiryTime: z.number().int(),
  settlementTime: z.number().int().nullable(),
  status: z.enum(["open", "settled"]),
  outcome: z.enum(["win", "lose", "tie", "refund"]).nullable(),
  payout: z.string().nullable(),
  income: z.string().nullable(),
}).meta({ id: "FastOrder" });
export type FastOrderJson = z.infer<typeof FastOrder>;

export const FastOptions = z.object({
  symbol: z.string(),
  enabled: z.boolean(),
  stale: z.boolean(),
  durations: z.array(
    z.object({ duration: z.number(), rate: z.string(), min: z.string(), max: z.string() }),
  ),
  /** the version of the product terms these come from */
  termsVersion: z.number().int(),
}).meta({ id: "FastOptions" });
export type FastOptionsJson = z.infer<typeof FastOptions>;
/** One duration a fast contract offers, with its payout rate and stake limits. */
export type FastOption = FastOptionsJson["durations"][number];

export const FastOrderBody = z.strictObject({
  symbol: TradeSymbol,
  /** the product terms' version the ticket showed: refused (TERMS_CHANGED) if they changed */
  termsVersion: z.number({ error: "invalid" }).int({ error: "invalid" }).min(1, {
    error: "invalid",
  }).max(1_000_000_000, { error: "invalid" }).optional(),
  direction: z.enum(["up", "down"], { error: "invalid" }),
  duration: z.number({ error: "invalid" }).int({ error: "invalid" }).min(1).max(86_400),
  stake: z.string({ error: "amountRequired" }).min(1, { error: "amountRequired" }).max(24, {
    error: "amountInvalid",
  }).meta({ example: "100" }),
}).meta({ id: "FastOrderRequest" });

export const FastOrdersQuery = z.object({
  status: z.enum(["open", "settled"]).optional(),
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const FastOrderPage = z.object({
  items: z.array(FastOrder),
  cursor: z.string().nullable(),
});

// ---- leveraged contracts ------------------------------------------------------------------

/**
 * A leveraged position or pending order as the API and the socket send it (the stored record is
 * `Position` of `edge/trading/positions.ts`; the one wire type is `PositionJson`).
 */
export const PositionJson = z.object({
  orderNo: z.string(),
  symbol: z.string(),
  side: z.enum(["long", "short"]),
  lots: z.number().int(),
  leverage: z.number().int(),
  qty: z.string(),
  openPrice: z.string(),
  openTime: z.number().int(),
  createTime: z.number().int(),
  margin: z.string(),
  openFee: z.string(),
  feeRate: z.string(),
  stopLoss: z.string().nullable(),
  takeProfit: z.string().nullable(),
  liquidationPrice: z.string(),
  /** margined together with the customer's opposite side of the symbol */
  hedged: z.boolean(),
  status: z.enum(["pending", "holding", "closed", "cancelled"]),
  markPrice: z.string().nullable(),
  unrealizedPnl: z.string().nullable(),
  roe: z.string().nullable(),
  realizedPnl: z.string(),
  /** fees paid after opening: closing (all partial closes) and the daily holding fees */
  closeFee: z.string(),
  holdingFees: z.string(),
  closePrice: z.string().nullable(),
  closeTime: z.number().int().nullable(),
  closeReason: z.enum(["manual", "stopLoss", "takeProfit", "trailingStop", "liquidation", "hedged"])
    .nullable(),
  /** the trailing stop: its callback rate (a fraction) and the price it was set at */
  trailing: z.object({ callbackRate: z.string(), fromPrice: z.string() }).nullable(),
  /** the one-cancels-other pair waiting: the lots it closes and its two levels */
  oco: z.object({ lots: z.number().int(), stopLoss: z.string(), takeProfit: z.string() })
    .nullable(),
  /** the pairs that fired: the leg reached, lots closed, price, time, realized P&L */
  ocoFired: z.array(z.object({
    leg: z.enum(["stopLoss", "takeProfit"]),
    lots: z.number().int(),
    price: z.string(),
    time: z.number().int(),
    pnl: z.string(),
  })),
}).meta({ id: "Position" });
export type PositionJson = z.infer<typeof PositionJson>;

export const PositionList = z.object({ items: z.array(PositionJson) });

/** What close-and-reverse or hedge did (`reversed` false: only the close happened). */
export const PositionActionReply = z.object({
  closed: PositionJson.nullable(),
  opened: PositionJson.nullable(),
  reversed: z.boolean(),
}).meta({ id: "PositionAction" });
export type PositionActionReplyJson = z.infer<typeof PositionActionReply>;

export const ContractOptions = z.object({
  symbol: z.string(),
  enabled: z.boolean(),
  stale: z.boolean(),
  lot: z.string(),
  leverages: z.array(z.number().int()),
  takerFee: z.string(),
  brackets: z.array(z.object({
    /** position value up to (USDT, inclusive); null: above the previous tier */
    upTo: z.string().nullable(),
    maxLeverage: z.number().int(),
    mmr: z.string(),
  })),
  /** the daily holding fee, a fraction of the position's value */
  holdingFeeDaily: z.string(),
  termsVersion: z.number().int(),
}).meta({ id: "ContractOptions" });
export type ContractOptionsJson = z.infer<typeof ContractOptions>;
/** A leverage bracket as the API and the ticket send it (`/api/contract/options`). */
export type BracketJson = ContractOptionsJson["brackets"][number];

export const ContractOrderBody = z.strictObject({
  symbol: TradeSymbol,
  /** the product terms' version the ticket showed: refused (TERMS_CHANGED) if they changed */
  termsVersion: z.number({ error: "invalid" }).int({ error: "invalid" }).min(1, {
    error: "invalid",
  }).max(1_000_000_000, { error: "invalid" }).optional(),
  side: z.enum(["long", "short"], { error: "invalid" }),
  lots: z.number({ error: "invalid" }).int({ error: "invalid" }).min(1, { error: "invalid" }).max(
    10_000,
    { error: "invalid" },
  ),
  leverage: z.number({ error: "invalid" }).int({ error: "invalid" }).min(1).max(100),
  type: z.enum(["market", "limit"], { error: "invalid" }),
  /** the limit price (type limit only) */
  price: Price.optional(),
  stopLoss: Price.optional(),
  takeProfit: Price.optional(),
}).superRefine(limitPriceRule).meta({ id: "ContractOrderRequest" });

export const ClosePositionBody = z.strictObject({
  lots: z.number({ error: "invalid" }).int().min(1).max(10_000).optional(),
});

export const StopsBody = z.strictObject({
  stopLoss: Price.nullable().optional(),
  takeProfit: Price.nullable().optional(),
});

/** A trailing stop's callback rate as a fraction ("0.01" = 1 %); null clears it. */
export const TrailingBody = z.strictObject({
  callbackRate: z.string().max(12).regex(/^\d+(\.\d+)?$/, { error: "invalid" }).nullable(),
});

/** A one-cancels-other pair: a stop-loss and a take-profit for `lots` of the position. */
export const OcoBody = z.strictObject({
  lots: z.number({ error: "invalid" }).int().min(1).max(10_000),
  stopLoss: Price,
  takeProfit: Price,
});

export const PositionsQuery = z.object({
  status: z.enum(["pending", "holding", "closed", "cancelled"]).default("holding"),
});

// ---- currency exchange --------------------------------------------------------------------

const Cur = z.enum(["BTC", "ETH", "USDT"], { error: "invalid" });

export const ExchangeQuote = z.object({
  quoteId: z.string(),
  from: Cur,
  to: Cur,
  amount: z.string(),
  rate: z.string(),
  /** amount x rate, rounded down to the receiving currency's precision; gross - fee = receive */
  gross: z.string(),
  fee: z.string(),
  receive: z.string(),
  expiresAt: z.number().int(),
}).meta({ id: "ExchangeQuote" });
export type ExchangeQuoteJson = z.infer<typeof ExchangeQuote>;

export const ExchangeConfirmed = ExchangeQuote.extend({
  journalId: z.string(),
  at: z.number().int(),
}).meta({ id: "ExchangeConfirmed" });
export type ExchangeConfirmedReply = z.infer<typeof ExchangeConfirmed>;

export const QuoteBody = z.strictObject({
  from: Cur,
  to: Cur,
  amount: z.string({ error: "amountRequired" }).min(1).max(24),
});

export const ConfirmBody = z.strictObject({ quoteId: z.string().uuid({ error: "invalid" }) });

// ---- spot ---------------------------------------------------------------------------------

export const SpotOrder = z.object({
  orderNo: z.string(),
  symbol: z.string(),
  side: z.enum(["buy", "sell"]),
  type: z.enum(["market", "limit"]),
  qty: z.string(),
  price: z.string(),
  amount: z.string(),
  fee: z.string(),
  status: z.enum(["open", "filled", "cancelled"]),
  createTime: z.number().int(),
  fillTime: z.number().int().nullable(),
}).meta({ id: "SpotOrder" });
export type SpotOrderJson = z.infer<typeof SpotOrder>;

export const SpotOrderList = z.object({ items: z.array(SpotOrder) });

export const SpotOrderBody = z.strictObject({
  symbol: TradeSymbol,
  /** the product terms' version the ticket showed: refused (TERMS_CHANGED) if they changed */
  termsVersion: z.number({ error: "invalid" }).int({ error: "invalid" }).min(1, {
    error: "invalid",
  }).max(1_000_000_000, { error: "invalid" }).optional(),
  side: z.enum(["buy", "sell"], { error: "invalid" }),
  type: z.enum(["market", "limit"], { error: "invalid" }),
  qty: z.string({ error: "amountRequired" }).min(1, { error: "amountRequired" }).max(24, {
    error: "amountInvalid",
  }),
  price: Price.optional(),
}).superRefine(limitPriceRule).meta({ id: "SpotOrderRequest" });

export const SpotOrdersQuery = z.object({
  status: z.enum(["open", "filled", "cancelled"]).optional(),
});
