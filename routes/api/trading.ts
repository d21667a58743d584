import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { IdempotencyHeaders } from "../../edge/ledger/schemas.ts";
import type { AppEnv } from "../../edge/platform/context.ts";
import { ok } from "../../edge/platform/envelope.ts";
import { reading, signedIn, signedInFor } from "../../edge/platform/middleware.ts";
import { hedgePosition, reversePosition } from "../../edge/trading/position_actions.ts";
import {
  ClosePositionBody,
  ConfirmBody,
  ContractOptions,
  ContractOrderBody,
  ExchangeConfirmed,
  ExchangeQuote,
  FastOptions,
  FastOrder,
  FastOrderBody,
  FastOrderPage,
  FastOrdersQuery,
  OrderParam,
  Position,
  PositionActionReply,
  PositionList,
  PositionsQuery,
  QuoteBody,
  SpotOrder,
  SpotOrderBody,
  SpotOrderList,
  SpotOrdersQuery,
  StopsBody,
  TradeSymbol,
} from "../../edge/trading/schemas.ts";
import { AUTH_ERRORS, ERRORS, jsonBody, okReply } from "./openapi.ts";

const tags = ["trading"];
const fast = signedInFor("fast");
const leveraged = signedInFor("leveraged");
const spot = signedInFor("spot");
const exchange = signedInFor("exchange");
const EmptyBody = jsonBody(z.strictObject({}));

export const tradingApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/fast/options",
      tags,
      summary: "Fast-contract durations with payout rate and stake limits",
      request: { query: z.object({ symbol: TradeSymbol }) },
      responses: { ...okReply(FastOptions), ...ERRORS },
    }),
    async (c) =>
      ok(c, await c.get("deps").fast.options(c.get("tenant").id, c.req.valid("query").symbol)),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/fast/order",
      tags,
      summary: "Place a fast contract: the stake is frozen until settlement",
      middleware: fast,
      request: { ...jsonBody(FastOrderBody), headers: IdempotencyHeaders },
      responses: { ...okReply(FastOrder), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.get("deps").fast.place(
          c.get("tenant"),
          c.var.session.userId,
          c.req.valid("json"),
          c.req.valid("header")["idempotency-key"],
        ),
      ),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/fast/orders",
      tags,
      summary: "The customer's fast contracts with entry and exit ticks",
      middleware: [
        reading((c, uid) => [c.var.deps.fast.listReads(c.var.tenant.id, uid)]),
        signedIn,
      ] as const,
      request: { query: FastOrdersQuery },
      responses: { ...okReply(FastOrderPage), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.get("deps").fast.list(
          c.get("tenant").id,
          c.var.session.userId,
          c.req.valid("query"),
        ),
      ),
  );

// ---- leveraged contracts ----------------------------------------------------------------

tradingApi
  .openapi(
    createRoute({
      method: "get",
      path: "/contract/options",
      tags,
      summary:
        "Leveraged-contract terms of a symbol: lot, leverage options, taker fee and the leverage brackets (max leverage and MMR by position value)",
      request: { query: z.object({ symbol: TradeSymbol }) },
      responses: { ...okReply(ContractOptions), ...ERRORS },
    }),
    async (c) =>
      ok(c, await c.get("deps").contracts.options(c.get("tenant"), c.req.valid("query").symbol)),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/contract/order",
      tags,
      summary: "Open a leveraged position at the current tick (margin frozen, open fee charged)",
      middleware: leveraged,
      request: { ...jsonBody(ContractOrderBody), headers: IdempotencyHeaders },
      responses: { ...okReply(Position), ...AUTH_ERRORS },
    }),
    async (c) => {
      const { type: _type, price, ...req } = c.req.valid("json");
      return ok(
        c,
        await c.get("deps").contracts.open(
          c.get("tenant"),
          c.var.session.userId,
          { ...req, limitPrice: price },
          c.req.valid("header")["idempotency-key"],
        ),
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/contract/positions",
      tags,
      summary: "The customer's positions with live P&L",
      middleware: [
        reading((c, uid) => [c.var.deps.contracts.listReads(c.var.tenant.id, uid)]),
        signedIn,
      ] as const,
      request: { query: PositionsQuery },
      responses: { ...okReply(PositionList), ...AUTH_ERRORS },
    }),
    async (c) => {
      const items = await c.get("deps").contracts.list(
        c.get("tenant").id,
        c.var.session.userId,
        c.req.valid("query").status,
        100,
      );
      return ok(c, { items });
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/contract/positions/{id}/close",
      tags,
      summary: "Close a position, fully or some lots, at the current tick",
      middleware: signedIn,
      request: {
        params: OrderParam,
        ...jsonBody(ClosePositionBody),
        headers: IdempotencyHeaders,
      },
      responses: { ...okReply(Position), ...AUTH_ERRORS },
    }),
    async (c) => {
      const p = await c.get("deps").contracts.close(c.get("tenant").id, c.req.valid("param").id, {
        userId: c.var.session.userId,
        lots: c.req.valid("json").lots,
        reason: "manual",
        idempotencyKey: c.req.valid("header")["idempotency-key"],
      });
      return ok(c, p!);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/contract/positions/{id}/tpsl",
      tags,
      summary:
        "Set or clear (null) the stop-loss and take-profit (validated against the current price)",
      middleware: signedIn,
      request: { params: OrderParam, ...jsonBody(StopsBody) },
      responses: { ...okReply(Position), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.get("deps").contracts.setStops(
          c.get("tenant").id,
          c.var.session.userId,
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
      ),
  );

// ---- currency exchange -------------------------------------------------------------------

tradingApi
  .openapi(
    createRoute({
      method: "post",
      path: "/exchange/quote",
      tags,
      summary: "A quote to convert between BTC, ETH and USDT (spot wallet), valid 10 s",
      middleware: exchange,
      request: jsonBody(QuoteBody),
      responses: { ...okReply(ExchangeQuote), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.get("deps").exchange.quote(
          c.get("tenant").id,
          c.var.session.userId,
          c.req.valid("json"),
        ),
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/exchange/confirm",
      tags,
      summary: "Confirm a quote before it expires: one journal, once",
      middleware: exchange,
      request: { ...jsonBody(ConfirmBody), headers: IdempotencyHeaders },
      responses: { ...okReply(ExchangeConfirmed), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.get("deps").exchange.confirm(
          c.get("tenant").id,
          c.var.session.userId,
          c.req.valid("json").quoteId,
          c.req.valid("header")["idempotency-key"],
        ),
      ),
  );

/** Cancel or chase a pending limit order: one route definition per action. */
for (const action of ["cancel", "chase"] as const) {
  tradingApi.openapi(
    createRoute({
      method: "post",
      path: `/contract/orders/{id}/${action}`,
      tags,
      summary: action === "cancel"
        ? "Cancel a pending limit order (the held margin and fee come back)"
        : "Chase a pending limit order to the current price, which fills it",
      middleware: signedIn,
      request: { params: OrderParam, ...EmptyBody, headers: IdempotencyHeaders },
      responses: { ...okReply(Position), ...AUTH_ERRORS },
    }),
    async (c) => {
      const args = [
        c.get("tenant").id,
        c.var.session.userId,
        c.req.valid("param").id,
        c.req.valid("header")["idempotency-key"],
      ] as const;
      const contracts = c.get("deps").contracts;
      return ok(
        c,
        action === "cancel" ? await contracts.cancel(...args) : await contracts.chase(...args),
      );
    },
  );
}

/** Close-and-reverse and hedge (the contract capability's position actions). */
for (const action of ["reverse", "hedge"] as const) {
  const run = action === "reverse" ? reversePosition : hedgePosition;
  tradingApi.openapi(
    createRoute({
      method: "post",
      path: `/contract/positions/{id}/${action}`,
      tags,
      summary: action === "reverse"
        ? "Close, then open the same lots in the opposite direction at market (reversed false: the margin fell short, only the close happened)"
        : "Lock: open an equal position in the opposite direction",
      middleware: leveraged,
      request: { params: OrderParam, ...EmptyBody, headers: IdempotencyHeaders },
      responses: { ...okReply(PositionActionReply), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await run(
          c.get("deps").contracts,
          c.get("tenant"),
          c.var.session.userId,
          c.req.valid("param").id,
          c.req.valid("header")["idempotency-key"],
        ),
      ),
  );
}

// ---- spot ---------------------------------------------------------------------------------

tradingApi
  .openapi(
    createRoute({
      method: "post",
      path: "/spot/order",
      tags,
      summary: "Buy or sell coins: market at the tick, or limit with held funds",
      middleware: spot,
      request: { ...jsonBody(SpotOrderBody), headers: IdempotencyHeaders },
      responses: { ...okReply(SpotOrder), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.get("deps").spot.place(
          c.get("tenant"),
          c.var.session.userId,
          c.req.valid("json"),
          c.req.valid("header")["idempotency-key"],
        ),
      ),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/spot/orders",
      tags,
      summary: "The customer's spot orders",
      middleware: [
        reading((c, uid) => [c.var.deps.spot.listReads(c.var.tenant.id, uid)]),
        signedIn,
      ] as const,
      request: { query: SpotOrdersQuery },
      responses: { ...okReply(SpotOrderList), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(c, {
        items: await c.get("deps").spot.list(
          c.get("tenant").id,
          c.var.session.userId,
          c.req.valid("query").status,
          100,
        ),
      }),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/spot/orders/{id}/cancel",
      tags,
      summary: "Cancel an open limit order (held funds come back)",
      middleware: signedIn,
      request: { params: OrderParam, ...EmptyBody, headers: IdempotencyHeaders },
      responses: { ...okReply(SpotOrder), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.get("deps").spot.cancel(
          c.get("tenant").id,
          c.var.session.userId,
          c.req.valid("param").id,
          c.req.valid("header")["idempotency-key"],
        ),
      ),
  );
