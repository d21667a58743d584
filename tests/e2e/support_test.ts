/**
 * The built-in support chat in Chromium (issue 29, "Done when"): two server instances on one KV
 * file; a customer on instance A opens service, writes and attaches an image; an operator in the
 * console on instance B sees it arrive (no reload), opens it with the customer's summary,
 * replies; the customer sees the reply live over the socket (event log across instances), with
 * the read receipt, and again after a reload. Then screenshots of both screens at 390 and
 * 1280 px in English, Chinese and Thai.
 */
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { assertEquals } from "../assert.ts";
import { makePng } from "../images.ts";
import { operatorWithRoles } from "../operator.ts";
import { startServer } from "../server.ts";
import { E2E, launch, loadedImageWidth, shot } from "./browser.ts";
import { consolePage } from "./console.ts";
import { customerPage, hydrated } from "./session.ts";

const PHONE_390 = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
};
const WIDE = {
  viewport: { width: 1280, height: 900 },
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36",
};

const chatMessages = (page: Page) =>
  page.getByTestId("chat-msg").evaluateAll((els) =>
    els.map((e) => [e.getAttribute("data-from"), e.querySelector(".chat-text")?.textContent ?? ""])
  );

Deno.test({
  name: "support chat: customer writes with an image on one instance, operator answers on another",
  ...E2E,
  async fn(t) {
    const dir = await Deno.makeTempDir({ prefix: "tradewind-support-" });
    const a = await startServer({ seed: true, kvPath: `${dir}/kv.sqlite` });
    const b = await startServer({ kvPath: `${dir}/kv.sqlite` });
    const browser = await launch();
    try {
      const sup = await operatorWithRoles(b, "sup", ["support"]);
      const text = "My deposit <b>is</b> missing & I attached the receipt";

      await t.step(
        "customer on A writes and attaches an image; operator on B sees it",
        async () => {
          const op = await consolePage(b, browser, sup);
          await op.page.goto(b.base + "/admin/support");
          await hydrated(op.page, "AdminSupportInbox");
          await op.page.getByTestId("support-list").waitFor();

          const cust = await customerPage(a, browser, PHONE_390);
          await cust.page.goto(a.base + "/wp/kefu");
          await hydrated(cust.page, "SupportChat");
          await cust.page.getByTestId("chat-log").getByText(/How can we help/).waitFor();
          await cust.page.getByTestId("chat-text").fill(text);
          await cust.page.getByTestId("chat-image-input").setInputFiles({
            name: "receipt.png",
            mimeType: "image/png",
            buffer: Buffer.from(await makePng(64, 48)),
          });
          await cust.page.getByTestId("chat-image-preview").waitFor();
          await cust.page.getByTestId("chat-send").click();
          await cust.page.getByTestId("chat-img").waitFor();
          assertEquals(await chatMessages(cust.page), [["customer", text]]);
          // typed as text, never as markup
          assertEquals(await cust.page.locator(".chat-text b").count(), 0);

          // the console on the other instance: the conversation arrives without a reload
          const row = op.page.getByTestId("support-row").filter({ hasText: "My deposit" });
          await row.waitFor();
          await op.page.getByTestId("support-badge").waitFor();
          await row.click();
          await op.page.getByTestId("support-msg").filter({ hasText: text }).waitFor();
          await op.page.getByTestId("support-img").waitFor();
          assertEquals(
            await loadedImageWidth(op.page.getByTestId("support-img")),
            64,
            "the operator sees the attached image",
          );
          await op.page.getByTestId("support-customer").getByText("10000001").waitFor();
          // the customer sees the operator read it (live, on the other instance)
          await cust.page.getByTestId("chat-receipt").filter({ hasText: "Read" }).first().waitFor();

          // canned reply, then the operator's own words
          await op.page.getByTestId("support-canned").selectOption({ index: 1 });
          await op.page.getByTestId("support-reply").fill("We found it: credited in a minute.");
          await op.page.getByTestId("support-send").click();
          await op.page.getByTestId("support-msg").filter({ hasText: "credited" }).waitFor();

          // live on instance A, no reload
          await cust.page.getByTestId("chat-msg").filter({ hasText: "credited in a minute" })
            .waitFor();
          const live = await chatMessages(cust.page);
          assertEquals(live.at(-1), ["operator", "We found it: credited in a minute."]);
          // and after a reload
          await cust.page.reload();
          await hydrated(cust.page, "SupportChat");
          await cust.page.getByTestId("chat-msg").filter({ hasText: "credited in a minute" })
            .waitFor();
          assertEquals(await chatMessages(cust.page), live);
          assertEquals(cust.errors, []);
          assertEquals(op.errors, []);
          await cust.ctx.close();
          await op.ctx.close();
        },
      );

      await t.step("screenshots: 390 and 1280 px, en, zh-CN, th", async () => {
        for (const locale of ["en", "zh-CN", "th"]) {
          const m = await customerPage(a, browser, PHONE_390, { locale });
          await m.page.goto(a.base + "/wp/kefu");
          await hydrated(m.page, "SupportChat");
          await m.page.getByTestId("chat-msg").first().waitFor();
          await m.page.screenshot({ path: shot(`support-chat-390-${locale}`), fullPage: true });
          await m.ctx.close();
          const d = await customerPage(a, browser, WIDE, { locale });
          await d.page.goto(a.base + "/pc/kefu");
          await hydrated(d.page, "SupportChat");
          await d.page.getByTestId("chat-msg").first().waitFor();
          await d.page.screenshot({ path: shot(`support-chat-1280-${locale}`), fullPage: true });
          await d.ctx.close();
          const v = await browser.newContext({ ...PHONE_390 });
          await v.addCookies([{ name: "wplocale", value: locale, url: a.base }]);
          const vp = await v.newPage();
          await vp.goto(a.base + "/wp/kefu");
          await hydrated(vp, "SupportChat");
          await vp.getByTestId("support-visitor").waitFor();
          await vp.screenshot({ path: shot(`support-visitor-390-${locale}`), fullPage: true });
          await v.close();
          const op = await consolePage(b, browser, sup, { locale });
          await op.page.goto(b.base + "/admin/support?status=waiting&id=u-10000001");
          await hydrated(op.page, "AdminSupportInbox");
          await op.page.getByTestId("support-msg").first().waitFor();
          await op.page.screenshot({ path: shot(`support-inbox-1280-${locale}`), fullPage: true });
          await op.page.setViewportSize({ width: 390, height: 844 });
          await op.page.screenshot({ path: shot(`support-inbox-390-${locale}`), fullPage: true });
          await op.ctx.close();
        }
      });
    } finally {
      await browser.close();
      await b.close();
      await a.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
