/**
 * Erasure in the operators' console (Chromium): a customer with money is refused with the reason;
 * an admin proposes erasing a customer without money from the customer's page (the customer's
 * request as the reason), a second admin approves it on the proposals page, and the customer's
 * page then shows the pseudonym and no actions. Screenshots at 1280 and 390 px in English,
 * Chinese and Thai.
 */
import { assertEquals, assertMatch } from "../assert.ts";
import { registerUser } from "../server.ts";
import { shot } from "./browser.ts";
import { approve, open, proposalShots, twoAdmins } from "./console.ts";
import { browserTest } from "./session.ts";

const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 390, height: 844 };

browserTest(
  "console erasure: refused with money, proposed by one admin, approved by another",
  async (srv, browser, t) => {
    const { ops, admin, second } = await twoAdmins(srv, browser);
    const demoId = (await srv.call<{ items: { userId: string }[] }>(
      "/api/admin/customers?q=%2B12025550123",
      { token: ops },
    )).body.data.items[0]!.userId;
    const { user } = await registerUser(srv, "+12025550778");

    await t.step("a customer with money: refused, with the reason", async () => {
      const page = admin.page;
      await open(page, `${srv.base}/admin/customers?id=${demoId}`);
      await page.getByTestId("action-erase").click();
      await page.waitForFunction(() => document.activeElement?.tagName === "TEXTAREA");
      await page.keyboard.type("Request by e-mail, ref. 2026-118");
      await page.getByTestId("confirm-reject").click();
      await page.locator("#toast").getByText("still has money on the account").waitFor();
      assertEquals(await page.getByTestId("customer-status").innerText(), "Active");
    });

    await t.step("proposed from the customer's page", async () => {
      const page = admin.page;
      await open(page, `${srv.base}/admin/customers?id=${user.userId}`);
      await page.getByTestId("action-erase").click();
      const label = page.locator("label", { hasText: "The customer's request" });
      await label.waitFor();
      // the reason is required
      await page.getByTestId("confirm-reject").click();
      await page.getByText("Please enter a reason").or(page.locator(".field-error")).first()
        .waitFor();
      await page.keyboard.type("Request by e-mail, ref. 2026-119");
      await page.screenshot({ path: shot("admin-erase-propose"), fullPage: true });
      await page.getByTestId("confirm-reject").click();
      await page.getByTestId("notice").filter({ hasText: "Proposed" }).waitFor();
      assertEquals(await page.getByTestId("customer-status").innerText(), "Active");
    });

    await t.step("the proposer cannot approve; a second admin does", async () => {
      await open(admin.page, `${srv.base}/admin/proposals`);
      const own = admin.page.locator('[data-testid="proposal"][data-kind="customer.erase"]');
      // the proposer may only withdraw it: no Approve
      assertEquals(await own.getByTestId("action-approve").count(), 0);
      assertEquals(await own.getByTestId("action-withdraw").count(), 1);

      const page = second.page;
      await open(page, `${srv.base}/admin/proposals`);
      const card = page.locator('[data-testid="proposal"][data-kind="customer.erase"]');
      assertEquals(await card.getByTestId("p-customer").innerText(), user.userId);
      assertMatch(await card.innerText(), /ref\. 2026-119/);
      assertMatch(await card.innerText(), /replaced by a pseudonym/);
      await page.screenshot({ path: shot("admin-erase-proposal"), fullPage: true });
      await approve(page, card);
    });

    await t.step("the customer's page: the pseudonym, no actions", async () => {
      const page = second.page;
      await open(page, `${srv.base}/admin/customers?id=${user.userId}`);
      assertEquals(await page.getByTestId("customer-status").innerText(), "Erased");
      assertMatch(await page.getByTestId("customer").innerText(), /erased-[0-9a-f]{12}/);
      assertEquals(await page.getByTestId("decisions").count(), 0);
      await page.screenshot({ path: shot("admin-erased-customer"), fullPage: true });
    });

    await t.step("screenshots: 390 px, Chinese and Thai", async () => {
      await proposalShots(srv, browser, ops, {
        locales: ["en", "zh-CN", "th"],
        viewports: [WIDE, NARROW],
        customerUrl: `${srv.base}/admin/customers?id=${demoId}`,
        action: "action-erase",
        card: '[data-testid="proposal"][data-kind="customer.erase"]',
        shots: { form: "admin-erase-form", card: "admin-erase-card" },
      });
    });
    assertEquals([...admin.errors, ...second.errors], []);
  },
);
