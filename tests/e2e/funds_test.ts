/**
 * The money loop in Chromium on both layouts: verification (junior, then advanced with photos),
 * an offline recharge with its receipt credited after review, a trade, payment methods, and
 * withdrawals paid out or rejected and refunded. Operator decisions go through the operator API
 * here (the console has its own browser test).
 */
import {
  bindMethod,
  decisionBody,
  endHold,
  feedPrices,
  PAYOUT_REF,
  setDrawPassword,
  usdtAddress,
} from "../api/funds_helpers.ts";
import { Buffer } from "node:buffer";
import { type Page } from "playwright-core";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { makePng } from "../images.ts";
import { operatorToken } from "../operator.ts";
import { lastCode, registerUser, type TestServer } from "../server.ts";
import { shot } from "./browser.ts";
import { browserTest, customerPage, DESKTOP, hydrated, PHONE } from "./session.ts";

async function spot(srv: TestServer, token: string, currency = "USDT") {
  const a = await srv.call<
    { rows: { wallet: string; currency: string; available: string; frozen: string }[] }
  >(
    "/api/account/assets",
    { token },
  );
  const r = a.body.data.rows.find((r) => r.wallet === "spot" && r.currency === currency)!;
  return { available: r.available, frozen: r.frozen };
}

/** Pass the oldest pending verification of this customer (operator API). */
async function passCertification(srv: TestServer, op: string, userId: string) {
  const q = await srv.call<{ items: { id: string; userId: string }[] }>(
    "/api/admin/certifications?status=authenticating",
    { token: op },
  );
  const item = q.body.data.items.find((i) => i.userId === userId)!;
  const r = await srv.call(`/api/admin/certifications/${item.id}/pass`, {
    token: op,
    method: "POST",
  });
  assertEquals(r.body.code, 0);
}

async function photo(page: Page, input: string, seed: number) {
  const png = await makePng(64 + seed, 40 + seed);
  await page.setInputFiles(input, {
    name: `photo-${seed}.png`,
    mimeType: "image/png",
    buffer: Buffer.from(png),
  });
}

browserTest(
  "mobile: verify, recharge credited, trade, withdraw paid out",
  async (srv, browser, t) => {
    const op = await operatorToken(srv);
    const { token, user } = await registerUser(srv, "+12025550210");
    await setDrawPassword(srv, token, "135790");
    const { ctx, page, errors } = await customerPage(srv, browser, PHONE, {
      token,
    });

    await t.step("advanced first is refused; junior submitted and passed", async () => {
      await page.goto(srv.base + "/wp/user/certify/second");
      await page.getByTestId("certify-junior-first").waitFor();
      await page.goto(srv.base + "/wp/user/certify/first");
      await hydrated(page, "CertifyForm");
      await page.getByRole("button", { name: "Submit for review" }).click();
      await page.getByText("Enter your name").waitFor();
      await page.fill("#name", "Ada Lovelace");
      await page.selectOption("#docType", "passport");
      await page.fill("#docNumber", "P7654321");
      await page.screenshot({ path: shot("mobile-certify-junior"), fullPage: true });
      await page.getByRole("button", { name: "Submit for review" }).click();
      await page.getByTestId("certify-state-junior").and(
        page.locator('[data-status="authenticating"]'),
      ).waitFor();
      await passCertification(srv, op, user.userId);
      await page.reload();
      await page.locator('[data-testid="certify-state-junior"][data-status="authenticated"]')
        .waitFor();
    });

    await t.step("advanced: three photos uploaded, submitted, passed", async () => {
      await page.goto(srv.base + "/wp/user/certify/second");
      await hydrated(page, "CertifyForm");
      await photo(page, "#front", 1);
      await photo(page, "#back", 2);
      await photo(page, "#handheld", 3);
      for (const p of ["front", "back", "handheld"]) {
        await page.getByTestId(`${p}-preview`).waitFor();
      }
      await page.screenshot({ path: shot("mobile-certify-advanced"), fullPage: true });
      await page.getByRole("button", { name: "Submit for review" }).click();
      await page.locator('[data-testid="certify-state-advanced"][data-status="authenticating"]')
        .waitFor();
      await passCertification(srv, op, user.userId);
      await page.reload();
      await page.locator('[data-testid="certify-state-advanced"][data-status="authenticated"]')
        .waitFor();
      const me = await srv.call<{ certifyLevel: string }>("/api/user/info", { token });
      assertEquals(me.body.data.certifyLevel, "advanced");
    });

    await t.step("recharge with a receipt -> under review -> credited", async () => {
      await page.goto(srv.base + "/wp/trade/recharge");
      await hydrated(page, "RechargeForm");
      await page.getByTestId("channel-bank-usdt").click();
      await page.getByTestId("detail-accountNumber").waitFor();
      await page.fill("#amount", "500");
      await page.fill("#remitterName", "Ada Lovelace");
      await page.fill("#remitterAccount", "GB82WEST12345698765432");
      await photo(page, "#voucher", 4);
      await page.getByTestId("voucher-preview").waitFor();
      // the preview is the re-encoded photo (a blob: URL the page's CSP allows)
      await page.waitForFunction(() =>
        (document.querySelector('[data-testid="voucher-preview"]') as HTMLImageElement)
          ?.naturalWidth > 0
      );
      await page.screenshot({ path: shot("mobile-recharge-form"), fullPage: true });
      await page.getByRole("button", { name: "Submit recharge" }).click();
      await page.waitForURL("**/wp/trade/recharge/approve");
      const row = page.locator('.record[data-status="auditing"]');
      assertMatch(await row.innerText(), /500\.00 USDT/);
      await page.screenshot({ path: shot("mobile-recharge-history"), fullPage: true });
      const q = await srv.call<{ items: { id: string; userId: string }[] }>(
        "/api/admin/recharges?status=auditing",
        { token: op },
      );
      const id = q.body.data.items.find((i) => i.userId === user.userId)!.id;
      assertEquals(
        (await srv.call(`/api/admin/recharges/${id}/pass`, { token: op, method: "POST" })).body
          .code,
        0,
      );
      await page.reload();
      await page.locator('.record[data-status="passed"]').waitFor();
      assertEquals((await spot(srv, token)).available, "500");
    });

    await t.step("the turnover rule shows what remains; a trade clears it", async () => {
      await bindMethod(srv, token, usdtAddress());
      await page.goto(srv.base + "/wp/user/withdraw");
      await hydrated(page, "WithdrawForm");
      assertMatch(await page.getByTestId("withdraw-turnover").innerText(), /500\.00 USDT/);
      await feedPrices(srv);
      // buy and sell back 300 USDT of BTC: about 600 of volume
      const buy = await srv.call<{ quoteId: string }>("/api/exchange/quote", {
        token,
        body: { from: "USDT", to: "BTC", amount: "300" },
      });
      await srv.call("/api/exchange/confirm", {
        token,
        body: { quoteId: buy.body.data.quoteId },
      });
      const btc = (await spot(srv, token, "BTC")).available.replace(/(\.\d{6})\d+$/, "$1");
      const sell = await srv.call<{ quoteId: string }>("/api/exchange/quote", {
        token,
        body: { from: "BTC", to: "USDT", amount: btc },
      });
      await srv.call("/api/exchange/confirm", {
        token,
        body: { quoteId: sell.body.data.quoteId },
      });
      await page.reload();
      await hydrated(page, "WithdrawForm");
      assertEquals(
        await page.getByTestId("withdraw-turnover").innerText(),
        "Turnover requirement met",
      );
    });

    let withdrawalId = "";
    await t.step("withdraw 100 USDT: fee and net first, frozen, paid out", async () => {
      await page.fill("#amount", "100");
      await page.fill("#drawPassword", "135790");
      await page.getByTestId("withdraw-fee").getByText("1.00 USDT").waitFor();
      assertMatch(await page.getByTestId("withdraw-net").innerText(), /99\.00 USDT/);
      await page.getByRole("button", { name: "Withdraw", exact: true }).click();
      await page.getByTestId("withdraw-confirm").waitFor();
      assertMatch(
        await page.getByTestId("withdraw-confirm").innerText(),
        /you receive 99\.00 USDT/,
      );
      await page.screenshot({ path: shot("mobile-withdraw-confirm"), fullPage: true });
      await page.getByRole("button", { name: "Confirm" }).click();
      await page.waitForURL("**/wp/user/historyList");
      await page.locator('.record[data-status="auditing"]').waitFor();
      assertEquals((await spot(srv, token)).frozen, "100");
      const q = await srv.call<{ items: { id: string; userId: string }[] }>(
        "/api/admin/withdrawals?status=auditing",
        { token: op },
      );
      withdrawalId = q.body.data.items.find((i) => i.userId === user.userId)!.id;
      for (const action of ["pass", "complete"]) {
        const r = await srv.call(`/api/admin/withdrawals/${withdrawalId}/${action}`, {
          token: op,
          ...decisionBody(action, PAYOUT_REF.hex),
        });
        assertEquals(r.body.code, 0, JSON.stringify(r.body));
      }
      await page.reload();
      // the record opens its detail (amount, fee, status history)
      await page.locator('.record[data-status="passed"] a').click();
      assertMatch(await page.getByTestId("withdraw-detail").innerText(), /Paid out/);
      await page.screenshot({ path: shot("mobile-withdraw-history"), fullPage: true });
      assertEquals((await spot(srv, token)).frozen, "0");
    });

    await t.step("every decision is in the message centre", async () => {
      await page.goto(srv.base + "/wp/message");
      const list = await page.getByTestId("messages").innerText();
      for (
        const title of [
          "Withdrawal paid",
          "Withdrawal approved",
          "Recharge credited",
          "Advanced verification passed",
          "Primary verification passed",
          "Payment method bound",
          "Withdrawal password set",
        ]
      ) assert(list.includes(title), title);
      await page.screenshot({ path: shot("mobile-messages"), fullPage: true });
      await page.getByText("Recharge credited").click();
      assertMatch(
        await page.getByTestId("message").innerText(),
        /500\.00 USDT has been credited/,
      );
      await page.goto(srv.base + "/wp/message");
      assertEquals(await page.locator('[data-read="0"]').count(), 6);
    });
    assertEquals(errors, []);
    await ctx.close();
  },
);

browserTest(
  "desktop: junior verification, bank card, withdrawal rejected and refunded (zh-CN too)",
  async (srv, browser, t) => {
    const op = await operatorToken(srv);
    const login = await srv.call<{ userId: string }>("/api/login", {
      body: { phone: "+12025550123", password: "Demo-2026" },
    });
    const token = login.headers.get("authorization")!;
    const { ctx, page, errors } = await customerPage(srv, browser, DESKTOP, { token });

    await t.step("junior verification from the user centre", async () => {
      await page.goto(srv.base + "/pc/userCenter/certify");
      await hydrated(page, "CertifyForm");
      await page.fill("#name", "Demo Customer");
      await page.fill("#docNumber", "ID-99887766");
      await page.getByRole("button", { name: "Submit for review" }).click();
      await page.locator('[data-testid="certify-state-junior"][data-status="authenticating"]')
        .waitFor();
      await page.screenshot({ path: shot("desktop-certify-review"), fullPage: true });
      await passCertification(srv, op, login.body.data.userId);
    });

    await t.step(
      "international bank card: holder is the verified name, bound for good",
      async () => {
        await page.goto(srv.base + "/pc/handle/gatheringWay?add=international");
        await hydrated(page, "PaymentMethodForm");
        assertEquals(await page.inputValue("#holder"), "Demo Customer");
        await page.fill("#number", "GB82 WEST 1234 5698 7654 33");
        await page.fill("#swift", "NEDSZAJJXXX");
        await page.fill("#bankName", "West Bank");
        await page.fill("#bankAddress", "1 High Street, London");
        await page.fill("#branch", "City branch");
        // said before binding: a new method waits 24 hours
        assertMatch(await page.getByTestId("method-hold-notice").innerText(), /24 hours/);
        await page.getByRole("button", { name: "Send code" }).click();
        await page.locator("#toast").getByText("verification code has been sent").waitFor();
        await page.fill("#code", (await lastCode(srv, "+12025550123", "security"))!);
        // the form runs the server's format checks before its confirmation opens
        await page.getByRole("button", { name: "Bind" }).click();
        await page.getByText("This IBAN is not valid").waitFor();
        assertEquals(await page.getByTestId("method-confirm").count(), 0);
        await page.fill("#number", "GB82 WEST 1234 5698 7654 32");
        await page.getByRole("button", { name: "Bind" }).click();
        await page.getByTestId("method-confirm").getByRole("button", { name: "Confirm" }).click();
        await page.waitForURL("**/pc/handle/gatheringWay");
        assertMatch(await page.getByTestId("methods").innerText(), /West Bank[\s\S]*5432/);
        await page.screenshot({ path: shot("desktop-payment-methods"), fullPage: true });
      },
    );

    await t.step(
      "the withdrawal form shows the new card on hold until a day after binding",
      async () => {
        await page.goto(srv.base + "/pc/handle/withdraw");
        await hydrated(page, "WithdrawForm");
        assertMatch(await page.getByTestId("withdraw-method-hold").innerText(), /usable from/);
        await page.screenshot({ path: shot("desktop-withdraw-hold"), fullPage: true });
        const list = await srv.call<{ items: { id: string }[] }>("/api/payment-methods", { token });
        await endHold(srv, token, list.body.data.items[0]!.id);
      },
    );

    await t.step("withdraw 100 USDT, the operator rejects: refunded", async () => {
      const before = await spot(srv, token);
      await page.goto(srv.base + "/pc/handle/withdraw");
      await hydrated(page, "WithdrawForm");
      await page.fill("#amount", "100");
      await page.fill("#drawPassword", "000000");
      await page.getByRole("button", { name: "Withdraw", exact: true }).click();
      await page.getByRole("button", { name: "Confirm" }).click();
      await page.locator("#toast").getByText("The withdrawal password is incorrect").waitFor();
      await page.fill("#drawPassword", "246810");
      await page.getByRole("button", { name: "Withdraw", exact: true }).click();
      await page.getByRole("button", { name: "Confirm" }).click();
      await page.locator('.record[data-status="auditing"]').waitFor();
      await page.screenshot({ path: shot("desktop-withdraw"), fullPage: true });
      assertEquals((await spot(srv, token)).frozen, "100");
      const q = await srv.call<{ items: { id: string }[] }>(
        "/api/admin/withdrawals?status=auditing",
        { token: op },
      );
      const r = await srv.call(`/api/admin/withdrawals/${q.body.data.items[0]!.id}/reject`, {
        token: op,
        body: { reason: "Bank details could not be verified" },
      });
      assertEquals(r.body.code, 0);
      await page.reload();
      const row = page.locator('.record[data-status="rejected"]');
      assertMatch(await row.innerText(), /Bank details could not be verified/);
      assertEquals(await spot(srv, token), before);
      const m = await srv.call<{ items: { kind: string; body: string }[] }>("/api/message", {
        token,
      });
      assertEquals(m.body.data.items[0]!.kind, "withdrawReject");
    });

    await t.step("zh-CN: the same screens in Chinese", async () => {
      await ctx.addCookies([{ name: "wplocale", value: "zh-CN", url: srv.base }]);
      await page.goto(srv.base + "/pc/handle/withdraw");
      assertMatch(await page.locator("main").innerText(), /提现|提币/);
      await page.screenshot({ path: shot("desktop-withdraw-zh-CN"), fullPage: true });
      await page.goto(srv.base + "/pc/handle/recharge");
      await hydrated(page, "RechargeForm");
      assert((await page.locator("main").innerText()).includes("充值"));
      await page.screenshot({ path: shot("desktop-recharge-zh-CN"), fullPage: true });
    });
    assertEquals(errors, []);
    await ctx.close();
  },
);
