/**
 * GET /ws: the realtime socket (hono/ws on Deno). Origin must be this site; the private `user`
 * channel is authorized by the session cookie or token, never by the `userId` query. The
 * `support` channel: the console's inbox for an operator of support or admin (the console's
 * pages ask with `console=1`), else the customer's conversation, else the visitor's (cookie).
 */
import type { Hono } from "hono";
import { upgradeWebSocket } from "hono/deno";
import type { AppEnv, Ctx } from "../edge/http/context.ts";
import { requestToken, sessionOf } from "../edge/http/middleware.ts";
import { OPERATOR_COOKIE } from "../edge/http/operator_auth.ts";
import { visitorCookie } from "../edge/http/visitor.ts";
import type { Hub, SupportPrincipal } from "../edge/realtime/hub.ts";
import { visitorOwner } from "../edge/support/service.ts";

async function supportPrincipal(
  c: Ctx,
  userId: string | null,
): Promise<SupportPrincipal | null> {
  if (c.req.query("console") === "1") {
    const token = requestToken(c, OPERATOR_COOKIE, ["same-origin"]);
    const tenant = c.get("tenant").id;
    const operators = c.get("deps").operators;
    const inbox = async () => {
      const op = await operators.session(tenant, token);
      return !!op && op.roles.some((r) => r === "support" || r === "admin");
    };
    return await inbox() ? { inbox: true, alive: inbox } : null;
  }
  if (userId) return { owner: `u:${userId}` };
  const cookie = visitorCookie(c);
  return cookie ? { owner: await visitorOwner(cookie) } : null;
}

export function registerSocket(app: Hono<AppEnv>, hub: Hub) {
  app.get(
    "/ws",
    async (c, next) => {
      const origin = c.req.header("origin");
      const host = c.req.header("host");
      if (origin) {
        let ok = false;
        try {
          ok = new URL(origin).host === host;
        } catch { /* malformed */ }
        if (!ok) return c.text("origin not allowed", 403);
      }
      return await next();
    },
    upgradeWebSocket(async (c) => {
      const session = await sessionOf(c as never);
      const tenant = c.get("tenant").id;
      const support = await supportPrincipal(c as never, session?.userId ?? null);
      let client: ReturnType<Hub["add"]> | null = null;
      return {
        onOpen: (_e, ws) => {
          client = hub.add(
            ws.raw as unknown as WebSocket,
            tenant,
            session?.userId ?? null,
            session?.tokenHash ?? null,
            support,
          );
        },
        onMessage: (e) => {
          if (client) hub.message(client, e.data);
        },
        onClose: () => {
          if (client) hub.remove(client);
        },
      };
    }),
  );
}
