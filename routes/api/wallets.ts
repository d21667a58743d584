import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { transfer } from "../../edge/funds/transfer.ts";
import { assetsJson, customerAssets, lineJson } from "../../edge/ledger/assets.ts";
import {
  amountIn,
  AssetsReply,
  FlowQuery,
  FlowReply,
  IdempotencyHeaders,
  TransferBody,
  TransferReply,
} from "../../edge/ledger/schemas.ts";
import type { AppEnv } from "../../edge/platform/context.ts";
import { ok } from "../../edge/platform/envelope.ts";
import { reading, signedIn } from "../../edge/platform/middleware.ts";
import { AUTH_ERRORS, jsonBody, okReply } from "./openapi.ts";

const tags = ["account"];

/** The ledger seen by its customer: balances per wallet, journal lines, transfers between wallets. */

export const walletsApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/account/assets",
      tags,
      summary: "Balances per wallet and currency, valued in USDT",
      middleware: signedIn,
      responses: { ...okReply(AssetsReply), ...AUTH_ERRORS },
    }),
    async (c) => {
      const { ledger, prices } = c.get("deps");
      const a = await customerAssets(ledger, prices, c.get("tenant").id, c.var.session.userId);
      return ok(c, assetsJson(a));
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
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/account/transfer",
      tags,
      summary: "Move funds between the spot and contract wallets (contract holds USDT only)",
      middleware: signedIn,
      request: { ...jsonBody(TransferBody), headers: IdempotencyHeaders },
      responses: { ...okReply(TransferReply), ...AUTH_ERRORS },
    }),
    async (c) => {
      const b = c.req.valid("json");
      const key = c.req.valid("header")["idempotency-key"];
      const amount = amountIn(b.currency, b.amount)!;
      const r = await transfer(
        c.get("deps").ledger,
        c.get("tenant").id,
        c.var.session.userId,
        { from: b.from, to: b.to, currency: b.currency, amount },
        key,
      );
      return ok(c, r);
    },
  );
