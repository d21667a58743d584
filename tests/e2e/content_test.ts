/**
 * Content and service in Chromium: an operator writes a notice in en and zh-CN in the console
 * editor and publishes it as a pop-up (until acknowledged); a zh-CN customer sees it on the home
 * page and acknowledges it (it does not come back); a th customer gets the en text, labelled;
 * the rates page shows a withdrawal limit changed through the operator API; registration links
 * to the real agreement and sends its version; the contact form reaches the operators' queue;
 * the web app manifest installs. Screenshots on a phone and a desktop in en, de and zh-CN.
 */
import axe from "axe-core";
import type { Page } from "playwright-core";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { uploadForm } from "../images.ts";
import { encodePng } from "../../tools/png.ts";
import { DEMO_TOTP_SECRET, operatorToken, totp } from "../operator.ts";
import { lastCode, registerUser } from "../server.ts";
import { shot } from "./browser.ts";
import {
  browserTest,
  customerPage,
  hydrated,
  type Layout,
  layoutBrowser,
  watchedPage,
} from "./session.ts";

const EN = {
  title: "Scheduled maintenance on Sunday",
  summary: "Trading pauses for 30 minutes.",
  body: "Trading pauses from **02:00 to 02:30 UTC** on Sunday.\n\n- Open positions are kept\n- " +
    "Deposits arrive after the pause\n\n<script>alert(1)</script>",
};
const ZH = {
  title: "周日系统维护通知",
  summary: "交易暂停 30 分钟。",
  body: "周日 **02:00 至 02:30（UTC）** 暂停交易。\n\n- 持仓不受影响\n- 维护结束后充值到账",
};

function ok<T>(r: { body: { code: number; data: T } }, what: string): T {
  assertEquals(r.body.code, 0, `${what}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** Serious or critical axe-core violations on the page as it is now. */
async function axeViolations(page: Page) {
  await page.evaluate(axe.source);
  const found = await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const r = await (globalThis as any).axe.run(document, {
      resultTypes: ["violations"],
    });
    // deno-lint-ignore no-explicit-any
    return r.violations.filter((v: any) => v.impact === "serious" || v.impact === "critical")
      // deno-lint-ignore no-explicit-any
      .map((v: any) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`);
  });
  return found as string[];
}

/** The dialog island has asked the server (and shown what it got, if anything). */
async function dialogSettled(page: Page) {
  // an island that shows nothing is hidden: wait for it to be there and hydrated
  await page.waitForSelector('tw-island[data-name="NoticeDialog"][data-hydrated]', {
    state: "attached",
  });
  await page.waitForLoadState("networkidle");
}

browserTest("content: notices, pop-up, rates, agreement, service", async (srv, browser, t) => {
  const op = await operatorToken(srv);
  let noticeId = "";

  await t.step("an operator writes a notice in en and zh-CN and publishes it", async () => {
    const ctx = await browser.newContext(layoutBrowser("desktop"));
    const { page, errors } = await watchedPage(ctx);
    await page.goto(srv.base + "/admin");
    await hydrated(page, "AdminSignIn");
    await page.fill("#username", "ops");
    await page.fill("#password", "Ops-2026-demo");
    await page.fill("#totp", await totp(DEMO_TOTP_SECRET, srv.deps.now()));
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/admin\/\w+$/);
    srv.advance(30_000);
    await page.getByTestId("tab-content").click();
    await page.getByTestId("content-table").waitFor();
    await page.getByTestId("content-new").click();
    await hydrated(page, "AdminContentEditor");
    await page.selectOption("#kind", "notice");
    await page.selectOption("#popup", "untilAck");
    await page.fill("#title", EN.title);
    await page.fill("#summary", EN.summary);
    await page.fill("#body", EN.body);
    await page.getByTestId("content-save").click();
    await page.waitForURL(/\/admin\/content\?id=notice-[\w-]+&lang=en/);
    noticeId = new URL(page.url()).searchParams.get("id")!;
    await hydrated(page, "AdminContentEditor");
    assertEquals(await page.inputValue("#title"), EN.title);
    await page.getByTestId("content-preview").click();
    const preview = page.getByTestId("content-preview-box");
    await preview.getByText("02:00 to 02:30 UTC").waitFor();
    assertEquals(await preview.locator("script").count(), 0);
    await page.screenshot({ path: shot("content-editor-en"), fullPage: true });

    await page.goto(`${srv.base}/admin/content?id=${noticeId}&lang=zh-CN`);
    await hydrated(page, "AdminContentEditor");
    assertEquals(await page.inputValue("#title"), "");
    await page.fill("#title", ZH.title);
    await page.fill("#summary", ZH.summary);
    await page.fill("#body", ZH.body);
    await page.getByTestId("content-publish").click();
    // a pop-up for everyone asks first, showing it as customers will see it
    const confirm = page.getByTestId("confirm-popup");
    await confirm.getByTestId("confirm-preview").waitFor();
    await confirm.getByTestId("confirm-popup-confirm").click();
    await page.getByTestId("notice").waitFor();
    assertMatch(await page.getByTestId("content-state").innerText(), /Published · v\s*1/);
    await page.screenshot({ path: shot("content-editor-published"), fullPage: true });
    const item = ok(
      await srv.call<{ status: string; popup: string; variants: Record<string, unknown> }>(
        `/api/admin/content/${noticeId}`,
        { token: op },
      ),
      "admin item",
    );
    assertEquals([item.status, item.popup], ["published", "untilAck"]);
    assertEquals(Object.keys(item.variants).sort(), ["en", "zh-CN"]);
    assertEquals(errors, []);
    await ctx.close();
  });

  // a help article (en only) and a banner for the screens below
  ok(
    await srv.call("/api/admin/content", {
      token: op,
      body: {
        kind: "help",
        category: "Account",
        variants: {
          en: {
            title: "How do I withdraw?",
            summary: "",
            body: "Open **Withdraw**, choose the currency and enter your withdrawal password.",
          },
        },
      },
    }),
    "help",
  );
  const help = ok(
    await srv.call<{ items: { id: string }[] }>("/api/admin/content?kind=help", {
      token: op,
    }),
    "help list",
  ).items[0]!.id;
  ok(await srv.call(`/api/admin/content/${help}/publish`, { method: "POST", token: op }), "pub");
  const up = ok(
    await srv.call<{ imageId: string }>("/api/admin/content/image", {
      method: "POST",
      raw: uploadForm(
        // a banner: the brand's dark-to-accent gradient
        await encodePng(900, 300, (x, y) => {
          const k = (x / 900 + y / 600) / 1.5;
          return [11 + 7 * k, 14 + 170 * k, 20 + 114 * k].map(Math.round);
        }),
      ),
      token: op,
    }),
    "image",
  );
  for (const [order, title] of [[1, "Welcome offer"], [2, "Mining financing"]] as const) {
    const b = ok(
      await srv.call<{ id: string }>("/api/admin/content", {
        token: op,
        body: {
          kind: "banner",
          image: up.imageId,
          link: "/wp/wealth",
          order,
          variants: { en: { title, summary: "", body: "" } },
        },
      }),
      "banner",
    );
    ok(await srv.call(`/api/admin/content/${b.id}/publish`, { method: "POST", token: op }), "b");
  }

  await t.step("a zh-CN customer sees the pop-up on the home page and acknowledges", async () => {
    const { ctx, page, errors, token } = await customerPage(srv, browser, layoutBrowser("mobile"), {
      locale: "zh-CN",
    });
    await page.goto(srv.base + "/wp/home");
    const dialog = page.getByTestId("notice-dialog");
    await dialog.getByText(ZH.title).waitFor();
    assertEquals(await dialog.getByTestId("served-locale").count(), 0);
    assert(await dialog.locator("strong").count() >= 1, "rendered Markdown");
    await page.screenshot({ path: shot("content-dialog-mobile-zh-CN") });
    assertEquals(await axeViolations(page), []);
    await dialog.getByTestId("notice-ack").click();
    await dialog.waitFor({ state: "detached" });
    // the notice bar lists it
    await page.getByTestId("notices").getByText(ZH.title).waitFor();
    // it does not come back
    await page.reload();
    await dialogSettled(page);
    assertEquals(await page.getByTestId("notice-dialog").count(), 0);
    const d = await srv.call("/api/notice/dialog", { token, method: "GET" });
    assertEquals(d.body.data, null);
    assertEquals(errors, []);
    await ctx.close();
  });

  await t.step("a th customer gets the en text, labelled", async () => {
    const { token } = await registerUser(srv, "+12025550188");
    const { ctx, page, errors } = await customerPage(srv, browser, layoutBrowser("mobile"), {
      locale: "th",
      token,
    });
    await page.goto(srv.base + "/wp/home");
    const dialog = page.getByTestId("notice-dialog");
    await dialog.getByText(EN.title).waitFor();
    assertEquals(await dialog.getByTestId("served-locale").innerText(), "แสดงเป็น English");
    await page.screenshot({ path: shot("content-dialog-mobile-th") });
    await dialog.getByTestId("notice-ack").click();
    await page.goto(`${srv.base}/wp/news/noticeDetail?id=${noticeId}`);
    await page.getByTestId("article").getByText(EN.title).first().waitFor();
    assertEquals(await page.getByTestId("served-locale").innerText(), "แสดงเป็น English");
    // the script in the source is text, never an element
    assertEquals(await page.getByTestId("article-body").locator("script").count(), 0);
    await page.screenshot({ path: shot("content-notice-mobile-th"), fullPage: true });
    assertEquals(errors, []);
    await ctx.close();
  });

  await t.step("the rates page shows a changed withdrawal limit", async () => {
    const ctx = await browser.newContext(layoutBrowser("desktop"));
    const { page, errors } = await watchedPage(ctx);
    await page.goto(srv.base + "/page/rates");
    const row = page.getByTestId("rates-withdraw").locator("tr", { hasText: "USDT" });
    const before = await row.innerText();
    const ws = ok(
      await srv.call<{ rules: Record<string, Record<string, string>> }>(
        "/api/admin/withdraw-settings",
        { token: op },
      ),
      "withdraw settings",
    );
    ws.rules.USDT!.max = "123456";
    const shown = "123,456";
    ok(
      await srv.call("/api/admin/withdraw-settings", { method: "PUT", body: ws, token: op }),
      "put",
    );
    await page.reload();
    const after = await row.innerText();
    assert(!before.includes(shown) && after.includes(shown), `${before} -> ${after}`);
    await page.screenshot({ path: shot("content-rates-desktop-en"), fullPage: true });
    assertEquals(errors, []);
    await ctx.close();
  });

  await t.step("registration links to the agreement and records the version shown", async () => {
    // an operator publishes a new version of the user agreement (every language has one)
    const shown = ok(
      await srv.call<{ html: string }>("/api/admin/content/page-agreement/preview?locale=en", {
        token: op,
      }),
      "agreement",
    );
    assert(shown.html.length > 1500, "a real agreement");
    ok(
      await srv.call("/api/admin/content/page-agreement", {
        method: "PUT",
        token: op,
        body: {
          variants: {
            en: {
              title: "User agreement",
              summary: "",
              body: "## 1. Parties\n\nThis agreement (version 2) is between you and us.",
            },
          },
        },
      }),
      "edit agreement",
    );
    ok(
      await srv.call("/api/admin/content/page-agreement/publish", { method: "POST", token: op }),
      "publish agreement",
    );
    const ctx = await browser.newContext(layoutBrowser("mobile"));
    const { page, errors } = await watchedPage(ctx);
    await page.goto(srv.base + "/wp/user/register");
    await hydrated(page, "RegisterForm");
    const link = page.getByTestId("agreement-link");
    assertEquals(await link.getAttribute("href"), "/page/agreement");
    await page.screenshot({ path: shot("content-register-mobile-en") });
    const phone = "2025550177";
    await page.fill("#phone", phone);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByRole("button", { name: /Resend in \d+ s/ }).waitFor();
    await page.fill("#code", (await lastCode(srv, "+1" + phone))!);
    await page.fill("#password", "Tradew1nd!");
    await page.fill("#confirm", "Tradew1nd!");
    await page.check("#agree");
    await page.click('button[type="submit"]');
    await page.waitForURL(/\/wp\/home$/);
    const token = await page.evaluate(() => localStorage.getItem("Authorization"));
    const me = ok(
      await srv.call<{ agreementVersion: number }>("/api/user/info", {
        token: token!,
        method: "GET",
      }),
      "user info",
    );
    assertEquals(me.agreementVersion, 2);
    // the link opens the agreement as published, with its version
    await page.goto(srv.base + "/page/agreement");
    await page.getByTestId("page-body").getByText("version 2").waitFor();
    assertMatch(await page.getByTestId("page-version").innerText(), /Version 2/);
    assertEquals(errors, []);
    await ctx.close();
  });

  await t.step(
    "no service link: the built-in chat; contact messages still reach the queue",
    async () => {
      const ctx = await browser.newContext(layoutBrowser("mobile"));
      const { page, errors } = await watchedPage(ctx);
      await page.goto(srv.base + "/wp/kefu");
      assert(!/24 hours|not configured/i.test(await page.locator("main").innerText()));
      // the chat replaced the e-mail form (tests/e2e/support_test.ts drives it)
      await hydrated(page, "SupportChat");
      assertEquals(await axeViolations(page), []);
      // the contact form's API (`POST /api/contact`) still feeds the content inbox
      ok(
        await srv.call("/api/contact", {
          body: { name: "Ana", email: "ana@example.com", message: "Where is my deposit history?" },
        }),
        "contact",
      );
      const q = ok(
        await srv.call<{ items: { email: string }[] }>("/api/admin/contact-messages", {
          token: op,
        }),
        "contact messages",
      );
      assertEquals(q.items[0]?.email, "ana@example.com");
      assertEquals(errors, []);
      await ctx.close();
      // the operators read it in the console's content inbox
      const opCtx = await browser.newContext(layoutBrowser("desktop"));
      await opCtx.addCookies([{ name: "tw_op", value: op.replace(/^Bearer /, ""), url: srv.base }]);
      const opPage = await watchedPage(opCtx);
      await opPage.page.goto(srv.base + "/admin/content?view=inbox");
      await opPage.page.getByTestId("contact-messages").getByText("ana@example.com").waitFor();
      await opPage.page.screenshot({ path: shot("content-admin-inbox"), fullPage: true });
      assertEquals(await axeViolations(opPage.page), []);
      await opPage.page.goto(srv.base + "/admin/content");
      await opPage.page.getByTestId("content-table").waitFor();
      assertEquals(await axeViolations(opPage.page), []);
      await opPage.page.goto(`${srv.base}/admin/content?id=${noticeId}&lang=en`);
      await hydrated(opPage.page, "AdminContentEditor");
      assertEquals(await axeViolations(opPage.page), []);
      assertEquals(opPage.errors, []);
      await opCtx.close();
    },
  );

  await t.step("the web app manifest and its icons", async () => {
    const r = await fetch(srv.base + "/manifest.webmanifest");
    const m = await r.json();
    assertEquals([m.start_url, m.display], ["/wp/home", "standalone"]);
    for (const i of m.icons) {
      const icon = await fetch(srv.base + i.src);
      assertEquals([icon.status, icon.headers.get("content-type")], [200, "image/png"]);
      await icon.body?.cancel();
    }
    const home = await (await fetch(srv.base + "/wp/home", {
      headers: { "user-agent": "Mozilla/5.0 (iPhone) Mobile" },
    })).text();
    assertMatch(home, /<link rel="manifest" href="\/manifest.webmanifest"/);
  });

  await t.step("screenshots: phone and desktop in en, de and zh-CN", async () => {
    const pages: Record<Layout, string[]> = {
      mobile: [
        "/wp/home",
        "/wp/news/noticeDetail",
        `/wp/news/noticeDetail?id=${noticeId}`,
        "/wp/help/center",
        "/wp/kefu",
        "/page/rates",
        "/page/download",
        "/page/coinApply",
      ],
      desktop: [
        "/pc/home",
        `/pc/article/notice/detail?id=${noticeId}`,
        "/page/rates",
        "/page/agreement",
      ],
    };
    for (const layout of ["mobile", "desktop"] as const) {
      for (const locale of ["en", "de", "zh-CN"]) {
        const { ctx, page, errors } = await customerPage(srv, browser, layoutBrowser(layout), {
          locale,
        });
        for (const path of pages[layout]) {
          await page.goto(srv.base + path);
          await page.waitForLoadState("networkidle");
          // the pop-up was acknowledged by this customer? (the demo customer saw it in zh-CN)
          const name = path.replace(/\?id=.*/, "-detail").replace(/[/?=]+/g, "-").replace(
            /^-/,
            "",
          );
          await page.screenshot({ path: shot(`content-${layout}-${locale}-${name}`) });
        }
        assertEquals(errors, []);
        await ctx.close();
      }
    }
  });
});
