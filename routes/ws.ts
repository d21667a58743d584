/**
 * GET /ws: the realtime socket (hono/ws on Deno). Origin must be this site; the private `user`
 * channel is authorized by the session cookie or token, never by the `userId` query.
 */
import type { Hono } from "hono";
import { upgradeWebSocket } from "hono/deno";
import type { AppEnv } from "../edge/http/context.ts";
import { sessionOf } from "../edge/http/middleware.ts";
import type { Hub } from "../edge/realtime/hub.ts";

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
      let client: ReturnType<Hub["add"]> | null = null;
      return {
        onOpen: (_e, ws) => {
          client = hub.add(
            ws.raw as unknown as WebSocket,
            tenant,
            session?.userId ?? null,
            session?.tokenHash ?? null,
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
