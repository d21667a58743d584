/**
 * A customer finds trading by clicking only: from the phone's home page to every ticket and the
 * positions screen, through the product page's trade actions (the chosen side is preselected),
 * and on the desktop from home to each ticket, messages (with the unread badge) and payment
 * methods. Screens of the hub, product page and tickets in en, de and zh-CN.
 */
import type { BrowserContext, Page } from "playwright-core";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import { DESKTOP_UA, MOBILE_UA, type TestServer } from "../server.ts";
import { shot } from "./browser.ts";
import { browserTest, hydrated, signInContext, watchedPage } from "./session.ts";

const PHONE = { viewport: { width: 390, height: 844 }, userAgent: MOBILE_UA, isMobile: true };
const DESKTOP = { viewport: { width: 1366, height: 900 }, userAgent: DESKTOP_UA };

async function prices(srv: TestServer, age = 0) {
  for (const [symbol, p] of [["BTCUSDT", "60000"], ["ETHUSDT", "3000"]] as const) {
    await srv.deps.market.tape.ingest({
      symbol,
      time: srv.deps.now() + age,
      price: parseDecimal(p),
      qty: 1n,
    });
  }
}

const signedIn = (srv: TestServer, ctx: BrowserContext) => signInContext(srv, ctx);

const path = (page: Page) => new URL(page.url()).pathname;
const query = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const pressed = (page: Page) => page.locator('.dir-row button[aria-pressed="true"]').innerText();

browserTest(
  "phone: from home to every ticket and the positions screen by clicking only",
  async (srv, browser, t) => {
    await prices(srv);
    const ctx = await browser.newContext({ ...PHONE, locale: "en-US" });
    await signedIn(srv, ctx);
    const { page, errors } = await watchedPage(ctx);
    const back = () => page.locator(".m-back").click();

    await page.goto(srv.base + "/wp/home");

    await t.step(
      "home: trade shortcuts lead to the fast ticket; its picker switches symbol",
      async () => {
        await page.locator('[data-testid="hub-products"] a[data-product="fast"]').click();
        await page.waitForURL(/\/wp\/product\/order\?symbol=BTCUSDT/);
        await hydrated(page, "FastTicket");
        await page.getByTestId("symbol-picker").getByText("ETH/USDT").click();
        await page.waitForURL(/symbol=ETHUSDT/);
        await hydrated(page, "FastTicket");
        assertMatch(await page.locator(".m-title").innerText(), /ETH\/USDT/);
        await back();
        await page.waitForURL(/\/wp\/product$/);
      },
    );

    for (
      const [product, url, island] of [
        ["leveraged", /\/wp\/product\/leveragedDeals\?symbol=BTCUSDT/, "ContractTicket"],
        ["spot", /\/wp\/product\/bibi\?symbol=BTCUSDT/, "SpotTicket"],
        ["exchange", /\/wp\/product\/gjmarket$/, "ExchangeForm"],
      ] as const
    ) {
      await t.step(`the Trade tab leads to the ${product} ticket`, async () => {
        assertEquals(path(page), "/wp/product");
        await page.locator(`[data-testid="hub-products"] a[data-product="${product}"]`).click();
        await page.waitForURL(url);
        await hydrated(page, island);
        await back();
        await page.waitForURL(/\/wp\/product$/);
      });
    }

    await t.step("the Trade tab leads to the positions screen and back", async () => {
      await page.getByTestId("hub-positions").click();
      await page.waitForURL(/\/wp\/positions$/);
      await page.getByTestId("hub-records").waitFor();
      await back();
      await page.waitForURL(/\/wp\/product$/);
    });

    await t.step("quotes -> product page -> Sell short opens the ticket on short", async () => {
      await page.locator('[data-tab="quotes"]').click();
      await page.waitForURL(/\/wp\/quotes\/list/);
      await page.locator('tr[data-symbol="BTCUSDT"] a').click();
      await page.waitForURL(/\/wp\/product\/detail\/BTCUSDT$/);
      await page.getByTestId("trade-actions").waitFor();
      await page.getByRole("link", { name: "Sell short" }).click();
      await page.waitForURL(/leveragedDeals\?symbol=BTCUSDT&side=short/);
      await hydrated(page, "ContractTicket");
      assertEquals(await pressed(page), "Sell short");
      // switching symbol keeps the chosen side
      await page.getByTestId("symbol-picker").getByText("ETH/USDT").click();
      await page.waitForURL(/symbol=ETHUSDT/);
      assertEquals(query(page, "side"), "short");
      await hydrated(page, "ContractTicket");
      assertEquals(await pressed(page), "Sell short");
    });

    await t.step("product page -> Buy long, Buy down, Buy up are preselected", async () => {
      // from a ticket: back to the Trade tab, then the quotes tab and a quote row
      const toDetail = async (symbol: string) => {
        await back();
        await page.waitForURL(/\/wp\/product$/);
        await page.locator('[data-tab="quotes"]').click();
        await page.locator(`tr[data-symbol="${symbol}"] a`).click();
        await page.waitForURL(new RegExp(`/wp/product/detail/${symbol}$`));
      };
      await toDetail("ETHUSDT");
      await page.getByRole("link", { name: "Buy long" }).click();
      await page.waitForURL(/leveragedDeals\?symbol=ETHUSDT&side=long/);
      await hydrated(page, "ContractTicket");
      assertEquals(await pressed(page), "Buy long");
      await toDetail("ETHUSDT");
      await page.getByRole("link", { name: "Buy down" }).click();
      await page.waitForURL(/\/wp\/product\/order\?symbol=ETHUSDT&direction=down/);
      await hydrated(page, "FastTicket");
      assertEquals(await pressed(page), "Buy down");
      await page.screenshot({ path: shot("nav-mobile-fast-preset"), fullPage: true });
      await toDetail("BTCUSDT");
      await page.getByRole("link", { name: "Buy up" }).click();
      await page.waitForURL(/\/wp\/product\/order\?symbol=BTCUSDT&direction=up/);
      await hydrated(page, "FastTicket");
      assertEquals(await pressed(page), "Buy up");
      // and the home page's quotes open the product page too
      await back();
      await page.locator('[data-tab="home"]').click();
      await page.locator('tr[data-symbol="ETHUSDT"] a').click();
      await page.waitForURL(/\/wp\/product\/detail\/ETHUSDT$/);
    });
    assertEquals(errors, []);
  },
);

browserTest(
  "desktop: home to each ticket, messages with the unread badge, payment methods",
  async (srv, browser, t) => {
    await prices(srv);
    const ctx = await browser.newContext({ ...DESKTOP, locale: "en-US" });
    const token = await signedIn(srv, ctx);
    // an operator decision writes one message
    const op = await operatorToken(srv);
    const sub = await srv.call("/api/certify/junior", {
      token,
      body: { name: "Ada Lovelace", docType: "passport", docNumber: "P5566778", country: "US" },
    });
    assertEquals(sub.body.code, 0, JSON.stringify(sub.body));
    const q = await srv.call<{ items: { id: string }[] }>(
      "/api/admin/certifications?status=authenticating&limit=100",
      { token: op },
    );
    for (const i of q.body.data.items) {
      await srv.call(`/api/admin/certifications/${i.id}/pass`, { token: op, method: "POST" });
    }
    const { page, errors } = await watchedPage(ctx);
    await page.goto(srv.base + "/pc/home");

    for (
      const [n, url, island] of [
        [0, /\/pc\/trade\/fast\?symbol=BTCUSDT/, "FastTicket"],
        [1, /\/pc\/trade\/future\?symbol=BTCUSDT/, "ContractTicket"],
        [2, /\/pc\/trade\/bibi\?symbol=BTCUSDT/, "SpotTicket"],
      ] as const
    ) {
      await t.step(
        `home card ${n} opens its ticket; the picker and product switch work`,
        async () => {
          await page.getByTestId("home-products").locator("a").nth(n).click();
          await page.waitForURL(url);
          await hydrated(page, island);
          await page.getByTestId("symbol-picker").getByText("ETH/USDT").click();
          await page.waitForURL(/symbol=ETHUSDT/);
          await hydrated(page, island);
          await page.locator(".d-brand").click();
          await page.waitForURL(/\/pc\/home$/);
        },
      );
    }

    await t.step(
      "the header shows unread messages; messages and payment methods are linked",
      async () => {
        const nav = page.getByTestId("nav-messages");
        assertEquals(await nav.getByTestId("unread-badge").innerText(), "1");
        await nav.click();
        await page.waitForURL(/\/pc\/article\/message$/);
        await page.locator('[data-read="0"]').click();
        await page.getByTestId("message").waitFor();
        assertEquals(await page.getByTestId("unread-badge").count(), 0);
        await page.locator(".d-account a", { hasText: "User centre" }).click();
        await page.waitForURL(/\/pc\/userCenter\/certify$/);
        await page.locator(".d-side a", { hasText: "Payment methods" }).click();
        await page.waitForURL(/\/pc\/handle\/gatheringWay$/);
      },
    );
    assertEquals(errors, []);
  },
);

browserTest(
  "screens: trade hub, product page and tickets with the symbol picker in en, de, zh-CN",
  async (srv, browser) => {
    // ten-minute-old prices: the quotes carry the "delayed" badge (the widest rows)
    await prices(srv, -600_000);
    for (const locale of ["en", "de", "zh-CN"]) {
      for (const [layout, opts] of [["mobile", PHONE], ["desktop", DESKTOP]] as const) {
        const ctx = await browser.newContext({ ...opts, locale });
        await ctx.addCookies([{ name: "wplocale", value: locale, url: srv.base }]);
        await signedIn(srv, ctx);
        const page = await ctx.newPage();
        const screens = layout === "mobile"
          ? [
            ["home", "/wp/home", null],
            ["hub", "/wp/product", null],
            ["detail", "/wp/product/detail/BTCUSDT", null],
            ["fast", "/wp/product/order?symbol=BTCUSDT", "FastTicket"],
            ["leveraged", "/wp/product/leveragedDeals?symbol=BTCUSDT", "ContractTicket"],
            ["spot", "/wp/product/bibi?symbol=BTCUSDT", "SpotTicket"],
            ["exchange", "/wp/product/gjmarket", "ExchangeForm"],
          ] as const
          : [
            ["home", "/pc/home", null],
            ["fast", "/pc/trade/fast?symbol=BTCUSDT", "FastTicket"],
            ["leveraged", "/pc/trade/future?symbol=BTCUSDT", "ContractTicket"],
            ["spot", "/pc/trade/bibi?symbol=BTCUSDT", "SpotTicket"],
          ] as const;
        for (const [name, url, island] of screens) {
          await page.goto(srv.base + url);
          if (island) await hydrated(page, island);
          // nothing wider than the screen (a phone widens its viewport to fit the content)
          const overflow = await page.evaluate(
            (w) => document.documentElement.scrollWidth - w,
            opts.viewport.width,
          );
          assert(overflow <= 0, `${layout} ${name} ${locale} scrolls sideways by ${overflow}px`);
          await page.screenshot({
            path: shot(`nav-${layout}-${name}-${locale}`),
            fullPage: true,
          });
        }
        await ctx.close();
      }
    }
  },
);
