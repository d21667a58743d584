/**
 * Price alerts and notifications in Chromium: an alert set on the product page (phone) and on
 * the desktop trade page fires at the tick that reaches it; the toast shows on the open page,
 * the alert shows fired with its tick, and the message centre's notifications tab lists it.
 * Screenshots of the alert card, the toast, the tab and the settings at 390 and 1280 px in
 * English, Chinese and Thai.
 */
import type { BrowserContext } from "playwright-core";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { LONG_10X, signIn, type TestServer } from "../server.ts";
import { shot } from "./browser.ts";
import {
  browserTest,
  customerPage,
  customerTest,
  DESKTOP_1280,
  freshTick,
  hydrated,
  PHONE_390,
  socketUp,
} from "./session.ts";

async function setAlert(page: import("playwright-core").Page, kind: string, value: string) {
  await page.getByTestId("price-alerts").getByRole("button", { name: kind }).click();
  await page.locator("#alert-value").fill(value);
  await page.getByTestId("alert-submit").click();
  await page.getByTestId("alert-row").first().waitFor();
}

customerTest(
  "alerts: set on the phone's product page, fired by a tick, toast and tab",
  PHONE_390,
  async (srv, page) => {
    await freshTick(srv, "65000");
    const before = srv.deps.hub.subscribers("user");
    await page.goto(`${srv.base}/wp/product/detail/BTCUSDT`);
    await hydrated(page, "PriceAlerts");
    // empty until something arrives: hydrated, not visible
    await page.waitForSelector('tw-island[data-name="NotificationToast"][data-hydrated]', {
      state: "attached",
    });
    await socketUp(srv, before);
    await setAlert(page, "Price at or above", "70000");
    assertEquals(await page.getByTestId("alert-row").getAttribute("data-status"), "active");
    assertMatch(await page.getByTestId("alert-count").innerText(), /1 of 50/);
    await freshTick(srv, "69999");
    await freshTick(srv, "70000.5");
    const toast = page.getByTestId("notification-toast");
    await toast.waitFor({ timeout: 10_000 });
    assertMatch(await toast.innerText(), /BTC\/USDT above 70,000\.00/);
    assertMatch(await toast.innerText(), /70,000\.50/);
    // the list follows: fired, with the tick's price and tape number
    await page.locator('[data-testid="alert-row"][data-status="fired"]').waitFor();
    const seq = srv.deps.market.tape.lastTick("BTCUSDT")!.seq;
    assertMatch(await page.getByTestId("alert-row").innerText(), new RegExp(`#${seq}`));
    await page.screenshot({ path: shot("alerts-wp-390-en"), fullPage: true });
    // the notifications tab lists it (and reads it)
    await toast.getByRole("link").click();
    await page.waitForURL(/\/wp\/product\/detail\/BTCUSDT/);
    await page.goto(`${srv.base}/wp/message?tab=notifications`);
    const row = page.getByTestId("notification").first();
    assertMatch(await row.innerText(), /BTC\/USDT above 70,000\.00/);
    assertEquals(await row.getAttribute("data-read"), "0");
    await page.screenshot({ path: shot("notifications-wp-390-en"), fullPage: true });
  },
);

customerTest(
  "alerts: the desktop trade page sets one; a stop fired shows as a toast too",
  DESKTOP_1280,
  async (srv, page, token) => {
    await freshTick(srv, "65000");
    const before = srv.deps.hub.subscribers("user");
    await page.goto(`${srv.base}/pc/trade/future?symbol=BTCUSDT`);
    await hydrated(page, "PriceAlerts");
    await socketUp(srv, before);
    await setAlert(page, "Moves ± % in 24 h", "5");
    assertMatch(await page.getByTestId("alert-row").innerText(), /Moves ± 5 % in 24 h/);
    // a position with a stop-loss placed elsewhere: its stop firing arrives here
    const open = await srv.call("/api/contract/order", {
      token,
      body: { ...LONG_10X, stopLoss: "64000" },
    });
    assertEquals(open.body.code, 0, JSON.stringify(open.body));
    await freshTick(srv, "63999");
    const toast = page.getByTestId("notification-toast");
    await toast.waitFor({ timeout: 10_000 });
    assertMatch(await toast.innerText(), /Stop-loss fired: BTC\/USDT/);
    assertEquals(
      await toast.getByRole("link").getAttribute("href"),
      "/pc/trade/future?symbol=BTCUSDT",
    );
    await page.screenshot({ path: shot("alerts-pc-1280-en") });
    await page.goto(`${srv.base}/pc/article/message?tab=notifications`);
    assertMatch(await page.getByTestId("notification").first().innerText(), /Stop-loss fired/);
  },
);

/** The screens in one language at both widths (looked at by the developer). */
async function screens(srv: TestServer, ctx: BrowserContext, tag: string, wide: boolean) {
  const page = await ctx.newPage();
  const base = srv.base;
  if (wide) {
    await page.goto(`${base}/pc/trade/future?symbol=BTCUSDT`);
    await hydrated(page, "PriceAlerts");
    await page.getByTestId("price-alerts").screenshot({ path: shot(`alerts-card-${tag}`) });
    await page.goto(`${base}/pc/article/message?tab=notifications`);
    await page.screenshot({ path: shot(`notifications-${tag}`) });
    await page.goto(`${base}/pc/userCenter/notifications`);
    await hydrated(page, "NotificationPrefs");
    await page.screenshot({ path: shot(`notify-settings-${tag}`) });
  } else {
    await page.goto(`${base}/wp/product/detail/BTCUSDT`);
    await hydrated(page, "PriceAlerts");
    await page.getByTestId("price-alerts").screenshot({ path: shot(`alerts-card-${tag}`) });
    await page.goto(`${base}/wp/message?tab=notifications`);
    await page.screenshot({ path: shot(`notifications-${tag}`), fullPage: true });
    await page.goto(`${base}/wp/user/notifications`);
    await hydrated(page, "NotificationPrefs");
    await page.screenshot({ path: shot(`notify-settings-${tag}`), fullPage: true });
  }
  await page.close();
}

browserTest(
  "alerts and notifications screens in en, zh-CN and th at 390 and 1280 px",
  async (srv, browser) => {
    await freshTick(srv, "65000");
    const token = await signIn(srv);
    for (const [kind, value] of [["above", "70000"], ["below", "60000"], ["move", "5"]]) {
      await srv.call("/api/alerts", { token, body: { symbol: "BTCUSDT", kind, value } });
    }
    await freshTick(srv, "70100");
    for (
      let i = 0;
      i < 50 &&
      !(await srv.call<{ items: unknown[] }>("/api/notifications", { token })).body.data.items
        .length;
      i++
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const locale of ["en", "zh-CN", "th"]) {
      for (const wide of [false, true]) {
        const { ctx, errors } = await customerPage(srv, browser, wide ? DESKTOP_1280 : PHONE_390, {
          token,
          locale,
        });
        await screens(srv, ctx, `${wide ? "1280" : "390"}-${locale}`, wide);
        assert(errors.length === 0, errors.join("\n"));
        await ctx.close();
      }
    }
  },
);
