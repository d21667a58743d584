/**
 * The operators' console in Chromium (server-rendered pages under /admin/<section>, small
 * islands): sign-in with a TOTP code, a recharge passed with its voucher shown, a withdrawal
 * rejected with a reason, a decision another operator made first, the withdrawal rules and a
 * channel changed, the audit log, roles, reload and sign-out; every effect checked through the
 * API. Screenshots at desktop width and at 390 px.
 */
import { bindMethod, rechargeBody, usdtAddress } from "../api/funds_helpers.ts";
import type { Page } from "playwright-core";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { makePng, uploadForm } from "../images.ts";
import { DEMO_TOTP_SECRET, operatorToken, operatorWithRoles, totp } from "../operator.ts";
import { registerUser, signIn, type TestServer } from "../server.ts";
import { shot } from "./browser.ts";
import { axeViolations, islandsReady, notice } from "./console.ts";
import { browserTest } from "./session.ts";

const DESKTOP = {
  viewport: { width: 1440, height: 900 },
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36",
};

type Row = { wallet: string; currency: string; available: string; frozen: string };
type Audit = { items: { action: string; operator: string; target: string }[] };

function ok<T>(r: { body: { code: number; data: T } }, what: string): T {
  assertEquals(r.body.code, 0, `${what}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

async function spotUsdt(srv: TestServer, token: string) {
  const a = ok(await srv.call<{ rows: Row[] }>("/api/account/assets", { token }), "assets");
  const r = a.rows.find((r) => r.wallet === "spot" && r.currency === "USDT")!;
  return { available: r.available, frozen: r.frozen };
}

async function submitJunior(srv: TestServer, token: string, name: string, docNumber: string) {
  ok(
    await srv.call("/api/certify/junior", {
      token,
      body: { name, docType: "passport", docNumber, country: "US" },
    }),
    "certify/junior",
  );
}

async function certificationId(srv: TestServer, op: string, docNumber: string) {
  const q = ok(
    await srv.call<{ items: { id: string; junior: { docNumber: string } | null }[] }>(
      "/api/admin/certifications?status=authenticating&limit=100",
      { token: op },
    ),
    "certifications",
  );
  return q.items.find((i) => i.junior?.docNumber === docNumber)!.id;
}

const PHONE = { width: 390, height: 844 };

/** Open the item with this id from the current queue (a page of its own: list and detail). */
async function openItem(page: Page, id: string) {
  const row = page.locator(`[data-testid="queue-table"] tr[data-id="${id}"]`);
  await row.getByRole("link").click();
  await page.waitForURL(new RegExp(`[?&]id=${id}`));
  await page.locator(`[data-testid="detail"] .admin-id`, { hasText: id }).waitFor();
  await islandsReady(page);
}

browserTest(
  "operators' console: sign in, review the queues, settings, audit, roles",
  async (srv, browser, t) => {
    // The API operator signs in first (its code is one 30 s step; the UI gets the next).
    const op = await operatorToken(srv);

    // A new customer reports a bank transfer of 250 USDT with a receipt.
    const ada = await registerUser(srv, "+12025550171");
    const upload = ok(
      await srv.call<{ imageId: string }>("/api/upload", {
        method: "POST",
        raw: uploadForm(await makePng(480, 300)),
        token: ada.token,
      }),
      "upload",
    );
    const rechargeId = ok(
      await srv.call<{ id: string }>("/api/recharge", {
        token: ada.token,
        body: rechargeBody("250", upload.imageId),
      }),
      "recharge",
    ).id;

    // The seeded demo customer (10,000 USDT, no turnover requirement) withdraws 100 USDT.
    const demo = await signIn(srv);
    await submitJunior(srv, demo, "Ada Lovelace", "P1234567");
    const demoCert = await certificationId(srv, op, "P1234567");
    ok(
      await srv.call(`/api/admin/certifications/${demoCert}/pass`, { token: op, method: "POST" }),
      "pass junior",
    );
    const method = await bindMethod(srv, demo, usdtAddress());
    const before = await spotUsdt(srv, demo);
    const withdrawalId = ok(
      await srv.call<{ id: string }>("/api/withdraw", {
        token: demo,
        body: { methodId: method.id, amount: "100", drawPassword: "246810" },
      }),
      "withdraw",
    ).id;
    assertEquals((await spotUsdt(srv, demo)).frozen, "100");

    // Ada's junior verification: decided by another operator while the UI looks at it.
    await submitJunior(srv, ada.token, "Ada Byron", "P7654321");
    const adaCert = await certificationId(srv, op, "P7654321");

    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      // refused API calls (401, 409) are logged by the browser itself; CSP refusals are not
      if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) {
        errors.push(m.text());
      }
    });

    await t.step("sign-in: the form checks the code, the right factors sign in", async () => {
      await page.goto(srv.base + "/admin");
      await page.waitForSelector('tw-island[data-name="AdminSignIn"][data-hydrated]');
      await page.getByTestId("admin-signin").waitFor();
      assertEquals(await page.title(), "Operations console · Tradewind");
      await page.fill("#username", "ops");
      await page.fill("#password", "Ops-2026-demo");
      await page.fill("#totp", "12");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByText("The verification code is 6 digits").waitFor();
      await page.screenshot({ path: shot("admin-signin") });
      assertEquals(await axeViolations(page), []);
      await page.fill("#totp", await totp(DEMO_TOTP_SECRET, srv.deps.now()));
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/admin\/recharges$/);
      assertEquals(await page.getByTestId("tab-recharges").getAttribute("aria-current"), "page");
      assertEquals(await page.getByTestId("admin-who").innerText(), "ops");
      // the token is in an HttpOnly, same-site cookie: no script can read it, nothing stored
      const [cookie] = (await ctx.cookies()).filter((c) => c.name === "tw_op");
      assert(cookie && cookie.value.length >= 40);
      assertEquals([cookie.httpOnly, cookie.sameSite], [true, "Strict"]);
      const stored = await page.evaluate(() => ({
        cookie: document.cookie.includes("tw_op"),
        local: Object.keys(localStorage),
        session: Object.keys(sessionStorage),
      }));
      assertEquals(stored, { cookie: false, local: [], session: [] });
    });

    await t.step("recharge: the voucher loads, pass credits the customer once", async () => {
      await openItem(page, rechargeId);
      const detail = page.getByTestId("detail");
      assertMatch(await detail.getByTestId("amount").innerText(), /250 USDT/);
      assertMatch(await detail.innerText(), /GB82WEST12345698765432/);
      const img = detail.getByTestId("evidence-img");
      await page.waitForFunction(() => {
        const i = document.querySelector<HTMLImageElement>('[data-testid="evidence-img"]');
        return !!i && i.complete && i.naturalWidth > 0;
      });
      assertEquals(await img.evaluate((i: HTMLImageElement) => i.naturalWidth), 480);
      // the server says what this record allows
      assertEquals(
        await detail.locator('[data-testid^="action-"]').evaluateAll((bs) =>
          bs.map((b) => b.getAttribute("data-testid"))
        ),
        ["action-pass", "action-reject"],
      );
      await page.screenshot({ path: shot("admin-recharge-detail") });
      // click to enlarge, Esc closes
      await detail.getByTestId("evidence").click();
      await page.locator("dialog[open] img").waitFor();
      await page.screenshot({ path: shot("admin-recharge-voucher-enlarged") });
      await page.keyboard.press("Escape");
      await page.locator("dialog[open]").waitFor({ state: "detached" });

      await detail.getByTestId("action-pass").click();
      const confirm = detail.getByTestId("confirm-action");
      // one click, one request: a double click sends the decision once
      await confirm.dblclick();
      await notice(page, "Done");
      await detail.getByTestId("detail-status").getByText("Success").waitFor();
      assertEquals(await detail.getByTestId("decisions").count(), 0);
      // the auditing queue no longer lists it
      assertEquals(await page.locator(`tr[data-id="${rechargeId}"]`).count(), 0);

      assertEquals(await spotUsdt(srv, ada.token), { available: "250", frozen: "0" });
      const audit = ok(
        await srv.call<Audit>("/api/admin/audit?limit=100", { token: op }),
        "audit",
      );
      const passes = audit.items.filter((e) => e.action === "recharge.pass");
      assertEquals(passes.map((e) => [e.operator, e.target]), [
        ["ops", `recharge:${rechargeId}`],
      ]);
    });

    await t.step("withdrawal: full payout details, reject needs a reason, refund", async () => {
      await page.getByTestId("tab-withdrawals").click();
      await page.waitForURL(/\/admin\/withdrawals$/);
      await openItem(page, withdrawalId);
      const detail = page.getByTestId("detail");
      assertEquals(
        await detail.getByTestId("payout-address").innerText(),
        "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      );
      assertMatch(await detail.getByTestId("net").innerText(), /USDT/);
      // auditing: pass, freeze, reject; no "mark paid" before it is approved
      assertEquals(
        await detail.locator('[data-testid^="action-"]').evaluateAll((bs) =>
          bs.map((b) => b.getAttribute("data-testid"))
        ),
        ["action-pass", "action-freeze", "action-reject"],
      );
      await page.screenshot({ path: shot("admin-withdrawal-detail") });
      assertEquals(await axeViolations(page), []);

      await detail.getByTestId("action-reject").click();
      await page.waitForFunction(() => document.activeElement?.id === "reject-reason");
      await detail.getByTestId("confirm-reject").click();
      await detail.getByText("Enter a reason").waitFor();
      await page.fill("#reject-reason", "Address belongs to a sanctioned exchange");
      await page.screenshot({ path: shot("admin-withdrawal-reject") });
      await detail.getByTestId("confirm-reject").click();
      await notice(page, "Done");
      await detail.getByTestId("detail-status").getByText("Rejected").waitFor();
      assertMatch(await detail.innerText(), /sanctioned exchange/);
      assertEquals(await detail.getByTestId("decisions").count(), 0);

      assertEquals(await spotUsdt(srv, demo), before);
      const msgs = ok(
        await srv.call<{ items: { kind: string; body: string }[] }>("/api/message", {
          token: demo,
        }),
        "messages",
      );
      const rejected = msgs.items.filter((m) => m.kind === "withdrawReject");
      assertEquals(rejected.length, 1);
      assertMatch(rejected[0]!.body, /sanctioned exchange/);
      // the rejected filter lists it
      await page.getByTestId("status-rejected").click();
      await page.locator(`tr[data-id="${withdrawalId}"]`).waitFor();
      assertEquals(
        await page.getByTestId("status-rejected").getAttribute("aria-current"),
        "page",
      );
    });

    await t.step(
      "a verification another operator already decided: message, refresh",
      async () => {
        await page.getByTestId("tab-certifications").click();
        await openItem(page, adaCert);
        const detail = page.getByTestId("detail");
        assertMatch(await detail.innerText(), /Ada Byron/);
        assertMatch(await detail.innerText(), /P7654321/);
        ok(
          await srv.call(`/api/admin/certifications/${adaCert}/pass`, {
            token: op,
            method: "POST",
          }),
          "pass behind the console's back",
        );
        await detail.getByTestId("action-pass").click();
        await detail.getByTestId("confirm-action").click();
        await notice(page, "already been handled");
        await detail.getByTestId("detail-status").getByText("Verified").waitFor();
        assertEquals(await page.locator(`tr[data-id="${adaCert}"]`).count(), 0);
      },
    );

    await t.step("settings: withdrawal rules and a channel, each change audited", async () => {
      await page.getByTestId("tab-settings").click();
      await page.waitForURL(/\/admin\/settings$/);
      await islandsReady(page);
      await page.fill("#rules\\.USDT\\.max", "1");
      await page.getByTestId("save-settings").click();
      // the server's rule (max below min) is shown beside the input; nothing saved
      await page.locator("#rules\\.USDT\\.max-error").waitFor();
      await page.fill("#rules\\.USDT\\.max", "40000");
      await page.getByTestId("save-settings").click();
      await notice(page, "Done");
      assertEquals(await page.inputValue("#rules\\.USDT\\.max"), "40000");
      const rules = ok(
        await srv.call<{ rules: { USDT: { max: string } } }>("/api/admin/withdraw-settings", {
          token: op,
        }),
        "settings",
      );
      assertEquals(rules.rules.USDT.max, "40000");
      // the ETH channel is closed in the demo; open it
      await page.getByTestId("channel-eth").click();
      await notice(page, "Done");
      await page.getByTestId("channel-eth").getByText("Close").waitFor();
      const chans = ok(
        await srv.call<{ items: { id: string; enabled: boolean }[] }>(
          "/api/admin/recharge-channels",
          { token: op },
        ),
        "channels",
      );
      assertEquals(chans.items.find((c) => c.id === "eth")?.enabled, true);
      await page.screenshot({ path: shot("admin-settings"), fullPage: true });
      assertEquals(await axeViolations(page), []);
      const audit = ok(
        await srv.call<Audit>("/api/admin/audit?limit=100", { token: op }),
        "audit",
      );
      const mine = audit.items.filter((e) => e.operator === "ops").map((e) => e.action);
      assertEquals(mine.slice(0, 2), ["channel.update", "withdrawSettings.update"]);
    });

    await t.step("audit log, reload keeps the session, back and forward", async () => {
      await page.getByTestId("tab-audit").click();
      const table = page.getByTestId("audit-table");
      await table.locator('tr[data-action="withdrawal.reject"]').waitFor();
      for (
        const a of ["recharge.pass", "operator.login", "certification.pass", "channel.update"]
      ) {
        assert(await table.locator(`tr[data-action="${a}"]`).count() > 0, a);
      }
      await table.locator('tr[data-action="withdrawal.reject"] summary').click();
      await page.screenshot({ path: shot("admin-audit") });
      assertEquals(await axeViolations(page), []);
      await page.reload();
      await page.getByTestId("audit-table").waitFor();
      await page.goBack();
      await page.waitForURL(/\/admin\/settings/);
      await page.getByRole("heading", { name: "Settings" }).waitFor();
      await page.goForward();
      // a decision's target opens its record
      await page.getByTestId("audit-table").locator(`a[href*="${withdrawalId}"]`).first().click();
      await page.waitForURL(new RegExp(`/admin/withdrawals\\?id=${withdrawalId}`));
      await page.getByTestId("detail").getByTestId("detail-status").getByText("Rejected")
        .waitFor();
    });

    await t.step(
      "roles: an identity-only operator sees verifications and customers only",
      async () => {
        const idOnly = await operatorWithRoles(srv, "kyc", ["identity"]);
        const refused = await srv.call("/api/admin/recharges", { token: idOnly });
        assertEquals([refused.status, refused.body.data.error], [403, "FORBIDDEN"]);
        const other = await browser.newContext(DESKTOP);
        await other.addCookies([{ name: "tw_op", value: idOnly, url: srv.base }]);
        const p2 = await other.newPage();
        await p2.goto(srv.base + "/admin/recharges");
        await p2.waitForURL(/\/admin\/certifications$/);
        assertEquals(
          await p2.locator(".admin-tabs a").evaluateAll((as) =>
            as.map((a) => a.getAttribute("data-testid"))
          ),
          ["tab-certifications", "tab-customers"],
        );
        await other.close();
      },
    );

    await t.step("narrow screens: the detail stacks under the list", async () => {
      await page.setViewportSize(PHONE);
      await page.goto(srv.base + "/admin/withdrawals?status=rejected");
      await openItem(page, withdrawalId);
      await page.screenshot({ path: shot("admin-withdrawal-mobile"), fullPage: true });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert(width <= 390, `page scrolls sideways: ${width}px`);
      // the list is stacked rows, not a table to scroll sideways
      const list = await page.locator(".table-wrap").first().evaluate((
        e,
      ) => [e.scrollWidth, e.clientWidth]);
      assert(list[0]! <= list[1]!, `the list scrolls sideways: ${list}`);
      for (const section of ["recharges", "settings", "audit"]) {
        await page.goto(srv.base + `/admin/${section}`);
        await islandsReady(page);
        await page.screenshot({ path: shot(`admin-${section}-mobile`), fullPage: true });
        const w = await page.evaluate(() => document.documentElement.scrollWidth);
        assert(w <= 390, `${section} scrolls sideways: ${w}px`);
      }
      await page.setViewportSize(DESKTOP.viewport);
    });

    await t.step("sign-out ends the session on the server and in the browser", async () => {
      const token = (await ctx.cookies()).find((c) => c.name === "tw_op")!.value;
      await page.getByTestId("admin-logout").click();
      await page.getByTestId("admin-signin").waitFor();
      assertEquals((await ctx.cookies()).filter((c) => c.name === "tw_op"), []);
      const gone = await srv.call("/api/admin/audit", { token });
      assertEquals(gone.body.code, -99);
    });

    await t.step("an expired session goes back to sign-in, then to the same page", async () => {
      await ctx.addCookies([{ name: "tw_op", value: "x".repeat(43), url: srv.base }]);
      await page.goto(srv.base + "/admin/withdrawals?status=rejected");
      await page.waitForURL(/\/admin\?next=/);
      await page.waitForSelector('tw-island[data-name="AdminSignIn"][data-hydrated]');
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: shot("admin-signin-mobile") });
      await page.setViewportSize(DESKTOP.viewport);
      srv.advance(30_000); // a fresh code
      await page.fill("#username", "ops");
      await page.fill("#password", "Ops-2026-demo");
      await page.fill("#totp", await totp(DEMO_TOTP_SECRET, srv.deps.now()));
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/admin\/withdrawals\?status=rejected$/);
      await page.locator(`tr[data-id="${withdrawalId}"]`).waitFor();
    });

    assertEquals(errors, []);
    await ctx.close();
  },
);
