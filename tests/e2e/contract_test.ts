import { devices } from "playwright-core";
import { assertEquals, assertMatch } from "../assert.ts";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { startServer, type TestServer } from "../server.ts";
import { E2E, launch, shot } from "./browser.ts";

const U = 100_000_000n;
async function tick(srv: TestServer, time: number, price: string) {
  // the server's wall clock reaches the tick's time (a tick from the future would be refused)
  srv.advance(Math.max(0, time - srv.deps.now()));
  await srv.deps.market.tape.ingest({
    symbol: "BTCUSDT",
    time,
    price: parseDecimal(price),
    qty: U / 10n,
  });
}

for (const layout of ["mobile", "desktop"] as const) {
  Deno.test({
    name: `leveraged position from open to close (${layout})`,
    ...E2E,
    async fn() {
      const srv = await startServer({ seed: true });
      const browser = await launch();
      try {
        const login = await srv.call("/api/login", {
          body: { phone: "+12025550123", password: "Demo-2026" },
        });
        const token = login.headers.get("authorization")!;
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
        const t0 = Date.now() - 3000;
        await tick(srv, t0, "20000");
        await page.goto(
          srv.base +
            (layout === "mobile"
              ? "/wp/product/leveragedDeals?symbol=BTCUSDT"
              : "/pc/trade/future?symbol=BTCUSDT"),
        );
        await page.waitForSelector('tw-island[data-name="ContractTicket"][data-hydrated]');
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
        await tick(srv, t0 + 1000, "20500");
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
        await tick(srv, srv.deps.now(), "20500");
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
        await tick(srv, srv.deps.now(), "20500");
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
      } finally {
        await browser.close();
        await srv.close();
      }
    },
  });
}

Deno.test({
  name: "leveraged limit order from the ticket, then chase; hedge a position (mobile)",
  ...E2E,
  async fn() {
    const srv = await startServer({ seed: true });
    const browser = await launch();
    try {
      const login = await srv.call("/api/login", {
        body: { phone: "+12025550123", password: "Demo-2026" },
      });
      const token = login.headers.get("authorization")!;
      const ctx = await browser.newContext({ ...devices["Pixel 7"] });
      await ctx.addCookies([{ name: "tw_session", value: token, url: srv.base }]);
      await ctx.addInitScript((tk) => localStorage.setItem("Authorization", tk), token);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await tick(srv, Date.now() - 1000, "20000");
      await page.goto(srv.base + "/wp/product/leveragedDeals?symbol=BTCUSDT");
      await page.waitForSelector('tw-island[data-name="ContractTicket"][data-hydrated]');
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
    } finally {
      await browser.close();
      await srv.close();
    }
  },
});
