import type { TestServer } from "../server.ts";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { shot } from "./browser.ts";
import { browserTest, DESKTOP, PHONE, watchedPage } from "./session.ts";

async function signIn(srv: TestServer) {
  const r = await srv.call("/api/login", {
    body: { phone: "+12025550123", password: "Demo-2026" },
  });
  return r.headers.get("authorization")!;
}

browserTest(
  "assets, transfer and fund flow on the mobile layout, in English and Chinese",
  async (srv, browser, t) => {
    const token = await signIn(srv);
    for (const locale of ["en", "zh-CN"] as const) {
      const ctx = await browser.newContext(PHONE);
      await ctx.addCookies([
        { name: "tw_session", value: token, url: srv.base },
        { name: "wplocale", value: locale, url: srv.base },
      ]);
      await ctx.addInitScript((tk) => localStorage.setItem("Authorization", tk), token);
      const { page, errors } = await watchedPage(ctx);

      await t.step(`${locale}: assets show the seeded journals`, async () => {
        await page.goto(srv.base + "/wp/trade/property");
        const total = await page.getByTestId("total-usdt").innerText();
        // 65,000 USDT in en; the same digits in zh-CN
        assertEquals(total.replace(/[^\d.]/g, ""), "65000.00");
        assertMatch(await page.getByTestId("wallet-spot").innerText(), /0\.500000/);
        await page.screenshot({ path: shot(`mobile-assets-${locale}`), fullPage: true });
      });

      if (locale === "en") {
        await t.step("transfer 250.5 USDT from spot to contract with confirmation", async () => {
          await page.goto(srv.base + "/wp/trade/transfer");
          await page.waitForSelector('tw-island[data-name="TransferForm"][data-hydrated]');
          assertMatch(
            await page.getByTestId("transfer-available").innerText(),
            /10,000\.00 USDT/,
          );
          await page.fill("#amount", "250.555");
          await page.getByRole("button", { name: "Transfer", exact: true }).click();
          // too many decimals has its own message now (issue 28)
          await page.getByText("Too many decimal places").waitFor();
          await page.fill("#amount", "250.5");
          await page.getByRole("button", { name: "Transfer", exact: true }).click();
          await page.getByTestId("transfer-confirm").waitFor();
          await page.screenshot({ path: shot("mobile-transfer-confirm"), fullPage: true });
          await page.getByRole("button", { name: "Confirm" }).click();
          await page.locator("#toast").getByText("Transfer successful").waitFor();
          assertMatch(await page.getByTestId("transfer-available").innerText(), /9,749\.50 USDT/);
          await page.getByTestId("transfer-switch").click();
          assertMatch(
            await page.getByTestId("transfer-available").innerText(),
            /10,250\.50 USDT/,
          );
        });
        await t.step("the transfer is in the history and the fund flow", async () => {
          await page.goto(srv.base + "/wp/trade/transfer/history");
          const rows = page.locator('.flow-row[data-type="transfer"]');
          assertEquals(await rows.count(), 2);
          await page.goto(
            srv.base + "/wp/trade/statistics?type=transfer&currency=USDT&wallet=contract",
          );
          assertMatch(await page.getByTestId("flow").innerText(), /\+250\.50 USDT/);
          await page.goto(srv.base + "/wp/trade/statistics");
          await page.screenshot({ path: shot("mobile-flow-en"), fullPage: true });
        });
      } else {
        await t.step("zh-CN: fund flow and transfer screens are Chinese", async () => {
          await page.goto(srv.base + "/wp/trade/statistics");
          assertMatch(await page.getByTestId("flow").innerText(), /划转|充值/);
          await page.screenshot({ path: shot("mobile-flow-zh-CN"), fullPage: true });
          await page.goto(srv.base + "/wp/trade/transfer");
          await page.screenshot({ path: shot("mobile-transfer-zh-CN"), fullPage: true });
        });
      }
      assertEquals(errors, []);
      await ctx.close();
    }
  },
);

browserTest("assets and transfer on the desktop layout", async (srv, browser) => {
  const token = await signIn(srv);
  const ctx = await browser.newContext(DESKTOP);
  await ctx.addCookies([{ name: "tw_session", value: token, url: srv.base }]);
  await ctx.addInitScript((tk) => localStorage.setItem("Authorization", tk), token);
  const page = await ctx.newPage();
  await page.goto(srv.base + "/pc/userCenter/property");
  assertMatch(await page.getByTestId("total-usdt").innerText(), /65,000\.00/);
  assert(await page.getByTestId("flow").isVisible());
  await page.screenshot({ path: shot("desktop-assets-en"), fullPage: true });
  await page.goto(srv.base + "/pc/handle/transfer");
  await page.waitForSelector('tw-island[data-name="TransferForm"][data-hydrated]');
  await page.getByTestId("transfer-switch").click();
  await page.getByRole("button", { name: "All" }).click();
  await page.getByRole("button", { name: "Transfer", exact: true }).click();
  await page.getByRole("button", { name: "Confirm" }).click();
  await page.locator("#toast").getByText("Transfer successful").waitFor();
  assertMatch(await page.getByTestId("transfer-available").innerText(), /^\D*0(\.00)? USDT/);
  await page.reload();
  assertEquals(await page.locator('.flow-row[data-type="transfer"]').count(), 2);
  await page.screenshot({ path: shot("desktop-transfer-en"), fullPage: true });
  await ctx.addCookies([{ name: "wplocale", value: "zh-CN", url: srv.base }]);
  await page.goto(srv.base + "/pc/userCenter/property");
  assertMatch(await page.getByTestId("assets").innerText(), /总资产/);
  await page.screenshot({ path: shot("desktop-assets-zh-CN"), fullPage: true });
  await ctx.close();
});
