/**
 * Screens with figures in en, de and zh-CN, phone (390 px) and desktop: the leveraged ticket with
 * a pending order and a holding position, positions, spot orders, assets. Screenshots go to
 * tests/e2e/screenshots/; no page may scroll sideways or throw.
 */
import { devices } from "playwright-core";
import { assert, assertEquals } from "../assert.ts";
import { shot } from "./browser.ts";
import { browserTest, demoToken, freshTick, watchedPage } from "./session.ts";

browserTest(
  "figures screens in en, de and zh-CN on a phone and a desktop",
  async (srv, browser) => {
    const token = await demoToken(srv);
    const tick = (price: string) => freshTick(srv, price);
    await tick("60000");
    const order = (body: Record<string, unknown>, path = "/api/contract/order") =>
      srv.call(path, { token, body, headers: { "Idempotency-Key": crypto.randomUUID() } });
    const base = { symbol: "BTCUSDT", lots: 10, leverage: 10 };
    await order({ ...base, side: "short", type: "limit", price: "61000" });
    await order({ ...base, side: "long", type: "market" });
    const closing = await order({ ...base, side: "long", type: "market" });
    await tick("60512.5");
    await order(
      {},
      `/api/contract/positions/${(closing.body.data as { orderNo: string }).orderNo}/close`,
    );
    await order(
      { symbol: "BTCUSDT", side: "buy", type: "market", qty: "0.01" },
      "/api/spot/order",
    );
    await order(
      { symbol: "BTCUSDT", side: "sell", type: "limit", qty: "0.2", price: "65000" },
      "/api/spot/order",
    );
    for (const locale of ["en", "de", "zh-CN"]) {
      for (const layout of ["mobile", "desktop"] as const) {
        const ctx = await browser.newContext(
          layout === "mobile"
            ? { ...devices["iPhone 12"], viewport: { width: 390, height: 844 } }
            : { viewport: { width: 1366, height: 900 } },
        );
        await ctx.addCookies([
          { name: "tw_session", value: token, url: srv.base },
          { name: "wplocale", value: locale, url: srv.base },
        ]);
        await ctx.addInitScript((tk) => localStorage.setItem("Authorization", tk), token);
        const { page, errors } = await watchedPage(ctx);
        const screens = layout === "mobile"
          ? {
            future: "/wp/product/leveragedDeals?symbol=BTCUSDT",
            positions: "/wp/positions/heyue",
            closed: "/wp/positions/heyue?tab=closed",
            spot: "/wp/product/bibi?symbol=BTCUSDT",
            spotList: "/wp/product/bibi/list",
            assets: "/wp/trade/property",
          }
          : {
            future: "/pc/trade/future?symbol=BTCUSDT",
            spot: "/pc/trade/bibi?symbol=BTCUSDT",
            assets: "/pc/userCenter/property",
          };
        for (const [name, path] of Object.entries(screens)) {
          await page.goto(srv.base + path);
          await page.waitForLoadState("networkidle");
          await page.screenshot({
            path: shot(`figures-${layout}-${name}-${locale}`),
            fullPage: true,
          });
          const [scroll, client] = await page.evaluate(() => [
            document.documentElement.scrollWidth,
            document.documentElement.clientWidth,
          ]);
          assert(scroll <= client, `${path} (${locale}, ${layout}) scrolls sideways`);
        }
        assertEquals(errors, []);
        await ctx.close();
      }
    }
  },
);
