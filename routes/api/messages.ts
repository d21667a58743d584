import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { displayParams } from "../../locales/format.ts";
import {
  listMessages,
  type MessageRecord,
  readMessage,
  unreadCount,
} from "../../edge/messages/store.ts";
import { Id, PageQuery } from "../../edge/funds/schemas.ts";
import type { AppEnv, Ctx } from "../../edge/platform/context.ts";
import { ok } from "../../edge/platform/envelope.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { requireSession } from "../../edge/platform/middleware.ts";
import { AUTH_ERRORS, okReply } from "./openapi.ts";

const tags = ["content"];

const MessageJson = z.object({
  id: z.string(),
  at: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
});

/** Messages are stored as a locale key with parameters and read in the customer's language. */
export function localizedMessage(c: Ctx, m: MessageRecord) {
  const t = c.get("t");
  const params = displayParams(m.params, c.get("locale"));
  return {
    id: m.id,
    at: m.at,
    kind: m.kind,
    title: t(`messages.${m.kind}.title`, params),
    body: t(`messages.${m.kind}.body`, params),
    read: m.read,
  };
}

export const messagesApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/message",
      tags,
      summary: "The customer's messages, newest first, with the unread count",
      request: { query: PageQuery },
      responses: {
        ...okReply(z.object({
          items: z.array(MessageJson),
          cursor: z.string().nullable(),
          unread: z.number().int(),
        })),
        ...AUTH_ERRORS,
      },
    }),
    async (c) => {
      const s = await requireSession(c);
      const q = c.req.valid("query");
      const { kv } = c.get("deps");
      const t = c.get("tenant").id;
      const page = await listMessages(kv, t, s.userId, q.limit, q.cursor);
      return ok(c, {
        items: page.items.map((m) => localizedMessage(c, m)),
        cursor: page.cursor,
        unread: await unreadCount(kv, t, s.userId),
      });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/message/detail/{id}",
      tags,
      summary: "One message (marks it read)",
      request: { params: z.object({ id: Id }) },
      responses: { ...okReply(MessageJson), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = await requireSession(c);
      const m = await readMessage(
        c.get("deps").kv,
        c.get("tenant").id,
        s.userId,
        c.req.valid("param").id,
      );
      if (!m) throw new DomainError("NOT_FOUND");
      return ok(c, localizedMessage(c, m));
    },
  );
