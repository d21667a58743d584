import { devices } from "playwright-core";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { lastCode } from "../server.ts";
import { E2E, launch, shot } from "./browser.ts";
import { browserTest, startE2eServer, watchedPage } from "./session.ts";

const PHONE_LOCAL = "2025550180";
const PHONE = "+1" + PHONE_LOCAL;

browserTest(
  "mobile: device redirect, register with the outbox code, tabs, language, logout, login",
  async (srv, browser, t) => {
    const ctx = await browser.newContext({ ...devices["Pixel 7"], locale: "en-US" });
    const { page, errors } = await watchedPage(ctx);

    await t.step("/ on a phone lands on /wp/home", async () => {
      await page.goto(srv.base + "/");
      assertEquals(new URL(page.url()).pathname, "/wp/home");
      assert(await page.locator(".m-tabs").isVisible());
      await page.screenshot({ path: shot("mobile-home"), fullPage: true });
    });

    await t.step("a visitor opening a guarded tab is sent to login", async () => {
      await page.click('[data-tab="quotes"]');
      await page.waitForURL(/\/wp\/user\/login\?redirect=/);
    });

    await t.step("register with the code from the dev outbox", async () => {
      await page.goto(srv.base + "/wp/user/register");
      await page.waitForSelector('tw-island[data-name="RegisterForm"][data-hydrated]');
      // client-side validation first
      await page.click('button[type="submit"]');
      await page.getByText("Enter a phone number").first().waitFor();
      await page.fill("#phone", PHONE_LOCAL);
      await page.getByRole("button", { name: "Send code" }).click();
      await page.getByRole("button", { name: /Resend in \d+ s/ }).waitFor();
      const code = await lastCode(srv, PHONE);
      assertMatch(code ?? "", /^\d{6}$/);
      await page.fill("#code", code!);
      await page.fill("#password", "Tradew1nd!");
      await page.fill("#confirm", "Tradew1nd!");
      await page.click('button[type="submit"]');
      await page.getByText("Please read and tick the user agreement").waitFor();
      await page.check("#agree");
      await page.screenshot({ path: shot("mobile-register"), fullPage: true });
      await page.click('button[type="submit"]');
      await page.waitForURL(/\/wp\/home$/);
      // a new account is welcomed, not "back" (issue 28)
      await page.getByText(/^Welcome to /).waitFor();
      const stored = await page.evaluate(() => localStorage.getItem("Authorization"));
      assertMatch(stored ?? "", /^[A-Za-z0-9_-]{43}$/);
    });

    await t.step("the four tabs navigate", async () => {
      for (
        const [tab, path] of [["quotes", "/wp/quotes/list"], ["product", "/wp/product"], [
          "user",
          "/wp/user/userCenter",
        ], ["home", "/wp/home"]]
      ) {
        await page.click(`[data-tab="${tab}"]`);
        await page.waitForURL(new RegExp(`${path}$`));
        assertEquals(await page.getAttribute(`[data-tab="${tab}"]`, "aria-current"), "page");
      }
      await page.click('[data-tab="user"]');
      assertMatch(await page.locator('[data-testid="uid"]').innerText(), /^\d{8}$/);
      await page.screenshot({ path: shot("mobile-user-center"), fullPage: true });
    });

    await t.step("switch among languages", async () => {
      await page.click('[data-testid="menu-language"]');
      await page.waitForURL(/\/wp\/user\/language$/);
      await page.waitForSelector('tw-island[data-name="LanguagePicker"][data-hydrated]');
      await page.screenshot({ path: shot("mobile-language"), fullPage: true });
      for (
        const [lang, label] of [["ja", "日本語"], ["uk", "Українська"], ["zh-CN", "简体中文"]]
      ) {
        await Promise.all([
          page.waitForEvent("load"),
          page.getByRole("button", { name: label }).click(),
        ]);
        assertEquals(await page.getAttribute("html", "lang"), lang);
      }
      await page.screenshot({ path: shot("mobile-language-zh"), fullPage: true });
      await page.goto(srv.base + "/wp/home");
      assertEquals((await page.locator('[data-tab="home"]').innerText()).trim(), "首页");
      await page.goto(srv.base + "/wp/user/language");
      await page.waitForSelector('tw-island[data-name="LanguagePicker"][data-hydrated]');
      await Promise.all([
        page.waitForEvent("load"),
        page.getByRole("button", { name: "English" }).click(),
      ]);
      assertEquals(await page.getAttribute("html", "lang"), "en");
    });

    await t.step("logout, then log in again and return to the guarded page", async () => {
      await page.goto(srv.base + "/wp/user/userCenter");
      await page.waitForSelector('tw-island[data-name="LogoutButton"][data-hydrated]');
      await page.click('[data-testid="logout"]');
      await page.waitForURL(/\/wp\/user\/login/);
      assertEquals(await page.evaluate(() => localStorage.getItem("Authorization")), null);
      await page.goto(srv.base + "/wp/user/setSafe");
      await page.waitForURL(/\/wp\/user\/login\?redirect=%2Fwp%2Fuser%2FsetSafe/);
      await page.waitForSelector('tw-island[data-name="LoginForm"][data-hydrated]');
      await page.fill("#phone", PHONE_LOCAL);
      await page.fill("#password", "wrong-password");
      await page.click('button[type="submit"]');
      await page.locator("#toast").getByText("The phone number or password is incorrect")
        .waitFor();
      await page.fill("#password", "Tradew1nd!");
      await page.click('button[type="submit"]');
      await page.waitForURL(/\/wp\/user\/setSafe$/);
      await page.screenshot({ path: shot("mobile-security"), fullPage: true });
    });

    await t.step("set a withdrawal password", async () => {
      await page.click('[data-testid="security-draw-password"]');
      await page.waitForSelector('tw-island[data-name="DrawPasswordForm"][data-hydrated]');
      await page.fill("#password", "123456");
      await page.fill("#confirm", "123456");
      await page.getByRole("button", { name: "Send code" }).click();
      await page.locator("#toast").getByText("verification code has been sent").waitFor();
      await page.fill("#code", (await lastCode(srv, PHONE, "security"))!);
      await page.click('button[type="submit"]');
      await page.waitForURL(/\/wp\/user\/setSafe$/);
      assertMatch(
        await page.locator('[data-testid="security-draw-password"]').innerText(),
        /Set/,
      );
    });

    await t.step("legacy hash URL lands on the real page, never on another site", async () => {
      await page.goto(srv.base + "/#/wp/user/language");
      await page.waitForURL(/\/wp\/user\/language$/);
      await page.goto(srv.base + "/wp/home#//evil.example/steal");
      await page.waitForTimeout(300);
      assertEquals(new URL(page.url()).origin, srv.base);
    });

    assertEquals(errors, []);
    await ctx.close();
  },
  {},
);

Deno.test({
  name: "mobile: a closed site shows the site-closed page",
  ...E2E,
  async fn() {
    const srv = await startE2eServer({
      tenants: { defaultTenant: "demo", tenants: [{ id: "demo", name: "Demo", isClose: "Y" }] },
    });
    const browser = await launch();
    try {
      const ctx = await browser.newContext({ ...devices["Pixel 7"] });
      const page = await ctx.newPage();
      await page.goto(srv.base + "/");
      assertEquals(new URL(page.url()).pathname, "/wp/home");
      await page.getByTestId("site-closed").getByText("Site closed").waitFor();
      await page.screenshot({ path: shot("mobile-closed") });
      await ctx.close();
    } finally {
      await browser.close();
      await srv.close();
    }
  },
});
