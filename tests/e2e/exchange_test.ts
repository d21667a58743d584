import { assertEquals, assertMatch } from "../assert.ts";
import { shot } from "./browser.ts";
import {
  browserTest,
  customerPage,
  exchangeTenthBtc,
  hydrated,
  PHONE,
  quotesNow,
} from "./session.ts";

browserTest("currency exchange: quote, confirm, history (mobile)", async (srv, browser) => {
  await quotesNow(srv, { BTCUSDT: "60000", ETHUSDT: "3000" });
  const { ctx, page, errors } = await customerPage(srv, browser, PHONE);
  await page.goto(srv.base + "/wp/product/gjmarket");
  await hydrated(page, "ExchangeForm");
  await exchangeTenthBtc(page, "mobile-exchange-quote");
  assertMatch(await page.getByTestId("flow").innerText(), /\+5,994\.00 USDT/);
  await page.screenshot({ path: shot("mobile-exchange-done"), fullPage: true });
  assertEquals(errors, []);
  await ctx.close();
});
