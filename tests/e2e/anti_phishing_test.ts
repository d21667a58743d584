/**
 * The anti-phishing word on the sign-in form, in Chromium on both layouts: a browser that signed
 * in before (its device cookie, set by the sign-in form) sees the account's word under the phone
 * once the phone is typed; a fresh browser sees nothing for the same phone. Screens at 390 and
 * 1280 px in en, zh-CN and th.
 */
import { assertEquals } from "../assert.ts";
import { registerUser, type TestServer } from "../server.ts";
import { E2E, launch, shot } from "./browser.ts";
import { desktop, hydrated, PHONE, startE2eServer, watchedPage } from "./session.ts";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";

type Layout = "wp" | "pc";
const VIEW: Record<Layout, BrowserContextOptions> = {
  wp: { ...PHONE, viewport: { width: 390, height: 844 } },
  pc: { ...desktop(), viewport: { width: 1280, height: 900 } },
};

/** The account's anti-phishing word, stored as its setting stores it (another part of #25). */
async function setAntiPhishing(srv: TestServer, userId: string, word: string) {
  const key = ["demo", "accounts", "user", userId];
  const u = await srv.kv.get<Record<string, unknown>>(key);
  await srv.kv.set(key, { ...u.value!, antiPhishing: word });
}

/** Open the sign-in form and type the phone; resolves once the page asked for the hint. */
async function typePhone(page: Page, srv: TestServer, layout: Layout, local: string) {
  await page.goto(srv.base + `/${layout}/user/login`);
  await hydrated(page, "LoginForm");
  const asked = page.waitForResponse((r) => r.url().endsWith("/api/login/hint"));
  await page.fill("#phone", local);
  await asked;
}

async function flow(browser: Browser, layout: Layout) {
  const srv = await startE2eServer({ seed: true });
  try {
    const local = layout === "wp" ? "2025550301" : "2025550302";
    const password = "Heron-2026";
    const { user } = await registerUser(srv, "+1" + local, password);
    await setAntiPhishing(srv, user.userId, "blue-heron");

    // this browser signs in once through the form: it becomes a known device
    const known = await browser.newContext(VIEW[layout]);
    const { page, errors } = await watchedPage(known);
    await page.goto(srv.base + `/${layout}/user/login`);
    await hydrated(page, "LoginForm");
    await page.fill("#phone", local);
    await page.fill("#password", password);
    await page.click('form[data-testid="login-form"] button[type="submit"]');
    await page.waitForURL((u) => !u.pathname.endsWith("/login"));
    const device = (await known.cookies()).find((c) => c.name === "tw_device");
    assertEquals([device?.httpOnly, device?.sameSite], [true, "Lax"]);
    // signed out (the session goes, the device stays)
    await known.clearCookies({ name: "tw_session" });
    await page.evaluate(() => localStorage.clear());

    for (const lang of ["en", "zh-CN", "th"]) {
      await known.addCookies([{ name: "wplocale", value: lang, url: srv.base }]);
      await typePhone(page, srv, layout, local);
      const box = page.getByTestId("anti-phishing");
      await box.waitFor();
      assertEquals(await box.locator("strong").textContent(), "blue-heron");
      await page.screenshot({ path: shot(`${layout}-anti-phishing-${lang}`), fullPage: true });
    }
    assertEquals(errors, []);

    // a browser that never signed in: nothing shown for the same phone
    const fresh = await browser.newContext(VIEW[layout]);
    const other = await watchedPage(fresh);
    await typePhone(other.page, srv, layout, local);
    assertEquals(await other.page.getByTestId("anti-phishing").count(), 0);
    await fresh.close();
    await known.close();
  } finally {
    await srv.close();
  }
}

Deno.test({
  name: "sign-in form: the anti-phishing word for a known device only (both layouts)",
  ...E2E,
  async fn(t) {
    const browser = await launch();
    try {
      await t.step("mobile", () => flow(browser, "wp"));
      await t.step("desktop", () => flow(browser, "pc"));
    } finally {
      await browser.close();
    }
  },
});
