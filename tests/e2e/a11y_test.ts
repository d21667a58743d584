/**
 * The axe bar (issue 31): axe-core finds no critical, serious or moderate violation on the
 * customer pages of both layouts (signed in, as a customer sees them) and on every console
 * section (signed in as an operator whose roles open them all). One browser, one context per
 * layout, one server; the pages are listed here so a release note can name them.
 */
import axe from "axe-core";
import type { BrowserContextOptions } from "playwright-core";
import { assertEquals } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import { registerUser } from "../server.ts";
import { E2E, launch } from "./browser.ts";
import { DESKTOP_BROWSER_UA, PHONE, startE2eServer } from "./session.ts";

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** The impacts that fail the bar (axe's "minor" remains advice). */
const FAILING = ["critical", "serious", "moderate"];

/** The phone layout (/wp/...) and the pages both layouts share (/page/...). */
export const PHONE_PAGES = [
  "/wp/home",
  "/wp/user/login",
  "/wp/user/register",
  "/wp/user/userCenter",
  "/wp/user/language",
  "/wp/user/setSafe",
  "/wp/user/setSafe/twoFactor",
  "/wp/user/setSafe/devices",
  "/wp/user/setDrawPassword",
  "/wp/quotes/list",
  "/wp/product",
  "/wp/positions",
  "/wp/product/detail/BTCUSDT",
  "/wp/product/order?symbol=ETHUSDT&direction=down",
  "/wp/product/bibi?symbol=BTCUSDT",
  "/wp/product/gjmarket",
  "/wp/trade/transfer",
  "/wp/404",
  "/wp/news/noticeDetail",
  "/wp/help/center",
  "/wp/kefu",
  "/page/rates",
  "/page/agreement",
  "/page/coinApply",
  "/page/download",
];

/** The desktop layout (/pc/...), its trading tickets included. */
export const DESKTOP_PAGES = [
  "/pc/home",
  "/pc/user/login",
  "/pc/userCenter/security",
  "/pc/market",
  "/pc/trade/fast?symbol=BTCUSDT",
  "/pc/trade/future?symbol=ETHUSDT",
  "/pc/trade/bibi?symbol=BTCUSDT",
  "/pc/trade/exchange",
  "/pc/article/message",
  "/pc/article/notice/detail",
  "/pc/kefu",
  "/page/rates",
  "/page/terms",
];

/** Every console section (routes/pages/admin/frame.tsx SECTIONS) and the operator's account. */
export const CONSOLE_PAGES = [
  "/admin/recharges",
  "/admin/withdrawals",
  "/admin/certifications",
  "/admin/proposals",
  "/admin/customers",
  "/admin/support",
  "/admin/audit",
  "/admin/reports",
  "/admin/demo",
  "/admin/settings",
  "/admin/products",
  "/admin/content",
  "/admin/operators",
  "/admin/account",
];

const DESKTOP: BrowserContextOptions = {
  viewport: { width: 1366, height: 860 },
  userAgent: DESKTOP_BROWSER_UA,
};

Deno.test({
  name:
    "accessibility: axe finds no critical, serious or moderate violations on the customer pages of both layouts and every console section",
  ...E2E,
  async fn() {
    const srv = await startE2eServer({ seed: true });
    const { token } = await registerUser(srv, "+12025550196");
    const op = await operatorToken(srv);
    const browser = await launch();
    try {
      const found: string[] = [];
      const check = async (
        opts: BrowserContextOptions,
        cookie: { name: string; value: string },
        paths: string[],
      ) => {
        const ctx = await browser.newContext(opts);
        await ctx.addCookies([{ ...cookie, url: srv.base }]);
        const page = await ctx.newPage();
        for (const path of paths) {
          await page.goto(srv.base + path);
          await page.evaluate(axe.source);
          const violations = await page.evaluate(async () => {
            // deno-lint-ignore no-explicit-any
            const r = await (globalThis as any).axe.run(document, {
              resultTypes: ["violations"],
            });
            return r.violations as Violation[];
          });
          for (const v of violations) {
            if (FAILING.includes(v.impact ?? "")) {
              found.push(
                `${path}: ${v.id} (${v.impact}) ${v.help} @ ${
                  v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")
                }`,
              );
            }
          }
        }
        await ctx.close();
      };
      await check(PHONE, { name: "tw_session", value: token }, PHONE_PAGES);
      await check(DESKTOP, { name: "tw_session", value: token }, DESKTOP_PAGES);
      await check(
        { ...DESKTOP, viewport: { width: 1280, height: 900 } },
        { name: "tw_op", value: op.replace(/^Bearer /, "") },
        CONSOLE_PAGES,
      );
      assertEquals(found, []);
    } finally {
      await browser.close();
      await srv.close();
    }
  },
});
