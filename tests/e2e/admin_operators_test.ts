/**
 * Operators in Chromium: an admin creates an operator in the console; the new operator signs
 * in with the temporary password, enrols an authenticator from the key shown once, chooses a
 * password and lands in their section; their account page. English at desktop width and
 * Chinese at 390 px (and each screen at the other width too), axe-clean, no sideways scroll.
 */
import axe from "axe-core";
import type { Page } from "playwright-core";
import { assert, assertEquals } from "../assert.ts";
import { operatorToken, totp } from "../operator.ts";
import { startServer } from "../server.ts";
import { E2E, launch, shot } from "./browser.ts";

const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";
const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 390, height: 844 };

async function axeViolations(page: Page) {
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const r = await (globalThis as any).axe.run(document, { resultTypes: ["violations"] });
    return r.violations as { id: string; impact: string | null; nodes: { target: string[] }[] }[];
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} @ ${v.nodes[0]?.target.join(" ")}`);
}

async function islandsReady(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll("tw-island")].every((e) => e.hasAttribute("data-hydrated"))
  );
}

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

Deno.test({
  name: "operators' console: create an operator, who enrols TOTP at first sign-in",
  ...E2E,
  async fn(t) {
    const srv = await startServer({ seed: true });
    const browser = await launch();
    try {
      const admin = await operatorToken(srv);
      const runs = [
        { locale: "en", size: WIDE, user: "nina", landing: "Customers" },
        { locale: "zh-CN", size: NARROW, user: "lina", landing: "客户" },
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
        const adminCtx = await browser.newContext({
          viewport: run.size,
          userAgent: UA,
          locale: run.locale,
        });
        await adminCtx.addCookies([{ name: "tw_op", value: admin, url: srv.base }]);
        const page = await adminCtx.newPage();
        watch(page);

        await t.step(`${tag}: the admin creates an operator`, async () => {
          await page.goto(srv.base + "/admin/operators");
          await islandsReady(page);
          await page.getByTestId("operator-list").locator('tr[data-operator="ops"]').waitFor();
          // the form checks before sending
          await page.getByTestId("create-operator").click();
          await page.locator("#new-username-error").waitFor();
          assertEquals(await page.evaluate(() => document.activeElement?.id), "new-username");
          assertEquals(await axeViolations(page), []);
          await page.fill("#new-username", run.user);
          await page.fill("#new-password", "Temp-2026-pass");
          // keyboard: the role boxes toggle with the space bar
          await page.focus("#new-role-support");
          await page.keyboard.press("Space");
          assert(await page.isChecked("#new-role-support"));
          await shots(page, `admin-operators-form-${tag}`, run.size);
          await page.getByTestId("create-operator").click();
          await page.waitForURL(new RegExp(`/admin/operators\\?id=${run.user}`));
          await page.getByTestId("notice").waitFor();
          await islandsReady(page);
          await page.getByTestId("operator").waitFor();
          assert(
            (await page.locator(`tr[data-operator="${run.user}"]`).innerText()).length > 0,
          );
          assertEquals(await axeViolations(page), []);
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
          `${tag}: first sign-in enrols an authenticator, then the console`,
          async () => {
            await op.goto(srv.base + "/admin");
            await op.waitForSelector('tw-island[data-name="AdminSignIn"][data-hydrated]');
            await op.fill("#username", run.user);
            await op.fill("#password", "Temp-2026-pass");
            await op.locator('[data-testid="admin-signin"] button[type="submit"]').click();
            await op.getByTestId("admin-enrol").waitFor();
            // the heading takes focus: the step is announced
            assertEquals(await op.evaluate(() => document.activeElement?.id), "admin-enrol-title");
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
            // roles: give audit too, then disable (confirmed) — the operator's page stops working
            await page.check("#edit-role-audit");
            await page.getByTestId("save-roles").click();
            await page.getByTestId("notice").waitFor();
            await islandsReady(page);
            await page.getByTestId("operator-disable").click();
            await page.getByTestId("operator-disable-confirm").click();
            // the page comes back with the operator disabled (the notice of the roles' save
            // is still on the page until then, so wait for the state itself)
            await page.locator(
              "[data-testid=operator-state].s-rejected",
            ).first().waitFor();
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
    } finally {
      await browser.close();
      await srv.close();
    }
  },
});
