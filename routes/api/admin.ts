import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { listAudit } from "../../edge/operators/audit.ts";
import type { OperatorRole } from "../../edge/operators/store.ts";
import type { OperatorSession } from "../../edge/operators/service.ts";
import type { AppEnv, Ctx } from "../../edge/platform/context.ts";
import { ok } from "../../edge/platform/envelope.ts";
import { ApiError } from "../../edge/platform/errors.ts";
import { AUTH_ERRORS, ERRORS, jsonBody, okReply } from "./openapi.ts";

const tags = ["admin"];

/**
 * The operator session of the request (`Authorization` header only: operator tokens never ride
 * in the customers' cookie), or -99 / 401. With a role, an operator without it gets 403.
 */
export async function requireOperator(c: Ctx, role?: OperatorRole): Promise<OperatorSession> {
  const token = c.req.header("authorization")?.replace(/^Bearer\s+/i, "").trim();
  const s = await c.get("deps").operators.session(c.get("tenant").id, token);
  if (!s) throw new ApiError(401, "UNAUTHORIZED");
  if (role && !s.roles.includes(role)) throw new ApiError(403, "FORBIDDEN");
  return s;
}

const OperatorLogin = z.strictObject({
  username: z.string({ error: "required" }).min(1, { error: "required" })
    .max(64, { error: "tooLong" }),
  password: z.string({ error: "passwordRequired" }).min(1, { error: "passwordRequired" })
    .max(128, { error: "tooLong" }),
  totp: z.string({ error: "codeRequired" }).regex(/^\d{6}$/, { error: "codeInvalid" }),
}).openapi("OperatorLoginRequest");

const AuditItem = z.object({
  id: z.string(),
  at: z.number().int(),
  operator: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});

export const adminApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/login",
      tags,
      summary:
        "Operator sign-in: username, password and TOTP code (each code once); token in `authorization`",
      request: jsonBody(OperatorLogin),
      responses: {
        ...okReply(z.object({ expiresAt: z.number().int(), roles: z.array(z.string()) })),
        ...ERRORS,
      },
    }),
    async (c) => {
      const { username, password, totp } = c.req.valid("json");
      const r = await c.get("deps").operators.login(
        c.get("tenant").id,
        username,
        password,
        totp,
        c.get("ip"),
      );
      c.header("authorization", r.token);
      c.header("Cache-Control", "no-store");
      return ok(c, { expiresAt: r.expiresAt, roles: r.roles });
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/logout",
      tags,
      summary: "End the operator session (audited)",
      responses: { ...okReply(z.object({})), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = await requireOperator(c);
      await c.get("deps").operators.logout(c.get("tenant").id, s, c.get("ip"));
      return ok(c, {});
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/audit",
      tags,
      summary: "The operator audit log, newest first, paged with ?cursor=&limit=",
      request: {
        query: z.object({
          limit: z.coerce.number({ error: "invalid" }).int({ error: "invalid" })
            .min(1, { error: "invalid" }).max(100, { error: "invalid" }).default(20),
          cursor: z.string().max(200, { error: "tooLong" }).optional(),
        }),
      },
      responses: {
        ...okReply(z.object({ items: z.array(AuditItem), cursor: z.string().nullable() })),
        ...AUTH_ERRORS,
      },
    }),
    async (c) => {
      await requireOperator(c, "audit");
      const { limit, cursor } = c.req.valid("query");
      let page;
      try {
        page = await listAudit(c.get("deps").kv, c.get("tenant").id, limit, cursor);
      } catch {
        throw new ApiError(400, "VALIDATION", {}, { cursor: "invalid" });
      }
      return ok(c, page);
    },
  );
