import { assertEquals, assertMatch } from "../assert.ts";
import { shot } from "./browser.ts";
import { browserTest, customerPage, hydrated, PHONE, quotesNow } from "./session.ts";

browserTest("currency exchange: quote, confirm, history (mobile)", async (srv, browser) => {
  await quotesNow(srv, { BTCUSDT: "60000", ETHUSDT: "3000" });
  const { ctx, page, errors } = await customerPage(srv, browser, PHONE);
  await page.goto(srv.base + "/wp/product/gjmarket");
  await hydrated(page, "ExchangeForm");
  await page.locator("#amount").fill("0.1");
  await page.getByRole("button", { name: "Get quote" }).click();
  const quote = page.getByTestId("exchange-quote");
  await quote.waitFor();
  assertMatch(await quote.innerText(), /You receive 5,994\.00 USDT/);
  await page.screenshot({ path: shot("mobile-exchange-quote"), fullPage: true });
  await Promise.all([
    page.waitForEvent("load"),
    page.getByRole("button", { name: "Confirm exchange" }).click(),
  ]);
  assertMatch(await page.getByTestId("flow").innerText(), /\+5,994\.00 USDT/);
  await page.screenshot({ path: shot("mobile-exchange-done"), fullPage: true });
  assertEquals(errors, []);
  await ctx.close();
});
