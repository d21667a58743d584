/**
 * The built-in support chat (edge/support). Customers and visitors: `GET/POST
 * /api/support/messages` (a visitor's conversation is tied to the browser by the `tw_visitor`
 * cookie, HttpOnly, random, stored only hashed), `POST /api/support/continue` (after sign-in, the
 * visitor conversation joins the customer's). Operators of support or admin: the inbox
 * `/api/admin/support/conversations`, one conversation with the customer beside it, reply,
 * assign, close (and reopen), each audited.
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { deleteCookie } from "hono/cookie";
import {
  ConversationId,
  SupportAssign,
  SupportClose,
  SupportConversation,
  SupportDetail,
  SupportInbox,
  SupportInboxQuery,
  SupportMessage,
  SupportReply,
  SupportThread,
  SupportWrite,
} from "../../contract/support.ts";
import type { AppEnv, Ctx } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { reading, sessionOf, signedIn } from "../../edge/http/middleware.ts";
import { operatorAuth } from "../../edge/http/operator_auth.ts";
import { ensureVisitorCookie, VISITOR_COOKIE, visitorCookie } from "../../edge/http/visitor.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { AUTH_ERRORS, ERRORS, jsonBody, okReply } from "./openapi.ts";

const tags = ["support"];
const t = (c: Ctx) => c.var.tenant.id;
const actor = (c: Ctx) => ({ operator: c.var.operator.username, ip: c.var.ip });
const INBOX_ROLES = ["support", "admin"] as const;
const inbox = operatorAuth(INBOX_ROLES);

/**
 * What a conversation's page reads, with the operator's session: the conversation and its
 * thread, the customer it names (the customers page's reads) and the operators (who may take it).
 */
function conversationReads(c: Ctx) {
  const id = c.req.param("id") ?? "";
  const { support, customers, operatorAccounts } = c.var.deps;
  const userId = id.startsWith("u-") ? id.slice(2) : null;
  return [
    ...support.threadReads(t(c), id),
    ...userId ? customers.detailReads(t(c), userId) : [],
    operatorAccounts.allRead(t(c)),
  ];
}

export const supportApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/support/messages",
      tags,
      summary: "The signed-in customer's (or this browser's visitor) support conversation; " +
        "marks customer service's replies read",
      middleware: reading((c, uid) => c.var.deps.support.reads(c.var.tenant.id, uid)),
      responses: { ...okReply(SupportThread), ...ERRORS },
    }),
    async (c) => {
      const s = await sessionOf(c);
      const cookie = visitorCookie(c);
      const who = s ? { userId: s.userId } : cookie ? { visitor: cookie } : null;
      if (!who) return ok(c, { conversation: null, messages: [], visitorOffer: null });
      return ok(c, await c.var.deps.support.thread(t(c), who, cookie));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/support/messages",
      tags,
      summary: "Write to customer service: text and (signed in) an uploaded image; a visitor's " +
        "browser gets its conversation cookie; rate limited",
      request: jsonBody(SupportWrite),
      responses: { ...okReply(SupportMessage), ...ERRORS },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const s = await sessionOf(c);
      let who: { userId: string } | { visitor: string };
      if (s) who = { userId: s.userId };
      else {
        if (body.imageId) throw new DomainError("UNAUTHORIZED");
        const cookie = ensureVisitorCookie(c);
        who = { visitor: cookie };
      }
      return ok(
        c,
        await c.var.deps.support.write(t(c), who, body, { ip: c.var.ip, locale: c.var.locale }),
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/support/continue",
      tags,
      summary: "After sign-in: this browser's visitor conversation joins the customer's",
      middleware: signedIn,
      responses: { ...okReply(SupportConversation), ...AUTH_ERRORS },
    }),
    async (c) => {
      const cookie = visitorCookie(c);
      if (!cookie) throw new DomainError("NOT_FOUND");
      const conv = await c.var.deps.support.continueVisitor(
        c.var.tenant.id,
        c.var.session.userId,
        cookie,
      );
      deleteCookie(c, VISITOR_COOKIE, { path: "/" });
      return ok(c, conv);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/support/conversations",
      tags,
      summary: "The support inbox by status (open: waiting for an operator), newest first",
      middleware: operatorAuth(
        INBOX_ROLES,
        (c) => c.var.deps.support.inboxReads(t(c), SupportInboxQuery.parse(c.req.query()).status),
      ),
      request: { query: SupportInboxQuery },
      responses: { ...okReply(SupportInbox), ...AUTH_ERRORS },
    }),
    async (c) => ok(c, await c.var.deps.support.inbox(t(c), c.req.valid("query").status)),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/support/conversations/{id}",
      tags,
      summary: "One conversation with the customer's summary (masked as on the customers " +
        "page); marks the customer's messages read",
      middleware: operatorAuth(INBOX_ROLES, conversationReads),
      request: { params: ConversationId },
      responses: { ...okReply(SupportDetail), ...AUTH_ERRORS },
    }),
    async (c) => ok(c, await c.var.deps.support.detail(t(c), c.req.valid("param").id)),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/support/conversations/{id}/messages",
      tags,
      summary: "Reply (audited): the conversation then waits for the customer",
      middleware: inbox,
      request: { params: ConversationId, ...jsonBody(SupportReply) },
      responses: { ...okReply(SupportMessage), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.var.deps.support.reply(
          t(c),
          c.req.valid("param").id,
          actor(c),
          c.req.valid("json").text,
        ),
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/support/conversations/{id}/assign",
      tags,
      summary: "Assign to an operator of support or admin, or to nobody (audited)",
      middleware: inbox,
      request: { params: ConversationId, ...jsonBody(SupportAssign) },
      responses: { ...okReply(SupportConversation), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.var.deps.support.assign(
          t(c),
          c.req.valid("param").id,
          actor(c),
          c.req.valid("json").operator,
        ),
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/support/conversations/{id}/close",
      tags,
      summary: "Close the conversation, or reopen it with `reopen: true` (audited)",
      middleware: inbox,
      request: { params: ConversationId, ...jsonBody(SupportClose) },
      responses: { ...okReply(SupportConversation), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.var.deps.support.close(
          t(c),
          c.req.valid("param").id,
          actor(c),
          c.req.valid("json").reopen,
        ),
      ),
  );
