import { assert, assertEquals, assertMatch } from "../assert.ts";
import { E2E, launch, shot } from "./browser.ts";
import { customerPage, hydrated, PHONE, startE2eServer } from "./session.ts";

Deno.test({
  name: "market: live quotes, chart updates, watch list on mobile; chart and quotes on desktop",
  ...E2E,
  async fn(t) {
    const srv = await startE2eServer({ seed: true, feed: true });
    const browser = await launch();
    try {
      await new Promise((r) => setTimeout(r, 1500)); // let the simulated feed trade a little
      const { ctx, page, errors } = await customerPage(srv, browser, PHONE);

      await t.step("home shows recommended live quotes labelled as simulated", async () => {
        await page.goto(srv.base + "/wp/home");
        await page.getByTestId("feed-label").getByText("Simulated market data").waitFor();
        await hydrated(page, "LiveQuotes");
        assertEquals(await page.locator(".quotes-table tbody tr").count(), 3);
        await page.screenshot({ path: shot("mobile-home-quotes"), fullPage: true });
      });

      await t.step("product detail: the chart renders and moves with the tape", async () => {
        await page.goto(srv.base + "/wp/product/detail/BTCUSDT");
        const chart = page.getByTestId("chart");
        await page.waitForSelector('[data-testid="chart"][data-state="ready"]');
        assert(await chart.locator("canvas").count() > 0);
        const first = await chart.getAttribute("data-last");
        await page.waitForFunction(
          (v) => document.querySelector('[data-testid="chart"]')?.getAttribute("data-last") !== v,
          first,
          { timeout: 10_000 },
        );
        await page.screenshot({ path: shot("mobile-chart-line"), fullPage: true });
        await page.getByRole("button", { name: "5m", exact: true }).click();
        await page.waitForSelector('[data-testid="chart"][data-state="ready"]');
        await page.screenshot({ path: shot("mobile-chart-5m"), fullPage: true });
      });

      await t.step("watch list: add and remove a favourite", async () => {
        await page.goto(srv.base + "/wp/quotes/list");
        await hydrated(page, "LiveQuotes");
        assertEquals(await page.locator(".quotes-table tbody tr").count(), 6);
        await page.getByTestId("star-ETHUSDT").click();
        await page.locator("#toast").getByText("Added to the watch list").waitFor();
        await page.goto(srv.base + "/wp/quotes/list?tab=watch");
        await hydrated(page, "LiveQuotes");
        assertEquals(await page.locator(".quotes-table tbody tr").count(), 1);
        await page.screenshot({ path: shot("mobile-watchlist"), fullPage: true });
        await page.getByTestId("star-ETHUSDT").click();
        await page.getByTestId("quotes-empty").waitFor();
        await page.goto(srv.base + "/wp/quotes/list?tab=rising");
        await page.screenshot({ path: shot("mobile-rising"), fullPage: true });
      });
      assertEquals(errors, []);
      await ctx.close();

      await t.step("desktop: trade page chart area and market list", async () => {
        const d = await browser.newContext({
          viewport: { width: 1366, height: 900 },
          userAgent:
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36",
        });
        const p = await d.newPage();
        const errs: string[] = [];
        p.on("pageerror", (e) => errs.push(e.message));
        await p.goto(srv.base + "/pc/trade/fast?symbol=ETHUSDT");
        await p.waitForSelector('[data-testid="chart"][data-state="ready"]');
        assertMatch(await p.title(), /ETH\/USDT/);
        const before = await p.getByTestId("chart").getAttribute("data-last");
        await p.waitForFunction(
          (v) => document.querySelector('[data-testid="chart"]')?.getAttribute("data-last") !== v,
          before,
          { timeout: 10_000 },
        );
        await p.getByRole("button", { name: "1D", exact: true }).click();
        await p.waitForSelector('[data-testid="chart"][data-state="ready"]');
        await p.screenshot({ path: shot("desktop-trade-chart") });
        await p.goto(srv.base + "/pc/market?tab=watch");
        await p.getByTestId("login-prompt").waitFor();
        await p.goto(srv.base + "/pc/market");
        await p.waitForSelector('tw-island[data-name="LiveQuotes"][data-hydrated]');
        await p.screenshot({ path: shot("desktop-market") });
        assertEquals(errs, []);
        await d.close();
      });
    } finally {
      await browser.close();
      await srv.close();
    }
  },
});
