import { Hono } from "hono";
import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv, Deps } from "../edge/platform/context.ts";
import { errorResponse, fieldsFromZod } from "../edge/platform/envelope.ts";
import { ApiError } from "../edge/platform/errors.ts";
import { platform, securityHeaders } from "../edge/platform/middleware.ts";
import { accountsApi } from "./api/accounts.ts";
import { adminApi } from "./api/admin.ts";
import { accountApi } from "./api/account.ts";
import { marketApi } from "./api/market.ts";
import { tradingApi } from "./api/trading.ts";
import { platformApi } from "./api/platform.ts";
import { notFoundPage, registerPages } from "./pages/mod.tsx";
import { serveStatic } from "./static.ts";
import { registerSocket } from "./ws.ts";

/** The /api sub-application: envelope, zod validation, body limit, OpenAPI document. */
export function createApi(deps: Deps) {
  const api = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw new ApiError(400, "VALIDATION", {}, fieldsFromZod(result.error));
    },
  });
  api.use(
    "*",
    bodyLimit({
      maxSize: deps.config.maxBodyBytes,
      onError: (c) => errorResponse(c, new ApiError(413, "PAYLOAD_TOO_LARGE")),
    }),
  );
  api.use("*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  });
  api.route("/", platformApi);
  api.route("/", accountsApi);
  api.route("/", accountApi);
  api.route("/", marketApi);
  api.route("/", tradingApi);
  api.route("/", adminApi);
  api.doc31("/doc", {
    openapi: "3.1.0",
    info: {
      title: "Tradewind API",
      version: "1.0.0",
      description:
        "Every reply is {code, message, data}; code 0 success, -99 invalid session (HTTP 401), " +
        "otherwise the HTTP status. Send appKey, Authorization and Accept-Language headers.",
    },
  });
  return api;
}

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use("*", securityHeaders());
  app.use("*", platform(deps));
  if (deps.config.logRequests) {
    app.use("*", async (c, next) => {
      const t0 = performance.now();
      await next();
      console.log(
        `${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - t0).toFixed(1)}ms`,
      );
    });
  }
  app.route("/api", createApi(deps));
  registerSocket(app, deps.hub);
  app.get("/static/*", serveStatic);
  registerPages(app);
  app.notFound((c) =>
    c.req.path.startsWith("/api/") || c.req.path === "/api"
      ? errorResponse(c, new ApiError(404, "NOT_FOUND"))
      : notFoundPage(c)
  );
  app.onError((err, c) => {
    if (c.req.path.startsWith("/api")) return errorResponse(c, err);
    console.error("[page] unexpected error", err);
    return c.text(c.get("t")?.("errors.INTERNAL") ?? "Internal error", 500);
  });
  return app;
}
