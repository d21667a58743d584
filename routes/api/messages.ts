import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { displayParams } from "../../locales/format.ts";
import type { MessageRecord } from "../../edge/messages/store.ts";
import { Message, type MessageJson, MessagePage } from "../../contract/messages.ts";
import { Id, PageQuery } from "../../contract/funds.ts";
import type { Context } from "hono";
import type { AppEnv } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { reading, signedIn } from "../../edge/http/middleware.ts";
import { AUTH_ERRORS, okReply } from "./openapi.ts";

const tags = ["content"];

/** The page size a list request asks for (its first page is read with the session). */
const pageLimit = (c: Context<AppEnv>) => PageQuery.safeParse(c.req.query()).data?.limit ?? 20;

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
      middleware: [
        // the first page read with the session (a later page, from its cursor, after it)
        reading((c, uid) =>
          c.req.query("cursor")
            ? []
            : [c.var.deps.messages.listRead(c.var.tenant.id, uid, pageLimit(c))]
        ),
        signedIn,
      ] as const,
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
      middleware: [
        reading((c, uid) => {
          const id = Id.safeParse(c.req.param("id"));
          return id.success ? [c.var.deps.messages.messageRead(c.var.tenant.id, uid, id.data)] : [];
        }),
        signedIn,
      ] as const,
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
