/**
 * Live figures and checks before confirming, in Chromium: a ticket's available balance follows
 * trades made elsewhere without a reload, the product page's price moves with the ticker, and a
 * stake outside the limits is refused beside the field before any confirmation box opens (no
 * request sent).
 */
import { type BrowserContext, devices, type Page } from "playwright-core";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { type TestServer } from "../server.ts";
import { E2E, launch, shot } from "./browser.ts";
import {
  browserTest,
  DESKTOP,
  freshTick,
  signInContext,
  startE2eServer,
  ticketPath,
} from "./session.ts";

const U = 100_000_000n;
const PHONE = { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } };

const tick = (srv: TestServer, price: string, symbol = "BTCUSDT") =>
  freshTick(srv, price, symbol, U / 10n);

const signedIn = (srv: TestServer, ctx: BrowserContext, locale = "en") =>
  signInContext(srv, ctx, locale);

/** Wait until the hub's subscriber count of `ch` passes the test (bounded: a hang fails). */
async function until(srv: TestServer, ch: string, ok: (n: number) => boolean) {
  for (let i = 0; !ok(srv.deps.hub.subscribers(ch)); i++) {
    if (i > 400) throw new Error(`socket subscription to ${ch} never changed`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Open a new page, wait for its island and for its socket's subscription to `ch`. */
async function open(
  srv: TestServer,
  ctx: BrowserContext,
  path: string,
  island: string,
  ch: string,
): Promise<Page> {
  const before = srv.deps.hub.subscribers(ch);
  const page = await ctx.newPage();
  await page.goto(srv.base + path);
  await page.waitForSelector(`tw-island[data-name="${island}"][data-hydrated]`);
  await until(srv, ch, (n) => n > before);
  // a marker that a reload would wipe
  await page.evaluate(() => (globalThis as unknown as { marker: number }).marker = 1);
  return page;
}

/** Close a page opened by `open` and wait until the server dropped its subscription. */
async function leave(srv: TestServer, page: Page, ch: string) {
  const before = srv.deps.hub.subscribers(ch);
  await page.close();
  await until(srv, ch, (n) => n < before);
}

const stillSamePage = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { marker?: number }).marker === 1);

browserTest(
  "live: ticket balances follow trades made elsewhere, without a reload",
  async (srv, browser) => {
    await tick(srv, "60000");
    // phone: the fast ticket's contract USDT after an order placed through the API
    const phone = await browser.newContext(PHONE);
    const token = await signedIn(srv, phone);
    const page = await open(srv, phone, "/wp/product/order?symbol=BTCUSDT", "FastTicket", "user");
    const available = page.getByTestId("available");
    assertMatch(await available.innerText(), /10,000\.00 USDT/);
    const placed = await srv.call("/api/fast/order", {
      token,
      body: { symbol: "BTCUSDT", direction: "up", duration: 60, stake: "250" },
    });
    assertEquals(placed.body.code, 0, JSON.stringify(placed.body));
    await available.getByText("9,750.00 USDT").waitFor();
    assert(await stillSamePage(page));

    // desktop: the spot ticket's USDT and the leveraged ticket after a transfer elsewhere
    const desk = await browser.newContext(DESKTOP);
    const token2 = await signedIn(srv, desk);
    const spot = await open(srv, desk, "/pc/trade/bibi?symbol=BTCUSDT", "SpotTicket", "user");
    assertMatch(await spot.getByTestId("available").innerText(), /10,000\.00 USDT/);
    const future = await open(
      srv,
      desk,
      "/pc/trade/future?symbol=BTCUSDT",
      "ContractTicket",
      "user",
    );
    const moved = await srv.call("/api/account/transfer", {
      token: token2,
      body: { from: "spot", to: "contract", currency: "USDT", amount: "1000" },
    });
    assertEquals(moved.body.code, 0, JSON.stringify(moved.body));
    await spot.getByTestId("available").getByText("9,000.00 USDT").waitFor();
    await future.getByTestId("available").getByText("10,750.00 USDT").waitFor();
    // and the phone's fast ticket too (same customer, contract wallet)
    await available.getByText("10,750.00 USDT").waitFor();
    assert(await stillSamePage(spot) && await stillSamePage(future) && await stillSamePage(page));
    await spot.screenshot({ path: shot("desktop-live-spot-balance"), fullPage: true });
    await phone.close();
    await desk.close();
  },
);

browserTest(
  "live: a socket dropped by the server resumes where it left off: a balance moved meanwhile arrives",
  async (srv, browser) => {
    await tick(srv, "60000");
    const desk = await browser.newContext(DESKTOP);
    const token = await signedIn(srv, desk);
    const spot = await open(srv, desk, "/pc/trade/bibi?symbol=BTCUSDT", "SpotTicket", "user");
    const available = spot.getByTestId("available");
    assertMatch(await available.innerText(), /10,000\.00 USDT/);
    // the instance drops every socket (evicted), and money moves before the page is back
    srv.deps.hub.closeAll();
    const delivered = srv.deps.events.stats.delivered;
    const moved = await srv.call("/api/account/transfer", {
      token,
      body: { from: "spot", to: "contract", currency: "USDT", amount: "1000" },
    });
    assertEquals(moved.body.code, 0, JSON.stringify(moved.body));
    for (let i = 0; srv.deps.events.stats.delivered === delivered; i++) {
      if (i > 400) throw new Error("the event log never delivered the transfer");
      await new Promise((r) => setTimeout(r, 25));
    }
    // delivered live to nobody: the page had no socket then
    assertEquals(srv.deps.hub.subscribers("user"), 0);
    // the page reconnects with where it left off and is sent the entry it missed
    await available.getByText("9,000.00 USDT").waitFor();
    assert(await stillSamePage(spot));
    await desk.close();
  },
);

browserTest(
  "live: the product page's price and the desktop ticket header move with the ticker",
  async (srv, browser) => {
    await tick(srv, "60000");
    const phone = await browser.newContext(PHONE);
    await signedIn(srv, phone);
    const page = await open(srv, phone, "/wp/product/detail/BTCUSDT", "LivePrice", "ticker");
    const price = page.getByTestId("detail-price").getByTestId("live-price");
    assertEquals(await price.getAttribute("data-price"), "60000");
    const desk = await browser.newContext(DESKTOP);
    await signedIn(srv, desk);
    const trade = await open(srv, desk, "/pc/trade/fast?symbol=BTCUSDT", "LivePrice", "ticker");
    const head = trade.getByTestId("ticket-head").getByTestId("live-price");
    assertEquals(await head.getAttribute("data-price"), "60000");
    await tick(srv, "61234.5");
    await page.locator('[data-testid="detail-price"] [data-price="61234.5"]').waitFor();
    assertEquals(await price.innerText(), "61,234.50");
    await trade.locator('[data-testid="ticket-head"] [data-price="61234.5"]').waitFor();
    assert(await stillSamePage(page) && await stillSamePage(trade));
    await page.screenshot({ path: shot("mobile-live-detail-price") });
    await trade.screenshot({ path: shot("desktop-live-ticket-head") });
    await phone.close();
    await desk.close();
  },
);

/** Requests the page sends to order or money endpoints. */
function watchRequests(page: Page) {
  const sent: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith("/api/") && r.method() === "POST") sent.push(path);
  });
  return sent;
}

const STAKE_MESSAGE: Record<string, RegExp> = {
  en: /Stake between 10 and 5,000 USDT/,
  de: /Einsatz zwischen 10 und 5\.000 USDT/,
  "zh-CN": /下单金额须在 10 至 5,000 USDT 之间/,
};

for (const locale of ["en", "de", "zh-CN"]) {
  for (const layout of ["mobile", "desktop"] as const) {
    Deno.test({
      name:
        `checks before confirming: a stake below the minimum is refused beside the field (${layout}, ${locale})`,
      ...E2E,
      async fn() {
        const srv = await startE2eServer({ seed: true });
        const browser = await launch();
        try {
          await tick(srv, "60000");
          const ctx = await browser.newContext(layout === "mobile" ? PHONE : DESKTOP);
          await signedIn(srv, ctx, locale);
          const page = await open(
            srv,
            ctx,
            ticketPath("fast", layout),
            "FastTicket",
            "user",
          );
          const errors: string[] = [];
          page.on("pageerror", (e) => errors.push(e.message));
          const sent = watchRequests(page);
          await page.locator("#stake").fill("5");
          await page.locator('[data-testid="fast-ticket"] button[type="submit"]').click();
          const message = page.locator("#stake-error");
          await message.waitFor();
          assertMatch(await message.innerText(), STAKE_MESSAGE[locale]!);
          assertEquals(await page.locator("#stake").getAttribute("aria-invalid"), "true");
          // beside the field: inside the stake field's box
          assertEquals(await page.locator(".field.has-error #stake").count(), 1);
          assertEquals(await page.getByTestId("fast-confirm").count(), 0);
          assertEquals(sent, []);
          await page.screenshot({
            path: shot(`${layout}-${locale}-fast-stake-error`),
            fullPage: layout === "mobile",
          });
          if (locale === "en") {
            // beyond the balance: the same, with the available amount
            await page.locator("#stake").fill("5000");
            await srv.call("/api/account/transfer", {
              token: await page.evaluate(() => localStorage.getItem("Authorization")!),
              body: { from: "contract", to: "spot", currency: "USDT", amount: "6000" },
            });
            await page.getByTestId("available").getByText("4,000.00 USDT").waitFor();
            await page.locator('[data-testid="fast-ticket"] button[type="submit"]').click();
            await page.locator("#stake-error").getByText("More than your available 4,000 USDT")
              .waitFor();
            assertEquals(await page.getByTestId("fast-confirm").count(), 0);
            assertEquals(sent, []);
            // a valid stake opens the confirmation
            await page.locator("#stake").fill("100");
            await page.locator('[data-testid="fast-ticket"] button[type="submit"]').click();
            await page.getByTestId("fast-confirm").waitFor();
            assertEquals(await page.locator("#stake-error").count(), 0);
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
}

browserTest(
  "checks before confirming: leveraged stops, spot and exchange beside the field",
  async (srv, browser) => {
    await tick(srv, "60000");
    await tick(srv, "3000", "ETHUSDT");
    for (const locale of ["en", "de", "zh-CN"]) {
      for (const layout of ["mobile", "desktop"]) {
        const ctx = await browser.newContext(layout === "mobile" ? PHONE : DESKTOP);
        await signedIn(srv, ctx, locale);
        const wp = layout === "mobile";
        // a long's stop-loss above the market
        const future = await open(
          srv,
          ctx,
          wp ? "/wp/product/leveragedDeals?symbol=BTCUSDT" : "/pc/trade/future?symbol=BTCUSDT",
          "ContractTicket",
          "user",
        );
        const sent = watchRequests(future);
        await future.locator("#sl").fill("61000");
        await future.locator('[data-testid="contract-ticket"] form button[type="submit"]')
          .click();
        await future.locator("#sl-error").waitFor();
        if (locale === "en") {
          assertEquals(
            await future.locator("#sl-error").innerText(),
            "For a long, the stop-loss must be below 60,000",
          );
        }
        assertEquals(await future.getByTestId("contract-confirm").count(), 0);
        await future.screenshot({ path: shot(`${layout}-${locale}-contract-stop-error`) });
        assertEquals(sent, []);
        await leave(srv, future, "user");
        // spot: selling more coins than the wallet holds (0.5 BTC)
        const spot = await open(
          srv,
          ctx,
          wp ? "/wp/product/bibi?symbol=BTCUSDT" : "/pc/trade/bibi?symbol=BTCUSDT",
          "SpotTicket",
          "user",
        );
        const sentSpot = watchRequests(spot);
        await spot.locator('[data-testid="spot-ticket"] .dir-row button').nth(1).click();
        await spot.locator("#qty").fill("2");
        await spot.locator('[data-testid="spot-ticket"] form button[type="submit"]').click();
        await spot.locator("#qty-error").waitFor();
        if (locale === "en") {
          assertEquals(
            await spot.locator("#qty-error").innerText(),
            "More than your available 0.5 BTC",
          );
        }
        assertEquals(await spot.getByTestId("spot-confirm").count(), 0);
        await spot.screenshot({ path: shot(`${layout}-${locale}-spot-qty-error`) });
        assertEquals(sentSpot, []);
        await leave(srv, spot, "user");
        // exchange beyond the balance: no quote asked for (a mobile screen)
        if (!wp) {
          await ctx.close();
          continue;
        }
        const exchange = await open(srv, ctx, "/wp/product/gjmarket", "ExchangeForm", "user");
        const sentExchange = watchRequests(exchange);
        await exchange.locator("#amount").fill("3");
        await exchange.locator('[data-testid="exchange-form"] button[type="submit"]').click();
        await exchange.locator("#amount-error").waitFor();
        if (locale === "en") {
          assertEquals(
            await exchange.locator("#amount-error").innerText(),
            "More than your available 0.5 BTC",
          );
        }
        assertEquals(await exchange.getByTestId("exchange-quote").count(), 0);
        await exchange.screenshot({ path: shot(`${layout}-${locale}-exchange-error`) });
        assertEquals(sentExchange, []);
        await leave(srv, exchange, "user");
        await ctx.close();
      }
    }
  },
);

browserTest(
  "live: a page whose session ended elsewhere treats the customer as signed out",
  async (srv, browser) => {
    await tick(srv, "60000");
    const phone = await browser.newContext(PHONE);
    const token = await signedIn(srv, phone);
    const page = await open(srv, phone, "/wp/product/order?symbol=BTCUSDT", "FastTicket", "user");
    // signed out from another tab or device: the next session check closes the channel
    assertEquals((await srv.call("/api/logout", { token, body: {} })).body.code, 0);
    await srv.deps.hub.sweepSessions();
    await page.waitForURL(/\/wp\/user\/login\?redirect=%2Fwp%2Fproduct%2Forder/);
    await phone.close();
  },
);
