import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { INTERVALS, parseDecimal } from "../../core-wasm/mod.ts";
import { candleRow } from "../../edge/market/tape.ts";
import { favourites, setFavourite } from "../../edge/market/favourites.ts";
import type { Quote } from "../../edge/market/quotes.ts";
import { RECOMMENDED, symbolOf } from "../../edge/market/symbols.ts";
import type { AppEnv, Ctx } from "../../edge/platform/context.ts";
import { ok } from "../../edge/platform/envelope.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { requireSession } from "../../edge/platform/middleware.ts";
import { AUTH_ERRORS, ERRORS, okReply } from "./openapi.ts";

const tags = ["market"];

const QuoteSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  base: z.string(),
  priceDecimals: z.number().int(),
  price: z.string(),
  open: z.string(),
  high: z.string(),
  low: z.string(),
  change: z.string(),
  changePct: z.string().openapi({ description: "fraction, 0.0123 = +1.23 %" }),
  volume24h: z.string(),
  turnover: z.string(),
  time: z.number().int(),
  stale: z.boolean(),
}).openapi("Quote");
const QuoteList = z.object({ items: z.array(QuoteSchema), feed: z.string().nullable() });

const SymbolParam = z.object({
  symbol: z.string().regex(/^[A-Z0-9]{2,20}$/, { error: "invalid" }).openapi({
    param: { name: "symbol", in: "path" },
    example: "BTCUSDT",
  }),
});

/** The quotes list is served from the serialized cache (the hot path of the quotes screens). */
function quotesReply(
  c: Ctx,
  filter?: (q: Quote) => boolean,
  sort?: (a: Quote, b: Quote) => number,
) {
  const m = c.get("deps").market;
  const { list, json } = m.quotes.list();
  if (!filter && !sort) {
    c.header("Cache-Control", "no-store");
    return c.body(
      `{"code":0,"message":"ok","data":{"items":${json},"feed":${JSON.stringify(m.feedKind)}}}`,
      200,
      { "Content-Type": "application/json" },
    ) as never;
  }
  let items = filter ? list.filter(filter) : [...list];
  if (sort) items = items.sort(sort);
  return ok(c, { items, feed: m.feedKind });
}

const pct = (q: Quote) => parseDecimal(q.changePct, { allowNegative: true });
const byChange = (a: Quote, b: Quote) => {
  const d = pct(b) - pct(a);
  return d > 0n ? 1 : d < 0n ? -1 : a.symbol.localeCompare(b.symbol);
};

export const marketApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/market/symbols",
      tags,
      summary: "All symbols with price, change, open, high, low, turnover, 24 h volume",
      responses: { ...okReply(QuoteList), ...ERRORS },
    }),
    (c) => quotesReply(c),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/market/rising",
      tags,
      summary: "Symbols by 24 h change, descending",
      responses: { ...okReply(QuoteList), ...ERRORS },
    }),
    (c) => quotesReply(c, () => true, byChange),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/product/recommend",
      tags,
      summary: "Recommended symbols with quotes",
      responses: { ...okReply(QuoteList), ...ERRORS },
    }),
    (c) => quotesReply(c, (q) => RECOMMENDED.includes(q.symbol)),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/market/search",
      tags,
      summary: "Symbols whose code or name contains the query",
      request: { query: z.object({ q: z.string().max(20).default("") }) },
      responses: { ...okReply(QuoteList), ...ERRORS },
    }),
    (c) => {
      const q = c.req.valid("query").q.trim().toUpperCase().replace(/[^A-Z0-9]/g, "");
      return quotesReply(c, (x) => !q || x.symbol.includes(q) || x.base.includes(q));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/market/kline",
      tags,
      summary: "Candles [openTime, open, high, low, close, volume], oldest first",
      request: {
        query: z.object({
          symbol: z.string().regex(/^[A-Z0-9]{2,20}$/, { error: "invalid" }),
          interval: z.enum(INTERVALS, { error: "invalid" }),
          from: z.coerce.number().int().min(0).optional(),
          to: z.coerce.number().int().min(0).optional(),
          limit: z.coerce.number().int().min(1).max(1000).default(300),
        }),
      },
      responses: {
        ...okReply(z.object({
          symbol: z.string(),
          interval: z.string(),
          candles: z.array(
            z.tuple([z.number(), z.string(), z.string(), z.string(), z.string(), z.string()]),
          ),
        })),
        ...ERRORS,
      },
    }),
    async (c) => {
      const q = c.req.valid("query");
      if (!symbolOf(q.symbol)) throw new DomainError("NOT_FOUND");
      const candles = await c.get("deps").market.tape.candles(q.symbol, q.interval, q);
      return ok(c, {
        symbol: q.symbol,
        interval: q.interval,
        candles: candles.map(candleRow),
      });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/optional/product",
      tags,
      summary: "The signed-in customer's favourites with quotes",
      responses: { ...okReply(QuoteList), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = await requireSession(c);
      const favs = await favourites(c.get("deps").kv, c.get("tenant").id, s.userId);
      const { list } = c.get("deps").market.quotes.list();
      const items = favs.map((f) => list.find((q) => q.symbol === f)).filter((q): q is Quote =>
        !!q
      );
      return ok(c, { items, feed: c.get("deps").market.feedKind });
    },
  );

/** Add (POST) or remove (DELETE) a favourite: one route definition per method. */
for (const [method, on] of [["post", true], ["delete", false]] as const) {
  marketApi.openapi(
    createRoute({
      method,
      path: "/optional/product/{symbol}",
      tags,
      summary: on ? "Add a favourite" : "Remove a favourite",
      request: { params: SymbolParam },
      responses: { ...okReply(z.object({ symbols: z.array(z.string()) })), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = await requireSession(c);
      const { kv } = c.get("deps");
      const symbols = await setFavourite(
        kv,
        c.get("tenant").id,
        s.userId,
        c.req.valid("param").symbol,
        on,
      );
      return ok(c, { symbols });
    },
  );
}
