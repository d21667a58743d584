/**
 * Figures as a customer reads them (issue 11): pending limit orders show what is pending (never
 * P&L), one number format per language on a screen (server-rendered and island-rendered alike),
 * input in the language's own format, times in the browser's time zone.
 */
import { devices } from "playwright-core";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { formatShortTime } from "../../locales/format.ts";
import { LONG_10X, type TestServer } from "../server.ts";
import { shot } from "./browser.ts";
import { browserTest, desktop, freshTick, PHONE, signInContext, watchedPage } from "./session.ts";

const DESKTOP = desktop(1000);

const tick = (srv: TestServer, price: string, symbol = "BTCUSDT") => freshTick(srv, price, symbol);
const signIn = signInContext;

for (const layout of ["desktop", "mobile"] as const) {
  browserTest(
    `a pending limit order shows the limit, lots, held margin and fee, never P&L (${layout})`,
    async (srv, browser) => {
      const ctx = await browser.newContext(
        layout === "mobile" ? PHONE : DESKTOP,
      );
      const token = await signIn(srv, ctx);
      await tick(srv, "60000");
      // a short limit above the market: waits for the price to rise to 61,000
      const placed = await srv.call("/api/contract/order", {
        token,
        body: { ...LONG_10X, side: "short", type: "limit", price: "61000" },
        headers: { "Idempotency-Key": crypto.randomUUID() },
      });
      assertEquals(placed.body.code, 0, JSON.stringify(placed.body));
      const { page, errors } = await watchedPage(ctx);
      await page.goto(
        srv.base +
          (layout === "mobile"
            ? "/wp/product/leveragedDeals?symbol=BTCUSDT"
            : "/pc/trade/future?symbol=BTCUSDT"),
      );
      await page.waitForSelector('tw-island[data-name="ContractTicket"][data-hydrated]');
      // the desktop shows pending orders in the panel's "Open orders" tab
      if (layout === "desktop") {
        await page.waitForSelector('tw-island[data-name="ContractPanel"][data-hydrated]');
        await page.getByRole("tab", { name: /^Open orders/ }).click();
      }
      const list = layout === "desktop" ? "orders" : "positions";
      const row = page.locator(`[data-testid="${list}"] li[data-status="pending"]`);
      await row.waitFor();
      assertEquals(await row.getByTestId("pnl").count(), 0, "P&L shown for a pending order");
      // the market moves: a filled order would show P&L now; a pending one shows the distance
      await tick(srv, "60500");
      await row.getByTestId("distance").getByText("+500.00").waitFor();
      const text = await row.innerText();
      assertEquals(await row.getByTestId("pnl").count(), 0);
      for (const label of ["Unrealized P&L", "ROE", "Liquidation price"]) {
        assert(!text.includes(label), `${label} shown for a pending order: ${text}`);
      }
      // 10 lots x 0.001 BTC at 61,000, 10x: margin 61.00, open fee 0.0005 x 610 = 0.305
      assertMatch(text, /Limit price\s+61,000\.00/);
      assertMatch(text, /Held margin\s+61\.00 USDT/);
      assertMatch(text, /Held open fee\s+0\.30 USDT/);
      assertMatch(text, /BTC\/USDT · Sell short · 10x · 10 lots/);
      await page.screenshot({ path: shot(`${layout}-contract-pending`), fullPage: true });
      if (layout === "mobile") {
        await page.goto(srv.base + "/wp/positions/heyue");
        const rec = page.locator('[data-testid="contract-records"] li[data-status="pending"]');
        const listed = await rec.innerText();
        assertMatch(listed, /Held margin\s+61\.00 USDT/);
        assert(!/P&L|ROE/.test(listed), listed);
        await page.screenshot({ path: shot("mobile-positions-pending"), fullPage: true });
      }
      assertEquals(errors, []);
      await ctx.close();
    },
  );
}

browserTest(
  "German screens show one number format (server and islands) and take German input",
  async (srv, browser) => {
    const ctx = await browser.newContext({ ...devices["Pixel 7"], locale: "de-DE" });
    const token = await signIn(srv, ctx, "de");
    await tick(srv, "60000");
    const { page, errors } = await watchedPage(ctx);
    // assets: the totals are server-rendered, the transfer form is an island
    await page.goto(srv.base + "/wp/trade/transfer");
    await page.waitForSelector('tw-island[data-name="TransferForm"][data-hydrated]');
    assertMatch(await page.getByTestId("transfer-available").innerText(), /10\.000,00 USDT/);
    await page.goto(srv.base + "/wp/trade/property");
    assertMatch(await page.getByTestId("total-usdt").innerText(), /^65\.000,00$/);
    // the leveraged ticket: available balance and figures from the island
    await page.goto(srv.base + "/wp/product/leveragedDeals?symbol=BTCUSDT");
    await page.waitForSelector('tw-island[data-name="ContractTicket"][data-hydrated]');
    const ticket = page.getByTestId("contract-ticket");
    assertMatch(await ticket.innerText(), /10\.000,00 USDT/);
    await page.locator("#lots").fill("10");
    await page.getByTestId("leverage-stops").getByRole("button", { name: "10x" }).click();
    assertEquals(await page.getByTestId("figure-margin").innerText(), "60,00 USDT");
    assertEquals(await page.getByTestId("figure-liq").innerText(), "54.271,35");
    await page.screenshot({ path: shot("de-mobile-contract-ticket"), fullPage: true });
    // German decimal input: "0,5" BTC sold at the market
    await page.goto(srv.base + "/wp/product/bibi?symbol=BTCUSDT");
    await page.waitForSelector('tw-island[data-name="SpotTicket"][data-hydrated]');
    await page.getByRole("button", { name: "Verkaufen", exact: true }).click();
    await page.locator("#qty").fill("0,5");
    assertMatch(await page.getByTestId("spot-estimate").innerText(), /30\.000,00 USDT/);
    await page.getByTestId("spot-ticket").locator('button[type="submit"]').click();
    await page.getByTestId("spot-confirm").getByRole("button").first().click();
    await page.locator('[data-testid="spot-history"] li[data-status="filled"]').waitFor();
    const orders = await srv.call<{ items: { qty: string; side: string }[] }>(
      "/api/spot/orders?status=filled",
      { token },
    );
    assertEquals(orders.body.data.items.map((o) => [o.side, o.qty]), [["sell", "0.5"]]);
    await page.screenshot({ path: shot("de-mobile-spot"), fullPage: true });
    assertEquals(errors, []);
    await ctx.close();
    // one desktop screen with both: the transfer island and the server-rendered history
    const moved = await srv.call("/api/account/transfer", {
      token,
      body: { from: "spot", to: "contract", currency: "USDT", amount: "1250.5" },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    assertEquals(moved.body.code, 0, JSON.stringify(moved.body));
    const desk = await browser.newContext({ ...DESKTOP, locale: "de-DE" });
    await signIn(srv, desk, "de");
    const pc = await desk.newPage();
    await pc.goto(srv.base + "/pc/handle/transfer");
    await pc.waitForSelector('tw-island[data-name="TransferForm"][data-hydrated]');
    // spot: 10,000 + 30,000 (sold 0.5 BTC) - 30 fee - 1,250.50 moved
    assertMatch(await pc.getByTestId("transfer-available").innerText(), /38\.719,50 USDT/);
    assertMatch(await pc.getByTestId("flow").innerText(), /-1\.250,50 USDT/);
    await pc.screenshot({ path: shot("de-desktop-transfer"), fullPage: true });
    await desk.close();
  },
);

browserTest(
  "times are shown in the browser's time zone, not the language's",
  async (srv, browser) => {
    const ctx = await browser.newContext({
      ...devices["Pixel 7"],
      locale: "de-DE",
      timezoneId: "America/New_York",
    });
    const token = await signIn(srv, ctx, "de");
    const flow = await srv.call<{ items: { at: number }[] }>("/api/account/flow?limit=1", {
      token,
    });
    const at = flow.body.data.items[0]!.at;
    const page = await ctx.newPage();
    // the first page tells the server the browser's zone; the next pages use it
    await page.goto(srv.base + "/wp/home");
    const cookies = await ctx.cookies(srv.base);
    assertEquals(cookies.find((c) => c.name === "tz")?.value, "America%2FNew_York");
    await page.goto(srv.base + "/wp/trade/statistics");
    const text = await page.getByTestId("flow").innerText();
    const ny = new Intl.DateTimeFormat("de", {
      timeZone: "America/New_York",
      hour: "2-digit",
      minute: "2-digit",
    }).format(at);
    const berlin = new Intl.DateTimeFormat("de", {
      timeZone: "Europe/Berlin",
      hour: "2-digit",
      minute: "2-digit",
    }).format(at);
    assert(text.includes(ny), `${ny} (New York) not in ${text}`);
    assert(!text.includes(berlin), `${berlin} (Berlin) in ${text}`);
    assert(formatShortTime(at, "de", "America/New_York").includes(ny));
    await ctx.close();
  },
);

browserTest(
  "closed positions show fees and times; order numbers stay on one line at 390 px",
  async (srv, browser) => {
    const ctx = await browser.newContext({
      ...devices["iPhone 12"],
      viewport: { width: 390, height: 844 },
    });
    const token = await signIn(srv, ctx);
    await tick(srv, "60000");
    const opened = await srv.call<{ orderNo: string }>("/api/contract/order", {
      token,
      body: { symbol: "BTCUSDT", side: "long", lots: 10, leverage: 10, type: "market" },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    assertEquals(opened.body.code, 0, JSON.stringify(opened.body));
    await tick(srv, "60500");
    const id = opened.body.data.orderNo;
    const closed = await srv.call(`/api/contract/positions/${id}/close`, {
      token,
      body: {},
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    assertEquals(closed.body.code, 0, JSON.stringify(closed.body));
    const page = await ctx.newPage();
    await page.goto(srv.base + "/wp/positions/heyue?tab=closed");
    const rec = page.locator('[data-testid="contract-records"] li').first();
    const text = await rec.innerText();
    assertMatch(text, /BTC\/USDT · Buy long/);
    // open fee 0.0005 x 600 = 0.30; close fee 0.0005 x 605 = 0.3025 -> 0.30 shown (cut)
    assertMatch(text, /Open fee\s+0\.30 USDT/);
    assertMatch(text, /Close fee\s+0\.30 USDT/);
    assertMatch(text, /Holding fees\s+0\.00 USDT/);
    assertMatch(text, /Realized P&L\s+\+5\.00 USDT/);
    assertMatch(text, /Opened\s+\S+/);
    assertMatch(text, /Closed at\s+\S+/);
    const no = rec.locator(".order-no");
    assertEquals(await no.getAttribute("title"), id);
    const box = (await no.boundingBox())!;
    assert(box.height < 24, `order number wraps: ${box.height}px`);
    await page.screenshot({ path: shot("mobile-positions-closed"), fullPage: true });
    await ctx.close();
  },
);
