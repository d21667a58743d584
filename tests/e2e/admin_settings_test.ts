/**
 * The console's Site pane in Chromium: an admin operator changes the customer-service link and
 * closes the site with the keyboard; the customer side shows both (the service page frames the
 * link; every page shows the site-closed page); a bad link is refused beside its input. Axe on
 * the pane; screenshots at 1280 and 390 px, in English and Chinese.
 */
import type { Browser, Page } from "playwright-core";
import { assert, assertEquals } from "../assert.ts";
import { operatorToken, operatorWithRoles } from "../operator.ts";
import type { TestServer } from "../server.ts";
import { reloadsAfter, shot } from "./browser.ts";
import { axeViolations, consolePage, islandsReady, open } from "./console.ts";
import { browserTest, DESKTOP_BROWSER_UA, PHONE, watchedPage } from "./session.ts";

const WIDE = { viewport: { width: 1280, height: 900 }, userAgent: DESKTOP_BROWSER_UA };
const NARROW = { width: 390, height: 844 };

/** The console's settings page as an operator with this session token, in `locale`. */
async function settingsPage(srv: TestServer, browser: Browser, token: string, locale = "en") {
  const c = await consolePage(srv, browser, token, { locale });
  await open(c.page, srv.base + "/admin/settings");
  return c;
}

async function noSidewaysScroll(page: Page, what: string) {
  const w = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(w <= NARROW.width, `${what} scrolls sideways: ${w}px`);
}

browserTest(
  "console Site pane: customer-service link and site closed, seen by customers",
  async (srv, browser, t) => {
    const admin = await operatorWithRoles(srv, "siteadmin", ["admin"]);
    const { ctx, page, errors } = await settingsPage(srv, browser, admin);
    const customer = await browser.newContext(PHONE);
    // the help desk's own page (no network here): what the service page's frame shows
    await customer.route("https://help.example.com/**", (r) =>
      r.fulfill({
        contentType: "text/html",
        body: "<!doctype html><title>Help desk</title><h1 style='font-family:sans-serif'>" +
          "Help desk</h1><p style='font-family:sans-serif'>How can we help?</p>",
      }));
    const shopper = await watchedPage(customer);
    try {
      await t.step(
        "an admin sees the Site pane only; a funds operator the funds panes only",
        async () => {
          await page.getByTestId("site-pane").waitFor();
          assertEquals(await page.getByTestId("withdraw-settings").count(), 0);
          assertEquals(await page.getByTestId("tab-settings").getAttribute("aria-current"), "page");
          // every control labelled
          for (
            const label of [
              "Site closed",
              "Customer-service link",
              "Invitation code at registration",
              "Agent invitation codes",
              "English",
              "Demo starting balance (USDT)",
              "Of which in the contract wallet (USDT)",
            ]
          ) {
            assertEquals(await page.getByLabel(label, { exact: true }).count(), 1, label);
          }
          assertEquals(await axeViolations(page), []);
          await page.screenshot({ path: shot("admin-site-settings"), fullPage: true });
          const cashier = await operatorWithRoles(srv, "cashier", ["funds"]);
          const funds = await settingsPage(srv, browser, cashier);
          await funds.page.getByTestId("withdraw-settings").waitFor();
          assertEquals(await funds.page.getByTestId("site-pane").count(), 0);
          await funds.ctx.close();
        },
      );

      await t.step("a bad link is refused beside its input; a good one is saved", async () => {
        const link = page.getByLabel("Customer-service link", { exact: true });
        await link.fill("ftp://files.example.com");
        await page.getByTestId("save-site").click();
        await page.locator("#customerUrl-error").waitFor();
        assertEquals(await link.getAttribute("aria-invalid"), "true");
        await page.getByTestId("site-pane").screenshot({ path: shot("admin-site-settings-error") });
        assertEquals(
          (await srv.call<{ configValue: string }>("/api/config?identify=customerUrl")).body.data
            .configValue,
          "",
        );
        await link.fill("https://help.example.com/chat");
        await page.getByTestId("save-site").click();
        await page.getByTestId("notice").filter({ hasText: "Done" }).waitFor();
        await islandsReady(page);
        assertEquals(
          await page.getByLabel("Customer-service link", { exact: true }).inputValue(),
          "https://help.example.com/chat",
        );
      });

      await t.step("the customer's service page frames the new link", async () => {
        await shopper.page.goto(srv.base + "/wp/kefu");
        const frame = shopper.page.locator("iframe.kefu-frame");
        assertEquals(await frame.getAttribute("src"), "https://help.example.com/chat");
        const open = shopper.page.getByRole("link", { name: "Contact customer service" });
        assertEquals(await open.getAttribute("href"), "https://help.example.com/chat");
        await shopper.page.screenshot({ path: shot("kefu-link-mobile") });
      });

      await t.step(
        "closing the site with the keyboard asks first: Escape cancels, then confirmed, customers see the closed page",
        async () => {
          const box = page.getByLabel("Site closed", { exact: true });
          await box.focus();
          await page.keyboard.press("Space");
          assert(await box.isChecked());
          await page.keyboard.press("Enter"); // submits the form: a confirmation opens
          const dialog = page.getByRole("dialog", { name: "Close the site for every customer?" });
          await dialog.waitFor();
          // focus moved in (on Cancel, the safe choice), the preview shows the closed page
          await page.waitForFunction(() =>
            document.activeElement?.getAttribute("data-testid") === "confirm-close-site-cancel"
          );
          await dialog.getByTestId("confirm-preview").getByText("Site closed").waitFor();
          await page.screenshot({ path: shot("admin-confirm-close-site") });
          // Escape cancels: nothing saved, focus back on the switch
          await page.keyboard.press("Escape");
          await dialog.waitFor({ state: "hidden" });
          await page.waitForFunction(() => document.activeElement?.id === "site-isClose");
          assertEquals(
            (await srv.call<{ configValue: string }>("/api/config?identify=isClose")).body.data
              .configValue,
            "N",
          );
          await page.keyboard.press("Enter");
          await dialog.waitFor();
          // the dialog moves focus to Cancel in an effect after it shows: wait for it first
          await page.waitForFunction(() =>
            document.activeElement?.getAttribute("data-testid") === "confirm-close-site-cancel"
          );
          await page.keyboard.press("Tab"); // to "Close the site"
          // the page reloads with "Done": the notice of the save before is still on this one
          await reloadsAfter(page, () => page.keyboard.press("Enter"));
          await page.getByTestId("notice").filter({ hasText: "Done" }).waitFor();
          await islandsReady(page);
          assert(await page.getByLabel("Site closed", { exact: true }).isChecked());
          const r = await shopper.page.goto(srv.base + "/wp/home");
          assertEquals(r?.status(), 503);
          await shopper.page.getByTestId("site-closed").getByText("closed for maintenance", {
            exact: false,
          }).waitFor();
          assertEquals(await shopper.page.getByText("404", { exact: true }).count(), 0);
          await shopper.page.screenshot({ path: shot("site-closed-mobile") });
          // the console stays open meanwhile
          await page.reload();
          await page.getByTestId("site-pane").waitFor();
        },
      );

      await t.step("screenshots: 390 px, and Chinese at both widths", async () => {
        await page.setViewportSize(NARROW);
        await page.reload();
        await islandsReady(page);
        await page.screenshot({ path: shot("admin-site-settings-mobile"), fullPage: true });
        await noSidewaysScroll(page, "settings");
        const zh = await settingsPage(srv, browser, admin, "zh-CN");
        await zh.page.getByText("关闭站点", { exact: true }).waitFor();
        assertEquals(await axeViolations(zh.page), []);
        await zh.page.screenshot({ path: shot("admin-site-settings-zh"), fullPage: true });
        await zh.page.setViewportSize(NARROW);
        await zh.page.reload();
        await islandsReady(zh.page);
        await zh.page.screenshot({ path: shot("admin-site-settings-zh-mobile"), fullPage: true });
        await noSidewaysScroll(zh.page, "settings (zh-CN)");
        await customer.addCookies([{ name: "wplocale", value: "zh-CN", url: srv.base }]);
        await shopper.page.goto(srv.base + "/wp/home");
        await shopper.page.getByTestId("site-closed").waitFor();
        await shopper.page.screenshot({ path: shot("site-closed-mobile-zh") });
        assertEquals([...zh.errors], []);
        await zh.ctx.close();
      });

      await t.step("reopening: customers get the site back", async () => {
        await page.setViewportSize(WIDE.viewport);
        await page.getByLabel("Site closed", { exact: true }).uncheck();
        await reloadsAfter(page, () => page.getByTestId("save-site").click());
        await page.getByTestId("notice").filter({ hasText: "Done" }).waitFor();
        const r = await shopper.page.goto(srv.base + "/wp/home");
        assertEquals(r?.status(), 200);
        const audit = await srv.call<{ items: { action: string; operator: string }[] }>(
          "/api/admin/audit?limit=20",
          { token: await operatorToken(srv) },
        );
        assertEquals(
          audit.body.data.items.filter((e) => e.action === "settings.update").map((e) =>
            e.operator
          ),
          ["siteadmin", "siteadmin", "siteadmin"],
        );
      });
      assertEquals([...errors, ...shopper.errors], []);
    } finally {
      await customer.close();
      await ctx.close();
    }
  },
);
