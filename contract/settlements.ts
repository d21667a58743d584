/**
 * The settlement record a customer (or anyone holding its share link) verifies: what was agreed,
 * what came out, and the tape ticks used, by their place in the symbol's hash chain. Islands
 * `import type` the inferred types.
 */
import { z } from "zod";

/** A tick an order used: its sequence number on the tape (null: not recorded, older records). */
export const SettlementTick = z.object({
  seq: z.number().int().nullable(),
  time: z.number().int(),
  price: z.string(),
}).meta({ id: "SettlementTick" });
export type SettlementTickJson = z.infer<typeof SettlementTick>;

export const FastSettlement = z.object({
  kind: z.literal("fast"),
  orderNo: z.string(),
  symbol: z.string(),
  /** the product terms' version the order was placed at */
  ruleVersion: z.number().int(),
  terms: z.object({
    direction: z.enum(["up", "down"]),
    stake: z.string(),
    /** payout rate, a fraction */
    rate: z.string(),
    /** seconds */
    duration: z.number().int(),
    openTime: z.number().int(),
    expiryTime: z.number().int(),
  }),
  outcome: z.object({
    result: z.enum(["win", "lose", "tie", "refund"]),
    payout: z.string(),
    settlementTime: z.number().int().nullable(),
  }),
  ticks: z.object({ entry: SettlementTick, exit: SettlementTick.nullable() }),
}).meta({ id: "FastSettlement" });

export const PositionSettlement = z.object({
  kind: z.literal("position"),
  orderNo: z.string(),
  symbol: z.string(),
  ruleVersion: z.number().int(),
  terms: z.object({
    side: z.enum(["long", "short"]),
    lots: z.number().int(),
    qty: z.string(),
    leverage: z.number().int(),
    /** the fill price */
    entry: z.string(),
    margin: z.string(),
    /** maintenance margin rate, a fraction */
    mmr: z.string(),
    /** taker fee rate, a fraction */
    feeRate: z.string(),
    stopLoss: z.string().nullable(),
    takeProfit: z.string().nullable(),
    liquidationPrice: z.string(),
  }),
  outcome: z.object({
    closeReason: z.enum([
      "manual",
      "stopLoss",
      "takeProfit",
      "trailingStop",
      "liquidation",
      "hedged",
    ]),
    realizedPnl: z.string(),
    fees: z.object({ open: z.string(), close: z.string(), holding: z.string() }),
    closeTime: z.number().int().nullable(),
  }),
  ticks: z.object({ fill: SettlementTick, trigger: SettlementTick }),
}).meta({ id: "PositionSettlement" });

export const Settlement = z.discriminatedUnion("kind", [FastSettlement, PositionSettlement]).meta({
  id: "Settlement",
});
export type SettlementJson = z.infer<typeof Settlement>;
export type FastSettlementJson = z.infer<typeof FastSettlement>;
export type PositionSettlementJson = z.infer<typeof PositionSettlement>;

export const SettlementParam = z.object({
  orderNo: z.string().regex(/^[0-9a-z-]{10,40}$/, { error: "invalid" }).meta({
    param: { name: "orderNo", in: "path" },
  }),
});

export const SettlementQuery = z.object({
  /** a share link's token: read without a session */
  share: z.string().max(64).optional(),
});

export const ShareReply = z.object({
  orderNo: z.string(),
  token: z.string(),
  /** the page anyone can open (same link every time) */
  url: z.string(),
}).meta({ id: "SettlementShare" });
export type ShareReplyJson = z.infer<typeof ShareReply>;
