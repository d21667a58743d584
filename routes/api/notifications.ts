/**
 * Price alerts (`GET/POST /alerts`, `PUT/DELETE /alerts/{id}`: an edit is a PUT of the whole
 * alert), the customer's notifications (the message centre's tab) and their preferences.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { Done } from "../../contract/customers.ts";
import { PageQuery } from "../../contract/funds.ts";
import {
  AlertBody,
  AlertJson,
  AlertList,
  MAX_ALERTS,
  NotificationPage,
  NotifyPrefs,
} from "../../contract/notifications.ts";
import type { AppEnv } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { reading, type SignedIn, signedIn } from "../../edge/http/middleware.ts";
import { notificationJson } from "../../edge/notifications/service.ts";
import { alertJson } from "../../edge/trading/alerts.ts";
import { AUTH_ERRORS, jsonBody, okReply } from "./openapi.ts";

const tags = ["notifications"];
const AlertId = z.object({ id: z.string().regex(/^[0-9a-z-]{1,64}$/, { error: "invalid" }) });

/** A price alert saved (a new one, or the one of `id` edited and armed again), as replied. */
async function savedAlert(
  c: Context<AppEnv & SignedIn>,
  body: z.infer<typeof AlertBody>,
  id?: string,
) {
  return alertJson(
    await c.var.deps.alerts.save(c.var.tenant.id, c.var.session.userId, body, id),
  );
}

export const notificationsApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/alerts",
      tags,
      summary: "The customer's price alerts, newest first, with the most allowed",
      middleware: [
        reading((c, uid) => [c.var.deps.alerts.listReads(c.var.tenant.id, uid)]),
        signedIn,
      ] as const,
      responses: { ...okReply(AlertList), ...AUTH_ERRORS },
    }),
    async (c) => {
      const items = await c.var.deps.alerts.list(c.var.tenant.id, c.var.session.userId);
      return ok(c, { items: items.map(alertJson), max: MAX_ALERTS });
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/alerts",
      tags,
      summary: "Set a price alert: above or below a price, or a move of x % in 24 h (at most 50)",
      middleware: signedIn,
      request: jsonBody(AlertBody),
      responses: { ...okReply(AlertJson), ...AUTH_ERRORS },
    }),
    async (c) => ok(c, await savedAlert(c, c.req.valid("json"))),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/alerts/{id}",
      tags,
      summary: "Edit a price alert (a fired one is armed again)",
      middleware: signedIn,
      request: { params: AlertId, ...jsonBody(AlertBody) },
      responses: { ...okReply(AlertJson), ...AUTH_ERRORS },
    }),
    async (c) => ok(c, await savedAlert(c, c.req.valid("json"), c.req.valid("param").id)),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/alerts/{id}",
      tags,
      summary: "Delete a price alert",
      middleware: signedIn,
      request: { params: AlertId },
      responses: { ...okReply(Done), ...AUTH_ERRORS },
    }),
    async (c) => {
      await c.var.deps.alerts.remove(
        c.var.tenant.id,
        c.var.session.userId,
        c.req.valid("param").id,
      );
      return ok(c, {});
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/notifications",
      tags,
      summary: "The customer's notifications, newest first, with the unread count",
      middleware: [
        reading((c, uid) =>
          c.var.deps.notifications.store.pageReads(
            c.var.tenant.id,
            uid,
            Number(c.req.query("limit") ?? 20) || 20,
          )
        ),
        signedIn,
      ] as const,
      request: { query: PageQuery },
      responses: { ...okReply(NotificationPage), ...AUTH_ERRORS },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const page = await c.var.deps.notifications.page(
        c.var.tenant.id,
        c.var.session.userId,
        q.limit,
        q.cursor,
      );
      const items = page.items.map((n) => notificationJson(n, c.var.locale));
      return ok(c, { ...page, items });
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/notifications/read",
      tags,
      summary: "Mark every notification read",
      middleware: signedIn,
      responses: { ...okReply(Done), ...AUTH_ERRORS },
    }),
    async (c) => {
      await c.var.deps.notifications.markAllRead(c.var.tenant.id, c.var.session.userId);
      return ok(c, {});
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/notifications/preferences",
      tags,
      summary: "Per kind of notification: in-app and push on or off",
      middleware: [
        reading((c, uid) => [c.var.deps.notifications.store.prefsRead(c.var.tenant.id, uid)]),
        signedIn,
      ] as const,
      responses: { ...okReply(NotifyPrefs), ...AUTH_ERRORS },
    }),
    async (c) => ok(c, await c.var.deps.notifications.prefs(c.var.tenant.id, c.var.session.userId)),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/notifications/preferences",
      tags,
      summary: "Set the preferences (every kind, both channels)",
      middleware: signedIn,
      request: jsonBody(NotifyPrefs),
      responses: { ...okReply(NotifyPrefs), ...AUTH_ERRORS },
    }),
    async (c) =>
      ok(
        c,
        await c.var.deps.notifications.setPrefs(
          c.var.tenant.id,
          c.var.session.userId,
          c.req.valid("json"),
        ),
      ),
  );
