import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { customerRechargeJson } from "../../edge/funds/recharge.ts";
import { methodJson } from "../../edge/funds/methods.ts";
import {
  ChannelList,
  Id,
  MethodJson,
  MethodList,
  PageQuery,
  PaymentMethodBody,
  RechargeBody,
  RechargeJson,
  RechargePage,
  WithdrawalJson,
  WithdrawalPage,
  WithdrawBody,
  WithdrawPreview,
  WithdrawPreviewQuery,
} from "../../contract/funds.ts";
import { customerWithdrawalJson } from "../../edge/funds/withdraw.ts";
import { amountIn } from "../../contract/ledger.ts";
import type { AppEnv, Ctx } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { reading, signedInLive } from "../../edge/http/middleware.ts";
import { keysRead, moneyRoute, readingFor } from "./money.ts";
import { AUTH_ERRORS, jsonBody, okReply } from "./openapi.ts";

const tags = ["funds"];

/** The page size a list request asks for (its first page is read with the session). */
const pageLimit = (c: Ctx) => PageQuery.safeParse(c.req.query()).data?.limit ?? 20;
const IdParam = z.object({ id: Id });

export const fundsApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/recharge/channels",
      tags,
      summary: "Offline recharge channels (bank account or deposit address per currency)",
      middleware: signedInLive,
      responses: { ...okReply(ChannelList), ...AUTH_ERRORS },
    }),
    async (c) => {
      return ok(c, { items: await c.get("deps").fundsSettings.publicChannels(c.get("tenant").id) });
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/recharge",
      tags,
      summary: "Submit an offline recharge for review (status auditing)",
      middleware: [
        readingFor((r) =>
          r.c.var.deps.recharges.submitReads(
            r.t,
            r.userId,
            r.body?.channelId,
            r.body?.voucherImageId,
          )
        ),
        ...signedInLive,
      ] as const,
      request: jsonBody(RechargeBody),
      responses: { ...okReply(RechargeJson), ...AUTH_ERRORS },
    }),
    async (c) => {
      const b = c.req.valid("json");
      const r = await c.get("deps").recharges.submit(c.get("tenant").id, c.var.session.userId, {
        ...b,
        amount: amountIn(b.currency, b.amount)!,
      });
      return ok(c, customerRechargeJson(r));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/recharge/history",
      tags,
      summary: "The customer's recharges, newest first",
      middleware: [
        reading((c, uid) => [c.var.deps.recharges.historyRead(c.var.tenant.id, uid, pageLimit(c))]),
        ...signedInLive,
      ] as const,
      request: { query: PageQuery },
      responses: { ...okReply(RechargePage), ...AUTH_ERRORS },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const p = await c.get("deps").recharges.history(
        c.get("tenant").id,
        c.var.session.userId,
        q.limit,
        q.cursor,
      );
      return ok(c, { items: p.items.map(customerRechargeJson), cursor: p.cursor });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/recharge/{id}",
      tags,
      summary: "One of the customer's recharges",
      middleware: [
        reading((
          c,
        ) => [{ key: c.var.deps.recharges.recordKey(c.var.tenant.id, c.req.param("id") ?? "") }]),
        ...signedInLive,
      ] as const,
      request: { params: IdParam },
      responses: { ...okReply(RechargeJson), ...AUTH_ERRORS },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      return ok(
        c,
        await c.get("deps").recharges.mine(c.get("tenant").id, c.var.session.userId, id),
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/withdraw/preview",
      tags,
      summary:
        "Withdrawal form data: bound methods, limits, fee and net for an amount, turnover remaining",
      middleware: [
        reading((c, uid) => c.var.deps.withdrawals.previewReads(c.var.tenant.id, uid)),
        ...signedInLive,
      ] as const,
      request: { query: WithdrawPreviewQuery },
      responses: { ...okReply(WithdrawPreview), ...AUTH_ERRORS },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const { withdrawals } = c.get("deps");
      const t = c.get("tenant").id;
      return ok(
        c,
        await withdrawals.preview(t, c.var.session.userId, q.methodId ?? null, q.amount ?? null),
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/withdraw/history",
      tags,
      summary: "The customer's withdrawals, newest first",
      middleware: [
        reading((
          c,
          uid,
        ) => [c.var.deps.withdrawals.historyRead(c.var.tenant.id, uid, pageLimit(c))]),
        ...signedInLive,
      ] as const,
      request: { query: PageQuery },
      responses: { ...okReply(WithdrawalPage), ...AUTH_ERRORS },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const p = await c.get("deps").withdrawals.history(
        c.get("tenant").id,
        c.var.session.userId,
        q.limit,
        q.cursor,
      );
      return ok(c, { items: p.items.map(customerWithdrawalJson), cursor: p.cursor });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/withdraw/{id}",
      tags,
      summary: "One of the customer's withdrawals",
      middleware: [
        reading((
          c,
        ) => [{ key: c.var.deps.withdrawals.recordKey(c.var.tenant.id, c.req.param("id") ?? "") }]),
        ...signedInLive,
      ] as const,
      request: { params: IdParam },
      responses: { ...okReply(WithdrawalJson), ...AUTH_ERRORS },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const t = c.get("tenant").id;
      return ok(c, await c.get("deps").withdrawals.mine(t, c.var.session.userId, id));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/payment-methods",
      tags,
      summary: "The customer's bound bank card and crypto addresses",
      middleware: [
        reading((c, uid) => [c.var.deps.methods.listRead(c.var.tenant.id, uid)]),
        ...signedInLive,
      ] as const,
      responses: { ...okReply(MethodList), ...AUTH_ERRORS },
    }),
    async (c) => {
      const items = await c.get("deps").methods.list(c.get("tenant").id, c.var.session.userId);
      return ok(c, { items: items.map(methodJson) });
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/payment-methods",
      tags,
      summary:
        "Bind a bank card (holder = verified name) or a crypto address; immutable once bound. Needs the SMS code of /user/security-code (`code`), or `totp` when two-factor is on; no withdrawal goes to it for 24 hours (`usableAt`)",
      middleware: signedInLive,
      request: jsonBody(PaymentMethodBody),
      responses: { ...okReply(MethodJson), ...AUTH_ERRORS },
    }),
    async (c) => {
      const { code, totp, ...method } = c.req.valid("json");
      const m = await c.get("deps").methods.add(
        c.get("tenant").id,
        c.var.session.userId,
        method,
        { code, totp },
      );
      return ok(c, methodJson(m));
    },
  );

moneyRoute(fundsApi, {
  path: "/withdraw",
  tags,
  summary: "Request a withdrawal to a bound method; the amount is frozen until reviewed",
  middleware: signedInLive,
  body: WithdrawBody,
  reply: WithdrawalJson,
  reads: (r) =>
    keysRead(r.c.var.deps.withdrawals.requestReads(r.t, r.userId, r.body.methodId, r.key)),
}, (m) => {
  // the customer as read with the session (its versionstamp checked at the commit)
  const s = m.c.var.session!;
  const as = { user: s.user, versionstamp: s.userVersionstamp };
  return m.c.var.deps.withdrawals.request(m.t, m.userId, m.body, m.key, as);
});
