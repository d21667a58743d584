/**
 * Issue 30 in Chromium, both layouts: the trading-limits screen (a lower limit holds at once, a
 * higher one shows as pending), the loss figure to acknowledge before a customer's first trade,
 * and a customer whose country is closed to fast and leveraged contracts not seeing them. Screens
 * at 390 and 1280 px in en, de, zh-CN and th.
 */
import { assert, assertEquals } from "../assert.ts";
import { registerUser, signIn } from "../server.ts";
import { shot } from "./browser.ts";
import { browserTest, customerPage, desktop, freshTick, hydrated, PHONE } from "./session.ts";
import type { BrowserContextOptions } from "playwright-core";

const VIEW: Record<"wp" | "pc", BrowserContextOptions> = {
  wp: { ...PHONE, viewport: { width: 390, height: 844 } },
  pc: { ...desktop(), viewport: { width: 1280, height: 900 } },
};
const LIMITS = { wp: "/wp/user/limits", pc: "/pc/userCenter/limits" };
const FAST = { wp: "/wp/product/order", pc: "/pc/trade/fast" };
const LANGS = ["en", "de", "zh-CN", "th"];

browserTest(
  "limits screen: set a daily loss limit, a raise waits 24 h (both layouts, four languages)",
  async (srv, browser) => {
    for (const layout of ["wp", "pc"] as const) {
      const { ctx, page, errors } = await customerPage(srv, browser, VIEW[layout], {
        locale: "en",
      });
      await page.goto(srv.base + LIMITS[layout]);
      await hydrated(page, "LimitsForm");
      // the form saves, then the page reloads with the server's words for the limits
      const save = async (v: string) => {
        await page.fill("#dailyLoss", v);
        const reloaded = page.waitForEvent("framenavigated");
        await page.click('form[data-testid="limits-form"] button[type="submit"]');
        await reloaded;
        await hydrated(page, "LimitsForm");
      };
      await save(layout === "wp" ? "100" : "80");
      assertEquals(await page.inputValue("#dailyLoss"), layout === "wp" ? "100" : "80");
      // a raise: the lower limit stays in force, the higher one pending with its time
      await save("500");
      assertEquals(await page.inputValue("#dailyLoss"), layout === "wp" ? "100" : "80");
      const pending = await page.textContent('[data-testid="pending-dailyLoss"]');
      assert(pending?.startsWith("500 from "), pending ?? "");
      for (const lang of LANGS) {
        await ctx.addCookies([{ name: "wplocale", value: lang, url: srv.base }]);
        await page.goto(srv.base + LIMITS[layout]);
        await hydrated(page, "LimitsForm");
        await page.screenshot({ path: shot(`limits-${layout}-${lang}`), fullPage: true });
      }
      assertEquals(errors, []);
      await ctx.close();
    }
  },
);

browserTest(
  "loss figure: acknowledged before the first trade, then the ticket (both layouts)",
  async (srv, browser) => {
    for (const layout of ["wp", "pc"] as const) {
      const { token } = await registerUser(
        srv,
        layout === "wp" ? "+12025550188" : "+12025550189",
      );
      for (const lang of LANGS) {
        const { ctx, page, errors } = await customerPage(srv, browser, VIEW[layout], {
          token,
          locale: lang,
        });
        await freshTick(srv, "60000");
        await page.goto(srv.base + FAST[layout]);
        await hydrated(page, "RiskAcknowledge");
        assertEquals(await page.locator('tw-island[data-name="FastTicket"]').count(), 0);
        await page.screenshot({ path: shot(`risk-ack-${layout}-${lang}`), fullPage: true });
        if (lang === "th") {
          // the last language: acknowledged, the ticket and its figure show
          await page.click('[data-testid="risk-ack-button"]');
          await hydrated(page, "FastTicket");
          assertEquals(await page.locator('[data-testid="loss-figure-fast"]').count(), 1);
          await page.screenshot({
            path: shot(`ticket-figure-${layout}-${lang}`),
            fullPage: true,
          });
        }
        assertEquals(errors, []);
        await ctx.close();
      }
    }
  },
);

browserTest(
  "jurisdictions: a GB customer does not see fast or leveraged contracts (both layouts)",
  async (srv, browser) => {
    const { token } = await registerUser(srv, "+447400123456");
    for (const layout of ["wp", "pc"] as const) {
      for (const lang of LANGS) {
        const { ctx, page, errors } = await customerPage(srv, browser, VIEW[layout], {
          token,
          locale: lang,
        });
        await page.goto(srv.base + `/${layout}/home`);
        const fastLinks = page.locator('a[href^="/pc/trade/fast"], a[href^="/wp/product/order"]');
        const levLinks = page.locator(
          'a[href^="/pc/trade/future"], a[href^="/wp/product/leveragedDeals"]',
        );
        assertEquals([await fastLinks.count(), await levLinks.count()], [0, 0]);
        await page.screenshot({
          path: shot(`restricted-home-${layout}-${lang}`),
          fullPage: true,
        });
        // a link from elsewhere: the page says why, no ticket
        await page.goto(srv.base + FAST[layout]);
        await page.waitForSelector('[data-testid="restricted"]');
        await page.screenshot({
          path: shot(`restricted-fast-${layout}-${lang}`),
          fullPage: true,
        });
        assertEquals(errors, []);
        await ctx.close();
      }
    }
  },
);

browserTest(
  "session reminder: every N minutes of the session a dialog tells the time; Continue hides it (both layouts, en and th)",
  async (srv, browser) => {
    const token = await signIn(srv);
    const set = await srv.call("/api/account/limits", {
      token,
      method: "PUT",
      body: { sessionReminder: 5 },
    });
    assertEquals(set.body.code, 0);
    for (const layout of ["wp", "pc"] as const) {
      for (const lang of ["en", "th"]) {
        const { ctx, page, errors } = await customerPage(srv, browser, VIEW[layout], {
          token,
          locale: lang,
        });
        // the browser's clock at the server's (the session started on the server's clock)
        await page.clock.install({ time: srv.deps.now() });
        await page.goto(srv.base + `/${layout}/home`);
        // an empty island until the time comes
        await page.waitForSelector('tw-island[data-name="SessionReminder"][data-hydrated]', {
          state: "attached",
        });
        const dialog = page.locator('[data-testid="session-reminder"]');
        assertEquals(await dialog.count(), 0);
        await page.clock.fastForward("05:01");
        await dialog.waitFor();
        assertEquals(await dialog.getAttribute("role"), "alertdialog");
        if (lang === "en") {
          assertEquals(
            await dialog.locator("p").textContent(),
            "You have been signed in for 5 minutes.",
          );
        }
        if (lang === "en") {
          // a notification meanwhile (a price alert fires): it stacks with the reminder, and
          // neither covers the other
          await freshTick(srv, "65000");
          const alert = await srv.call("/api/alerts", {
            token,
            body: { symbol: "BTCUSDT", kind: "above", value: "70000" },
          });
          assertEquals(alert.body.code, 0, JSON.stringify(alert.body));
          await freshTick(srv, "70000.5");
          const toast = page.getByTestId("notification-toast");
          // the page's timers run on the installed clock: move it on while the event comes
          for (let i = 0; i < 200 && !(await toast.count()); i++) {
            await page.clock.runFor(100);
            await new Promise((r) => setTimeout(r, 50));
          }
          const [a, b] = [(await dialog.boundingBox())!, (await toast.boundingBox())!];
          assert(a.y >= b.y + b.height || b.y >= a.y + a.height, "stacked, not overlapping");
          const vp = page.viewportSize()!;
          assert(Math.max(a.y + a.height, b.y + b.height) <= vp.height, "both on screen");
        }
        await page.screenshot({ path: shot(`reminder-${layout}-${lang}`) });
        await dialog.getByRole("button").first().click();
        await dialog.waitFor({ state: "detached" });
        // the next one after five more minutes
        await page.clock.fastForward("05:00");
        await dialog.waitFor();
        if (lang === "en") {
          assertEquals(
            await dialog.locator("p").textContent(),
            "You have been signed in for 10 minutes.",
          );
        }
        assertEquals(errors, []);
        await ctx.close();
      }
    }
  },
);
