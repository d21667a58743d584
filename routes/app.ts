import { Hono } from "hono";
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv, Deps } from "../edge/http/context.ts";
import { errorResponse, fieldsFromZod } from "../edge/http/envelope.ts";
import { DomainError } from "../edge/platform/errors.ts";
import { isBusyError } from "../edge/platform/kv_contention.ts";
import {
  bodyBounds,
  platform,
  requestTelemetry,
  roundTrips,
  securityHeaders,
} from "../edge/http/middleware.ts";
import { compression } from "../edge/platform/compression.ts";
import { accountsApi } from "./api/customers.ts";
import { adminApi } from "./api/admin.ts";
import { fundsApi } from "./api/funds.ts";
import { identityApi, serveImage } from "./api/identity.ts";
import { messagesApi } from "./api/messages.ts";
import { notificationsApi } from "./api/notifications.ts";
import { MAX_UPLOAD_BYTES } from "../edge/uploads/sanitize.ts";
import { walletsApi } from "./api/wallets.ts";
import { privacyApi } from "./api/privacy.ts";
import { limitsApi } from "./api/limits.ts";
import { marketApi } from "./api/market.ts";
import { tapeApi } from "./api/tape.ts";
import { tradingApi } from "./api/trading.ts";
import { wealthApi } from "./api/wealth.ts";
import { demoApi } from "./api/demo.ts";
import { proposalsApi } from "./api/admin_proposals.ts";
import { customersApi } from "./api/admin_customers.ts";
import { settingsApi } from "./api/admin_settings.ts";
import { operatorsApi } from "./api/admin_operators.ts";
import { platformApi } from "./api/platform.ts";
import { contentApi } from "./api/content.ts";
import { settlementsApi } from "./api/settlements.ts";
import { liabilitiesApi } from "./api/liabilities.ts";
import { checkpointsApi } from "./api/checkpoints.ts";
import { pushApi } from "./api/push.ts";
import { supportApi } from "./api/support.ts";
import { liveApi } from "./api/admin_live.ts";
import { AUTH_ERRORS, err, imageReply } from "./api/openapi.ts";
import { publishDocument } from "./api/doc.ts";
import { auditRefusals } from "../edge/http/operator_auth.ts";
import { notFoundPage, registerPages } from "./pages/mod.tsx";
import { serveStatic } from "./static.ts";
import { registerSocket } from "./ws.ts";
import { registerHealth } from "./health.ts";
import { registerPwa } from "./pwa.tsx";
import type { Lease } from "../edge/platform/lease.ts";

/** The /api sub-application: envelope, zod validation, OpenAPI document. */
export function createApi() {
  const api = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw new DomainError("VALIDATION", {}, fieldsFromZod(result.error));
    },
  });
  api.use("*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  });
  // refused privileged attempts of operators are audited (edge/operators/refusals.ts)
  api.use("/admin/*", auditRefusals());
  api.route("/", platformApi);
  api.route("/", accountsApi);
  api.route("/", walletsApi);
  api.route("/", privacyApi);
  api.route("/", limitsApi);
  api.route("/", marketApi);
  api.route("/", tapeApi);
  api.route("/", tradingApi);
  api.route("/", adminApi);
  api.route("/", fundsApi);
  api.route("/", identityApi);
  api.route("/", messagesApi);
  api.route("/", notificationsApi);
  api.route("/", wealthApi);
  api.route("/", demoApi);
  api.route("/", proposalsApi);
  api.route("/", customersApi);
  api.route("/", settingsApi);
  api.route("/", operatorsApi);
  api.route("/", contentApi);
  api.route("/", supportApi);
  api.route("/", settlementsApi);
  api.route("/", liabilitiesApi);
  api.route("/", checkpointsApi);
  api.route("/", pushApi);
  api.route("/", liveApi);
  api.get("/image/:id", serveImage);
  api.openAPIRegistry.registerPath({
    method: "get",
    path: "/image/{id}",
    tags: ["identity"],
    summary: "Uploaded image bytes (not enveloped): the owner and operators reviewing it only",
    security: [{ customerToken: [], appKey: [] }, { operatorToken: [], appKey: [] }],
    request: { params: z.object({ id: z.string() }) },
    responses: {
      ...imageReply("the image, as stored (re-encoded without metadata)"),
      ...AUTH_ERRORS,
      404: err("not the caller's image (or no such image)"),
    },
  });
  publishDocument(api, "/doc");
  return api;
}

/** The app of a `web` or `all` process; `leases`: those its readiness depends on (`all`). */
export function createApp(deps: Deps, leases: Lease[] = []) {
  const app = new Hono<AppEnv>();
  app.use("*", requestTelemetry());
  app.use("*", roundTrips(deps.config.production));
  registerHealth(app, deps, leases);
  app.use("*", securityHeaders());
  // HTML and JSON compressed when asked; static files come pre-compressed (routes/static.ts)
  app.use("*", compression());
  app.use("*", platform(deps));
  // every body is read here within a deadline and a size (slow clients, edge/http/middleware.ts)
  const uploads = { // image uploads (multipart): the image bound plus the form overhead
    maxBytes: MAX_UPLOAD_BYTES + 64 * 1024,
    tooLarge: () => new DomainError("IMAGE_TOO_LARGE", { mb: 5 }),
  };
  const small = {
    maxBytes: deps.config.maxBodyBytes,
    tooLarge: () => new DomainError("PAYLOAD_TOO_LARGE"),
  };
  const imagePaths = new Set(["/api/upload", "/api/admin/content/image"]);
  app.use("*", bodyBounds(deps.config.bodyTimeoutMs, (p) => imagePaths.has(p) ? uploads : small));
  if (deps.config.logRequests) {
    app.use("*", async (c, next) => {
      const t0 = performance.now();
      await next();
      console.log(
        `${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - t0).toFixed(1)}ms`,
      );
    });
  }
  app.route("/api", createApi());
  registerSocket(app, deps.hub);
  app.get("/static/*", serveStatic);
  // the web app manifest (install on phones): the tenant's name, start at the mobile home
  app.get("/manifest.webmanifest", (c) => {
    const tenant = c.get("tenant");
    c.header("Content-Type", "application/manifest+json; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(JSON.stringify({
      name: tenant.name,
      short_name: tenant.name.slice(0, 12),
      description: c.get("t")("app.tagline"),
      lang: c.get("locale"),
      id: "/wp/home",
      start_url: "/wp/home",
      scope: "/",
      display: "standalone",
      orientation: "portrait",
      background_color: "#0b0e14",
      theme_color: "#0b0e14",
      icons: [
        { src: "/static/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/static/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        {
          src: "/static/icons/icon-512.png",
          sizes: "512x512",
          type: "image/png",
          purpose: "maskable",
        },
      ],
    }));
  });
  registerPwa(app);
  registerPages(app);
  app.notFound((c) =>
    c.req.path.startsWith("/api/") || c.req.path === "/api"
      ? errorResponse(c, new DomainError("NOT_FOUND"))
      : notFoundPage(c)
  );
  app.onError((err, c) => {
    if (c.req.path.startsWith("/api")) return errorResponse(c, err);
    if (isBusyError(err)) {
      // contention between instances: "busy, try again", never a 500
      c.header("Retry-After", "1");
      return c.text(c.get("t")?.("errors.STORE_BUSY") ?? "Busy, please try again", 503);
    }
    console.error("[page] unexpected error", err);
    return c.text(c.get("t")?.("errors.INTERNAL") ?? "Internal error", 500);
  });
  return app;
}

/** The app of a `core` process: its health only (it serves no pages, `/api` or sockets). */
export function createCoreApp(deps: Deps, leases: Lease[]) {
  const app = new Hono<AppEnv>();
  registerHealth(app, deps, leases);
  app.all("*", (c) => c.json({ status: "core serves only /health/live and /health/ready" }, 404));
  return app;
}
