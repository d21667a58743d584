/**
 * Four-eyes in the operators' console (Chromium): a funds operator proposes a wealth reserve
 * funding and the admin approves it (the public reserve grows); a risk operator proposes a 60 s
 * fast payout rate on the products page and the admin approves it (the customer rates page shows
 * the new rate); a large withdrawal's pass becomes a proposal the withdrawal page points to. The
 * proposer never sees Approve on their own proposal (they may withdraw it). Screenshots at 1280 and 390 px, in English
 * and Chinese, axe-checked.
 */
import { bindMethod, usdtAddress, verifyJunior } from "../api/funds_helpers.ts";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { operatorToken, operatorWithRoles } from "../operator.ts";
import { signIn } from "../server.ts";
import { E2E, launch, shot } from "./browser.ts";
import { axeViolations, consolePage, islandsReady, notice, open } from "./console.ts";
import { PHONE as PIXEL, startE2eServer } from "./session.ts";

const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

function ok<T>(r: { body: { code: number; data: T } }, what: string): T {
  assertEquals(r.body.code, 0, `${what}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

Deno.test({
  name: "console four-eyes: reserve funding, a fast payout rate, a large withdrawal",
  ...E2E,
  async fn(t) {
    const srv = await startE2eServer({ seed: true });
    const browser = await launch();
    try {
      const ops = await operatorToken(srv);
      const cashier = await operatorWithRoles(srv, "cashier", ["funds"]);
      const riskop = await operatorWithRoles(srv, "riskop", ["risk"]);
      const demo = await signIn(srv);
      const reserve = async () =>
        Number(
          ok(await srv.call<{ reserve: string }>("/api/wealth/products", { token: demo }), "wealth")
            .reserve,
        );

      const funds = await consolePage(srv, browser, cashier);
      const risk = await consolePage(srv, browser, riskop);
      const admin = await consolePage(srv, browser, ops);

      await t.step("reserve: proposed by funds, own proposal not decidable there", async () => {
        const page = funds.page;
        await open(page, srv.base + "/admin/proposals");
        assertEquals(
          await page.getByTestId("tab-proposals").getAttribute("aria-current"),
          "page",
        );
        const form = page.getByTestId("propose-wealth.reserve");
        // both fields are needed
        await form.getByTestId("propose-submit").click();
        await page.waitForFunction(() => document.activeElement?.id === "res-amount");
        await page.fill("#res-amount", "5000");
        await page.fill("#res-reason", "Quarterly reserve top-up");
        await form.getByTestId("propose-submit").click();
        await notice(page, "Proposed: waiting for a second operator");
        const card = page.locator('[data-testid="proposal"][data-kind="wealth.reserve"]');
        assertMatch(await card.getByTestId("p-amount").innerText(), /5,000 USDT/);
        assertEquals(await card.getByTestId("p-proposer").innerText(), "cashier");
        assertEquals(
          await card.getByTestId("p-why").innerText(),
          "Your proposal: another operator decides",
        );
        // the proposer may withdraw it, never approve it
        assertEquals(await card.getByTestId("action-approve").count(), 0);
        assertEquals(await card.getByTestId("action-withdraw").count(), 1);
        const hash = card.getByTestId("p-hash");
        assertEquals((await hash.getAttribute("title"))!.length, 64);
        assertEquals(await axeViolations(page), []);
        await page.screenshot({ path: shot("admin-proposals-own"), fullPage: true });
      });

      await t.step(
        "a refused self-approval is on the audit log, linked to the proposal",
        async () => {
          const id =
            (await funds.page.locator('[data-testid="proposal"][data-kind="wealth.reserve"]')
              .getAttribute("data-id"))!;
          const own = await srv.call(`/api/admin/proposals/${id}/approve`, {
            token: cashier,
            method: "POST",
          });
          assertEquals(own.status, 403);
          const page = admin.page;
          await open(page, srv.base + "/admin/audit");
          await page.getByLabel("Action").fill("refused");
          await page.getByLabel("Operator").fill("cashier");
          await page.getByRole("button", { name: "Filter", exact: true }).click();
          const row = page.locator('[data-testid="audit-table"] tr[data-action="refused"]');
          await row.waitFor();
          assertEquals(await row.count(), 1);
          assertEquals(
            await row.getByRole("link", { name: `proposal:${id}` }).getAttribute("href"),
            `/admin/proposals?id=${id}#detail`,
          );
          await row.locator("summary").click();
          await row.getByTestId("audit-diff").getByText("PROPOSAL_OWN").waitFor();
          assertEquals(await axeViolations(page), []);
          await page.screenshot({ path: shot("admin-audit-refused"), fullPage: true });
        },
      );

      await t.step("reserve: the admin approves it, the public reserve grows", async () => {
        const before = await reserve();
        const page = admin.page;
        await open(page, srv.base + "/admin/proposals");
        const card = page.locator('[data-testid="proposal"][data-kind="wealth.reserve"]');
        await card.getByTestId("action-approve").click();
        await page.screenshot({ path: shot("admin-proposals-confirm") });
        await card.getByTestId("confirm-action").click();
        await notice(page, "Done");
        // decided: no longer pending; listed under approved
        assertEquals(await card.count(), 0);
        assertEquals(await reserve(), before + 5000);
        await open(page, srv.base + "/admin/proposals?status=approved");
        const done = page.locator('[data-testid="proposal"][data-kind="wealth.reserve"]');
        assertMatch(await done.getByTestId("p-status").innerText(), /Approved/);
        assertMatch(await done.innerText(), /ops/);
        // the customer's wealth page shows the reserve
        const cust = await browser.newContext(PIXEL);
        await cust.addCookies([{ name: "tw_session", value: demo, url: srv.base }]);
        const cp = await cust.newPage();
        await cp.goto(srv.base + "/wp/wealth");
        const line = (await cp.getByTestId("wealth-reserve").innerText()).replace(/[,\s]/g, "");
        assert(line.includes(String(before + 5000)), line);
        await cust.close();
      });

      await t.step("products: a risk operator proposes the 60 s payout rate", async () => {
        const page = risk.page;
        await open(page, srv.base + "/admin/products");
        const fast = page.getByTestId("terms-fast");
        const rate = fast.locator('tr[data-duration="60"] input').nth(1);
        assertEquals(await rate.inputValue(), "0.85");
        await rate.fill("0.8");
        await fast.getByTestId("propose-fast").click();
        await page.waitForFunction(() => document.activeElement?.id === "t-fast-reason");
        await page.fill("#t-fast-reason", "Tighter 60 s payout");
        await fast.getByTestId("propose-fast").click();
        await notice(page, "Proposed: waiting for a second operator");
        const pending = page.getByTestId("pending-fast");
        assertMatch(await pending.innerText(), /riskop/);
        // nothing changed yet
        assertEquals(
          await page.getByTestId("terms-fast").locator('tr[data-duration="60"] input').nth(1)
            .inputValue(),
          "0.85",
        );
        // wealth products: risk may propose too; the funds-only sections none here
        assertEquals(await axeViolations(page), []);
        await page.screenshot({ path: shot("admin-products-proposed"), fullPage: true });
        // a leveraged symbol opens to its switch, leverage options, taker fee and brackets
        await page.locator('details[data-code="BTCUSDT"] summary').click();
        await page.getByTestId("section-leveraged").screenshot({
          path: shot("admin-products-leveraged"),
        });
      });

      await t.step("products: the admin approves it, the rates page shows 80 %", async () => {
        const page = admin.page;
        await open(page, srv.base + "/admin/proposals");
        const card = page.locator('[data-testid="proposal"][data-kind="products.fast"]');
        assertEquals(
          await card.getByTestId("p-changes").innerText(),
          "60 s · Payout rate: 0.85 → 0.8",
        );
        await page.screenshot({ path: shot("admin-proposals-fast"), fullPage: true });
        await card.getByTestId("action-approve").click();
        await card.getByTestId("confirm-action").click();
        await notice(page, "Done");
        const cust = await browser.newContext(PIXEL);
        const cp = await cust.newPage();
        await cp.goto(srv.base + "/page/rates");
        const row = cp.getByTestId("rates-fast").locator("tr", { hasText: "60 s" });
        assertMatch(await row.innerText(), /80(\.0+)?\s?%/);
        await cust.close();
        await open(page, srv.base + "/admin/products");
        assertMatch(await page.getByTestId("terms-version").innerText(), /version 2/);
      });

      await t.step("withdrawal: a large pass asks a second operator", async () => {
        const ws = ok(
          await srv.call<{ enabled: boolean; rules: Record<string, Record<string, string>> }>(
            "/api/admin/withdraw-settings",
            { token: ops },
          ),
          "settings",
        );
        ok(
          await srv.call("/api/admin/withdraw-settings", {
            token: ops,
            method: "PUT",
            body: {
              enabled: true,
              turnoverRatio: "0",
              rules: { ...ws.rules, USDT: { ...ws.rules.USDT, fourEyes: "100" } },
            },
          }),
          "four-eyes threshold",
        );
        await verifyJunior(srv, demo, ops, "Ada Lovelace");
        const method = await bindMethod(srv, demo, usdtAddress());
        const wid = ok(
          await srv.call<{ id: string }>("/api/withdraw", {
            token: demo,
            body: { methodId: method.id, amount: "150", drawPassword: "246810" },
          }),
          "withdraw",
        ).id;

        const page = funds.page;
        await open(page, `${srv.base}/admin/withdrawals?id=${wid}#detail`);
        const detail = page.getByTestId("detail");
        await detail.getByTestId("action-pass").click();
        await detail.getByTestId("confirm-action").click();
        await notice(page, "A second approval is needed");
        assertMatch(
          await detail.getByTestId("pending-pass").innerText(),
          /Waiting for second approval \(proposed by cashier\)/,
        );
        // passing again is the proposal's to decide
        assertEquals(
          await detail.locator('[data-testid^="action-"]').evaluateAll((bs) =>
            bs.map((b) => b.getAttribute("data-testid"))
          ),
          ["action-freeze", "action-reject"],
        );
        await page.screenshot({ path: shot("admin-withdrawal-pending-pass"), fullPage: true });
        const pid = new URL(
          (await detail.getByTestId("pending-pass-link").getAttribute("href"))!,
          srv.base,
        ).searchParams.get("id")!;

        await open(admin.page, `${srv.base}/admin/proposals?id=${pid}`);
        const card = admin.page.locator('[data-testid="proposal"][data-kind="withdrawal.pass"]');
        assertMatch(await card.getByTestId("p-amount").innerText(), /150 USDT/);
        assertMatch(await card.innerText(), /TRC20|Crypto/i);
        await admin.page.screenshot({ path: shot("admin-proposals-withdrawal"), fullPage: true });
        await card.getByTestId("action-approve").click();
        await card.getByTestId("confirm-action").click();
        await notice(admin.page, "Done");
        const w = ok(
          await srv.call<{ status: string }>(`/api/admin/withdrawals/${wid}`, { token: ops }),
          "withdrawal",
        );
        assertEquals(w.status, "withdrawing");
      });

      await t.step("screens: both sections at 1280 and 390 px, English and Chinese", async () => {
        // something waiting: an adjustment, from the customer's page (the customer filled in)
        const page = funds.page;
        await open(page, `${srv.base}/admin/customers?id=10000001`);
        await page.getByTestId("adjust-balance").click();
        await page.waitForURL(/adjust=10000001/);
        await islandsReady(page);
        assertEquals(await page.inputValue("#adj-userId"), "10000001");
        await page.fill("#adj-amount", "-12.5");
        await page.fill("#adj-reason", "Duplicate bonus reversed");
        await page.getByTestId("propose-balance.adjust").getByTestId("propose-submit").click();
        await notice(page, "Proposed");
        const card = page.locator('[data-testid="proposal"][data-kind="balance.adjust"]');
        assertMatch(await card.getByTestId("p-amount").innerText(), /−12\.5 USDT/);
        for (const locale of ["en", "zh-CN"]) {
          const { ctx, page, errors } = await consolePage(srv, browser, ops, { locale });
          for (const section of ["proposals", "products"]) {
            for (const [w, size] of [["1280", WIDE], ["390", PHONE]] as const) {
              await page.setViewportSize(size);
              await open(page, `${srv.base}/admin/${section}`);
              await page.screenshot({
                path: shot(`admin-${section}-${locale}-${w}`),
                fullPage: true,
              });
              const width = await page.evaluate(() => document.documentElement.scrollWidth);
              assert(width <= size.width, `${section} ${locale} ${w}: ${width}px wide`);
            }
            assertEquals(await axeViolations(page), [], `${section} ${locale}`);
          }
          assertEquals(errors, []);
          await ctx.close();
        }
      });

      await t.step("reject: a reason is needed, then shown under rejected", async () => {
        const page = admin.page;
        await open(page, srv.base + "/admin/proposals");
        const card = page.locator('[data-testid="proposal"][data-kind="balance.adjust"]');
        const id = (await card.getAttribute("data-id"))!;
        await card.getByTestId("action-reject").click();
        await page.waitForFunction((i) => document.activeElement?.id === `reason-${i}`, id);
        await card.getByTestId("confirm-reject").click();
        await card.getByText("Enter a reason").waitFor();
        await page.fill(`#reason-${id}`, "Bonus was correct");
        await card.getByTestId("confirm-reject").click();
        await notice(page, "Done");
        await open(page, srv.base + "/admin/proposals?status=rejected");
        const done = page.locator(`[data-testid="proposal"][data-id="${id}"]`);
        assertMatch(await done.innerText(), /Bonus was correct/);
        assertMatch(await done.getByTestId("p-status").innerText(), /Rejected/);
      });

      for (const p of [funds, risk, admin]) assertEquals(p.errors, []);
    } finally {
      await browser.close();
      await srv.close();
    }
  },
});
