import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv, Deps } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { reading, signedIn, signedInFor } from "../../edge/http/middleware.ts";
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
  OcoBody,
  OrderParam,
  PositionActionReply,
  PositionJson,
  PositionList,
  PositionsQuery,
  QuoteBody,
  SpotOrder,
  SpotOrderBody,
  SpotOrderList,
  SpotOrdersQuery,
  StopsBody,
  TradeSymbol,
  TrailingBody,
} from "../../contract/trading.ts";
import { moneyRoute } from "./money.ts";
import { AUTH_ERRORS, ERRORS, jsonBody, okReply } from "./openapi.ts";

const tags = ["trading"];
const fast = signedInFor("fast");
const leveraged = signedInFor("leveraged");
const spot = signedInFor("spot");
const exchange = signedInFor("exchange");

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

moneyRoute(tradingApi, {
  path: "/fast/order",
  tags,
  summary: "Place a fast contract: the stake is frozen until settlement",
  middleware: fast,
  body: FastOrderBody,
  reply: FastOrder,
  reads: ({ c, t, userId, key }) => c.get("deps").fast.placeReads(t, userId, key),
  readsOnlyNamed: true,
}, (m) => m.c.get("deps").fast.place(m.tenant, m.userId, m.body, m.key));

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
  );

/**
 * A setting of an open position (its stops, trailing stop, one-cancels-other pair): the signed-in
 * customer's position by id, one setter of the contract capability, the position as it now is.
 */
function positionSetting<Body extends z.ZodType>(
  route: { method: "post" | "delete"; path: string; summary: string; body?: Body },
  set: (
    contracts: Deps["contracts"],
    r: { t: string; userId: string; id: string; body: z.infer<Body> | null },
  ) => Promise<z.input<typeof PositionJson>>,
) {
  tradingApi.openapi(
    createRoute({
      method: route.method,
      path: `/contract/positions/{id}/${route.path}`,
      tags,
      summary: route.summary,
      middleware: signedIn,
      request: { params: OrderParam, ...route.body && jsonBody(route.body) },
      responses: { ...okReply(PositionJson), ...AUTH_ERRORS },
    }),
    async (c) => {
      // the validated parts, as the route's schemas describe them
      const valid = (c.req.valid as (target: string) => unknown).bind(c.req);
      return ok(
        c,
        await set(c.var.deps.contracts, {
          t: c.var.tenant.id,
          userId: c.var.session.userId,
          id: (valid("param") as z.infer<typeof OrderParam>).id,
          body: route.body ? valid("json") as z.infer<Body> : null,
        }),
      );
    },
  );
}

positionSetting({
  method: "post",
  path: "tpsl",
  summary:
    "Set or clear (null) the stop-loss and take-profit (validated against the current price)",
  body: StopsBody,
}, (contracts, r) => contracts.setStops(r.t, r.userId, r.id, r.body!));

moneyRoute(
  tradingApi,
  {
    path: "/contract/order",
    tags,
    summary: "Open a leveraged position at the current tick (margin frozen, open fee charged)",
    middleware: leveraged,
    body: ContractOrderBody,
    reply: PositionJson,
    reads: ({ c, t, userId, key }) => c.var.deps.contracts.openReads(t, userId, key),
  },
  ({ c, tenant, userId, body: { type: _type, price, ...req }, key }) =>
    c.var.deps.contracts.open(tenant, userId, { ...req, limitPrice: price }, key),
);

moneyRoute(tradingApi, {
  path: "/contract/positions/{id}/close",
  tags,
  summary: "Close a position, fully or some lots, at the current tick",
  middleware: [signedIn],
  params: OrderParam,
  body: ClosePositionBody,
  reply: PositionJson,
  reads: ({ c, t, userId, params, key }) =>
    c.var.deps.contracts.closeReads(t, userId, params.id, key),
}, async ({ c, t, userId, params, body, key }) =>
  (await c.var.deps.contracts.close(t, params.id, {
    userId,
    lots: body.lots,
    reason: "manual",
    idempotencyKey: key,
  }))!);

positionSetting({
  method: "post",
  path: "trailing",
  summary:
    "Set or clear (null) a trailing stop: callbackRate (0.001-0.1) behind the best price from now on; it closes the whole position",
  body: TrailingBody,
}, (contracts, r) => contracts.setTrailing(r.t, r.userId, r.id, r.body!));

positionSetting({
  method: "post",
  path: "oco",
  summary:
    "Set the one-cancels-other pair: a stop-loss and a take-profit for `lots` of the position (the first reached closes them, the other is cancelled)",
  body: OcoBody,
}, (contracts, r) => contracts.setOco(r.t, r.userId, r.id, r.body));

positionSetting({
  method: "delete",
  path: "oco",
  summary: "Cancel the one-cancels-other pair",
}, (contracts, r) => contracts.setOco(r.t, r.userId, r.id, null));

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
  );

moneyRoute(tradingApi, {
  path: "/exchange/confirm",
  tags,
  summary: "Confirm a quote before it expires: one journal, once",
  middleware: exchange,
  body: ConfirmBody,
  reply: ExchangeConfirmed,
  reads: ({ c, t, userId, body, key }) =>
    c.var.deps.exchange.confirmReads(t, userId, body.quoteId, key),
}, (m) => m.c.var.deps.exchange.confirm(m.t, m.userId, m.body.quoteId, m.key));

/** Cancel or chase a pending limit order: one route definition per action. */
for (const action of ["cancel", "chase"] as const) {
  moneyRoute(tradingApi, {
    path: `/contract/orders/{id}/${action}`,
    tags,
    summary: action === "cancel"
      ? "Cancel a pending limit order (the held margin and fee come back)"
      : "Chase a pending limit order to the current price, which fills it",
    middleware: [signedIn],
    params: OrderParam,
    reply: PositionJson,
  }, ({ c, t, userId, params, key }) => c.var.deps.contracts[action](t, userId, params.id, key));
}

/** Close-and-reverse and hedge (the contract capability's position actions). */
for (const action of ["reverse", "hedge"] as const) {
  const run = action === "reverse" ? reversePosition : hedgePosition;
  moneyRoute(tradingApi, {
    path: `/contract/positions/{id}/${action}`,
    tags,
    summary: action === "reverse"
      ? "Close, then open the same lots in the opposite direction at market (reversed false: the margin fell short, only the close happened)"
      : "Lock: open an equal position in the opposite direction",
    middleware: leveraged,
    params: OrderParam,
    reply: PositionActionReply,
  }, (m) =>
    run({
      contracts: m.c.var.deps.contracts,
      tenant: m.tenant,
      userId: m.userId,
      id: m.params.id,
      idempotencyKey: m.key,
    }));
}

// ---- spot ---------------------------------------------------------------------------------

tradingApi
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
  );

moneyRoute(tradingApi, {
  path: "/spot/order",
  tags,
  summary: "Buy or sell coins: market at the tick, or limit with held funds",
  middleware: spot,
  body: SpotOrderBody,
  reply: SpotOrder,
  reads: ({ c, t, userId, body, key }) => c.var.deps.spot.placeReads(t, userId, body.symbol, key),
}, (m) => m.c.var.deps.spot.place(m.tenant, m.userId, m.body, m.key));

moneyRoute(tradingApi, {
  path: "/spot/orders/{id}/cancel",
  tags,
  summary: "Cancel an open limit order (held funds come back)",
  middleware: [signedIn],
  params: OrderParam,
  reply: SpotOrder,
}, (m) => m.c.var.deps.spot.cancel(m.t, m.userId, m.params.id, m.key));
