import { assertEquals, assertMatch } from "../assert.ts";
import { shot } from "./browser.ts";
import { browserTest, customerPage, hydrated, layoutBrowser, quotesNow } from "./session.ts";

for (const layout of ["mobile", "desktop"] as const) {
  browserTest(`spot: buy at market, limit sell and cancel (${layout})`, async (srv, browser) => {
    await quotesNow(srv, { BTCUSDT: "60000" });
    const { ctx, page, errors, token } = await customerPage(
      srv,
      browser,
      layoutBrowser(layout, 1000),
    );
    await page.goto(srv.base + (layout === "mobile" ? "/wp/product/bibi" : "/pc/trade/bibi"));
    await hydrated(page, "SpotTicket");
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
  });
}
