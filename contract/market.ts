/** Request and reply schemas of the market capability (quotes, candles, favourites). */
import { z } from "zod";
import { INTERVALS } from "../core-wasm/mod.ts";

const MarketSymbol = z.string().regex(/^[A-Z0-9]{2,20}$/, { error: "invalid" });

export const SymbolParam = z.object({
  symbol: MarketSymbol.meta({ param: { name: "symbol", in: "path" }, example: "BTCUSDT" }),
});

export const Quote = z.object({
  symbol: z.string(),
  name: z.string(),
  base: z.string(),
  priceDecimals: z.number().int(),
  price: z.string(),
  open: z.string(),
  high: z.string(),
  low: z.string(),
  change: z.string(),
  changePct: z.string().meta({ description: "fraction, 0.0123 = +1.23 %" }),
  volume24h: z.string(),
  turnover: z.string(),
  time: z.number().int(),
  stale: z.boolean(),
}).meta({ id: "Quote" });
export type Quote = z.infer<typeof Quote>;

export const QuoteList = z.object({
  items: z.array(Quote),
  /** the kind of feed the market runs on (null: none yet) */
  feed: z.string().nullable(),
}).meta({ id: "QuoteList" });
export type QuoteListJson = z.infer<typeof QuoteList>;

export const SearchQuery = z.object({ q: z.string().max(20).default("") });

export const KlineQuery = z.object({
  symbol: MarketSymbol,
  interval: z.enum(INTERVALS, { error: "invalid" }),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(300),
});

export const Candles = z.object({
  symbol: z.string(),
  interval: z.string(),
  /** [openTime, open, high, low, close, volume] */
  candles: z.array(
    z.tuple([z.number(), z.string(), z.string(), z.string(), z.string(), z.string()]),
  ),
}).meta({ id: "Candles" });
export type CandlesJson = z.infer<typeof Candles>;
/** A candle as the API and the socket send it: [openTime, open, high, low, close, volume]. */
export type CandleRow = CandlesJson["candles"][number];

export const FavouriteSymbols = z.object({ symbols: z.array(z.string()) });

/** The tape by sequence number: `from`..`to` inclusive (without `from`: the latest `limit`). */
export const TapeQuery = z.object({
  from: z.coerce.number({ error: "invalid" }).int({ error: "invalid" }).min(1, {
    error: "invalid",
  }).optional(),
  to: z.coerce.number({ error: "invalid" }).int({ error: "invalid" }).min(1, {
    error: "invalid",
  }).optional(),
  limit: z.coerce.number({ error: "invalid" }).int({ error: "invalid" }).min(1, {
    error: "invalid",
  }).max(1000, { error: "invalid" }).default(100),
});

export const TapeHead = z.object({
  symbol: z.string(),
  /** the latest tick's sequence number (0: nothing on the tape yet) */
  seq: z.number().int(),
  time: z.number().int().nullable(),
  /** its chain hash (the genesis hash when seq is 0) */
  hash: z.string(),
}).meta({ id: "TapeHead" });
/** The head of a symbol's tape: the latest tick's sequence number, time and chain hash. */
export type TapeHeadJson = z.infer<typeof TapeHead>;

export const TapeRange = z.object({
  symbol: z.string(),
  /** ascending by seq; each hash = sha256(previous hash | seq | time | price | qty) */
  items: z.array(z.object({
    seq: z.number().int(),
    time: z.number().int(),
    price: z.string(),
    qty: z.string(),
    hash: z.string(),
  })),
  /** the hash before the first item (the genesis hash when it is tick 1; null: not stored) */
  prevHash: z.string().nullable(),
  head: TapeHead,
}).meta({ id: "TapeRange" });
/** A tick as `GET /api/tape/{symbol}` sends it. */
export type TapeItem = z.infer<typeof TapeRange>["items"][number];
