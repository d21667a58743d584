import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { candleRow } from "../../edge/market/stored_tape.ts";
import type { Quote } from "../../edge/market/quotes.ts";
import {
  Candles,
  FavouriteSymbols,
  KlineQuery,
  QuoteList,
  SearchQuery,
  SymbolParam,
} from "../../contract/market.ts";
import { RECOMMENDED, symbolOf } from "../../contract/symbols.ts";
import type { AppEnv, Ctx } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { signedIn } from "../../edge/http/middleware.ts";
import { AUTH_ERRORS, ERRORS, okReply } from "./openapi.ts";

const tags = ["market"];

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
      summary:
        "Symbols that rose over 24 h (change above zero), the most first; empty when none did",
      responses: { ...okReply(QuoteList), ...ERRORS },
    }),
    (c) => quotesReply(c, (q) => pct(q) > 0n, byChange),
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
      request: { query: SearchQuery },
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
      request: { query: KlineQuery },
      responses: { ...okReply(Candles), ...ERRORS },
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
      middleware: signedIn,
      responses: { ...okReply(QuoteList), ...AUTH_ERRORS },
    }),
    async (c) => {
      const { market } = c.get("deps");
      const items = await market.favourites.withQuotes(c.get("tenant").id, c.var.session.userId);
      return ok(c, { items, feed: market.feedKind });
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
      middleware: signedIn,
      request: { params: SymbolParam },
      responses: { ...okReply(FavouriteSymbols), ...AUTH_ERRORS },
    }),
    async (c) => {
      const symbols = await c.get("deps").market.favourites.set(
        c.get("tenant").id,
        c.var.session.userId,
        c.req.valid("param").symbol,
        on,
      );
      return ok(c, { symbols });
    },
  );
}
