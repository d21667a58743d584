/**
 * Fairness in the browser: from the fast-contract ticket a customer opens the published outcomes
 * of the last 30 days (the rates page), counted from the contracts settled on the tape.
 */
import { assert, assertEquals } from "../assert.ts";
import { signIn, tick } from "../server.ts";
import { shot } from "./browser.ts";
import { browserTest, customerPage, type Layout, layoutBrowser } from "./session.ts";

browserTest(
  "fairness: the fast ticket links to the outcomes of the last 30 days",
  async (srv, browser, t) => {
    const token = await signIn(srv);
    await tick(srv, "60000");
    for (const direction of ["up", "down", "up"]) {
      const r = await srv.call("/api/fast/order", {
        token,
        body: { symbol: "BTCUSDT", direction, duration: 30, stake: "20" },
      });
      assertEquals(r.body.code, 0);
    }
    for (let i = 1; i <= 8; i++) await tick(srv, String(60000 + i * 5), 5000);
    for (
      const [layout, locale, path] of [
        ["mobile", "de", "/wp/product/order?symbol=BTCUSDT"],
        ["desktop", "zh-CN", "/pc/trade/fast?symbol=BTCUSDT"],
        ["mobile", "en", "/wp/product/order?symbol=BTCUSDT"],
      ] as const
    ) {
      await t.step(`${layout} ${locale}`, async () => {
        const { page, ctx } = await customerPage(srv, browser, layoutBrowser(layout as Layout), {
          locale,
        });
        await page.goto(srv.base + path);
        await page.getByTestId("fairness-link").click();
        const table = page.getByTestId("rates-fairness");
        await table.waitFor();
        const row = table.locator("tbody tr").first();
        const text = await row.innerText();
        assert(text.includes("BTCUSDT"), text);
        // 2 won, 1 lost of 3 (the price rose)
        assert(/66[.,]67|66[.,]7/.test(text), text);
        await table.scrollIntoViewIfNeeded();
        await page.screenshot({ path: shot(`fairness-${layout}-${locale}`) });
        await ctx.close();
      });
    }
  },
);
