import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { displayParams } from "../../locales/format.ts";
import type { MessageRecord } from "../../edge/messages/store.ts";
import { Message, type MessageJson, MessagePage } from "../../contract/messages.ts";
import { Id, PageQuery } from "../../contract/funds.ts";
import type { Context } from "hono";
import type { AppEnv } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { signedIn } from "../../edge/http/middleware.ts";
import { AUTH_ERRORS, okReply } from "./openapi.ts";

const tags = ["content"];

/**
 * Messages are stored as a locale key with parameters and read in the customer's language, with
 * the customer's anti-phishing code (a message without it is not ours).
 */
export function localizedMessage<E extends AppEnv>(c: Context<E>, m: MessageRecord): MessageJson {
  const t = c.get("t");
  const params = displayParams(m.params, c.get("locale"));
  return {
    id: m.id,
    at: m.at,
    kind: m.kind,
    title: t(`messages.${m.kind}.title`, params),
    body: t(`messages.${m.kind}.body`, params),
    read: m.read,
    antiPhishing: c.get("session")?.user.antiPhishing ?? null,
  };
}

export const messagesApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/message",
      tags,
      summary: "The customer's messages, newest first, with the unread count",
      middleware: signedIn,
      request: { query: PageQuery },
      responses: { ...okReply(MessagePage), ...AUTH_ERRORS },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const page = await c.get("deps").messages.page(
        c.get("tenant").id,
        c.var.session.userId,
        q.limit,
        q.cursor,
      );
      return ok(c, { ...page, items: page.items.map((m) => localizedMessage(c, m)) });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/message/detail/{id}",
      tags,
      summary: "One message (marks it read)",
      middleware: signedIn,
      request: { params: z.object({ id: Id }) },
      responses: { ...okReply(Message), ...AUTH_ERRORS },
    }),
    async (c) => {
      const m = await c.get("deps").messages.read(
        c.get("tenant").id,
        c.var.session.userId,
        c.req.valid("param").id,
      );
      if (!m) throw new DomainError("NOT_FOUND");
      return ok(c, localizedMessage(c, m));
    },
  );
