import type { Hono } from "hono";
import { DevOutboxSender } from "../../edge/customers/sender.ts";
import type { AppEnv } from "../../edge/http/context.ts";
import { layoutOfPath } from "../../edge/platform/device.ts";
import { peerAddress, sessionOf } from "../../edge/http/middleware.ts";
import { hasForwardingHeaders, isLoopback } from "../../edge/platform/clientip.ts";
import { renderPage } from "../../edge/render/page.tsx";
import { desktopPages } from "./pc.tsx";
import { contentPages } from "./content.tsx";
import { pendingPages } from "./pending.tsx";
import { wealthPages } from "./wealth.tsx";
import { liabilitiesPages } from "./liabilities.tsx";
import type { PageDef } from "./types.ts";
import { mobilePages } from "./wp.tsx";
import { assetPages } from "./assets.tsx";
import { marketPages } from "./market.tsx";
import { tradingPages } from "./trading.tsx";
import { adminPages } from "./admin.tsx";
import { fundsPages } from "./funds.tsx";
import { messagePages } from "./messages.tsx";
import { notificationPages } from "./notifications.tsx";
import { securityPages } from "./security.tsx";
import { limitsPages } from "./limits.tsx";
import { hubPages } from "./hub.tsx";
import { demoPage, liveOnly } from "./demo.tsx";
import { verifyPages } from "./settlements.tsx";
import { notFoundPage } from "./not_found.tsx";

export { notFoundPage };

const neutralPages: PageDef[] = [
  demoPage,
];

export const ALL_PAGES: PageDef[] = [
  ...mobilePages,
  ...desktopPages,
  ...assetPages,
  ...marketPages,
  ...tradingPages,
  ...fundsPages,
  ...messagePages,
  ...notificationPages,
  ...securityPages,
  ...limitsPages,
  ...hubPages,
  ...adminPages,
  ...wealthPages,
  ...liabilitiesPages,
  ...pendingPages,
  ...contentPages,
  ...verifyPages,
  ...neutralPages,
].map(liveOnly);

/**
 * Register every page with the navigation guard: a closed site shows the site-closed page
 * (except 404); mobile pages need a session unless exempt; desktop pages have no guard.
 */
export function registerPages(app: Hono<AppEnv>) {
  // Device redirects. A visitor on the other layout's routes goes to the root.
  app.get("/", (c) => c.redirect(c.get("mobile") ? "/m" : "/pc", 302));
  app.use("*", async (c, next) => {
    const layout = layoutOfPath(c.req.path);
    if (layout && (layout === "wp") !== c.get("mobile")) return c.redirect("/", 302);
    return await next();
  });
  app.get("/m", (c) => c.redirect("/wp/home", 302));
  app.get("/wp", (c) => c.redirect("/wp/home", 302));
  app.get("/pc", (c) => c.redirect("/pc/home", 302));
  app.get("/pc/userCenter", (c) => c.redirect("/pc/userCenter/certify", 302));
  app.get(
    "/pc/userAction",
    async (c) => c.redirect((await sessionOf(c)) ? "/pc/home" : "/pc/user/login", 302),
  );

  for (const def of ALL_PAGES) {
    app.get(def.path, async (c) => {
      const is404 = def.path === "/wp/404";
      // the operators' console stays reachable while the site is closed for maintenance
      const closed = c.get("tenant").isClose === "Y" && !def.path.startsWith("/admin");
      if (closed && !is404) return notFoundPage(c, true);
      if (def.reads) c.set("privateReads", (uid) => def.reads!(c, uid));
      // (a load that fails is the render's to report; a page that redirects never awaits it)
      for (const p of def.publicData?.(c) ?? []) p.catch(() => {});
      const session = await sessionOf(c, def.prefetch?.(c), true);
      if (def.layout === "wp" && !def.public && !session) {
        return c.redirect(`/wp/user/login?redirect=${encodeURIComponent(c.req.path)}`, 302);
      }
      if (session) {
        const t = c.get("tenant").id, deps = c.get("deps");
        // both read with the session (prefetched): no round trip of their own
        const [unread, standing] = await Promise.all([
          deps.messages.unread(t, session.userId),
          deps.standings.read(t, session.owner),
        ]);
        const minutes = deps.standings.reminderMinutes(standing);
        c.set("unread", unread);
        c.set("standing", standing);
        c.set("reminder", minutes ? { startedAt: session.startedAt, minutes } : undefined);
      }
      return await def.render(c, session);
    });
  }

  // Development SMS outbox: only while the dev sender is chosen, and only for a browser on this
  // machine (codes in it would let anyone take over an account): the socket peer must be
  // loopback and the request must carry no forwarding header, so nothing relayed by a proxy on
  // this host (which would itself connect from loopback) is answered, whatever TRUST_PROXY says.
  app.get("/dev/outbox", async (c) => {
    const sender = c.get("deps").sender;
    if (
      !(sender instanceof DevOutboxSender) || !isLoopback(peerAddress(c)) ||
      hasForwardingHeaders(c.req.raw.headers)
    ) return notFoundPage(c);
    const items = await sender.list(c.get("tenant").id);
    if (c.req.query("format") === "json") {
      c.header("Cache-Control", "no-store");
      return c.json({ code: 0, message: "ok", data: { items } });
    }
    const t = c.get("t");
    return renderPage(
      c,
      { title: t("page.outbox"), layout: "plain" },
      (
        <main class="plain" id="main">
          <h1>{t("page.outbox")}</h1>
          <p class="muted">{t("outbox.intro")}</p>
          {items.length === 0 ? <p>{t("outbox.empty")}</p> : (
            <div class="scroll-x">
              <table class="table" data-testid="outbox">
                <thead>
                  <tr>
                    <th>{t("outbox.phone")}</th>
                    <th>{t("outbox.code")}</th>
                    <th>{t("outbox.purpose")}</th>
                    <th>{t("outbox.sentAt")}</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((i) => (
                    <tr>
                      <td>{i.phone}</td>
                      {i.code ? <td class="code">{i.code}</td> : (
                        <td class="muted">
                          {t(
                            i.note === "no-account"
                              ? "outbox.noAccount"
                              : "outbox.alreadyRegistered",
                          )}
                        </td>
                      )}
                      <td>{t(`outbox.${i.purpose}`)}</td>
                      <td>{new Date(i.sentAt).toISOString().replace("T", " ").slice(0, 19)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </main>
      ),
    );
  });
}
