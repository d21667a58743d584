/**
 * Confirmations from the keyboard (issue 31, item 9): on the desktop fast ticket the skip link
 * is the first tab stop and "Buy up" the next one after it; the confirmation is a modal dialog
 * (focus moves to Cancel, stays inside, Escape cancels and focus returns to the button that
 * opened it, Confirm places the order and focus returns again); the console's first tab stop
 * skips its header; a console decision's confirmation is a modal dialog too (focus on Confirm,
 * Escape cancels with focus back on the decision's button, then confirmed by keyboard). Focus
 * is always waited for (effects move it after paint), never read once.
 * The dialogs are shot at 390 and 1280 px in English, Chinese and Thai.
 */
import axe from "axe-core";
import type { Page } from "playwright-core";
import { assert, assertEquals } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import { registerUser } from "../server.ts";
import { recharge } from "../api/funds_helpers.ts";
import { shot } from "./browser.ts";
import { consolePage, open } from "./console.ts";
import { browserTest, customerPage, desktop, hydrated, PHONE, tickAt } from "./session.ts";

/** Wait until the focused element matches `selector`. */
const focusOn = (page: Page, selector: string) =>
  page.waitForFunction((sel) => document.activeElement?.matches(sel) ?? false, selector, {
    timeout: 5_000,
  });

/** Tab until `selector` has focus; how many stops that took. */
async function tabTo(page: Page, selector: string, max = 40): Promise<number> {
  for (let n = 1; n <= max; n++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((sel) => document.activeElement?.matches(sel), selector)) return n;
  }
  throw new Error(`${selector} not reached in ${max} tab stops`);
}

const SUBMIT = '[data-testid="fast-ticket"] button[type="submit"]';
const CANCEL = '[data-testid="fast-confirm"] .btn-ghost';
const CONFIRM = '[data-testid="fast-confirm"] .btn-primary';

browserTest(
  "a ticket's confirmation by keyboard: skip link, Buy up, dialog, Escape, focus back, Confirm",
  async (srv, browser) => {
    const t0 = Date.now() - 5_000;
    await tickAt(srv, t0, "60000");
    await tickAt(srv, t0 + 1000, "60010");
    const { ctx, page, errors } = await customerPage(srv, browser, desktop());
    await page.goto(srv.base + "/pc/trade/fast?symbol=BTCUSDT");
    await hydrated(page, "FastTicket");
    // the first tab stop skips to the ticket; the next one is its first choice, "Buy up"
    await page.keyboard.press("Tab");
    await focusOn(page, 'a.skip[href="#ticket"]');
    assertEquals(await page.locator("a.skip").first().innerText(), "Skip to order ticket");
    await page.screenshot({ path: shot("skip-ticket-desktop") });
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await focusOn(page, '[data-testid="fast-ticket"] .dir.up');
    assertEquals(
      await page.evaluate(() => (document.activeElement as HTMLElement).innerText),
      "Buy up",
    );
    await page.keyboard.press("Enter");
    await tabTo(page, SUBMIT);
    // Enter opens the confirmation: a modal dialog with focus on Cancel, the safe choice
    await page.keyboard.press("Enter");
    await page.getByTestId("fast-confirm").waitFor();
    await focusOn(page, CANCEL);
    assert(await page.evaluate(() => document.querySelector("dialog:modal") !== null));
    // axe on the open dialog: named, nothing critical, serious or moderate
    await page.evaluate(axe.source);
    const found = await page.evaluate(async () => {
      // deno-lint-ignore no-explicit-any
      const r = await (globalThis as any).axe.run('[data-testid="fast-confirm"]');
      return (r.violations as { id: string; impact: string }[])
        .filter((v) => ["critical", "serious", "moderate"].includes(v.impact))
        .map((v) => `${v.id} (${v.impact})`);
    });
    assertEquals(found, []);
    // focus stays inside: Tab and Shift+Tab move among its buttons only
    for (const key of ["Tab", "Tab", "Shift+Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      await page.waitForFunction(
        () => !!document.activeElement?.closest('[data-testid="fast-confirm"]'),
        undefined,
        { timeout: 5_000 },
      );
    }
    await focusOn(page, CANCEL);
    // Escape cancels: no order, focus back on the button that opened it
    await page.keyboard.press("Escape");
    await page.getByTestId("fast-confirm").waitFor({ state: "detached" });
    await focusOn(page, SUBMIT);
    assertEquals(await page.locator('[data-testid="fast-orders"] li').count(), 0);
    // again, and this time Confirm (Shift+Tab from Cancel), all by keyboard
    await page.keyboard.press("Enter");
    await focusOn(page, CANCEL);
    await page.keyboard.press("Shift+Tab");
    await focusOn(page, CONFIRM);
    await page.keyboard.press("Enter");
    await page.locator('[data-testid="fast-orders"] li[data-status="open"]').waitFor();
    await page.getByTestId("fast-confirm").waitFor({ state: "detached" });
    await focusOn(page, SUBMIT);
    assertEquals(errors, []);
    await ctx.close();
  },
);

browserTest(
  "the console's first tab stop skips its header to the section",
  async (srv, browser) => {
    const op = await operatorToken(srv);
    const ctx = await browser.newContext(desktop());
    await ctx.addCookies([{ name: "tw_op", value: op.replace(/^Bearer /, ""), url: srv.base }]);
    const page = await ctx.newPage();
    await page.goto(srv.base + "/admin/recharges");
    await page.keyboard.press("Tab");
    await focusOn(page, 'a.skip[href="#admin-content"]');
    assertEquals(await page.locator("a.skip").innerText(), "Skip to content");
    await page.screenshot({ path: shot("skip-console") });
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    // the next stop is the section's own first control, past the tabs and the account links
    await page.waitForFunction(() => {
      const a = document.activeElement;
      return !!a && a.id !== "admin-content" && a.closest("#admin-content") !== null;
    });
    await ctx.close();
  },
);

browserTest(
  "ticket confirmations fit at 390 and 1280 px in en, zh-CN and th",
  async (srv, browser) => {
    const views = {
      mobile: {
        opts: { ...PHONE, viewport: { width: 390, height: 844 } },
        path: "/wp/product/order?symbol=BTCUSDT",
      },
      desktop: { opts: desktop(), path: "/pc/trade/fast?symbol=BTCUSDT" },
    };
    views.desktop.opts.viewport = { width: 1280, height: 900 };
    for (const locale of ["en", "zh-CN", "th"]) {
      for (const [layout, v] of Object.entries(views)) {
        await tickAt(srv, Date.now(), "60000");
        const { ctx, page, errors } = await customerPage(srv, browser, v.opts, { locale });
        await page.goto(srv.base + v.path);
        await hydrated(page, "FastTicket");
        await page.locator(SUBMIT).click();
        const dialog = page.getByTestId("fast-confirm");
        await dialog.waitFor();
        await focusOn(page, CANCEL);
        // inside the viewport, both buttons visible without scrolling the page
        const box = (await dialog.boundingBox())!;
        const width = v.opts.viewport!.width;
        assert(box.x >= 0 && box.x + box.width <= width, `${layout} ${locale}: ${box.width} px`);
        for (const b of [CANCEL, CONFIRM]) {
          const bb = (await page.locator(b).boundingBox())!;
          assert(bb.y + bb.height <= v.opts.viewport!.height, `${layout} ${locale}: ${b} below`);
        }
        await page.screenshot({ path: shot(`dialog-fast-${layout}-${locale}`) });
        assertEquals(errors, []);
        await ctx.close();
      }
    }
  },
);

browserTest(
  "a console decision's confirmation by keyboard: dialog, Escape, focus back on Pass, then Confirm",
  async (srv, browser) => {
    const op = await operatorToken(srv);
    const { token } = await registerUser(srv, "+12025550191");
    const id = await recharge(srv, token, "30");
    const { ctx, page, errors } = await consolePage(srv, browser, op);
    await open(page, `${srv.base}/admin/recharges?id=${id}`);
    const PASS = '[data-testid="action-pass"]';
    const DIALOG = '[data-testid="decision-dialog"]';
    await page.locator(PASS).focus();
    // Enter opens the confirmation: a modal dialog naming the decision, focus on Confirm
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Pass" });
    await dialog.waitFor();
    await focusOn(page, '[data-testid="confirm-action"]');
    assert(await page.evaluate(() => document.querySelector("dialog:modal") !== null));
    // focus stays inside: Tab and Shift+Tab move among its buttons only
    for (const key of ["Tab", "Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      await page.waitForFunction(
        (sel) => !!document.activeElement?.closest(sel),
        DIALOG,
        { timeout: 5_000 },
      );
    }
    await page.screenshot({ path: shot("admin-decision-dialog") });
    // Escape cancels: nothing decided, focus back on Pass
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await focusOn(page, PASS);
    const still = await srv.call<{ status: string }>(`/api/admin/recharges/${id}`, { token: op });
    assertEquals(still.body.data.status, "auditing");
    // again, and this time confirmed with Enter: the page says Done, the recharge is passed
    await page.keyboard.press("Enter");
    await focusOn(page, '[data-testid="confirm-action"]');
    await page.keyboard.press("Enter");
    await page.getByTestId("notice").filter({ hasText: "Done" }).waitFor();
    const passed = await srv.call<{ status: string }>(`/api/admin/recharges/${id}`, { token: op });
    assertEquals(passed.body.data.status, "passed");
    assertEquals(errors, []);
    await ctx.close();
  },
);
