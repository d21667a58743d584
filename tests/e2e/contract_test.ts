import { assertEquals, assertMatch } from "../assert.ts";
import { shot } from "./browser.ts";
import {
  browserTest,
  customerPage,
  customerTest,
  demoToken,
  freshTick,
  hydrated,
  layoutBrowser,
  PHONE,
  tickAt,
} from "./session.ts";

for (const layout of ["mobile", "desktop"] as const) {
  customerTest(
    `leveraged position from open to close (${layout})`,
    layoutBrowser(layout, 1000),
    async (srv, page, token) => {
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
      await page.getByTestId("leverage-stops").getByRole("button", { name: "10x" }).click();
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
    },
  );
}

customerTest(
  "leveraged limit order from the ticket, then chase; hedge a position (mobile)",
  PHONE,
  async (srv, page) => {
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
    // the list follows the reply (the toast may show a frame before it renders)
    await page.waitForFunction(
      () => document.querySelector('[data-testid="stops"]')?.textContent?.trim() === "- / -",
      undefined,
      { timeout: 5_000 },
    );
    assertEquals(await page.getByTestId("stops").innerText(), "- / -");
    await page.getByRole("button", { name: "Hedge" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.locator('[data-testid="positions"] li[data-side="short"]').waitFor();
    assertEquals(await page.locator('[data-testid="positions"] li').count(), 2);
    await page.screenshot({ path: shot("mobile-contract-hedged"), fullPage: true });
  },
);

browserTest(
  "a hedged group's legs show the group's level, named as the group's; none when fully hedged (390 and 1280 px; en, zh-CN, th)",
  async (srv, browser) => {
    const token = await demoToken(srv);
    await freshTick(srv, "60000");
    const call = (path: string, body: Record<string, unknown>) =>
      srv.call<{ orderNo: string }>(path, { token, body });
    // the pair: a short of 2 lots at 20x hedged by a long
    const short = await call("/api/contract/order", {
      symbol: "BTCUSDT",
      side: "short",
      lots: 2,
      leverage: 20,
      type: "market",
    });
    await call(`/api/contract/positions/${short.body.data.orderNo}/hedge`, {});
    const labels = {
      en: ["Liquidation price (hedged group)", "None"],
      "zh-CN": ["强平价格（对冲组）", "无"],
      th: ["ราคาบังคับปิดสถานะ (กลุ่มป้องกันความเสี่ยง)", "ไม่มี"],
    };
    const screens = {
      mobile: ["/wp/product/leveragedDeals?symbol=BTCUSDT", "/wp/positions/heyue"],
      desktop: ["/pc/trade/future?symbol=BTCUSDT"],
    };
    const look = async (stage: string, level: (locale: keyof typeof labels) => string) => {
      for (const [locale, [label]] of Object.entries(labels) as [keyof typeof labels, string[]][]) {
        for (const layout of ["mobile", "desktop"] as const) {
          const { ctx, page, errors } = await customerPage(
            srv,
            browser,
            layout === "mobile"
              ? { ...PHONE, viewport: { width: 390, height: 844 } }
              : { viewport: { width: 1280, height: 900 } },
            { token, locale },
          );
          for (const path of screens[layout]) {
            await page.goto(srv.base + path);
            if (path.includes("symbol=")) await hydrated(page, "ContractTicket");
            const legs = page.locator('li[data-status="holding"]');
            await legs.first().waitFor();
            assertEquals(await legs.count(), stage === "pair" ? 2 : 3);
            for (const leg of await legs.all()) {
              const dd = leg.getByTestId("liquidation");
              assertEquals(
                (await dd.innerText()).startsWith(level(locale)),
                true,
                `${path} ${locale}: ${await dd.innerText()}`,
              );
              // the term beside it names the group's level
              assertEquals(
                await dd.evaluate((e) => e.previousElementSibling?.textContent),
                label,
              );
            }
            const name = path.startsWith("/wp/positions") ? "positions" : "ticket";
            await page.screenshot({
              path: shot(`hedged-${stage}-${layout}-${name}-${locale}`),
              fullPage: true,
            });
            await legs.first().screenshot({
              path: shot(`hedged-${stage}-${layout}-${name}-${locale}-leg`),
            });
            const [scroll, client] = await page.evaluate(() => [
              document.documentElement.scrollWidth,
              document.documentElement.clientWidth,
            ]);
            assertEquals(scroll <= client, true, `${path} (${locale}, ${layout}) scrolls sideways`);
          }
          assertEquals(errors, []);
          await ctx.close();
        }
      }
    };
    // equal lots: the P&L cancels, no level (it showed 600,000.00, ten times the market)
    await look("pair", (locale) => labels[locale][1]!);
    // a 1-lot long more: the net long's level, on every leg
    await freshTick(srv, "60000");
    await call("/api/contract/order", {
      symbol: "BTCUSDT",
      side: "long",
      lots: 1,
      leverage: 10,
      type: "market",
    });
    await look("net-long", () => "42,211.05");
  },
);
