/**
 * Operators in Chromium: an admin proposes an operator in the console (username, the operator's
 * phone, roles), a second admin approves it on the proposals page; the new operator enters the
 * invitation code their phone received at the sign-in page, enrols an authenticator from the key
 * shown once, chooses a password and lands in their section; their account page. English at
 * desktop width, Chinese and Thai at 390 px (and each screen at the other width too), axe-clean,
 * no sideways scroll.
 */
import type { Page } from "playwright-core";
import { assert, assertEquals } from "../assert.ts";
import { DEMO_ADMIN_2, operatorPhone, operatorToken, totp } from "../operator.ts";
import { lastCode } from "../server.ts";
import { shot } from "./browser.ts";
import { axeViolations, islandsReady } from "./console.ts";
import { browserTest } from "./session.ts";

const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";
const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 390, height: 844 };

/** A screenshot at both widths (the page's own first), no sideways scroll at 390 px. */
async function shots(page: Page, name: string, first: typeof WIDE) {
  for (const size of first === WIDE ? [WIDE, NARROW] : [NARROW, WIDE]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: shot(`${name}-${size.width}`), fullPage: true });
    if (size === NARROW) {
      const w = await page.evaluate(() => document.documentElement.scrollWidth);
      assert(w <= 390, `${name} scrolls sideways: ${w}px`);
    }
  }
  await page.setViewportSize(first);
}

browserTest(
  "operators' console: propose an operator, a second admin approves, the invitation enrols TOTP",
  async (srv, browser, t) => {
    const admin = await operatorToken(srv);
    const admin2 = await operatorToken(srv, DEMO_ADMIN_2);
    const runs = [
      { locale: "en", size: WIDE, user: "nina", landing: "Customers" },
      { locale: "zh-CN", size: NARROW, user: "lina", landing: "客户" },
      { locale: "th", size: NARROW, user: "malee", landing: "ลูกค้า" },
    ] as const;
    for (const run of runs) {
      const tag = `${run.locale}`;
      const errors: string[] = [];
      const watch = (p: Page) => {
        p.on("pageerror", (e) => errors.push(e.message));
        p.on("console", (m) => {
          if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) {
            errors.push(m.text());
          }
        });
      };
      /** A console page of this run's size and language, signed in with `token`, watched. */
      const signedIn = async (token: string) => {
        const ctx = await browser.newContext({
          viewport: run.size,
          userAgent: UA,
          locale: run.locale,
        });
        await ctx.addCookies([{ name: "tw_op", value: token, url: srv.base }]);
        const page = await ctx.newPage();
        watch(page);
        return { ctx, page };
      };
      const { ctx: adminCtx, page } = await signedIn(admin);
      const phone = operatorPhone();

      await t.step(`${tag}: the admin proposes an operator`, async () => {
        await page.goto(srv.base + "/admin/operators");
        await islandsReady(page);
        await page.getByTestId("operator-list").locator('tr[data-operator="ops"]').waitFor();
        // the form checks before sending
        await page.getByTestId("create-operator").click();
        await page.locator("#new-username-error").waitFor();
        await page.waitForFunction(() => document.activeElement?.id === "new-username");
        assertEquals(await axeViolations(page), []);
        if (run.locale === "en") {
          // a taken username: the server's answer stands beside the username field
          await page.fill("#new-username", "ops2");
          await page.fill("#new-phone", phone);
          await page.check("#new-role-support");
          await page.getByTestId("create-operator").click();
          await page.locator("#new-username-error", { hasText: "This username is taken" })
            .waitFor();
          await page.uncheck("#new-role-support");
        }
        await page.fill("#new-username", run.user);
        await page.fill("#new-phone", phone);
        // keyboard: the role boxes toggle with the space bar
        await page.focus("#new-role-support");
        await page.keyboard.press("Space");
        assert(await page.isChecked("#new-role-support"));
        await shots(page, `admin-operators-form-${tag}`, run.size);
        await page.getByTestId("create-operator").click();
        await page.waitForURL(/\/admin\/operators\?flash=proposed/);
        await page.getByTestId("notice").waitFor();
        await islandsReady(page);
        // nothing exists until a second admin approves
        assertEquals(await page.locator(`tr[data-operator="${run.user}"]`).count(), 0);
        assertEquals(await axeViolations(page), []);
        await shots(page, `admin-operators-proposed-${tag}`, run.size);
      });

      await t.step(`${tag}: a second admin approves it on the proposals page`, async () => {
        const { ctx: ctx2, page: p2 } = await signedIn(admin2);
        await p2.goto(srv.base + "/admin/proposals");
        await islandsReady(p2);
        const card = p2.locator('[data-testid="proposal"][data-kind="operator.create"]');
        assertEquals(await card.getByTestId("p-operator").innerText(), run.user);
        assertEquals(await axeViolations(p2), []);
        await shots(p2, `admin-proposal-operator-${tag}`, run.size);
        await card.getByTestId("action-approve").click();
        await card.getByTestId("confirm-action").click();
        await p2.getByTestId("notice").waitFor();
        assertEquals(await card.count(), 0);
        await ctx2.close();
        await page.goto(srv.base + `/admin/operators?id=${run.user}`);
        await islandsReady(page);
        await page.getByTestId("operator").waitFor();
        await shots(page, `admin-operators-${tag}`, run.size);
      });

      const ctx = await browser.newContext({
        viewport: run.size,
        userAgent: UA,
        locale: run.locale,
      });
      const op = await ctx.newPage();
      watch(op);

      await t.step(
        `${tag}: the invitation code opens the enrolment of an authenticator, then the console`,
        async () => {
          await op.goto(srv.base + "/admin");
          await op.waitForSelector('tw-island[data-name="AdminSignIn"][data-hydrated]');
          await op.getByTestId("have-invitation").click();
          await op.getByTestId("admin-invitation").waitFor();
          await op.waitForFunction(() => document.activeElement?.id === "admin-invite-title");
          await op.fill("#invite-username", run.user);
          await op.fill("#invite-code", "00000000");
          await op.locator('[data-testid="admin-invitation"] button[type="submit"]').click();
          await op.getByTestId("invite-error").waitFor();
          assertEquals(await axeViolations(op), []);
          await shots(op, `admin-invitation-${tag}`, run.size);
          await op.fill("#invite-code", (await lastCode(srv, phone, "operatorInvite"))!);
          await op.locator('[data-testid="admin-invitation"] button[type="submit"]').click();
          await op.getByTestId("admin-enrol").waitFor();
          // the heading takes focus: the step is announced
          await op.waitForFunction(() => document.activeElement?.id === "admin-enrol-title");
          const secret = (await op.getByTestId("enrol-secret").getAttribute("data-secret"))!;
          assert(/^[A-Z2-7]{32}$/.test(secret));
          assert(await op.locator("img.qr").isVisible());
          // nothing is open yet: no session cookie
          assertEquals((await ctx.cookies()).filter((c) => c.name === "tw_op"), []);
          // a wrong code first
          await op.fill("#enrol-totp", "000000");
          await op.fill("#enrol-newPassword", "Mine-2026-pass");
          await op.fill("#enrol-confirm", "Mine-2026-pass");
          await op.locator('[data-testid="admin-enrol"] button[type="submit"]').click();
          await op.getByTestId("enrol-error").waitFor();
          assertEquals(await axeViolations(op), []);
          await shots(op, `admin-enrol-${tag}`, run.size);
          await op.fill("#enrol-totp", await totp(secret, srv.deps.now()));
          await op.locator('[data-testid="admin-enrol"] button[type="submit"]').click();
          await op.waitForURL(/\/admin\/customers$/);
          await op.getByRole("heading", { name: run.landing }).waitFor();
          assertEquals(await op.getByTestId("admin-who").innerText(), run.user);
          // support only: no operators tab
          assertEquals(await op.getByTestId("tab-operators").count(), 0);
          srv.advance(30_000);
        },
      );

      await t.step(`${tag}: my account — password change and my sessions`, async () => {
        await op.getByTestId("my-account").click();
        await op.waitForURL(/\/admin\/account$/);
        await islandsReady(op);
        await op.getByTestId("operator-sessions").locator("tr[data-session]").first().waitFor();
        assertEquals(await axeViolations(op), []);
        await shots(op, `admin-account-${tag}`, run.size);
        await op.fill("#pw-oldPassword", "Mine-2026-pass");
        await op.fill("#pw-newPassword", "Next-2026-pass");
        await op.fill("#pw-confirm", "Next-2026-pass");
        await op.getByTestId("change-password").click();
        await op.getByTestId("notice").waitFor();
        await islandsReady(op);
      });

      await t.step(
        `${tag}: the admin sees the new operator enrolled and its session`,
        async () => {
          await page.goto(srv.base + `/admin/operators?id=${run.user}`);
          await islandsReady(page);
          const rows = page.getByTestId("operator-sessions").locator("tr[data-session]");
          assertEquals(await rows.count(), 1);
          // roles: give audit too (a proposal), then disable (confirmed; at once) — the
          // operator's page stops working
          await page.check("#edit-role-audit");
          await page.getByTestId("save-roles").click();
          await page.getByTestId("notice").waitFor();
          await islandsReady(page);
          await shots(page, `admin-operator-roles-proposed-${tag}`, run.size);
          await page.getByTestId("operator-disable").click();
          await page.getByTestId("operator-disable-confirm").click();
          // the page comes back with the operator disabled (the notice of the roles' save
          // is still on the page until then, so wait for the state itself, on the operator's
          // card: earlier runs' operators are disabled in the list already)
          await page.locator(
            "[data-testid=operator] [data-testid=operator-state].s-rejected",
          ).waitFor();
          await islandsReady(page);
          assertEquals(
            await page.getByTestId("operator-sessions").locator("tr[data-session]").count(),
            0,
          );
          await shots(page, `admin-operator-disabled-${tag}`, run.size);
          await op.goto(srv.base + "/admin/customers");
          await op.waitForURL(/\/admin\?next=/);
        },
      );

      assertEquals(errors, []);
      await ctx.close();
      await adminCtx.close();
    }
  },
);
