import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  PushKey,
  PushSubscribeBody,
  PushSubscribed,
  PushUnsubscribeBody,
  PushUnsubscribed,
} from "../../contract/push.ts";
import type { AppEnv } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { signedInLive } from "../../edge/http/middleware.ts";
import { AUTH_ERRORS, ERRORS, jsonBody, okReply } from "./openapi.ts";

const tags = ["push"];

/** Web push: the key browsers subscribe with, and the customer's subscriptions (edge/push/). */
export const pushApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/push/key",
      tags,
      summary: "The VAPID public key (the browser's applicationServerKey)",
      responses: { ...okReply(PushKey), ...ERRORS },
    }),
    (c) => ok(c, { publicKey: c.get("deps").push.publicKey }),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/push/subscriptions",
      tags,
      summary:
        "Store this browser's push subscription for the signed-in customer (PushSubscription.toJSON(): an https endpoint, p256dh and auth in base64url); at most 10 devices, a new one replaces the oldest; an endpoint another account held leaves it",
      middleware: signedInLive,
      request: jsonBody(PushSubscribeBody),
      responses: { ...okReply(PushSubscribed), ...AUTH_ERRORS },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const devices = await c.get("deps").push.subscribe(
        c.get("tenant").id,
        c.var.session.userId,
        body,
      );
      return ok(c, { endpoint: body.endpoint, devices });
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/push/subscriptions",
      tags,
      summary: "Forget this browser's push subscription (notifications off on this device)",
      middleware: signedInLive,
      request: jsonBody(PushUnsubscribeBody),
      responses: { ...okReply(PushUnsubscribed), ...AUTH_ERRORS },
    }),
    async (c) => {
      const { endpoint } = c.req.valid("json");
      const removed = await c.get("deps").push.unsubscribe(
        c.get("tenant").id,
        c.var.session.userId,
        endpoint,
      );
      return ok(c, { removed });
    },
  );
