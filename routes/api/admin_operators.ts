/**
 * Operator accounts: admins create operators (temporary password), change roles, disable and
 * enable them and end their sessions; a new operator completes the first sign-in by enrolling
 * TOTP and replacing the password (`/admin/enrol`, with the enrolment token, not a session);
 * every operator changes their own password and sees and ends their own sessions. All audited.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { ChangePasswordBody, LoginPassword } from "../../edge/accounts/schemas.ts";
import { OperatorAccounts, USERNAME } from "../../edge/operators/accounts.ts";
import {
  OperatorItem,
  OperatorList,
  OperatorLoginReply,
  OperatorRoleSchema,
  OperatorSessionList,
} from "../../edge/operators/schemas.ts";
import type { AppEnv, Ctx } from "../../edge/platform/context.ts";
import { ok } from "../../edge/platform/envelope.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { operatorAuth, setOperatorCookie } from "../../edge/platform/operator_auth.ts";
import { AUTH_ERRORS, ERRORS, jsonBody, okReply } from "./openapi.ts";

const tags = ["operators"];
const actor = (c: Ctx) => ({ operator: c.var.operator.username, ip: c.var.ip });
const accounts = (c: Ctx) => new OperatorAccounts(c.var.deps.kv, c.var.deps.now);

const Username = z.string({ error: "required" }).regex(USERNAME, { error: "usernameRule" });
const UsernameParam = z.object({ username: Username });
const SessionParam = z.object({
  username: Username,
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "invalid" }),
});

const Roles = z.array(OperatorRoleSchema, { error: "rolesRequired" })
  .min(1, { error: "rolesRequired" })
  .max(7, { error: "invalid" })
  .refine((r) => new Set(r).size === r.length, { error: "invalid" });

const CreateOperatorBody = z.strictObject({
  username: Username,
  /** the temporary password (the operator replaces it when enrolling) */
  password: LoginPassword,
  roles: Roles,
}).openapi("CreateOperatorRequest");

const RolesBody = z.strictObject({ roles: Roles }).openapi("OperatorRolesRequest");

const EnrolBody = z.strictObject({
  enrolToken: z.string({ error: "required" }).min(1, { error: "required" })
    .max(128, { error: "tooLong" }),
  totp: z.string({ error: "totpRequired" }).regex(/^\d{6}$/, { error: "totpInvalid" }),
  newPassword: LoginPassword,
}).openapi("OperatorEnrolRequest");

/** The operator themselves, or an admin. */
function selfOrAdmin(c: Ctx, username: string) {
  const op = c.var.operator;
  if (op.username !== username && !op.roles.includes("admin")) {
    throw new DomainError("FORBIDDEN");
  }
}

export const operatorsApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/enrol",
      tags,
      summary:
        "Complete an operator's first sign-in: the enrolment token of /admin/login, a code from the new secret and a new password (the temporary one is replaced); " +
        "then a session as /admin/login gives (audited `operator.enrol`). 5 wrong codes or 10 minutes end the enrolment (ENROLMENT_INVALID: sign in again)",
      request: jsonBody(EnrolBody),
      responses: { ...okReply(OperatorLoginReply), ...ERRORS },
    }),
    async (c) => {
      const b = c.req.valid("json");
      const r = await c.var.deps.operators.enrol(
        c.var.tenant.id,
        b.enrolToken,
        b.totp,
        b.newPassword,
        c.var.ip,
      );
      c.header("Cache-Control", "no-store");
      c.header("authorization", r.token);
      setOperatorCookie(c, r.token, r.expiresAt);
      return ok(c, { status: r.status, expiresAt: r.expiresAt, roles: r.roles });
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/password",
      tags,
      summary:
        "The signed-in operator changes their password (current and new); their other sessions end (audited)",
      middleware: [operatorAuth()],
      request: jsonBody(ChangePasswordBody),
      responses: { ...okReply(z.object({ sessionsEnded: z.number().int() })), ...AUTH_ERRORS },
    }),
    async (c) => {
      const b = c.req.valid("json");
      return ok(
        c,
        await c.var.deps.operators.changePassword(
          c.var.tenant.id,
          c.var.operator,
          b.oldPassword,
          b.newPassword,
          c.var.ip,
        ),
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/operators",
      tags,
      summary: "Operator accounts (admin), each with the actions the server allows on it now",
      middleware: [operatorAuth("admin")],
      responses: { ...okReply(OperatorList), ...AUTH_ERRORS },
    }),
    async (c) => ok(c, await accounts(c).list(c.var.tenant.id, c.var.operator.username)),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/operators",
      tags,
      summary:
        "Create an operator (admin): username, a temporary password, roles; they enrol TOTP and replace the password at first sign-in (audited; OPERATOR_EXISTS when taken)",
      middleware: [operatorAuth("admin")],
      request: jsonBody(CreateOperatorBody),
      responses: { ...okReply(OperatorItem), ...AUTH_ERRORS },
    }),
    async (c) => ok(c, await accounts(c).create(c.var.tenant.id, actor(c), c.req.valid("json"))),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/operators/{username}/roles",
      tags,
      summary:
        "Set an operator's roles (admin; audited): never one's own (OPERATOR_SELF), never leaving no enabled admin (LAST_ADMIN)",
      middleware: [operatorAuth("admin")],
      request: { params: UsernameParam, ...jsonBody(RolesBody) },
      responses: { ...okReply(OperatorItem), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await accounts(c).setRoles(
          c.var.tenant.id,
          actor(c),
          c.req.valid("param").username,
          c.req.valid("json").roles,
        ),
      ),
  );

for (const action of ["disable", "enable"] as const) {
  operatorsApi.openapi(
    createRoute({
      method: "post",
      path: `/admin/operators/{username}/${action}`,
      tags,
      summary: action === "disable"
        ? "Disable an operator (admin; audited): their sessions end at once, sign-in is refused; not oneself, not the last enabled admin"
        : "Enable a disabled operator again (admin; audited)",
      middleware: [operatorAuth("admin")],
      request: { params: UsernameParam },
      responses: { ...okReply(OperatorItem), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await accounts(c).setDisabled(
          c.var.tenant.id,
          actor(c),
          c.req.valid("param").username,
          action === "disable",
        ),
      ),
  );
}

operatorsApi
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/operators/{username}/sessions",
      tags,
      summary:
        "An operator's live sessions, newest first (the operator themselves, or an admin); `current` marks the request's",
      middleware: [operatorAuth()],
      request: { params: UsernameParam },
      responses: { ...okReply(OperatorSessionList), ...AUTH_ERRORS },
    }),
    async (c) => {
      const { username } = c.req.valid("param");
      selfOrAdmin(c, username);
      return ok(
        c,
        await accounts(c).sessions(c.var.tenant.id, username, c.var.operator.tokenHash),
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/operators/{username}/sessions/{id}/revoke",
      tags,
      summary: "End one session of an operator (the operator themselves, or an admin; audited)",
      middleware: [operatorAuth()],
      request: { params: SessionParam },
      responses: {
        ...okReply(z.object({ id: z.string(), revoked: z.boolean() })),
        ...AUTH_ERRORS,
      },
    }),
    async (c) => {
      const { username, id } = c.req.valid("param");
      selfOrAdmin(c, username);
      return ok(c, await accounts(c).revokeSession(c.var.tenant.id, actor(c), username, id));
    },
  );
