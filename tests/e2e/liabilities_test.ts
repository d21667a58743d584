/**
 * Proof of liabilities in the browser: a customer opens the page from a link (the phone's user
 * centre, the desktop footer), clicks "Check my balance" and the island recomputes their leaves
 * and paths to the published root from their own id: yes. Both layouts (390 and 1280 px wide),
 * en/de/zh-CN/th, screenshots. Then the dishonest operator: another customer's leaves served as
 * this customer's proof (the shared-leaf attack) are refused, balances that are not the
 * customer's are called so, and money moved since the epoch is said plainly.
 */
import { parseDecimal } from "../../core-wasm/mod.ts";
import { house, user } from "../../edge/ledger/accounts.ts";
import { keys as ledgerKeys } from "../../edge/ledger/store.ts";
import type { Balance } from "../../edge/ledger/store.ts";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { shot } from "./browser.ts";
import { operatorToken } from "../operator.ts";
import { registerUser, type TestServer } from "../server.ts";
import {
  browserTest,
  customerPage,
  hydrated,
  layoutBrowser,
  PHONE,
  watchedPage,
} from "./session.ts";

/** A phone 390 px wide (the narrowest common one) and a desktop 1280 px wide. */
const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };
const DESKTOP_1280 = { ...layoutBrowser("desktop"), viewport: { width: 1280, height: 900 } };

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
    for (const locale of ["en", "de", "zh-CN", "th"]) {
      const options = layout === "mobile" ? PHONE_390 : DESKTOP_1280;
      const { ctx, page, errors } = await customerPage(srv, browser, options, { locale });
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
    // an admin publishes the next epoch from the report (audited), and the report follows it
    await hydrated(page, "AdminPublish");
    await page.getByTestId("publish-epoch").click();
    await page.waitForURL(/flash=done/);
    await page.getByTestId("notice").waitFor();
    const latest = await srv.call<{ epoch: string }>("/api/liabilities");
    assert(latest.body.data.epoch !== r!.record.epoch, "a new epoch");
    assertMatch(
      await page.getByTestId("pol-report").innerText(),
      new RegExp(`\\b${latest.body.data.epoch}\\b`),
    );
    const audit = await srv.call<{ items: { action: string }[] }>("/api/admin/audit", {
      token: op,
    });
    assert(audit.body.data.items.some((e) => e.action.startsWith("liabilities.")), "audited");
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

/** A deposit journal from outside (the test's shortcut to a funded account). */
async function fund(srv: TestServer, userId: string, amount: string, key: string) {
  const x = parseDecimal(amount);
  await srv.deps.ledger.post("demo", { key, request: amount }, () => ({
    type: "deposit",
    ref: `test:${userId}`,
    postings: [
      { account: house("external", "USDT"), available: -x },
      { account: user(userId, "spot", "USDT"), available: x },
    ],
    result: () => null,
  }));
}

browserTest("liabilities: the check is bound to the signed-in customer and their balances", async (
  srv,
  browser,
) => {
  // two customers with equal balances: the pair a dishonest operator could give one leaf
  const b = await registerUser(srv, "+12025550181");
  const c = await registerUser(srv, "+12025550182");
  await fund(srv, b.user.userId, "1000", "e2e-b");
  await fund(srv, c.user.userId, "1000", "e2e-c");
  srv.advance(5 * 60_000); // the deposits well before the epoch reads the balances
  assert((await srv.deps.liabilities.runDue("demo"))?.built);
  const theirs = await srv.call("/api/liabilities/proof", { token: c.token });
  assertEquals(theirs.body.code, 0);

  const { ctx, page, errors } = await customerPage(srv, browser, PHONE_390, { token: b.token });
  const check = async (tag: string) => {
    await page.goto(`${srv.base}/wp/liabilities`);
    await hydrated(page, "LiabilityCheck");
    await page.getByTestId("pol-check-btn").click();
    const result = page.getByTestId("pol-result");
    await result.waitFor();
    await page.screenshot({ path: shot(`liabilities-${tag}-wp-en`), fullPage: true });
    return await result.getAttribute("data-result");
  };

  // the shared-leaf attack: the server answers b with c's leaves (equal balances)
  await page.route(
    "**/api/liabilities/proof",
    (route) =>
      route.fulfill({ contentType: "application/json", body: JSON.stringify(theirs.body) }),
  );
  assertEquals(await check("shared-leaf"), "no", "another customer's leaves are refused");
  await page.unroute("**/api/liabilities/proof");

  // b's own proof: yes
  assertEquals(await check("own"), "yes");

  // the tree holds balances that are not b's: b's account shows 1 USDT more, and nothing moved
  // in b's account since the epoch read the balances (a store edit, no journal)
  const key = ledgerKeys.balance("demo", `u:${b.user.userId}:spot:USDT`);
  const bal = (await srv.kv.get<Balance>(key)).value!;
  await srv.kv.set(key, { ...bal, available: bal.available + 100_000_000n });
  try {
    assertEquals(await check("not-mine"), "notMine");
    assertMatch(await page.getByTestId("pol-result").innerText(), /not your balances/);
    assertMatch(await page.getByTestId("pol-own-USDT").innerText(), /1,001/);
    assertMatch(await page.getByTestId("pol-bal-USDT").innerText(), /1,000/);
  } finally {
    await srv.kv.set(key, bal); // the store as the journals say (the server's close checks it)
  }

  // money moved since the epoch (a deposit now): said so, not called foreign
  await fund(srv, b.user.userId, "5", "e2e-b-later");
  assertEquals(await check("moved"), "moved");
  assertEquals(errors, []);
  await ctx.close();
});
