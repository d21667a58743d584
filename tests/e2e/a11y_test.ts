import axe from "axe-core";
import { assertEquals } from "../assert.ts";
import { registerUser } from "../server.ts";
import { E2E, launch } from "./browser.ts";
import { PHONE, startE2eServer } from "./session.ts";

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

Deno.test({
  name: "accessibility: axe finds no serious or critical violations on the main screens",
  ...E2E,
  async fn() {
    const srv = await startE2eServer();
    const { token } = await registerUser(srv, "+12025550196");
    const browser = await launch();
    try {
      const found: string[] = [];
      const check = async (
        opts: Parameters<typeof browser.newContext>[0],
        paths: string[],
      ) => {
        const ctx = await browser.newContext(opts);
        await ctx.addCookies([{ name: "tw_session", value: token, url: srv.base }]);
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
            if (v.impact === "serious" || v.impact === "critical") {
              found.push(
                `${path}: ${v.id} (${v.impact}) ${v.help} @ ${v.nodes[0]?.target.join(" ")}`,
              );
            }
          }
        }
        await ctx.close();
      };
      await check(PHONE, [
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
        "/wp/404",
        "/wp/news/noticeDetail",
        "/wp/help/center",
        "/wp/kefu",
        "/page/rates",
        "/page/agreement",
        "/page/coinApply",
        "/page/download",
      ]);
      await check({
        viewport: { width: 1366, height: 860 },
        userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36",
      }, [
        "/pc/home",
        "/pc/user/login",
        "/pc/userCenter/security",
        "/pc/market",
        "/pc/trade/future?symbol=ETHUSDT",
        "/pc/article/message",
        "/pc/article/notice/detail",
        "/pc/kefu",
        "/page/rates",
        "/page/terms",
      ]);
      assertEquals(found, []);
    } finally {
      await browser.close();
      await srv.close();
    }
  },
});
