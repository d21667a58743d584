/**
 * Proof of liabilities: the latest epoch's root and totals (public), a signed-in customer's
 * proof (live accounts only), an operator's request for a new epoch, and the operators' report
 * of the latest totals against the recorded reserves.
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  LiabilitiesEpoch,
  LiabilitiesProof,
  LiabilitiesReport,
} from "../../contract/liabilities.ts";
import { epochJson, liabilitiesReportJson } from "../../edge/liabilities/service.ts";
import type { AppEnv } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { signedInLive } from "../../edge/http/middleware.ts";
import { operatorAuth } from "../../edge/http/operator_auth.ts";
import { AUTH_ERRORS, err, ERRORS, okReply } from "./openapi.ts";

const tags = ["liabilities"];

export const liabilitiesApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/liabilities",
      tags,
      summary:
        "The latest epoch of the proof of liabilities: the Merkle sum tree's root, the totals per currency (units of 10^-8), the numbers of customer accounts (zero balances included) and of leaves, the leaves per customer",
      responses: {
        ...okReply(LiabilitiesEpoch),
        ...ERRORS,
        404: err("POL_NOT_PUBLISHED: no epoch yet (the first is published at 00:00 UTC)"),
      },
    }),
    async (c) => {
      const e = await c.var.deps.liabilities.published(c.var.tenant.id);
      if (!e) throw new DomainError("POL_NOT_PUBLISHED");
      return ok(c, epochJson(e));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/liabilities/proof",
      tags,
      summary:
        "The signed-in customer's leaves in the latest epoch: salt, balances, and every share's balances and path from the leaf up (side = where the sibling sits); a checker rebuilds each leaf id from its own user id",
      middleware: signedInLive,
      responses: {
        ...okReply(LiabilitiesProof),
        ...AUTH_ERRORS,
        403: err("DEMO_LIVE_ONLY: a demo account is not in the proof"),
        404: err(
          "POL_NOT_PUBLISHED, or POL_NOT_INCLUDED: the account was opened after the epoch was built",
        ),
      },
    }),
    async (c) => ok(c, await c.var.deps.liabilities.proof(c.var.tenant.id, c.var.session.userId)),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/liabilities/epoch",
      tags: ["admin"],
      summary: "Build and publish a new epoch now (audit or admin role; audited)",
      middleware: [operatorAuth(["audit", "admin"])],
      responses: { ...okReply(LiabilitiesEpoch), ...AUTH_ERRORS },
    }),
    async (c) => {
      const r = await c.var.deps.liabilities.request(c.var.tenant.id, {
        operator: c.var.operator.username,
        ip: c.var.ip,
      });
      return ok(c, epochJson(r));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/reports/liabilities",
      tags: ["admin"],
      summary:
        "The latest epoch's liabilities per currency against the recorded reserves (minus the external account; the wealth yield reserve apart); null before the first epoch",
      middleware: [operatorAuth(["audit", "funds"])],
      responses: { ...okReply(LiabilitiesReport), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(c, liabilitiesReportJson(await c.var.deps.liabilities.versusReserves(c.var.tenant.id))),
  );
