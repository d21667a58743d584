import { approxFor, approxJson } from "../../contract/reference_rates.ts";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { transfer, transferReads } from "../../edge/funds/transfer.ts";
import { assetsJson, customerAssets, lineJson } from "../../edge/ledger/assets.ts";
import {
  amountIn,
  AssetsReply,
  FlowQuery,
  FlowReply,
  TransferBody,
  TransferReply,
} from "../../contract/ledger.ts";
import type { AppEnv } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { reading, signedIn } from "../../edge/http/middleware.ts";
import { AUTH_ERRORS, okReply } from "./openapi.ts";
import { keysRead, moneyRoute } from "./money.ts";

const tags = ["account"];

/** The ledger seen by its customer: balances per wallet, journal lines, transfers between wallets. */

export const walletsApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/account/assets",
      tags,
      summary: "Balances per wallet and currency, valued in USDT (and approximately in the " +
        "language's currency when the tenant set a reference rate)",
      middleware: signedIn,
      responses: { ...okReply(AssetsReply), ...AUTH_ERRORS },
    }),
    async (c) => {
      const { ledger, prices } = c.get("deps");
      const a = await customerAssets(ledger, prices, c.get("tenant").id, c.var.session.userId);
      const approx = approxFor(c.get("tenant").referenceRates, c.get("locale"));
      return ok(c, { ...assetsJson(a), approx: approx && approxJson(approx, a.totals.totalUsdt) });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/account/flow",
      tags,
      summary: "The customer's journal lines, newest first, paged with ?cursor=&limit=",
      middleware: [
        reading((c, uid) => [c.var.deps.ledger.linesRead(c.var.tenant.id, uid)]),
        signedIn,
      ] as const,
      request: { query: FlowQuery },
      responses: { ...okReply(FlowReply), ...AUTH_ERRORS },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const page = await c.get("deps").ledger.lines(c.get("tenant").id, c.var.session.userId, q);
      return ok(c, { items: page.items.map(lineJson), cursor: page.cursor });
    },
  );

moneyRoute(walletsApi, {
  path: "/account/transfer",
  tags,
  summary: "Move funds between the spot and contract wallets (contract holds USDT only)",
  middleware: [signedIn],
  body: TransferBody,
  reply: TransferReply,
  reads: (r) => keysRead(transferReads(r.t, r.userId, r.key)),
}, ({ c, t, userId, body: b, key }) =>
  transfer(c.var.deps.ledger, t, userId, {
    from: b.from,
    to: b.to,
    currency: b.currency,
    amount: amountIn(b.currency, b.amount)!,
  }, key));
