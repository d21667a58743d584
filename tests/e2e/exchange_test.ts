import { devices } from "playwright-core";
import { assertEquals, assertMatch } from "../assert.ts";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { startServer } from "../server.ts";
import { E2E, launch, shot } from "./browser.ts";

Deno.test({
  name: "currency exchange: quote, confirm, history (mobile)",
  ...E2E,
  async fn() {
    const srv = await startServer({ seed: true });
    const browser = await launch();
    try {
      const login = await srv.call("/api/login", {
        body: { phone: "+12025550123", password: "Demo-2026" },
      });
      const token = login.headers.get("authorization")!;
      const t = Date.now();
      await srv.deps.market.tape.ingest({
        symbol: "BTCUSDT",
        time: t,
        price: parseDecimal("60000"),
        qty: 1n,
      });
      await srv.deps.market.tape.ingest({
        symbol: "ETHUSDT",
        time: t,
        price: parseDecimal("3000"),
        qty: 1n,
      });
      const ctx = await browser.newContext({ ...devices["Pixel 7"] });
      await ctx.addCookies([{ name: "tw_session", value: token, url: srv.base }]);
      await ctx.addInitScript((tk) => localStorage.setItem("Authorization", tk), token);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(srv.base + "/wp/product/gjmarket");
      await page.waitForSelector('tw-island[data-name="ExchangeForm"][data-hydrated]');
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
    } finally {
      await browser.close();
      await srv.close();
    }
  },
});
