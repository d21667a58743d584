import type { ComponentChildren } from "preact";
import { renderToString } from "preact-render-to-string";
import type { Ctx } from "../http/context.ts";
import { HASH_ROUTE_SCRIPT } from "../http/middleware.ts";
import { manifest } from "./assets.ts";
import { collectIslands } from "./island.tsx";
import { withDisplay } from "../../locales/format.ts";

export interface PageMeta {
  title: string;
  layout: "wp" | "pc" | "plain";
  status?: 200 | 404 | 503;
}

/** Render a full HTML document. Only pages that contain islands load the boot script. */
export function renderPage(c: Ctx, meta: PageMeta, body: ComponentChildren): Response {
  // Islands rendered here format numbers and times as the browser will (language, time zone).
  const { result: html, islands } = withDisplay(
    c.get("locale"),
    c.get("timeZone"),
    () => collectIslands(() => renderToString(<>{body}</>)),
  );
  const m = manifest();
  const head = renderToString(
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
      <meta name="color-scheme" content="dark" />
      <meta name="theme-color" content="#0b0e14" />
      <title>{`${meta.title} · ${c.get("tenant").name}`}</title>
      <link rel="icon" href="/static/logo.svg" type="image/svg+xml" />
      {meta.layout !== "plain" && <link rel="manifest" href="/manifest.webmanifest" />}
      {meta.layout !== "plain" && <link rel="apple-touch-icon" href="/static/icons/icon-180.png" />}
      <meta name="mobile-web-app-capable" content="yes" />
      <meta name="apple-mobile-web-app-capable" content="yes" />
      {m && <link rel="stylesheet" href={m.base + m.css} />}
      {
        // deno-lint-ignore react-no-danger
        <script dangerouslySetInnerHTML={{ __html: HASH_ROUTE_SCRIPT }} />
      }
      {m && islands.length > 0 && (
        <>
          <script type="module" src={m.base + m.boot} />
          {islands.filter((n) => m.islands[n]).map((n) => (
            <link rel="modulepreload" href={m.base + m.islands[n]} />
          ))}
        </>
      )}
    </head>,
  );
  // a signed-in page: where its socket resumes the private channel (islands/lib/socket.ts)
  const ev = c.get("eventPlace");
  const place = ev ? ` data-ev-base="${ev.base}" data-ev-at="${ev.at}"` : "";
  const doc = `<!doctype html><html lang="${
    c.get("locale")
  }" class="dark" data-layout="${meta.layout}" data-app-key="${
    c.get("tenant").id
  }"${place}>${head}<body>${html}</body></html>`;
  c.header("Cache-Control", "no-store");
  c.header("Vary", "Cookie, Accept-Language, User-Agent, Sec-CH-UA-Mobile");
  c.header("Accept-CH", "Sec-CH-UA-Mobile");
  return c.html(doc, meta.status ?? 200);
}
