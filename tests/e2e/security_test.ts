/**
 * Account security in Chromium on both layouts, by clicking: turn two-factor on from the security
 * page (QR code and key shown once), log out, log in with the code, see the signed-in devices and
 * sign the other device out (its token then answers -99). Screens in en, de and zh-CN.
 */
import { bindMethod, setDrawPassword, verifyJunior } from "../api/funds_helpers.ts";
import * as OTPAuth from "otpauth";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import { registerUser, type TestServer } from "../server.ts";
import { E2E, launch, shot } from "./browser.ts";
import { DESKTOP, hydrated, PHONE, startE2eServer, watchedPage } from "./session.ts";

const OTHER_DEVICE_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Firefox/140.0";

function codeAt(srv: TestServer, secret: string) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: srv.deps.now(),
  });
}

type Layout = "wp" | "pc";
const SECURITY: Record<Layout, string> = {
  wp: "/wp/user/setSafe",
  pc: "/pc/userCenter/security",
};

async function flow(t: Deno.TestContext, layout: Layout, local: string) {
  const srv = await startE2eServer({ seed: true });
  const browser = await launch();
  try {
    const phone = "+1" + local;
    const password = "Secure-2026";
    const { token } = await registerUser(srv, phone, password);
    // another device signed in elsewhere
    const other = await srv.call("/api/login", {
      body: { phone, password },
      headers: { "user-agent": OTHER_DEVICE_UA },
    });
    const otherToken = other.headers.get("authorization")!;
    const ctx = await browser.newContext(layout === "wp" ? PHONE : DESKTOP);
    const { page, errors } = await watchedPage(ctx);
    const login = async (code?: () => string) => {
      await page.goto(srv.base + `/${layout}/user/login`);
      await hydrated(page, "LoginForm");
      await page.fill("#phone", local);
      await page.fill("#password", password);
      await page.click('form[data-testid="login-form"] button[type="submit"]');
      if (code) {
        await page.locator("#totp").waitFor();
        await page.fill("#totp", code());
        await page.click('form[data-testid="login-form"] button[type="submit"]');
      }
      await page.waitForURL((u) => !u.pathname.endsWith("/login"));
    };
    let secret = "";

    await t.step("turn two-factor on from the security page by clicking", async () => {
      await login();
      await page.goto(srv.base + SECURITY[layout]);
      if (layout === "wp") {
        await page.click('[data-testid="security-twofa"]');
        await page.waitForURL(/\/wp\/user\/setSafe\/twoFactor$/);
      }
      await hydrated(page, "TwoFactorForm");
      await page.click('[data-testid="twofa-start"]');
      const key = page.getByTestId("twofa-secret");
      await key.waitFor();
      secret = (await key.getAttribute("data-secret"))!;
      assertMatch(secret, /^[A-Z2-7]{32}$/);
      assert(await page.locator("img.qr").isVisible());
      await page.screenshot({ path: shot(`${layout}-2fa-setup-en`), fullPage: true });
      await page.fill("#totp", "000000");
      await page.click('[data-testid="twofa-form"] button[type="submit"]');
      await page.locator("#toast.error").waitFor();
      await page.fill("#totp", codeAt(srv, secret));
      await page.click('[data-testid="twofa-form"] button[type="submit"]');
      await page.getByTestId("twofa-status").getByText("On").waitFor();
      // the key is not shown again
      assertEquals(await page.getByTestId("twofa-secret").count(), 0);
      srv.advance(30_000);
    });

    await t.step("log out; logging in asks for the code", async () => {
      if (layout === "wp") await page.goto(srv.base + "/wp/user/userCenter");
      await hydrated(page, "LogoutButton");
      await page.click('[data-testid="logout"]');
      await page.waitForURL(/\/(wp\/user\/login|pc\/home)/);
      await login(() => codeAt(srv, secret));
      assert(await page.evaluate(() => localStorage.getItem("Authorization")));
    });

    await t.step("the devices list shows both; the other device is signed out", async () => {
      await page.goto(srv.base + SECURITY[layout]);
      if (layout === "wp") {
        await page.click('[data-testid="security-devices"]');
        await page.waitForURL(/\/wp\/user\/setSafe\/devices$/);
      }
      await hydrated(page, "DeviceList");
      const rows = page.getByTestId("device-row");
      // registration, the other device, this browser
      assertEquals(await rows.count(), 3);
      assertEquals(
        await page.locator('[data-testid="device-row"][data-current="true"]').count(),
        1,
      );
      await page.getByTestId("login-list").waitFor();
      assertMatch(await page.getByTestId("login-list").innerText(), /Signed in/);
      await page.screenshot({ path: shot(`${layout}-devices-en`), fullPage: true });
      const firefox = rows.filter({ hasText: "Firefox · Windows" });
      await firefox.getByTestId("device-signout").click();
      await page.getByTestId("device-confirm").getByRole("button", { name: "Confirm" }).click();
      await firefox.waitFor({ state: "detached" });
      assertEquals(await rows.count(), 2);
      const gone = await srv.call("/api/user/info", { token: otherToken });
      assertEquals(gone.body.code, -99);
    });

    await t.step("the withdrawal form asks for the authenticator code", async () => {
      // a verified customer with a withdrawal password and a bound address (through the API)
      const op = await operatorToken(srv);
      // two-factor is on: each change takes a code of a new time step
      srv.advance(30_000);
      await setDrawPassword(srv, token, "135790", { totp: codeAt(srv, secret) });
      await verifyJunior(srv, token, op, "Grace Hopper");
      srv.advance(30_000);
      await bindMethod(srv, token, {
        kind: "crypto",
        type: "USDT-TRC20",
        address: "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL",
      }, { totp: codeAt(srv, secret) });
      await page.goto(srv.base + (layout === "wp" ? "/wp/user/withdraw" : "/pc/handle/withdraw"));
      await hydrated(page, "WithdrawForm");
      await page.fill("#amount", "20");
      await page.fill("#drawPassword", "135790");
      await page.click('[data-testid="withdraw-form"] button[type="submit"]');
      await page.locator("#totp-error").waitFor();
      assertEquals(await page.getByTestId("withdraw-confirm").count(), 0);
      await page.screenshot({ path: shot(`${layout}-withdraw-2fa-en`), fullPage: true });
    });

    await t.step("screens in en, de and zh-CN", async () => {
      for (const lang of ["en", "de", "zh-CN"]) {
        await ctx.addCookies([{ name: "wplocale", value: lang, url: srv.base }]);
        await page.goto(srv.base + (layout === "wp" ? "/wp/user/setSafe/devices" : SECURITY.pc));
        await hydrated(page, "DeviceList");
        await page.screenshot({ path: shot(`${layout}-security-${lang}`), fullPage: true });
        if (layout === "wp") {
          await page.goto(srv.base + "/wp/user/setSafe/twoFactor");
          await hydrated(page, "TwoFactorForm");
          await page.screenshot({ path: shot(`wp-2fa-${lang}`), fullPage: true });
        }
      }
      // the login step asking for the code, in German
      await page.evaluate(() => localStorage.clear());
      await ctx.clearCookies();
      await ctx.addCookies([{ name: "wplocale", value: "de", url: srv.base }]);
      await page.goto(srv.base + `/${layout}/user/login`);
      await hydrated(page, "LoginForm");
      await page.fill("#phone", local);
      await page.fill("#password", password);
      await page.click('form[data-testid="login-form"] button[type="submit"]');
      await page.locator("#totp").waitFor();
      await page.screenshot({ path: shot(`${layout}-login-code-de`), fullPage: true });
    });
    assertEquals(errors, []);
  } finally {
    await browser.close();
    await srv.close();
  }
}

Deno.test({
  name: "mobile: two-factor on by clicking, log in with the code, sign another device out",
  ...E2E,
  fn: (t) => flow(t, "wp", "2025550231"),
});

Deno.test({
  name: "desktop: two-factor on by clicking, log in with the code, sign another device out",
  ...E2E,
  fn: (t) => flow(t, "pc", "2025550232"),
});
