/**
 * The professional-client flag in the operators' console (Chromium, issue 30 section 4): an admin
 * proposes it from the customer's page with a reason, a second admin approves it on the
 * proposals page (the card names the customer, the change and the reason), and the customer's
 * page then shows the status and offers to take it away. Screenshots at 1440 and 390 px in
 * English and Chinese.
 */
import { assertEquals, assertMatch } from "../assert.ts";
import { registerUser } from "../server.ts";
import { shot } from "./browser.ts";
import { approve, open, proposalShots, twoAdmins } from "./console.ts";
import { browserTest } from "./session.ts";

const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };

const CARD = '[data-testid="proposal"][data-kind="customer.professional"]';

browserTest(
  "console professional client: proposed on the customer's page, approved by another admin",
  async (srv, browser, t) => {
    const { ops, admin, second } = await twoAdmins(srv, browser, WIDE);
    const { user } = await registerUser(srv, "+12025550781");
    const customerUrl = `${srv.base}/admin/customers?id=${user.userId}`;

    await t.step("proposed from the customer's page with a reason", async () => {
      const page = admin.page;
      await open(page, customerUrl);
      assertEquals(await page.getByTestId("customer-professional").innerText(), "No");
      await page.getByTestId("action-professional").click();
      await page.locator("label", { hasText: "Why the customer qualifies" }).waitFor();
      await page.keyboard.type("Portfolio over 500k, assessment ref. PC-7");
      await page.screenshot({ path: shot("admin-professional-propose"), fullPage: true });
      await page.getByTestId("confirm-reject").click();
      await page.getByTestId("notice").filter({ hasText: "Proposed" }).waitFor();
      // nothing changes before a second operator approves
      assertEquals(await page.getByTestId("customer-professional").innerText(), "No");
    });

    await t.step("a second admin approves it on the proposals page", async () => {
      const own = admin.page.locator(CARD);
      await open(admin.page, `${srv.base}/admin/proposals`);
      assertEquals(await own.getByTestId("action-approve").count(), 0);

      const page = second.page;
      await open(page, `${srv.base}/admin/proposals`);
      const card = page.locator(CARD);
      assertEquals(await card.getByTestId("p-customer").innerText(), user.userId);
      assertEquals(
        await card.getByTestId("p-changes").innerText(),
        "Mark as professional client",
      );
      assertMatch(await card.innerText(), /assessment ref\. PC-7/);
      await approve(page, card);
    });

    await t.step("the customer's page shows the flag and offers to remove it", async () => {
      const page = second.page;
      await open(page, customerUrl);
      assertMatch(await page.getByTestId("customer-professional").innerText(), /^Since /);
      assertEquals(await page.getByTestId("action-professional").count(), 0);
      assertEquals(await page.getByTestId("action-professionalOff").count(), 1);
    });

    await t.step("screenshots: 1440 and 390 px, English and Chinese", async () => {
      await proposalShots(srv, browser, ops, {
        locales: ["en", "zh-CN"],
        viewports: [WIDE, NARROW],
        customerUrl,
        action: "action-professionalOff",
        card: CARD,
        shots: { form: "admin-professional", card: "admin-professional-card" },
      });
    });
    assertEquals([...admin.errors, ...second.errors], []);
  },
);
