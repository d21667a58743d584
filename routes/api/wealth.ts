import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { liveAccount, product, reading, signedInFor } from "../../edge/http/middleware.ts";
import {
  OrderParam,
  PreviewQuery,
  ProductParam,
  RedeemBody,
  RedeemQuote,
  WealthOrder,
  WealthOrderBody,
  WealthOrders,
  WealthPreview,
  WealthProducts,
} from "../../contract/wealth.ts";
import { keysRead, moneyRoute } from "./money.ts";
import { AUTH_ERRORS, ERRORS, okReply } from "./openapi.ts";

const tags = ["wealth"];
const [signed, gate] = signedInFor("wealth");
const wealth: [typeof signed, typeof gate, typeof liveAccount] = [signed, gate, liveAccount];

/** Fixed-term products paid from the tenant's public yield reserve. */
export const wealthApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/wealth/products",
      tags,
      summary: "Products with rate, APR, term, limits, hosted amount; the reserve and its coverage",
      middleware: product("wealth"),
      responses: { ...okReply(WealthProducts), ...ERRORS },
    }),
    async (c) => ok(c, await c.var.deps.wealth.list(c.var.tenant.id)),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/wealth/products/{id}/preview",
      tags,
      summary:
        "Before confirming: daily and total income, APR, value date, first payout, maturity, " +
        "the early-redemption rule at this amount",
      middleware: product("wealth"),
      request: { params: ProductParam, query: PreviewQuery },
      responses: { ...okReply(WealthPreview), ...ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.var.deps.wealth.preview(
          c.var.tenant.id,
          c.req.valid("param").id,
          c.req.valid("query").amount,
        ),
      ),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/wealth/orders",
      tags,
      summary: "The customer's orders, newest first, with earnings and the next payout",
      middleware: [
        reading((c, uid) => [c.var.deps.wealth.ordersRead(c.var.tenant.id, uid)]),
        ...wealth,
      ] as const,
      responses: { ...okReply(WealthOrders), ...AUTH_ERRORS },
    }),
    async (c) => ok(c, await c.var.deps.wealth.orders(c.var.tenant.id, c.var.session.userId)),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/wealth/orders/{id}/redeem-quote",
      tags,
      summary: "Early redemption quote: remaining days, penalty, refund (valid a few seconds)",
      middleware: wealth,
      request: { params: OrderParam },
      responses: { ...okReply(RedeemQuote), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.var.deps.wealth.redeemQuote(
          c.var.tenant.id,
          c.var.session.userId,
          c.req.valid("param").id,
        ),
      ),
  );

moneyRoute(wealthApi, {
  path: "/wealth/order",
  tags,
  summary: "Subscribe: the amount is reserved from the spot USDT balance with the order",
  middleware: wealth,
  body: WealthOrderBody,
  reply: WealthOrder,
  reads: (r) =>
    keysRead(r.c.var.deps.wealth.subscribeReads(r.t, r.userId, r.body.productId, r.key)),
}, (m) => m.c.var.deps.wealth.subscribe(m.t, m.userId, m.body, m.key));

moneyRoute(wealthApi, {
  path: "/wealth/orders/{id}/redeem",
  tags,
  summary: "Redeem early at a quote: penalty to the house, refund to the customer, once",
  middleware: wealth,
  params: OrderParam,
  body: RedeemBody,
  reply: WealthOrder,
  reads: (r) =>
    keysRead(r.c.var.deps.wealth.redeemReads(r.t, r.userId, r.params.id, r.body.quoteId, r.key)),
}, (m) => m.c.var.deps.wealth.redeem(m.t, m.userId, m.params.id, m.body.quoteId, m.key));
