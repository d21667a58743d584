import { devices } from "playwright-core";
import { assertEquals, assertMatch } from "../assert.ts";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { startServer, type TestServer } from "../server.ts";
import { E2E, launch, shot } from "./browser.ts";

const U = 100_000_000n;

async function tick(srv: TestServer, time: number, price: string) {
  // the server's wall clock reaches the tick's time (a tick from the future would be refused)
  srv.advance(Math.max(0, time - srv.deps.now()));
  await srv.deps.market.tape.ingest({
    symbol: "BTCUSDT",
    time,
    price: parseDecimal(price),
    qty: U / 10n,
  });
}

for (const layout of ["mobile", "desktop"] as const) {
  Deno.test({
    name: `fast contract from ticket to result (${layout})`,
    ...E2E,
    async fn() {
      const srv = await startServer({ seed: true });
      const browser = await launch();
      try {
        const login = await srv.call("/api/login", {
          body: { phone: "+12025550123", password: "Demo-2026" },
        });
        const token = login.headers.get("authorization")!;
        const ctx = await browser.newContext(
          layout === "mobile" ? { ...devices["Pixel 7"] } : {
            viewport: { width: 1366, height: 900 },
            userAgent:
              "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36",
          },
        );
        await ctx.addCookies([{ name: "tw_session", value: token, url: srv.base }]);
        await ctx.addInitScript((tk) => localStorage.setItem("Authorization", tk), token);
        const page = await ctx.newPage();
        const errors: string[] = [];
        page.on("pageerror", (e) => errors.push(e.message));
        const t0 = Date.now() - 5_000;
        await tick(srv, t0, "60000");
        await tick(srv, t0 + 1000, "60010");
        await page.goto(
          srv.base +
            (layout === "mobile"
              ? "/wp/product/order?symbol=BTCUSDT"
              : "/pc/trade/fast?symbol=BTCUSDT"),
        );
        await page.waitForSelector('tw-island[data-name="FastTicket"][data-hydrated]');
        await page.getByRole("button", { name: "Buy up" }).click();
        await page.locator("#stake").fill("100");
        assertMatch(await page.getByTestId("fast-expected").innerText(), /185(\.00)? USDT/);
        await page.getByRole("button", { name: "Place order" }).click();
        await page.getByTestId("fast-confirm").waitFor();
        await page.screenshot({ path: shot(`${layout}-fast-confirm`), fullPage: true });
        await page.getByRole("button", { name: "Confirm" }).click();
        await page.locator("#toast").getByText("Order placed").waitFor();
        await page.locator('[data-testid="fast-orders"] li[data-status="open"]').waitFor();
        await page.screenshot({ path: shot(`${layout}-fast-open`), fullPage: true });
        // the tape moves past expiry (30 s on the trading clock): the engine settles, the page hears it
        await tick(srv, t0 + 20_000, "60050");
        await tick(srv, t0 + 40_000, "59000");
        await page.locator('[data-testid="fast-orders"] li[data-outcome="win"]').waitFor();
        assertMatch(await page.getByTestId("fast-orders").innerText(), /Won: 185\.00 USDT/);
        await page.screenshot({ path: shot(`${layout}-fast-result`), fullPage: true });
        assertEquals(errors, []);
        await ctx.close();
      } finally {
        await browser.close();
        await srv.close();
      }
    },
  });
}
