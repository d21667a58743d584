/**
 * A withdrawal decided from its risk panel in Chromium (issue 31, item 2): the operator reads
 * the panel (verified name against the payee, the 24 h total against the four-eyes threshold, a
 * new payment method, balances and deposits, sign-ins, links to the customer's record), passes
 * the withdrawal, then marks it paid: the form asks for the bank reference and refuses a
 * malformed one before sending; the reference is stored and the customer's record shows it.
 * Screenshots of the panel at 1440 and 390 px in English, Chinese and Thai.
 */
import { ADA_CARD, bindMethod, verifyJunior } from "../api/funds_helpers.ts";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import { shot } from "./browser.ts";
import { axeViolations, consolePage, islandsReady } from "./console.ts";
import { browserTest } from "./session.ts";

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const REFERENCE = "WIRE-2026-11-27-001";

function ok<T>(r: { body: { code: number; data: T } }, what: string): T {
  assertEquals(r.body.code, 0, `${what}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

browserTest(
  "console: a withdrawal decided from its risk panel, marked paid with a reference the customer's record shows",
  async (srv, browser, t) => {
    const op = await operatorToken(srv);
    // the seeded customer (10,000 USDT) withdraws 100 USDT to a bank card bound today
    const demo = (await srv.call("/api/login", {
      body: { phone: "+12025550123", password: "Demo-2026" },
    })).headers.get("authorization")!;
    const userId = ok(await srv.call<{ userId: string }>("/api/user/info", { token: demo }), "me")
      .userId;
    await verifyJunior(srv, demo, op, "Ada Lovelace");
    const card = await bindMethod(srv, demo, ADA_CARD);
    const id = ok(
      await srv.call<{ id: string }>("/api/withdraw", {
        token: demo,
        body: { methodId: card.id, amount: "100", drawPassword: "246810" },
      }),
      "withdraw",
    ).id;

    const { ctx, page, errors } = await consolePage(srv, browser, op, { viewport: WIDE });
    const detail = page.getByTestId("detail");

    await t.step("the risk panel beside the withdrawal under review", async () => {
      await page.goto(srv.base + "/admin/withdrawals");
      await islandsReady(page);
      await page.locator(`tr[data-id="${id}"]`).getByRole("link", { name: "Details" }).click();
      await page.waitForURL(new RegExp(`[?&]id=${id}`));
      await islandsReady(page);
      const risk = page.getByTestId("risk");
      assertEquals(await risk.getByTestId("risk-name").innerText(), "✓ Match");
      assertEquals(
        await risk.getByTestId("risk-day").innerText(),
        "✓ Under the four-eyes threshold",
      );
      assertMatch(
        await risk.getByTestId("risk-day-figures").innerText(),
        /^100 USDT .* against 10,000 USDT$/,
      );
      assertEquals(
        await risk.getByTestId("risk-first-use").innerText(),
        "⚠ First payout to this method",
      );
      assertEquals(
        await risk.getByTestId("risk-recent").innerText(),
        "⚠ Bound in the last 7 days",
      );
      assertMatch(await risk.getByTestId("risk-sign-ins").innerText(), /Signed in/);
      assertEquals(await page.getByTestId("customer-link").innerText(), userId);
      assertEquals(await axeViolations(page), []);
      await risk.screenshot({ path: shot("admin-risk-panel-1440-en") });
      await page.screenshot({ path: shot("admin-risk-page-1440-en"), fullPage: true });
    });

    await t.step("pass from the panel, then Mark paid asks for the bank reference", async () => {
      await detail.getByTestId("action-pass").click();
      await detail.getByTestId("confirm-action").click();
      await page.getByTestId("notice").filter({ hasText: "Done" }).waitFor();
      await islandsReady(page);
      assertEquals(await detail.getByTestId("detail-status").innerText(), "In progress");
      await detail.getByTestId("action-complete").click();
      // the field takes focus; its label and hint say what to enter
      await page.waitForFunction(() =>
        (document.activeElement as HTMLElement | null)?.dataset.testid === "payout-reference"
      );
      assertEquals(
        await detail.locator("label[for=reject-reason]").innerText(),
        "Bank reference",
      );
      // empty, then a malformed one: refused in the form, nothing sent
      await detail.getByTestId("confirm-reference").click();
      await detail.getByText("Enter the payout reference").waitFor();
      await page.fill('[data-testid="payout-reference"]', "=1+2");
      await detail.getByTestId("confirm-reference").click();
      await detail.getByText(/starting with a letter or a digit/).waitFor();
      assertEquals(
        ok(await srv.call<{ status: string }>(`/api/admin/withdrawals/${id}`, { token: op }), "w")
          .status,
        "withdrawing",
      );
      await page.screenshot({ path: shot("admin-risk-reference-1440-en") });
      await page.fill('[data-testid="payout-reference"]', REFERENCE);
      await detail.getByTestId("confirm-reference").click();
      // the page rendered again (the notice of the pass is there already: wait for the state)
      await detail.getByTestId("detail-status").filter({ hasText: "Success" }).waitFor();
      await islandsReady(page);
      assertEquals(await detail.getByTestId("detail-status").innerText(), "Success");
      assertEquals(await detail.getByTestId("payout-reference").innerText(), REFERENCE);
      const w = ok(
        await srv.call<{ status: string; reference: string }>(`/api/admin/withdrawals/${id}`, {
          token: op,
        }),
        "paid",
      );
      assertEquals([w.status, w.reference], ["passed", REFERENCE]);
    });

    await t.step("the customer's record shows the reference", async () => {
      await page.getByTestId("customer-link").click();
      await page.waitForURL(new RegExp(`/admin/customers\\?id=${userId}`));
      const row = page.getByTestId("part-withdrawals").getByTestId("withdrawal-reference");
      assertEquals(await row.innerText(), REFERENCE);
      // and the customer's own history
      const mine = ok(
        await srv.call<{ items: { id: string; reference: string | null }[] }>(
          "/api/withdraw/history",
          { token: demo },
        ),
        "history",
      );
      assertEquals(mine.items.find((x) => x.id === id)?.reference, REFERENCE);
    });
    assertEquals(errors, []);
    await ctx.close();

    await t.step("screenshots: 1440 and 390 px, English, Chinese and Thai", async () => {
      // a second withdrawal under review to show the panel of (the card was paid to once)
      const second = ok(
        await srv.call<{ id: string }>("/api/withdraw", {
          token: demo,
          body: { methodId: card.id, amount: "50", drawPassword: "246810" },
        }),
        "withdraw",
      ).id;
      for (const locale of ["en", "zh-CN", "th"]) {
        for (const [name, viewport] of [["1440", WIDE], ["390", PHONE]] as const) {
          const s = await consolePage(srv, browser, op, { viewport, locale });
          await s.page.goto(`${srv.base}/admin/withdrawals?id=${second}`);
          await islandsReady(s.page);
          const risk = s.page.getByTestId("risk");
          assertMatch(await risk.getByTestId("risk-first-use").innerText(), /^✓ .*1/);
          await risk.screenshot({ path: shot(`admin-risk-panel-${name}-${locale}`) });
          if (name === "390") {
            // nothing wider than the phone
            const wide = await s.page.evaluate(() =>
              document.documentElement.scrollWidth - document.documentElement.clientWidth
            );
            assert(wide <= 0, `${locale}: the page scrolls sideways by ${wide}px`);
            await s.page.screenshot({
              path: shot(`admin-risk-page-390-${locale}`),
              fullPage: true,
            });
          }
          assertEquals(s.errors, []);
          await s.ctx.close();
        }
      }
    });
  },
);
