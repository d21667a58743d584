/**
 * Operator money configuration (role funds): the four-eyes queue (propose, list, approve by
 * another operator, reject) and the wealth products (audited; new orders only).
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { Id, PageQuery, ReasonBody } from "../../edge/funds/schemas.ts";
import { ProposalBody, ProposalPage, ProposalReply } from "../../edge/operators/schemas.ts";
import { WealthProductsEdit } from "../../edge/wealth/schemas.ts";
import { productJson } from "../../edge/wealth/service.ts";
import type { AppEnv, Ctx } from "../../edge/platform/context.ts";
import { ok } from "../../edge/platform/envelope.ts";
import { operatorAuth } from "../../edge/platform/operator_auth.ts";
import { AUTH_ERRORS, jsonBody, okReply } from "./openapi.ts";

const tags = ["operators"];
const funds = [operatorAuth("funds")];
const actor = (c: Ctx) => ({ operator: c.var.operator.username, ip: c.var.ip });
const IdParam = z.object({ id: Id });

const ProductConfig = z.object({
  id: z.string(),
  name: z.string(),
  dailyRate: z.string(),
  periodDays: z.number().int(),
  minAmount: z.string(),
  maxAmount: z.string(),
  cap: z.string(),
  redeemRatio: z.string(),
  turnoverRatio: z.string(),
  enabled: z.boolean(),
});

export const proposalsApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/proposals",
      tags,
      summary: "Proposals, newest first, by status",
      middleware: funds,
      request: {
        query: PageQuery.extend({ status: z.enum(["pending", "approved", "rejected"]).optional() }),
      },
      responses: { ...okReply(ProposalPage), ...AUTH_ERRORS },
    }),
    async (c) => {
      const q = c.req.valid("query");
      return ok(
        c,
        await c.var.deps.proposals.list(c.var.tenant.id, q.status, q.limit, q.cursor),
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/proposals",
      tags,
      summary: "Propose a change that moves money (funding the wealth reserve); audited",
      middleware: funds,
      request: jsonBody(ProposalBody),
      responses: { ...okReply(ProposalReply), ...AUTH_ERRORS },
    }),
    async (c) => {
      const b = c.req.valid("json");
      const p = await c.var.deps.proposals.proposeReserve(
        c.var.tenant.id,
        actor(c),
        b.amount,
        b.reason,
      );
      return ok(c, { ...p, expired: false });
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/proposals/{id}/approve",
      tags,
      summary: "Approve another operator's proposal: the change is made in the same commit, once",
      middleware: funds,
      request: { params: IdParam },
      responses: { ...okReply(ProposalReply), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.var.deps.proposals.approve(c.var.tenant.id, actor(c), c.req.valid("param").id),
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/proposals/{id}/reject",
      tags,
      summary: "Reject another operator's proposal with a reason; audited",
      middleware: funds,
      request: { params: IdParam, ...jsonBody(ReasonBody) },
      responses: { ...okReply(ProposalReply), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.var.deps.proposals.reject(
          c.var.tenant.id,
          actor(c),
          c.req.valid("param").id,
          c.req.valid("json").reason,
        ),
      ),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/products/wealth",
      tags,
      summary: "The wealth products as configured",
      middleware: funds,
      responses: { ...okReply(z.object({ items: z.array(ProductConfig) })), ...AUTH_ERRORS },
    }),
    async (c) => {
      const items = await c.var.deps.wealth.products(c.var.tenant.id);
      return ok(c, { items: items.map(config) });
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/admin/products/wealth",
      tags,
      summary: "Replace the wealth products (audited; orders keep the terms they were placed at)",
      middleware: funds,
      request: jsonBody(WealthProductsEdit),
      responses: { ...okReply(z.object({ items: z.array(ProductConfig) })), ...AUTH_ERRORS },
    }),
    async (c) => {
      const items = await c.var.deps.wealth.setProducts(
        c.var.tenant.id,
        actor(c),
        c.req.valid("json").items,
      );
      return ok(c, { items: items.map(config) });
    },
  );

function config(p: Parameters<typeof productJson>[0]) {
  const j = productJson(p, 0n, null);
  return {
    id: j.id,
    name: j.name,
    dailyRate: j.dailyRate,
    periodDays: j.periodDays,
    minAmount: j.minAmount,
    maxAmount: j.maxAmount,
    cap: j.cap,
    redeemRatio: j.redeemRatio,
    turnoverRatio: j.turnoverRatio,
    enabled: p.enabled,
  };
}
