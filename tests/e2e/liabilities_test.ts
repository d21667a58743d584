/**
 * Proof of liabilities in the browser: a customer opens the page from a link (the phone's user
 * centre, the desktop footer), clicks "Check my balance" and the island recomputes their leaf
 * and path to the published root: yes. Both layouts, en/de/zh-CN, screenshots.
 */
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { shot } from "./browser.ts";
import { operatorToken } from "../operator.ts";
import { browserTest, customerPage, hydrated, layoutBrowser, watchedPage } from "./session.ts";

browserTest("liabilities: a customer checks their balance against the published root", async (
  srv,
  browser,
) => {
  // before the first epoch: the page says when it comes
  {
    const ctx = await browser.newContext(layoutBrowser("mobile"));
    const { page, errors } = await watchedPage(ctx);
    await page.goto(`${srv.base}/wp/liabilities`);
    assertMatch(await page.getByTestId("pol-none").innerText(), /00:00 UTC/);
    await page.screenshot({ path: shot("liabilities-none-wp-en"), fullPage: true });
    assertEquals(errors, []);
    await ctx.close();
  }
  const r = await srv.deps.liabilities.runDue("demo");
  assert(r?.built);
  for (const layout of ["mobile", "desktop"] as const) {
    for (const locale of ["en", "de", "zh-CN"]) {
      const { ctx, page, errors } = await customerPage(srv, browser, layoutBrowser(layout), {
        locale,
      });
      if (layout === "mobile") {
        await page.goto(`${srv.base}/wp/user/userCenter`);
        await page.getByTestId("menu-liabilities").click();
        await page.waitForURL(/\/wp\/liabilities$/);
      } else {
        await page.goto(`${srv.base}/pc/home`);
        await page.getByTestId("footer-liabilities").click();
        await page.waitForURL(/\/pc\/liabilities$/);
      }
      assertEquals(await page.getByTestId("pol-root").innerText(), r!.record.root);
      await hydrated(page, "LiabilityCheck");
      await page.getByTestId("pol-check-btn").click();
      const result = page.getByTestId("pol-result");
      await result.waitFor();
      assertEquals(await result.getAttribute("data-result"), "yes");
      assertMatch(await page.getByTestId("pol-steps").innerText(), /\d/);
      const tag = `${layout === "mobile" ? "wp" : "pc"}-${locale}`;
      await page.screenshot({ path: shot(`liabilities-yes-${tag}`), fullPage: true });
      assertEquals(errors, []);
      await ctx.close();
    }
  }
  // the operators' report: the latest epoch against the recorded reserves
  {
    const op = await operatorToken(srv);
    const ctx = await browser.newContext(layoutBrowser("desktop"));
    await ctx.addCookies([{ name: "tw_op", value: op, url: srv.base }]);
    const { page, errors } = await watchedPage(ctx);
    await page.goto(`${srv.base}/admin/reports`);
    const table = page.getByTestId("pol-table");
    await table.waitFor();
    await table.scrollIntoViewIfNeeded();
    assertMatch(await page.getByTestId("pol-report").innerText(), new RegExp(r!.record.epoch));
    await page.screenshot({ path: shot("liabilities-admin-report"), fullPage: true });
    assertEquals(errors, []);
    await ctx.close();
  }
  // a visitor on the desktop sees the proof and is asked to log in to check
  {
    const ctx = await browser.newContext(layoutBrowser("desktop"));
    const { page, errors } = await watchedPage(ctx);
    await page.goto(`${srv.base}/pc/liabilities`);
    await page.getByTestId("pol-sign-in").waitFor();
    await page.screenshot({ path: shot("liabilities-visitor-pc-en"), fullPage: true });
    assertEquals(errors, []);
    await ctx.close();
  }
});
