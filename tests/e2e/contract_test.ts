import { assertEquals, assertMatch } from "../assert.ts";
import { shot } from "./browser.ts";
import { browserTest, customerPage, hydrated, layoutBrowser, PHONE, tickAt } from "./session.ts";

for (const layout of ["mobile", "desktop"] as const) {
  browserTest(`leveraged position from open to close (${layout})`, async (srv, browser) => {
    const { ctx, page, errors, token } = await customerPage(
      srv,
      browser,
      layoutBrowser(layout, 1000),
    );
    const t0 = Date.now() - 3000;
    await tickAt(srv, t0, "20000");
    await page.goto(
      srv.base +
        (layout === "mobile"
          ? "/wp/product/leveragedDeals?symbol=BTCUSDT"
          : "/pc/trade/future?symbol=BTCUSDT"),
    );
    await hydrated(page, "ContractTicket");
    await page.locator("#lots").fill("10");
    await page.locator("#leverage").selectOption("10");
    // 10 lots x 0.001 BTC at 20,000 with 10x: margin 20, liquidation 18,090.45
    assertEquals(await page.getByTestId("figure-margin").innerText(), "20.00 USDT");
    assertEquals(await page.getByTestId("figure-liq").innerText(), "18,090.45");
    await page.getByRole("button", { name: "Open position" }).click();
    await page.getByTestId("contract-confirm").waitFor();
    await page.screenshot({ path: shot(`${layout}-contract-confirm`), fullPage: true });
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.locator("#toast").getByText("Position opened").waitFor();
    await tickAt(srv, t0 + 1000, "20500");
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="pnl"]')?.textContent?.includes("+5.00")
    );
    await page.screenshot({ path: shot(`${layout}-contract-holding`), fullPage: true });
    // stop-loss / take-profit: a stop above the price of a long is refused beside the field
    await page.getByRole("button", { name: "Stop-loss / take-profit" }).click();
    const editor = page.getByTestId("stops-editor");
    await editor.locator('input[name="stopLoss"]').fill("21000");
    await editor.getByRole("button", { name: "Confirm" }).click();
    await editor.getByText("For a long, the stop-loss must be below 20,500").waitFor();
    await editor.locator('input[name="stopLoss"]').fill("19000");
    await editor.locator('input[name="takeProfit"]').fill("22000");
    await page.screenshot({ path: shot(`${layout}-contract-stops`), fullPage: true });
    // the market keeps trading (a tick older than 10 s would pause orders: market data delayed)
    await tickAt(srv, srv.deps.now(), "20500");
    await editor.getByRole("button", { name: "Confirm" }).click();
    await page.locator("#toast").getByText("Stop-loss and take-profit saved").waitFor();
    assertEquals(await page.getByTestId("stops").innerText(), "19,000.00 / 22,000.00");
    const held = await srv.call<{ items: { stopLoss: string; takeProfit: string }[] }>(
      "/api/contract/positions?status=holding",
      { token },
    );
    assertEquals(
      [held.body.data.items[0]!.stopLoss, held.body.data.items[0]!.takeProfit],
      ["19000", "22000"],
    );
    await tickAt(srv, srv.deps.now(), "20500");
    await page.getByRole("button", { name: "Close", exact: true }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.locator("#toast").getByText("Position closed").waitFor();
    const closed = await srv.call<{ items: { closePrice: string; realizedPnl: string }[] }>(
      "/api/contract/positions?status=closed",
      { token },
    );
    assertEquals([
      closed.body.data.items[0]!.closePrice,
      closed.body.data.items[0]!.realizedPnl,
    ], ["20500", "5"]);
    if (layout === "mobile") {
      await page.goto(srv.base + "/wp/positions/heyue?tab=closed");
      assertMatch(await page.getByTestId("contract-records").innerText(), /20,500\.00/);
      await page.screenshot({ path: shot("mobile-contract-closed"), fullPage: true });
    }
    assertEquals(errors, []);
    await ctx.close();
  });
}

browserTest(
  "leveraged limit order from the ticket, then chase; hedge a position (mobile)",
  async (srv, browser) => {
    const { ctx, page, errors } = await customerPage(srv, browser, PHONE);
    await tickAt(srv, Date.now() - 1000, "20000");
    await page.goto(srv.base + "/wp/product/leveragedDeals?symbol=BTCUSDT");
    await hydrated(page, "ContractTicket");
    await page.getByRole("button", { name: "Limit", exact: true }).click();
    await page.locator("#limit").fill("19500");
    await page.locator("#lots").fill("2");
    // valid against the limit (19,500) but below the price the chase fills at (20,000)
    await page.locator("#tp").fill("19800");
    await page.getByRole("button", { name: "Open position" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.locator('[data-testid="positions"] li[data-status="pending"]').waitFor();
    await page.getByRole("button", { name: "Chase" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.locator('[data-testid="positions"] li[data-status="holding"]').waitFor();
    await page.locator("#toast").getByText("wrong side of it was removed").waitFor();
    assertEquals(await page.getByTestId("stops").innerText(), "- / -");
    await page.getByRole("button", { name: "Hedge" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.locator('[data-testid="positions"] li[data-side="short"]').waitFor();
    assertEquals(await page.locator('[data-testid="positions"] li').count(), 2);
    await page.screenshot({ path: shot("mobile-contract-hedged"), fullPage: true });
    assertEquals(errors, []);
    await ctx.close();
  },
);
