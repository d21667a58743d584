/**
 * Operator accounts: admins propose creating operators, changing roles, enabling a disabled one
 * and resetting a second factor (four-eyes proposals a second admin decides, at
 * `/admin/proposals/{id}/approve`); disabling and ending sessions act at once. A new operator
 * accepts the invitation their phone received (`/admin/invitation`: username and code), then
 * enrols TOTP and sets their password (`/admin/enrol`, with the enrolment token, not a session);
 * every operator changes their own password and sees and ends their own sessions. All audited.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { ChangePasswordBody, LoginPassword, Phone } from "../../contract/customers.ts";
import { USERNAME } from "../../edge/operators/staff.ts";
import {
  OperatorEnrolmentReply,
  OperatorItem,
  OperatorList,
  OperatorLoginReply,
  OperatorRoleSchema,
  OperatorSessionList,
  type ProposalJson,
  ProposalReply,
} from "../../contract/operators.ts";
import type { OperatorKind } from "../../edge/operators/proposal_kinds.ts";
import type { AppEnv, Ctx } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { operatorAuth, sessionOpened } from "../../edge/http/operator_auth.ts";
import { AUTH_ERRORS, ERRORS, jsonBody, okReply } from "./openapi.ts";

const tags = ["operators"];
const actor = (c: Ctx) => ({
  operator: c.var.operator.username,
  ip: c.var.ip,
  roles: c.var.operator.roles,
});
/** Propose a change of operator administration (a second admin decides it). */
const propose = async (
  c: Ctx,
  kind: OperatorKind,
  n: Parameters<Ctx["var"]["deps"]["proposals"]["proposeOperator"]>[3],
) =>
  ok(
    c,
    await c.var.deps.proposals.proposeOperator(
      c.var.tenant.id,
      actor(c),
      kind,
      n,
    ) as unknown as ProposalJson,
  );
const accounts = (c: Ctx) => c.var.deps.operatorAccounts;

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
  /** the operator's own phone (E.164): their one-time invitation goes there */
  phone: Phone,
  roles: Roles,
}).openapi("CreateOperatorRequest");

const InvitationBody = z.strictObject({
  username: Username,
  code: z.string({ error: "codeRequired" }).regex(/^\d{8}$/, { error: "codeInvalid" }),
}).openapi("OperatorInvitationRequest");

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
      path: "/admin/invitation",
      tags,
      summary:
        "An invited operator (created or second factor reset by an approved proposal) gives username and the 8-digit code their phone received: " +
        "an enrolment as /admin/login gives on a first sign-in (then /admin/enrol sets their own password). 5 wrong codes or 48 hours void it (OPERATOR_INVITATION_INVALID)",
      request: jsonBody(InvitationBody),
      responses: { ...okReply(OperatorEnrolmentReply), ...ERRORS },
    }),
    async (c) => {
      const b = c.req.valid("json");
      const r = await c.var.deps.operators.acceptInvitation(
        c.var.tenant.id,
        b.username,
        b.code,
        c.var.ip,
      );
      c.header("Cache-Control", "no-store");
      if (r.status !== "enrolmentRequired") throw new DomainError("OPERATOR_INVITATION_INVALID");
      return ok(c, r);
    },
  )
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
      return ok(c, sessionOpened(c, r));
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
      middleware: [operatorAuth("admin", (c) => [accounts(c).allRead(c.var.tenant.id)])],
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
        "Propose creating an operator (admin; `operator.create`, a second admin approves): username, their own phone, roles. On approval the invitation goes by SMS to that phone only " +
        "(OPERATOR_EXISTS when taken; SECOND_ADMIN_REQUIRED when no other enabled admin could decide it)",
      middleware: [operatorAuth("admin")],
      request: jsonBody(CreateOperatorBody),
      responses: { ...okReply(ProposalReply), ...AUTH_ERRORS },
    }),
    async (c) => await propose(c, "operator.create", c.req.valid("json")),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/operators/{username}/roles",
      tags,
      summary:
        "Propose an operator's roles (admin; `operator.roles`, a second admin approves): never one's own (OPERATOR_SELF), never leaving no enabled admin (LAST_ADMIN at approval)",
      middleware: [operatorAuth("admin")],
      request: { params: UsernameParam, ...jsonBody(RolesBody) },
      responses: { ...okReply(ProposalReply), ...AUTH_ERRORS },
    }),
    async (c) =>
      await propose(c, "operator.roles", {
        username: c.req.valid("param").username,
        roles: c.req.valid("json").roles,
      }),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/operators/{username}/disable",
      tags,
      summary:
        "Disable an operator at once (admin; audited; it only removes power, so no second admin): their sessions end, sign-in is refused; not oneself, not the last enabled admin",
      middleware: [operatorAuth("admin")],
      request: { params: UsernameParam },
      responses: { ...okReply(OperatorItem), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await accounts(c).disable(c.var.tenant.id, actor(c), c.req.valid("param").username),
      ),
  );

for (
  const [action, kind, summary] of [
    ["enable", "operator.enable", "Propose enabling a disabled operator again"],
    [
      "reset-totp",
      "operator.resetTotp",
      "Propose resetting an operator's second factor and password (on approval their sessions end and a new invitation goes to their phone)",
    ],
  ] as const
) {
  operatorsApi.openapi(
    createRoute({
      method: "post",
      path: `/admin/operators/{username}/${action}`,
      tags,
      summary: `${summary} (admin; \`${kind}\`, a second admin approves; not oneself)`,
      middleware: [operatorAuth("admin")],
      request: { params: UsernameParam },
      responses: { ...okReply(ProposalReply), ...AUTH_ERRORS },
    }),
    async (c) => await propose(c, kind, { username: c.req.valid("param").username }),
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
      middleware: [operatorAuth(undefined, (c) => [
        accounts(c).sessionsRead(c.var.tenant.id, c.req.param("username") ?? ""),
      ])],
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
