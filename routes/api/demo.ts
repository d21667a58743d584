import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { setCookie } from "hono/cookie";
import { DemoState, DemoStatus } from "../../contract/demo.ts";
import { type AppEnv, SESSION_COOKIE } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { product, sessionOf, signedIn } from "../../edge/http/middleware.ts";
import { AUTH_ERRORS, ERRORS, jsonBody, okReply } from "./openapi.ts";

const tags = ["demo"];
const demo = product("demo");

/** Demo mode: the same product with virtual USDT in the demo book. */
export const demoApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "post",
      path: "/demo/session",
      tags,
      summary:
        "A visitor: a demo account and its session (token in the `authorization` header, as at " +
        "login; idle expiry 7 days). Signed in: this session switches to the customer's own demo " +
        "account (made on first use)",
      middleware: demo,
      request: jsonBody(z.strictObject({})),
      responses: { ...okReply(DemoStatus), ...ERRORS },
    }),
    async (c) => {
      const s = await sessionOf(c);
      const r = await c.var.deps.demo.start(c.var.tenant, s, {
        ip: c.get("ip"),
        userAgent: c.req.header("user-agent") ?? "",
      });
      if (r.token) {
        c.header("authorization", r.token);
        c.header("Cache-Control", "no-store");
        setCookie(c, SESSION_COOKIE, r.token, {
          httpOnly: true,
          sameSite: "Lax",
          secure: c.get("secure"),
          path: "/",
          expires: new Date(r.expiresAt!),
        });
      }
      return ok(c, r.status);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/demo/session",
      tags,
      summary:
        "Back to the live account (this session acts as the customer again). A visitor has none: " +
        "409 DEMO_VISITOR (register)",
      middleware: signedIn,
      responses: { ...okReply(DemoState), ...AUTH_ERRORS },
    }),
    async (c) => {
      await c.var.deps.demo.leave(c.var.tenant.id, c.var.session);
      return ok(c, { book: "live" as const, demo: null });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/demo",
      tags,
      summary: "Which account this session acts as, and the demo account's practice period",
      middleware: signedIn,
      responses: { ...okReply(DemoState), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = c.var.session;
      return ok(c, { book: s.book, demo: await c.var.deps.demo.status(c.var.tenant.id, s) });
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/demo/reset",
      tags,
      summary:
        "Restore the starting demo balance: open fast contracts voided (stake back), orders " +
        "cancelled, positions closed at market, then one journal from the demo mint; a new " +
        "practice period starts. Live accounts: 403 DEMO_ONLY",
      middleware: signedIn,
      request: jsonBody(z.strictObject({})),
      responses: { ...okReply(DemoStatus), ...AUTH_ERRORS },
    }),
    async (c) => ok(c, await c.var.deps.demo.reset(c.var.tenant, c.var.session)),
  );
