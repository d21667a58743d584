/** The operators' console pages under /admin (review queues, audit log). */
import type { Ctx } from "../../edge/platform/context.ts";
import { pickTexts } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import { renderPage } from "../../edge/render/page.tsx";
import AdminConsole, { ADMIN_TEXTS } from "../../islands/AdminConsole.tsx";
import { type Tab, TABS } from "../../islands/lib/admin.ts";
import type { PageDef } from "./types.ts";

/**
 * One island for every console page; the path only picks the first tab. The operator session
 * lives in the browser tab (sessionStorage), so the server renders the same page to anyone:
 * the data behind it is guarded by the /api/admin routes.
 */
function consolePage(c: Ctx, tab: Tab) {
  const t = c.get("t");
  // Nothing here is for search engines, caches or other sites' frames.
  c.header("X-Robots-Tag", "noindex, nofollow");
  return renderPage(
    c,
    { title: t("admin.title"), layout: "plain" },
    <>
      {/* The console's own styles (CSP allows same-origin stylesheets, not inline styles). */}
      <link rel="stylesheet" href="/static/admin.css" />
      <main class="admin" id="main">
        <Island
          name="AdminConsole"
          of={AdminConsole}
          props={{ tx: pickTexts(t, ADMIN_TEXTS), tab }}
        />
      </main>
    </>,
  );
}

export const adminPages: PageDef[] = [
  { path: "/admin", layout: "any", public: true, render: (c) => consolePage(c, "recharges") },
  ...TABS.map((tab): PageDef => ({
    path: `/admin/${tab}`,
    layout: "any",
    public: true,
    render: (c) => consolePage(c, tab),
  })),
];
