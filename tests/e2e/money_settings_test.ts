/**
 * Issue 25 item 8 in the browser: the anti-phishing code is set from the security settings of
 * both layouts with a fresh SMS code (refused without one), then shows there and with every
 * message.
 */
import { assertEquals, assertMatch } from "../assert.ts";
import { lastCode } from "../server.ts";
import { shot } from "./browser.ts";
import { browserTest, customerPage, DESKTOP, hydrated, PHONE } from "./session.ts";

const DEMO_PHONE = "+12025550123";

browserTest(
  "anti-phishing code: set with an SMS code on both layouts, shown with messages",
  async (srv, browser, t) => {
    for (
      const [layout, options, path, word] of [
        ["wp", PHONE, "/wp/user/setSafe/antiPhishing", "Harbour7"],
        ["pc", DESKTOP, "/pc/userCenter/security", "Lighthouse9"],
      ] as const
    ) {
      await t.step(`${layout}: refused without the code, saved with it`, async () => {
        const { ctx, page, errors } = await customerPage(srv, browser, options);
        await page.goto(srv.base + path);
        await hydrated(page, "AntiPhishingForm");
        const form = page.getByTestId("anti-phishing-form");
        await form.locator("#word").fill("no");
        await form.getByRole("button", { name: "Submit" }).click();
        await form.getByText("4-20 letters or digits").first().waitFor();
        await form.locator("#word").fill(word);
        await form.getByRole("button", { name: "Submit" }).click();
        await form.getByText("Enter the verification code").waitFor();
        // a one-a-minute limit per phone: the second layout's code comes a minute later
        srv.advance(61_000);
        await form.getByRole("button", { name: "Send code" }).click();
        await page.locator("#toast").getByText("verification code has been sent").waitFor();
        await page.screenshot({ path: shot(`${layout}-anti-phishing-en`), fullPage: true });
        await form.locator("#anti-phishing-code").fill(
          (await lastCode(srv, DEMO_PHONE, "security"))!,
        );
        const reloaded = page.waitForEvent("load");
        await form.getByRole("button", { name: "Submit" }).click();
        await page.locator("#toast").getByText("Anti-phishing code saved").waitFor();
        await reloaded;
        await page.goto(srv.base + path);
        assertMatch(
          await page.getByTestId("anti-phishing-current").innerText(),
          new RegExp(`Anti-phishing code: ${word}`),
        );
        await page.goto(srv.base + (layout === "wp" ? "/wp/message" : "/pc/article/message"));
        const shown = await page.getByTestId("message-anti-phishing").allInnerTexts();
        assertEquals(shown.length > 0, true);
        for (const s of shown) assertEquals(s, `Anti-phishing code: ${word}`);
        assertEquals(errors, []);
        await ctx.close();
      });
    }
  },
);
