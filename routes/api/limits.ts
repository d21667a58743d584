/**
 * Limits customers set themselves and the loss figure (issue 30, section 5): thin routes over
 * edge/customers/standing.ts and edge/trading/loss_figure.ts.
 */
import { createRoute, OpenAPIHono, type z } from "@hono/zod-openapi";
import {
  CoolingOffBody,
  LimitsBody,
  LimitsReply,
  LossFiguresReply,
  RiskAckBody,
  SelfExclusionBody,
} from "../../contract/limits.ts";
import type { AppEnv } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { reading, signedInLive } from "../../edge/http/middleware.ts";
import { AUTH_ERRORS, ERRORS, jsonBody, okReply } from "./openapi.ts";

const tags = ["accounts"];

/** A change of the customer's limits: the body, one service call, the limits as they are now. */
function change<B extends z.ZodType, M extends "put" | "post">(
  method: M,
  path: string,
  summary: string,
  body: B,
) {
  return createRoute({
    method,
    path,
    tags,
    summary,
    middleware: signedInLive,
    request: jsonBody(body),
    responses: { ...okReply(LimitsReply), ...AUTH_ERRORS },
  });
}

export const limitsApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/account/limits",
      tags,
      summary:
        "The customer's limits (daily and monthly loss, deposit per 30 days, session reminder), pending raises, cooling-off, self-exclusion, loss-figure acknowledgements and what the limits count now",
      middleware: [
        reading((c, uid) => c.var.deps.standings.reads(c.var.tenant.id, uid)),
        ...signedInLive,
      ] as const,
      responses: { ...okReply(LimitsReply), ...AUTH_ERRORS },
    }),
    async (c) => ok(c, await c.var.deps.standings.get(c.var.tenant.id, c.var.session.userId)),
  )
  .openapi(
    change(
      "put",
      "/account/limits",
      "Set limits: a lower one holds at once, a higher one (or none: null) 24 hours later",
      LimitsBody,
    ),
    async (c) =>
      ok(
        c,
        await c.var.deps.standings.set(
          c.var.tenant.id,
          c.var.session.userId,
          c.req.valid("json"),
        ),
      ),
  )
  .openapi(
    change(
      "post",
      "/account/limits/cooling-off",
      "Take a break from trading and recharges for 1 day to 6 weeks (it cannot be shortened)",
      CoolingOffBody,
    ),
    async (c) =>
      ok(
        c,
        await c.var.deps.standings.coolOff(
          c.var.tenant.id,
          c.var.session.userId,
          c.req.valid("json").days,
        ),
      ),
  )
  .openapi(
    change(
      "post",
      "/account/limits/self-exclusion",
      "Exclude oneself from trading and recharges for 6 months to 5 years (nobody lifts it early)",
      SelfExclusionBody,
    ),
    async (c) =>
      ok(
        c,
        await c.var.deps.standings.selfExclude(
          c.var.tenant.id,
          c.var.session.userId,
          c.req.valid("json").months,
        ),
      ),
  )
  .openapi(
    change(
      "post",
      "/account/risk-acknowledgement",
      "The customer read the product's loss figure before their first trade of it (stored)",
      RiskAckBody,
    ),
    async (c) =>
      ok(
        c,
        await c.var.deps.standings.acknowledge(
          c.var.tenant.id,
          c.var.session.userId,
          c.req.valid("json").product,
        ),
      ),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/loss-figures",
      tags: ["trading"],
      summary:
        "The share of accounts that lost money on fast and on leveraged contracts in the last 12 months, with the count of accounts and the window (refreshed daily)",
      responses: { ...okReply(LossFiguresReply), ...ERRORS },
    }),
    async (c) => ok(c, await c.var.deps.lossFigures.published(c.var.tenant.id)),
  );
