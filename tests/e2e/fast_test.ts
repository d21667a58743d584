import { assertMatch } from "../assert.ts";
import { shot } from "./browser.ts";
import { customerTest, hydrated, layoutBrowser, tickAt, ticketPath } from "./session.ts";

for (const layout of ["mobile", "desktop"] as const) {
  customerTest(
    `fast contract from ticket to result (${layout})`,
    layoutBrowser(layout),
    async (srv, page) => {
      const t0 = Date.now() - 5_000;
      await tickAt(srv, t0, "60000");
      await tickAt(srv, t0 + 1000, "60010");
      await page.goto(
        srv.base + ticketPath("fast", layout),
      );
      await hydrated(page, "FastTicket");
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
      await tickAt(srv, t0 + 20_000, "60050");
      await tickAt(srv, t0 + 40_000, "59000");
      await page.locator('[data-testid="fast-settled"] li[data-outcome="win"]').waitFor();
      assertMatch(await page.getByTestId("fast-settled").innerText(), /Won: 185\.00 USDT/);
      await page.screenshot({ path: shot(`${layout}-fast-result`), fullPage: true });
    },
  );
}
