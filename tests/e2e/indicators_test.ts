/**
 * Chart indicators in Chromium: volume and MA by default, MACD in a second pane on a tap,
 * periods edited (and refused when the core would refuse them), choices remembered across a
 * reload; screenshots at 390 and 1366 px in en, de, zh-CN and th without sideways scrolling.
 */
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { E2E, launch, shot } from "./browser.ts";
import { customerPage, demoToken, startE2eServer, tickAt } from "./session.ts";
import { devices, type Page } from "playwright-core";

const chart = '[data-testid="chart"]';
const ready = (page: Page) => page.waitForSelector(`${chart}[data-state="ready"]`);
const legendText = (page: Page) => page.getByTestId("chart-legend").innerText();

Deno.test({
  name: "chart indicators: two indicators drawn by the core, periods edited, choices remembered",
  ...E2E,
  async fn(t) {
    const srv = await startE2eServer({ seed: true });
    const browser = await launch();
    try {
      // three hours of trades, three a minute (a seeded walk): 36 five-minute candles, enough
      // for every indicator's warm-up (MACD's DEA needs 34)
      let seed = 11, cents = 2_700_000;
      const start = srv.deps.now();
      for (let i = 0; i < 540; i++) {
        seed = (seed * 48_271) % 2_147_483_647;
        cents += Math.round((seed / 2_147_483_647 - 0.5) * 4_000);
        await tickAt(srv, start + i * 20_000, (cents / 100).toFixed(2));
      }
      const token = await demoToken(srv);
      const phone = { ...devices["iPhone 12"], viewport: { width: 390, height: 844 } };
      const { ctx, page, errors } = await customerPage(srv, browser, phone, { token });

      await t.step("by default: volume bars and MA(5) from the core, one pane", async () => {
        await page.goto(srv.base + "/wp/product/detail/BTCUSDT");
        await page.getByRole("button", { name: "5m", exact: true }).click();
        await ready(page);
        await page.waitForSelector(`${chart}[data-core="ready"]`);
        assertEquals(await page.locator(chart).getAttribute("data-indicators"), "vol ma");
        await page.getByTestId("chart-legend").getByText("MA(5)").waitFor();
        assertMatch(await legendText(page), /MA\(5\)\s+[\d,]+\.\d{2}/);
        assertEquals(await page.locator(chart).getAttribute("data-panes"), "1");
      });

      await t.step("MACD in a second pane beside MA on the price", async () => {
        await page.getByRole("button", { name: "MACD", exact: true }).click();
        await page.waitForSelector(`${chart}[data-panes="2"]`);
        assertEquals(await page.locator(chart).getAttribute("data-indicators"), "vol ma macd");
        assertMatch(await legendText(page), /MACD\(12,26,9\) DIF\s+-?[\d,]+\.\d{2}/);
        assertMatch(await legendText(page), /MA\(5\)/);
        assertEquals(
          await page.getByRole("button", { name: "MACD", exact: true }).getAttribute(
            "aria-pressed",
          ),
          "true",
        );
      });

      await t.step(
        "periods: a setting the core refuses is refused, a valid one applied",
        async () => {
          await page.getByRole("button", { name: "Periods" }).click();
          const form = page.getByTestId("chart-settings");
          await form.locator('input[name="macd.fast"]').fill("30");
          await form.getByRole("button", { name: "Apply" }).click();
          await form.getByRole("alert").getByText("Use whole numbers from 1 to 1,000").waitFor();
          await form.locator('input[name="macd.fast"]').fill("12");
          await form.locator('input[name="ma.period"]').fill("10");
          await form.getByRole("button", { name: "Apply" }).click();
          await page.getByTestId("chart-legend").getByText("MA(10)").waitFor();
          await page.screenshot({ path: shot("indicators-mobile-ma-macd"), fullPage: true });
        },
      );

      await t.step("the choices are remembered across a reload", async () => {
        await page.reload();
        await ready(page);
        await page.waitForSelector(`${chart}[data-panes="2"]`);
        assertEquals(await page.locator(chart).getAttribute("data-indicators"), "vol ma macd");
        await page.getByTestId("chart-legend").getByText("MA(10)").waitFor();
        await page.getByRole("button", { name: "MACD", exact: true }).click();
        await page.waitForSelector(`${chart}[data-panes="1"]`);
      });
      assertEquals(errors, []);
      await ctx.close();

      await t.step(
        "screenshots: 390 and 1366 px, en/de/zh-CN/th, nothing scrolls sideways",
        async () => {
          for (const locale of ["en", "de", "zh-CN", "th"]) {
            for (const layout of ["mobile", "desktop"] as const) {
              const { ctx: c, page: p, errors: errs } = await customerPage(
                srv,
                browser,
                layout === "mobile" ? phone : { viewport: { width: 1366, height: 900 } },
                { token, locale },
              );
              // the overlays and the pane a customer might pick together, remembered from before
              await c.addInitScript(() =>
                localStorage.setItem(
                  "tw-chart-indicators",
                  JSON.stringify({ vol: true, overlays: ["ema", "boll"], lower: "kdj" }),
                )
              );
              await p.goto(
                srv.base +
                  (layout === "mobile"
                    ? "/wp/product/detail/BTCUSDT"
                    : "/pc/trade/future?symbol=BTCUSDT"),
              );
              await p.locator(".chart-tabs button").nth(1).click(); // 5m candles
              await ready(p);
              await p.waitForSelector(`${chart}[data-panes="2"]`);
              assertMatch(await legendText(p), /KDJ\(9,3,3\) K/);
              await p.locator(".ind-settings").click();
              await p.getByTestId("chart-settings").waitFor();
              await p.screenshot({ path: shot(`indicators-${layout}-${locale}`), fullPage: true });
              const [scroll, client] = await p.evaluate(() => [
                document.documentElement.scrollWidth,
                document.documentElement.clientWidth,
              ]);
              assert(scroll <= client, `${locale} ${layout} scrolls sideways`);
              assertEquals(errs, []);
              await c.close();
            }
          }
        },
      );
    } finally {
      await browser.close();
      await srv.close();
    }
  },
});
