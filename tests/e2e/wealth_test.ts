/** Wealth on the phone: choose a product, see every figure, subscribe, watch a payout, redeem. */
import { assertEquals, assertMatch } from "../assert.ts";
import { shot } from "./browser.ts";
import { browserTest, customerPage, hydrated, layoutBrowser, signInContext } from "./session.ts";
import { DAY_MS } from "../../edge/wealth/figures.ts";

browserTest("wealth: subscribe, a payout arrives, redeem early at the quote (mobile)", async (
  srv,
  browser,
) => {
  for (const locale of ["de", "zh-CN"]) {
    const { ctx, page } = await customerPage(srv, browser, layoutBrowser("mobile"), { locale });
    await page.goto(`${srv.base}/wp/wealth`);
    await page.screenshot({ path: shot(`wealth-products-${locale}`), fullPage: true });
    await ctx.close();
  }
  const { ctx, page, errors } = await customerPage(srv, browser, layoutBrowser("mobile"));
  // from the home page's wealth tile, as a customer goes
  await page.goto(`${srv.base}/wp/home`);
  await page.getByTestId("home-wealth").click();
  await page.waitForURL(/\/wp\/wealth$/);
  await page.getByTestId("product-usdt-5d").click();
  await hydrated(page, "WealthSubscribe");
  await page.locator("#amount").fill("1000");
  await page.getByRole("button", { name: "Show the figures" }).click();
  await page.getByTestId("wealth-preview").waitFor();
  assertEquals(await page.getByTestId("daily").innerText(), "3.00 USDT");
  assertEquals(await page.getByTestId("expected").innerText(), "15.00 USDT");
  assertMatch(await page.getByTestId("redeem-rule").innerText(), /0\.40%/);
  await page.screenshot({ path: shot("wealth-preview"), fullPage: true });
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await page.waitForURL(/\/wp\/wealth\/detail/);
  await page.getByTestId("wealth-schedule").waitFor();
  // a day passes: the job pays day 1, the schedule shows it
  const order = (await srv.deps.wealth.orders(
    "demo",
    (await srv.call<{ userId: string }>(
      "/api/user/info",
      { token: await page.evaluate(() => localStorage.getItem("Authorization")!) },
    )).body.data.userId,
  )).items[0]!;
  const detail = page.url();
  srv.advance(order.valueDate + DAY_MS + 1000 - srv.deps.now());
  assertEquals(await srv.deps.wealth.payDue("demo"), 1);
  // a day idles the session out: the page hears it (the payout's event finds the session gone)
  // and goes to the sign-in; sign in again, as the customer would, and back to the order
  await page.waitForURL(/\/wp\/user\/login/);
  await signInContext(srv, ctx);
  await page.goto(detail);
  assertEquals(await page.getByTestId("earned").innerText(), "3.00 USDT");
  await page.screenshot({ path: shot("wealth-detail"), fullPage: true });
  await hydrated(page, "WealthRedeem");
  await page.getByTestId("redeem").click();
  await page.getByTestId("redeem-quote").waitFor();
  // 4 days left x 0.4 % x 1000 = 16
  assertMatch(await page.getByTestId("redeem-quote").innerText(), /16\.00 USDT.*984\.00 USDT/s);
  await page.screenshot({ path: shot("wealth-redeem-quote"), fullPage: true });
  await page.getByRole("button", { name: /Confirm redemption/ }).click();
  // the page comes back with the order retired and no redeem button
  await page.getByTestId("wealth-detail").getByText("Retired").waitFor();
  assertEquals(await page.getByTestId("redeem").count(), 0);
  // what happened, and the days that will never be paid, not "to come"
  assertMatch(await page.getByTestId("wealth-end").innerText(), /16\.00 USDT.*984\.00 USDT/s);
  assertEquals(await page.locator('[data-state="due"]').count(), 0);
  assertEquals(await page.locator('[data-state="forfeited"]').count(), 4);
  await page.screenshot({ path: shot("wealth-redeemed"), fullPage: true });
  assertEquals(errors, []);
  await ctx.close();
});

browserTest(
  "wealth: the home tile leads to the products and an order's figures, phone and desktop, en/de/zh",
  async (
    srv,
    browser,
  ) => {
    for (const layout of ["mobile", "desktop"] as const) {
      for (const locale of ["en", "de", "zh-CN"]) {
        const { ctx, page, errors } = await customerPage(srv, browser, layoutBrowser(layout), {
          locale,
        });
        const home = layout === "mobile" ? "/wp/home" : "/pc/home";
        await page.goto(`${srv.base}${home}`);
        const tile = page.getByTestId("home-wealth");
        // the best rate on offer (0.50 % a day = 182.50 % simple APR), 5 to 30 days
        assertMatch(await tile.innerText(), /182[.,]50\s?%.*5.30/s);
        await page.screenshot({ path: shot(`wealth-home-${layout}-${locale}`), fullPage: true });
        await tile.click();
        await page.getByTestId("product-usdt-15d").click();
        await hydrated(page, "WealthSubscribe");
        await page.locator("#amount").fill("500");
        await page.locator("#amount").press("Enter");
        await page.getByTestId("wealth-preview").waitFor();
        await page.screenshot({ path: shot(`wealth-preview-${layout}-${locale}`), fullPage: true });
        assertEquals(errors, []);
        await ctx.close();
      }
    }
    // a visitor on the desktop sees the products; subscribing asks to sign in
    const ctx = await browser.newContext(layoutBrowser("desktop"));
    const page = await ctx.newPage();
    await page.goto(`${srv.base}/pc/home`);
    await page.getByTestId("home-wealth").click();
    await page.getByTestId("product-usdt-5d").click();
    await page.getByTestId("login-prompt").waitFor();
    await ctx.close();
  },
);
