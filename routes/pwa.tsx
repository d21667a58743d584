/**
 * The installable app's two routes besides the manifest (routes/app.ts): the service worker at
 * the root (its scope is the whole site) and the offline page it caches. Neither reads the
 * session or the store: the offline page is the same for everyone (in the language of the
 * browser that installed the worker).
 */
import type { Hono } from "hono";
import type { AppEnv } from "../edge/http/context.ts";
import { manifest } from "../edge/render/assets.ts";
import { renderPage } from "../edge/render/page.tsx";
import { OFFLINE_PATH, serviceWorkerScript } from "../edge/render/service_worker.ts";

export function registerPwa(app: Hono<AppEnv>) {
  app.get("/sw.js", (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8");
    // browsers look for a new worker on every navigation; this keeps their HTTP cache out of it
    c.header("Cache-Control", "no-cache");
    return c.body(serviceWorkerScript(manifest()));
  });
  app.get(OFFLINE_PATH, (c) => {
    const t = c.get("t");
    return renderPage(
      c,
      { title: t("pwa.offlineTitle"), layout: "plain" },
      <main class="offline-page" data-testid="offline-page">
        <img src="/static/logo.svg" alt="" width="48" height="48" />
        <h1>{t("pwa.offlineTitle")}</h1>
        <p class="muted">{t("pwa.offlineText")}</p>
        <p>
          <a class="btn btn-primary" href="">{t("app.retry")}</a>
        </p>
      </main>,
    );
  });
}
