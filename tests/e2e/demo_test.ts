/**
 * Demo mode through the browser, on both layouts: a visitor opens demo from the home page, sees
 * the DEMO mark, trades a fast contract, resets, registers (the demo account comes along), finds
 * the live account empty and the demo history on switching back. Screenshots in en, de, zh-CN.
 */
import axe from "axe-core";
import type { Page } from "playwright-core";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { lastCode } from "../server.ts";
import { shot } from "./browser.ts";
import {
  browserTest,
  customerPage,
  hydrated,
  type Layout,
  layoutBrowser,
  tickAt,
  watchedPage,
} from "./session.ts";

const PHONES: Record<Layout, string> = { mobile: "2025550191", desktop: "2025550192" };
/** The layout's browser; the phone 390 pixels wide (the narrowest common one). */
const screen = (layout: Layout) =>
  layout === "mobile"
    ? { ...layoutBrowser("mobile"), viewport: { width: 390, height: 844 } }
    : layoutBrowser(layout);

/** axe's serious and critical findings on the page as it is. */
async function axeSerious(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const found = await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const r = await (globalThis as any).axe.run(document, { resultTypes: ["violations"] });
    return r.violations as { id: string; impact: string | null; nodes: unknown[] }[];
  });
  return found.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) =>
    `${new URL(page.url()).pathname}: ${v.id}`
  );
}

/** Click and wait for the page it leads to (a link, or an island that navigates). */
async function clickTo(page: Page, target: ReturnType<Page["locator"]>, url: RegExp) {
  await Promise.all([page.waitForURL(url), target.click()]);
}

/** The assets page of the layout, reached by clicks from anywhere in the shell. */
async function openAssets(page: Page, layout: Layout) {
  if (layout === "mobile") {
    await clickTo(page, page.locator('[data-tab="user"]'), /\/wp\/user\/userCenter$/);
    await clickTo(page, page.getByRole("link", { name: "Assets", exact: true }), /property$/);
  } else {
    await clickTo(page, page.getByRole("link", { name: "User centre" }), /\/pc\/userCenter\//);
    await clickTo(page, page.locator(".d-side").getByRole("link", { name: "Assets" }), /property$/);
  }
}

for (const layout of ["mobile", "desktop"] as const) {
  const home = layout === "mobile" ? /\/wp\/home$/ : /\/pc\/home$/;
  browserTest(`demo mode: visitor to customer (${layout})`, async (srv, browser, t) => {
    const ctx = await browser.newContext({ ...screen(layout), locale: "en-US" });
    const { page, errors } = await watchedPage(ctx);
    page.setDefaultTimeout(10_000);
    const banner = page.getByTestId("demo-banner");

    await t.step("a visitor opens demo from the home page", async () => {
      await page.goto(srv.base + "/");
      await page.waitForURL(home);
      // no session: no switch and no banner
      assertEquals(await page.getByTestId("demo-switch").count(), 0);
      await clickTo(
        page,
        layout === "mobile"
          ? page.getByRole("navigation", { name: "Quick access" }).getByRole("link", {
            name: "Demo account",
          })
          : page.getByTestId("home-demo"),
        /\/demo$/,
      );
      await page.getByTestId("demo-intro").getByText("7 days").waitFor();
      await page.screenshot({ path: shot(`${layout}-demo-visitor-en`), fullPage: true });
      await hydrated(page, "DemoSwitch");
      await clickTo(
        page,
        page.getByRole("button", { name: "Try demo without registering" }),
        home,
      );
      const token = await page.evaluate(() => localStorage.getItem("Authorization"));
      assertMatch(token ?? "", /^[A-Za-z0-9_-]{43}$/);
      await banner.waitFor();
      assertMatch(await banner.innerText(), /DEMO[\s\S]*Practice money/);
      // a visitor has no live account: the way out is registering
      await banner.getByRole("link", { name: "Sign up" }).waitFor();
      await page.screenshot({ path: shot(`${layout}-demo-home-en`), fullPage: true });
    });

    await t.step("trades a fast contract with demo money", async () => {
      const t0 = Date.now() - 5_000;
      await tickAt(srv, t0, "60000");
      await tickAt(srv, t0 + 1000, "60010");
      await clickTo(
        page,
        layout === "mobile"
          ? page.locator('[data-product="fast"]').first()
          : page.locator(".d-nav").getByRole("link", { name: "Fast contracts" }),
        /\/(wp\/product\/order|pc\/trade\/fast)/,
      );
      await banner.waitFor();
      await hydrated(page, "FastTicket");
      await page.getByRole("button", { name: "Buy up" }).click();
      await page.locator("#stake").fill("100");
      await page.getByRole("button", { name: "Place order" }).click();
      await page.getByTestId("fast-confirm").waitFor();
      await page.getByRole("button", { name: "Confirm" }).click();
      await page.locator("#toast").getByText("Order placed").waitFor();
      await page.locator('[data-testid="fast-orders"] li[data-status="open"]').waitFor();
      await page.screenshot({ path: shot(`${layout}-demo-fast-en`), fullPage: true });
    });

    await t.step("resets from the banner, after confirming", async () => {
      await hydrated(page, "DemoSwitch");
      await banner.getByRole("button", { name: "Reset" }).click();
      await banner.getByText("Open positions and orders are closed").waitFor();
      assertMatch(await banner.innerText(), /10,000 USDT/);
      await page.screenshot({ path: shot(`${layout}-demo-reset-confirm-en`) });
      await Promise.all([
        page.waitForEvent("load"),
        banner.getByRole("button", { name: "Yes, reset" }).click(),
      ]);
      await hydrated(page, "FastTicket");
      assertEquals(
        await page.locator('[data-testid="fast-orders"] li[data-status="open"]').count(),
        0,
      );
      const st = await srv.call<{ demo: { period: number; resets: number } }>("/api/demo", {
        method: "GET",
        headers: {
          Authorization: (await page.evaluate(() => localStorage.getItem("Authorization")))!,
        },
      });
      assertEquals([st.body.data.demo.period, st.body.data.demo.resets], [2, 1]);
    });

    await t.step("a live-only screen shows the notice instead of its form", async () => {
      if (layout === "mobile") {
        // the ticket has a back arrow, the trade hub the tabs
        await clickTo(page, page.locator(".m-back"), /\/wp\/product$/);
        await clickTo(page, page.locator('[data-tab="user"]'), /userCenter$/);
        await page.screenshot({ path: shot(`${layout}-demo-user-center-en`), fullPage: true });
        await clickTo(page, page.getByRole("link", { name: "Withdraw" }), /\/wp\/user\/withdraw$/);
      } else {
        await openAssets(page, layout);
        // the demo account's assets offer no money in or out
        assertEquals(
          await page.getByTestId("assets").getByRole("link", { name: "Withdraw" }).count(),
          0,
        );
        await clickTo(
          page,
          page.locator(".d-side").getByRole("link", { name: "Security" }),
          /security$/,
        );
      }
      await page.getByTestId("demo-live-only").getByText("Not available in demo mode").waitFor();
      assertEquals(await page.locator("form").count(), 0);
      await page.screenshot({ path: shot(`${layout}-demo-live-only-en`), fullPage: true });
    });

    const phone = PHONES[layout];
    await t.step("registers: the visitor's demo account becomes the customer's", async () => {
      await hydrated(page, "DemoSwitch");
      await clickTo(page, banner.getByRole("link", { name: "Sign up" }), /\/user\/register$/);
      await hydrated(page, "RegisterForm");
      await page.fill("#phone", phone);
      await page.getByRole("button", { name: "Send code" }).click();
      await page.getByRole("button", { name: /Resend in \d+ s/ }).waitFor();
      const code = await lastCode(srv, "+1" + phone);
      await page.fill("#code", code!);
      await page.fill("#password", "Tradew1nd!");
      await page.fill("#confirm", "Tradew1nd!");
      await page.check("#agree");
      await clickTo(page, page.locator('button[type="submit"]'), home);
      // live now: the switch, no banner
      await page.getByTestId("demo-switch").waitFor();
      assertEquals(await banner.count(), 0);
    });

    await t.step("the live account is empty", async () => {
      await openAssets(page, layout);
      assertEquals(await page.getByTestId("total-usdt").innerText(), "0.00");
      assertEquals(await banner.count(), 0);
      await page.screenshot({ path: shot(`${layout}-demo-live-assets-en`), fullPage: true });
    });

    await t.step("switching to demo shows the demo history", async () => {
      await hydrated(page, "DemoSwitch");
      await Promise.all([
        page.waitForEvent("load"),
        page.getByTestId("switch-demo").first().click(),
      ]);
      await banner.waitFor();
      // a registered customer goes back to live, not to registering
      await banner.getByRole("button", { name: "Back to live account" }).waitFor();
      assertEquals(await page.getByTestId("total-usdt").innerText(), "10,000.00");
      if (layout === "mobile") {
        await clickTo(page, page.getByRole("link", { name: "Fund flow" }), /statistics$/);
      }
      const flow = page.getByTestId("flow");
      await flow.locator('li[data-type="fast"]').first().waitFor();
      assert(
        await flow.locator('li[data-type="demo"]').count() >= 2,
        "the opening balance: contract and spot wallets",
      );
      await page.screenshot({ path: shot(`${layout}-demo-history-en`), fullPage: true });
    });

    await t.step("back to live from the banner", async () => {
      await hydrated(page, "DemoSwitch");
      await Promise.all([
        page.waitForEvent("load"),
        banner.getByRole("button", { name: "Back to live account" }).click(),
      ]);
      await page.getByTestId("demo-switch").waitFor();
      assertEquals(await banner.count(), 0);
    });
    assertEquals(errors, []);
    await ctx.close();
  });

  browserTest(`demo mode screens in de and zh-CN (${layout})`, async (srv, browser) => {
    for (const locale of ["de", "zh-CN"]) {
      const { ctx, page, errors } = await customerPage(srv, browser, screen(layout), {
        locale,
      });
      await page.goto(srv.base + (layout === "mobile" ? "/wp/home" : "/pc/home"));
      await hydrated(page, "DemoSwitch");
      await page.screenshot({ path: shot(`${layout}-demo-live-${locale}`) });
      const a11y = await axeSerious(page);
      await Promise.all([
        page.waitForEvent("load"),
        page.getByTestId("switch-demo").first().click(),
      ]);
      const banner = page.getByTestId("demo-banner");
      await banner.waitFor();
      assertMatch(await banner.innerText(), /DEMO/);
      await page.screenshot({ path: shot(`${layout}-demo-home-${locale}`), fullPage: true });
      a11y.push(...await axeSerious(page));
      // the demo page: status, reset with its confirmation
      await page.goto(srv.base + "/demo");
      await page.getByTestId("demo-status").waitFor();
      await hydrated(page, "DemoSwitch");
      await page.getByTestId("demo-status").getByTestId("demo-reset").click();
      await page.getByTestId("demo-status").getByTestId("demo-reset-confirm").waitFor();
      await page.screenshot({ path: shot(`${layout}-demo-status-${locale}`), fullPage: true });
      a11y.push(...await axeSerious(page));
      await page.goto(
        srv.base + (layout === "mobile" ? "/wp/trade/recharge" : "/pc/handle/recharge"),
      );
      await page.getByTestId("demo-live-only").waitFor();
      await page.screenshot({ path: shot(`${layout}-demo-live-only-${locale}`), fullPage: true });
      a11y.push(...await axeSerious(page));
      assertEquals(a11y, []);
      // back to live from the notice
      await hydrated(page, "DemoSwitch");
      await Promise.all([
        page.waitForEvent("load"),
        page.getByTestId("demo-live-only").getByTestId("demo-back-live").click(),
      ]);
      await page.locator("tw-island[data-name=RechargeForm]").waitFor();
      assertEquals(errors, []);
      await ctx.close();
    }
    // a visitor's demo page in each language
    for (const locale of ["de", "zh-CN"]) {
      const ctx = await browser.newContext(screen(layout));
      await ctx.addCookies([{ name: "wplocale", value: locale, url: srv.base }]);
      const { page, errors } = await watchedPage(ctx);
      await page.goto(srv.base + "/demo");
      await hydrated(page, "DemoSwitch");
      await page.screenshot({ path: shot(`${layout}-demo-visitor-${locale}`), fullPage: true });
      assertEquals(errors, []);
      await ctx.close();
    }
  });
}
