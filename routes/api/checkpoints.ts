/**
 * Signed checkpoints (edge/checkpoints): public, newest first, with the key that verifies them,
 * so customers and auditors can keep copies; an operator's request for one now (audited).
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { CheckpointItem, CheckpointList, CheckpointsQuery } from "../../contract/checkpoints.ts";
import { checkpointJson } from "../../edge/checkpoints/service.ts";
import type { AppEnv } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { operatorAuth } from "../../edge/http/operator_auth.ts";
import { AUTH_ERRORS, ERRORS, okReply } from "./openapi.ts";

export const checkpointsApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/checkpoints",
      tags: ["verification"],
      summary:
        "Signed checkpoints of this tenant, newest first (paged with ?limit=&cursor=): the audit chain head, each symbol's tape head and the latest liabilities root, signed with Ed25519; publicKey verifies them. Keep copies: a chain that disagrees with one fails verification",
      request: { query: CheckpointsQuery },
      responses: { ...okReply(CheckpointList), ...ERRORS },
    }),
    async (c) => {
      const { limit, cursor } = c.req.valid("query");
      return ok(c, await c.var.deps.checkpoints.list(c.var.tenant.id, limit, cursor));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/checkpoints",
      tags: ["admin"],
      summary: "Make a signed checkpoint now (audit or admin role; audited)",
      middleware: [operatorAuth(["audit", "admin"])],
      responses: { ...okReply(CheckpointItem), ...AUTH_ERRORS },
    }),
    async (c) => {
      const r = await c.var.deps.checkpoints.request(c.var.tenant.id, {
        operator: c.var.operator.username,
        ip: c.var.ip,
      });
      return ok(c, checkpointJson(r));
    },
  );
