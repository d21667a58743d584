/**
 * The review queues as a team works them (issue 31, item 3), in Chromium: a queue filtered by a
 * customer's phone typed without its `+` and sorted by a column (the view is a link); a single
 * decision taken from the keyboard moves on to the next record (auto-advance); three
 * verifications selected by keyboard and passed with one confirmation dialog, three audit
 * entries; screenshots at 1440 px and 390 px in English, Chinese and Thai.
 */
import axe from "axe-core";
import type { Browser, Page } from "playwright-core";
import { assert, assertEquals } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import { registerUser, type TestServer } from "../server.ts";
import { BULK_PASS_TENANTS, recharge, threeJuniorsWaiting } from "../api/funds_helpers.ts";
import { E2E, shot } from "./browser.ts";
import { withBrowser } from "./session.ts";

const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";

async function ready(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll("tw-island")].every((e) => e.hasAttribute("data-hydrated"))
  );
}

async function consolePage(
  srv: TestServer,
  browser: Browser,
  op: string,
  width = 1440,
  locale?: string,
) {
  const ctx = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    userAgent: UA,
  });
  await ctx.addCookies([
    { name: "tw_op", value: op.replace(/^Bearer /, ""), url: srv.base },
    ...(locale ? [{ name: "wplocale", value: locale, url: srv.base }] : []),
  ]);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { ctx, page, errors };
}

/** axe-core's critical, serious and moderate findings on the page as it is now. */
async function axeFindings(page: Page) {
  await page.evaluate(axe.source);
  const found = await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const r = await (globalThis as any).axe.run(document, { resultTypes: ["violations"] });
    return r.violations as { id: string; impact: string | null; nodes: { target: string[] }[] }[];
  });
  return found.filter((v) => ["critical", "serious", "moderate"].includes(v.impact ?? ""))
    .map((v) => `${v.impact} ${v.id} @ ${v.nodes[0]?.target.join(" ")}`);
}

const rowIds = (page: Page) =>
  page.locator('[data-testid="queue-table"] tbody tr').evaluateAll((rs) =>
    rs.map((r) => r.getAttribute("data-id"))
  );

Deno.test({
  name: "console queues: filter and sort, auto-advance by keyboard, bulk pass of three",
  ...E2E,
  fn: () =>
    withBrowser({ seed: true, tenants: BULK_PASS_TENANTS }, async (srv, browser) => {
      const op = await operatorToken(srv);
      const ada = await registerUser(srv, "+12025550171");
      const bob = await registerUser(srv, "+12025550172");
      const small = await recharge(srv, ada.token, "25");
      const large = await recharge(srv, ada.token, "150");
      await recharge(srv, bob.token, "60");
      const subs = await threeJuniorsWaiting(srv, op);

      const { ctx, page, errors } = await consolePage(srv, browser, op);
      // a queue filtered by the customer's phone without its +, then sorted by amount
      await page.goto(`${srv.base}/admin/recharges`);
      await ready(page);
      await page.getByTestId("filter-customer").fill("12025550171");
      await page.getByTestId("filter-customer").press("Enter");
      await page.waitForURL(/customer=12025550171/);
      assertEquals(await rowIds(page), [small, large]);
      await page.getByTestId("sort-amount").click();
      await page.waitForURL(/sort=amount/);
      await page.getByTestId("sort-amount").click();
      await page.waitForURL(/dir=desc/);
      assertEquals(await rowIds(page), [large, small]);
      const th = page.locator("th", { has: page.getByTestId("sort-amount") });
      assertEquals(await th.getAttribute("aria-sort"), "descending");
      const csv = await page.getByTestId("queue-csv").getAttribute("href");
      assert(csv?.includes("customer=12025550171") && csv.includes("sort=amount"), csv!);
      await ready(page);
      await page.screenshot({ path: shot("admin-queue-filtered"), fullPage: true });
      assertEquals(await axeFindings(page), []);

      // j opens the first record; p then Enter passes it; the page moves on to the next
      await page.keyboard.press("j");
      await page.waitForURL(new RegExp(`id=${large}`));
      await ready(page);
      await page.getByTestId("filter-customer").focus();
      await page.keyboard.press("p"); // typing in a field: no shortcut
      assertEquals(await page.getByTestId("confirm-action").count(), 0);
      await page.locator("body").click({ position: { x: 2, y: 2 } });
      // over the bulk limit: no checkbox on the 150 row
      assertEquals(await page.locator(`tr[data-id="${large}"] input[data-bulk]`).count(), 0);
      await page.keyboard.press("j");
      await page.waitForURL(new RegExp(`id=${small}`));
      await ready(page);
      await page.keyboard.press("p");
      await page.getByTestId("confirm-action").waitFor();
      await page.keyboard.press("Enter");
      // the next pending record of the view, with the notice
      await page.waitForURL(new RegExp(`id=${large}.*flash=done|flash=done.*id=${large}`));
      await page.getByTestId("notice").waitFor();
      assertEquals(await page.getByTestId("detail-status").innerText(), "Under review");
      const decided = await srv.call<{ status: string }>(`/api/admin/recharges/${small}`, {
        token: op,
      });
      assertEquals(decided.body.data.status, "passed");
      // r opens the rejection with its reason field focused; typing there is text, not keys
      await ready(page);
      await page.keyboard.press("r");
      await page.waitForFunction(() => document.activeElement?.id === "reject-reason");
      await page.keyboard.type("jkp");
      assertEquals(await page.locator("#reject-reason").inputValue(), "jkp");
      assert(page.url().includes(`id=${large}`));

      // three verifications selected by keyboard, passed with one confirmation
      await page.goto(`${srv.base}/admin/certifications`);
      await ready(page);
      await page.keyboard.press("?");
      assertEquals(await page.locator("#queue-keys").getAttribute("open"), "");
      await page.keyboard.press("Escape");
      for (const id of subs) {
        await page.locator(`tr[data-id="${id}"] input[data-bulk]`).focus();
        await page.keyboard.press("Space");
      }
      // new work arrives meanwhile: the list is read again in place, the ticks kept
      await page.locator('[data-testid="queue-badge"][data-live="open"]').waitFor();
      const late = await registerUser(srv, "+12025550184");
      const certify = await srv.call("/api/certify/junior", {
        token: late.token,
        body: { name: "Dee Lee", docType: "passport", docNumber: "X44455667", country: "US" },
      });
      assertEquals(certify.body.code, 0, JSON.stringify(certify.body));
      const lateId = (await srv.call<{ items: { id: string }[] }>(
        `/api/admin/certifications?customer=${late.user.userId}`,
        { token: op },
      )).body.data.items[0]!.id;
      await page.locator(`tr[data-id="${lateId}"]`).waitFor();
      for (const id of subs) {
        assert(await page.locator(`tr[data-id="${id}"] input[data-bulk]`).isChecked(), id);
      }
      assertEquals(
        await page.locator(`tr[data-id="${lateId}"] input[data-bulk]`).isChecked(),
        false,
      );
      assertEquals(await axeFindings(page), []);
      const bulkButton = page.getByTestId("bulk-pass");
      assertEquals(await bulkButton.innerText(), "Pass selected (3)");
      await bulkButton.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByTestId("bulk-confirm");
      await dialog.waitFor();
      assertEquals(await page.getByTestId("bulk-list").locator("li").count(), 3);
      // Escape cancels, focus back on the button
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      assertEquals(
        await page.evaluate(() => document.activeElement?.getAttribute("data-testid")),
        "bulk-pass",
      );
      await page.keyboard.press("Enter");
      await dialog.waitFor();
      await page.screenshot({ path: shot("admin-queue-bulk-dialog") });
      await page.keyboard.press("Tab"); // from Cancel to Confirm
      await page.keyboard.press("Enter");
      await page.waitForURL(/flash=bulk/);
      await page.getByTestId("notice").filter({ hasText: "3 passed" }).waitFor();
      const audit = await srv.call<{ items: { action: string; target: string }[] }>(
        "/api/admin/audit?action=certification&limit=100",
        { token: op },
      );
      for (const id of subs) {
        assertEquals(
          audit.body.data.items.filter((e) =>
            e.action === "certification.pass" && e.target === `certification:${id}`
          ).length,
          1,
        );
      }
      assertEquals(errors, []);
      await ctx.close();

      // the screens at 1440 px and 390 px, in English, Chinese and Thai
      for (const locale of ["en", "zh-CN", "th"]) {
        for (const width of [1440, 390]) {
          const s = await consolePage(srv, browser, op, width, locale);
          await s.page.goto(`${srv.base}/admin/recharges?min=10&id=${large}`);
          await ready(s.page);
          await s.page.screenshot({ path: shot(`admin-queue-${locale}-${width}`), fullPage: true });
          assertEquals(s.errors, []);
          await s.ctx.close();
        }
      }
    }),
});
