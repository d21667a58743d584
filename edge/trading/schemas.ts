/**
 * Request and reply schemas of the trading capability (fast contracts, leveraged contracts,
 * spot orders, currency exchange). Islands `import type` the inferred reply types.
 */
import { z } from "zod";

export const TradeSymbol = z.string().regex(/^[A-Z0-9]{2,20}$/, { error: "invalid" });
const Price = z.string().max(24).regex(/^\d+(\.\d+)?$/, { error: "invalid" });
const Tick = z.object({ time: z.number().int(), price: z.string() });

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
  entry: Tick,
  exit: Tick.nullable(),
  createTime: z.number().int(),
  openTime: z.number().int(),
  expiryTime: z.number().int(),
  settlementTime: z.number().int().nullable(),
  status: z.enum(["open", "settled"]),
  outcome: z.enum(["win", "lose", "tie", "refund"]).nullable(),
  payout: z.string().nullable(),
  income: z.string().nullable(),
}).meta({ id: "FastOrder" });
export type FastOrderReply = z.infer<typeof FastOrder>;

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
export type FastOptionsReply = z.infer<typeof FastOptions>;

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

export const Position = z.object({
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
export type PositionReply = z.infer<typeof Position>;

export const PositionList = z.object({ items: z.array(Position) });

/** What close-and-reverse or hedge did (`reversed` false: only the close happened). */
export const PositionActionReply = z.object({
  closed: Position.nullable(),
  opened: Position.nullable(),
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
export type ContractOptionsReply = z.infer<typeof ContractOptions>;

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
export type ExchangeQuoteReply = z.infer<typeof ExchangeQuote>;

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
export type SpotOrderReply = z.infer<typeof SpotOrder>;

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
