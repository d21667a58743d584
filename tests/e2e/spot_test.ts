import { devices } from "playwright-core";
import { assertEquals, assertMatch } from "../assert.ts";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { startServer } from "../server.ts";
import { E2E, launch, shot } from "./browser.ts";

for (const layout of ["mobile", "desktop"] as const) {
  Deno.test({
    name: `spot: buy at market, limit sell and cancel (${layout})`,
    ...E2E,
    async fn() {
      const srv = await startServer({ seed: true });
      const browser = await launch();
      try {
        const login = await srv.call("/api/login", {
          body: { phone: "+12025550123", password: "Demo-2026" },
        });
        const token = login.headers.get("authorization")!;
        await srv.deps.market.tape.ingest({
          symbol: "BTCUSDT",
          time: Date.now(),
          price: parseDecimal("60000"),
          qty: 1n,
        });
        const ctx = await browser.newContext(
          layout === "mobile" ? { ...devices["Pixel 7"] } : {
            viewport: { width: 1366, height: 1000 },
            userAgent:
              "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36",
          },
        );
        await ctx.addCookies([{ name: "tw_session", value: token, url: srv.base }]);
        await ctx.addInitScript((tk) => localStorage.setItem("Authorization", tk), token);
        const page = await ctx.newPage();
        const errors: string[] = [];
        page.on("pageerror", (e) => errors.push(e.message));
        await page.goto(srv.base + (layout === "mobile" ? "/wp/product/bibi" : "/pc/trade/bibi"));
        await page.waitForSelector('tw-island[data-name="SpotTicket"][data-hydrated]');
        await page.locator("#qty").fill("0.01");
        assertMatch(
          await page.getByTestId("spot-estimate").innerText(),
          /600\.00 USDT, fee 0\.60 USDT/,
        );
        await page.getByRole("button", { name: "Place order" }).click();
        await page.getByRole("button", { name: "Confirm" }).click();
        await page.locator("#toast").getByText("Order placed").waitFor();
        await page.getByRole("button", { name: "Sell", exact: true }).click();
        await page.getByRole("button", { name: "Limit", exact: true }).click();
        await page.locator("#price").fill("65000");
        await page.locator("#qty").fill("0.2");
        await page.getByRole("button", { name: "Place order" }).click();
        await page.getByRole("button", { name: "Confirm" }).click();
        await page.locator('[data-testid="spot-orders"] li[data-status="open"]').waitFor();
        await page.screenshot({ path: shot(`${layout}-spot`), fullPage: true });
        await page.getByRole("button", { name: "Cancel order" }).click();
        // cancelling asks first; a cancelled order moves from the open orders to the history
        await page.getByTestId("spot-cancel-confirm").getByRole("button", { name: "Confirm" })
          .click();
        await page.locator('[data-testid="spot-history"] li[data-status="cancelled"]').waitFor();
        assertEquals(await page.locator('[data-testid="spot-orders"] li').count(), 0);
        const filled = await srv.call<{ items: unknown[] }>("/api/spot/orders?status=filled", {
          token,
        });
        assertEquals(filled.body.data.items.length, 1);
        assertEquals(errors, []);
        await ctx.close();
      } finally {
        await browser.close();
        await srv.close();
      }
    },
  });
}
