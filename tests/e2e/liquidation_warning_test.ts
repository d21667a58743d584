/**
 * The liquidation warning in Chromium: the level chosen in the notification settings (phone) is
 * saved and shown again; a warning arrives as a toast on the desktop contract page, its link
 * opening the desktop contract ticket, and the position's row shows the same margin ratio.
 * Screenshots of the settings, the toast, the position's row and the message centre's tab at 390
 * and 1280 px in English, Chinese and Thai.
 */
import { assertEquals, assertMatch } from "../assert.ts";
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

customerTest(
  "liquidation warning: the level is chosen in the settings and saved",
  PHONE_390,
  async (srv, page, token) => {
    await page.goto(`${srv.base}/wp/user/notifications`);
    await hydrated(page, "NotificationPrefs");
    const select = page.getByLabel("Warn me at a margin ratio of");
    assertEquals(await select.inputValue(), "80");
    await select.selectOption("90");
    await page.getByTestId("notify-save").click();
    await page.getByText("Saved").first().waitFor();
    const prefs = await srv.call<{ liquidationWarning: { ratio: number } }>(
      "/api/notifications/preferences",
      { token },
    );
    assertEquals(prefs.body.data.liquidationWarning.ratio, 90);
    await page.reload();
    await hydrated(page, "NotificationPrefs");
    assertEquals(await page.getByTestId("warn-ratio").inputValue(), "90");
  },
);

browserTest(
  "liquidation warning: a toast on the open page leads to the desktop contract ticket; screens",
  async (srv, browser) => {
    await freshTick(srv, "20000");
    for (
      const [locale, wide] of [["en", true], ["en", false], ["zh-CN", true], ["zh-CN", false], [
        "th",
        true,
      ], ["th", false]] as const
    ) {
      const { ctx, page, errors, token } = await customerPage(
        srv,
        browser,
        wide ? DESKTOP_1280 : PHONE_390,
        {
          locale,
        },
      );
      const tag = `${wide ? "1280" : "390"}-${locale}`;
      const before = srv.deps.hub.subscribers("user");
      await page.goto(
        `${srv.base}${wide ? "/pc/trade/future" : "/wp/product/leveragedDeals"}?symbol=BTCUSDT`,
      );
      // empty until something arrives: hydrated, not visible
      await page.waitForSelector('tw-island[data-name="NotificationToast"][data-hydrated]', {
        state: "attached",
      });
      await socketUp(srv, before);
      // a long position at 20,000 (10x: liquidated near 18,090), then the price 82 % of the way
      await freshTick(srv, "20000");
      const open = await srv.call<{ orderNo: string }>("/api/contract/order", {
        token,
        body: { symbol: "BTCUSDT", side: "long", lots: 10, leverage: 10, type: "market" },
      });
      assertEquals(open.body.code, 0, JSON.stringify(open.body));
      await freshTick(srv, "18430");
      const toast = page.getByTestId("notification-toast");
      await toast.waitFor({ timeout: 10_000 });
      if (locale === "en") {
        assertMatch(await toast.innerText(), /Liquidation warning: BTC\/USDT long/);
        // the position's row shows the same ratio as the warning
        const ratio = /is (\d+\.\d+%)/.exec(await toast.innerText())![1]!;
        assertEquals(await page.getByTestId("margin-ratio").first().innerText(), ratio);
        assertEquals(
          await toast.getByRole("link").getAttribute("href"),
          wide ? "/pc/trade/future?symbol=BTCUSDT" : "/wp/product/leveragedDeals?symbol=BTCUSDT",
        );
      }
      await page.screenshot({ path: shot(`liq-warn-toast-${tag}`) });
      const row = page.locator("li.record", { has: page.getByTestId("margin-ratio") }).first();
      await row.screenshot({ path: shot(`liq-warn-row-${tag}`) });
      // the message centre's tab, in the page's language
      await page.goto(
        `${srv.base}${wide ? "/pc/article/message" : "/wp/message"}?tab=notifications`,
      );
      await page.getByTestId("notification").first().waitFor();
      await page.screenshot({ path: shot(`liq-warn-tab-${tag}`) });
      await page.goto(`${srv.base}${wide ? "/pc/userCenter" : "/wp/user"}/notifications`);
      await hydrated(page, "NotificationPrefs");
      await page.screenshot({ path: shot(`liq-warn-settings-${tag}`), fullPage: !wide });
      // closed again for the next round
      const close = await srv.call(`/api/contract/positions/${open.body.data.orderNo}/close`, {
        token,
        body: {},
      });
      assertEquals(close.body.code, 0, JSON.stringify(close.body));
      assertEquals(errors, []);
      await ctx.close();
    }
  },
);
