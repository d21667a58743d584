/**
 * The leveraged ticket shows the leverage brackets, marks the order's bracket and the maximum
 * leverage for the entered size; its leverage slider stops there (mobile and desktop; en, de,
 * zh-CN screenshots).
 */
import { devices } from "playwright-core";
import { assert, assertEquals } from "../assert.ts";
import { shot } from "./browser.ts";
import { browserTest, demoToken, freshTick, watchedPage } from "./session.ts";

for (const layout of ["mobile", "desktop"] as const) {
  browserTest(
    `leveraged ticket: brackets and the max leverage for the size (${layout})`,
    async (srv, browser) => {
      const token = await demoToken(srv);
      await freshTick(srv, "60000", "BTCUSDT", 1_000_000n);
      for (const lang of ["en", "de", "zh-CN"]) {
        const ctx = await browser.newContext(
          layout === "mobile" ? { ...devices["Pixel 7"], locale: lang } : {
            viewport: { width: 1366, height: 1000 },
            locale: lang,
            userAgent:
              "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36",
          },
        );
        await ctx.addCookies([
          { name: "tw_session", value: token, url: srv.base },
          { name: "wplocale", value: lang, url: srv.base },
        ]);
        await ctx.addInitScript((tk) => localStorage.setItem("Authorization", tk), token);
        const { page, errors } = await watchedPage(ctx);
        await page.goto(
          srv.base +
            (layout === "mobile"
              ? `/wp/product/leveragedDeals?symbol=BTCUSDT`
              : `/pc/trade/future?symbol=BTCUSDT`),
        );
        await page.waitForSelector('tw-island[data-name="ContractTicket"][data-hydrated]');
        // 1 lot: the first bracket (100x)
        assert((await page.getByTestId("bracket-max").innerText()).includes("100x"));
        await page.getByTestId("leverage-stops").getByRole("button", { name: "100x" }).click();
        await page.locator("#lots").fill("1000"); // 60,000 USDT: up to 50x
        const max = page.getByTestId("bracket-max");
        assert((await max.innerText()).includes("50x"), await max.innerText());
        // the slider stops at the bracket: 100x is shown but not offered, 50x is what is used
        const stops = page.getByTestId("leverage-stops");
        assertEquals(await stops.getByRole("button", { name: "100x" }).isDisabled(), true);
        assertEquals(
          await stops.getByRole("button", { name: "50x" }).getAttribute("aria-pressed"),
          "true",
        );
        assertEquals(await max.getAttribute("class"), "small muted");
        await page.locator(".brackets summary").click();
        assertEquals(
          await page.locator('.brackets tr[aria-current="true"] td').first().innerText(),
          await page.locator(".brackets tbody tr").nth(1).locator("td").first().innerText(),
        );
        await page.getByTestId("brackets").scrollIntoViewIfNeeded();
        await page.screenshot({ path: shot(`${layout}-brackets-${lang}`), fullPage: false });
        // a smaller size offers 100x again
        await page.locator("#lots").fill("1");
        assertEquals(await stops.getByRole("button", { name: "100x" }).isDisabled(), false);
        assertEquals(errors, []);
        await ctx.close();
      }
    },
  );
}
