/**
 * The customers section of the console: search, one customer's page (sensitive fields only for
 * the roles that need them, each such view audited), lock/unlock with a reason and a message to
 * the customer (support or admin; audited), and proposing the erasure of the customer's personal
 * data (a four-eyes proposal another admin approves on the proposals page).
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { ReasonBody } from "../../contract/funds.ts";
import {
  CUSTOMER_READERS,
  CUSTOMER_WRITERS,
  SENSITIVE_READERS,
} from "../../edge/operators/customers.ts";
import type { AppEnv, Ctx } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { operatorAuth } from "../../edge/http/operator_auth.ts";
import {
  CustomerSearchQuery,
  noControl,
  type ProposalJson,
  ProposalReply,
} from "../../contract/operators.ts";
import { PROPOSAL_ROLES } from "../../edge/operators/proposal_kinds.ts";
import { AUTH_ERRORS, jsonBody, okReply } from "./openapi.ts";

const tags = ["operators"];
const actor = (c: Ctx) => ({ operator: c.var.operator.username, ip: c.var.ip });
const customers = (c: Ctx) => c.var.deps.customers;

const UserIdParam = z.object({
  userId: z.string().regex(/^[0-9A-Za-z-]{1,64}$/, { error: "invalid" }),
});

const DetailQuery = z.object({
  sensitive: z.enum(["true", "false"], { error: "invalid" }).optional(),
});

const MessageBody = z.strictObject({
  title: z.string({ error: "required" }).trim().min(1, { error: "required" })
    .max(100, { error: "tooLong" }).refine(noControl, { error: "invalid" }),
  body: z.string({ error: "required" }).trim().min(1, { error: "required" })
    .max(2000, { error: "tooLong" }).refine(noControl, { error: "invalid" }),
}).openapi("CustomerMessageRequest");

const CustomerHit = z.object({
  userId: z.string(),
  phone: z.string(),
  verifiedName: z.string().nullable(),
  certifyLevel: z.enum(["none", "junior", "advanced"]),
  book: z.enum(["live", "demo"]),
  createdAt: z.number(),
  locked: z.boolean(),
  matched: z.enum(["phone", "userId", "name", "document"]),
}).openapi("CustomerHit");

/** A record of another capability, as it serializes it. */
const Rec = z.any().openapi({ type: "object" });

const Lock = z.object({ at: z.number(), by: z.string(), reason: z.string() }).nullable();

const CustomerPage = z.object({
  userId: z.string(),
  phone: z.string(),
  book: z.enum(["live", "demo"]),
  createdAt: z.number(),
  certifyLevel: z.enum(["none", "junior", "advanced"]),
  twoFactor: z.boolean(),
  locale: z.string().nullable(),
  locked: Lock,
  erased: z.object({ at: z.number(), proposal: z.string(), pseudonym: z.string() }).nullable(),
  professional: z.object({ at: z.number(), proposal: z.string(), by: z.string() }).nullable(),
  sensitive: z.boolean(),
  balances: z.array(Rec),
  positions: z.array(Rec),
  fastOrders: z.array(Rec),
  spotOrders: z.array(Rec),
  wealthOrders: z.array(Rec),
  recharges: z.array(Rec),
  withdrawals: z.array(Rec),
  verification: Rec,
  paymentMethods: z.array(Rec),
  messages: z.array(Rec),
  sessions: z.array(Rec),
  logins: z.array(Rec),
}).openapi("CustomerPage");

const LockReply = z.object({ userId: z.string(), locked: Lock }).openapi("CustomerLockReply");

export const customersApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/customers",
      tags,
      summary:
        "Search customers by phone (exact or + prefix), user id, verified name (contains) or document number (at most 20)",
      middleware: [operatorAuth(CUSTOMER_READERS)],
      request: { query: CustomerSearchQuery },
      responses: { ...okReply(z.object({ items: z.array(CustomerHit) })), ...AUTH_ERRORS },
    }),
    async (c) => ok(c, await customers(c).search(c.var.tenant.id, c.req.valid("query").q)),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/customers/{userId}",
      tags,
      summary:
        "One customer: balances, positions, orders, funds history, verification, payment methods, messages, sessions and sign-ins; " +
        "?sensitive=true (roles identity, admin) shows documents, full numbers and addresses and is audited",
      middleware: [
        operatorAuth(
          CUSTOMER_READERS,
          (c) => customers(c).detailReads(c.var.tenant.id, c.req.param("userId") ?? ""),
        ),
      ],
      request: { params: UserIdParam, query: DetailQuery },
      responses: { ...okReply(CustomerPage), ...AUTH_ERRORS },
    }),
    async (c) => {
      const sensitive = c.req.valid("query").sensitive === "true";
      if (sensitive && !SENSITIVE_READERS.some((r) => c.var.operator.roles.includes(r))) {
        throw new DomainError("FORBIDDEN");
      }
      const page = await customers(c).detail(
        c.var.tenant.id,
        c.req.valid("param").userId,
        actor(c),
        sensitive,
      );
      // the parts are other capabilities' JSON (their own schemas); described loosely here
      return ok(c, page as unknown as z.infer<typeof CustomerPage>);
    },
  );

for (const action of ["lock", "unlock"] as const) {
  customersApi.openapi(
    createRoute({
      method: "post",
      path: `/admin/customers/{userId}/${action}`,
      tags,
      summary: action === "lock"
        ? "Lock a customer with a reason (audited): no sign-in, sessions end, no trading or withdrawing; open positions keep running"
        : "Unlock a customer with a reason (audited)",
      middleware: [operatorAuth(CUSTOMER_WRITERS)],
      request: { params: UserIdParam, ...jsonBody(ReasonBody) },
      responses: { ...okReply(LockReply), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await customers(c).setLock(
          c.var.tenant.id,
          c.req.valid("param").userId,
          actor(c),
          action === "lock",
          c.req.valid("json").reason,
        ),
      ),
  );
}

customersApi.openapi(
  createRoute({
    method: "post",
    path: "/admin/customers/{userId}/message",
    tags,
    summary: "Send the customer a message (their inbox; audited)",
    middleware: [operatorAuth(CUSTOMER_WRITERS)],
    request: { params: UserIdParam, ...jsonBody(MessageBody) },
    responses: { ...okReply(z.object({ id: z.string() })), ...AUTH_ERRORS },
  }),
  async (c) =>
    ok(
      c,
      await customers(c).message(
        c.var.tenant.id,
        c.req.valid("param").userId,
        actor(c),
        c.req.valid("json"),
      ),
    ),
);

customersApi.openapi(
  createRoute({
    method: "post",
    path: "/admin/customers/{userId}/erase",
    tags,
    summary:
      "Propose erasing the customer's personal data on their request (four-eyes: another admin approves); " +
      "refused while positions or orders are open, a withdrawal or recharge is under way or any balance is not zero",
    middleware: [operatorAuth(PROPOSAL_ROLES["customer.erase"].propose)],
    request: { params: UserIdParam, ...jsonBody(ReasonBody) },
    responses: { ...okReply(ProposalReply), ...AUTH_ERRORS },
  }),
  async (c) =>
    ok(
      c,
      (await c.var.deps.proposals.proposeErasure(
        c.var.tenant.id,
        { operator: c.var.operator.username, ip: c.var.ip, roles: c.var.operator.roles },
        c.req.valid("param").userId,
        c.req.valid("json").reason,
      )) as unknown as ProposalJson,
    ),
);
