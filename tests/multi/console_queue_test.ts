/**
 * Queue awareness across instances (issue 31, item 1), in real Chromium: two app processes on
 * one KV file; the console is open on B's recharge queue; a customer submits a recharge through
 * A; the new recharge appears in B's open queue (without a reload) within 2 s, with the tab's
 * count and the header badge updated. The queue lists the oldest first, ages coloured.
 */
import { assertEquals } from "../assert.ts";
import { DEMO_TOTP_SECRET, totp } from "../operator.ts";
import { makePng, uploadForm } from "../images.ts";
import { rechargeBody } from "../api/funds_helpers.ts";
import { E2E, launch, shot } from "../e2e/browser.ts";
import { Cluster, type Instance } from "./cluster.ts";

const DEMO = { phone: "+12025550123", password: "Demo-2026" };

async function recharge(c: Cluster, a: Instance, token: string, amount: string) {
  const up = await fetch(`${a.base}/api/upload`, {
    method: "POST",
    headers: { authorization: token },
    body: uploadForm(await makePng(8, 8)),
  });
  const imageId = (await up.json()).data.imageId as string;
  const r = await c.call<{ id: string }>(a, "/api/recharge", {
    token,
    body: rechargeBody(amount, imageId),
  });
  assertEquals(r.body.code, 0, JSON.stringify(r.body));
  return r.body.data.id;
}

Deno.test({
  name:
    "console queue on another instance: a recharge submitted through A appears live on B with the count",
  ...E2E,
  async fn() {
    const c = await Cluster.create();
    const browser = await launch();
    try {
      const a = await c.start("A");
      const b = await c.start("B");
      const customer = (await c.call(a, "/api/login", { body: DEMO })).headers.get(
        "authorization",
      )!;
      // one waiting recharge before the console opens (the oldest)
      const first = await recharge(c, a, customer, "100");
      const op = await c.call(b, "/api/admin/login", {
        body: {
          username: "ops",
          password: "Ops-2026-demo",
          totp: await totp(DEMO_TOTP_SECRET, Date.now()),
        },
      });
      assertEquals(op.body.code, 0, JSON.stringify(op.body));
      const token = op.headers.get("authorization")!.replace(/^Bearer /, "");

      const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await ctx.addCookies([{ name: "tw_op", value: token, url: b.base }]);
      const page = await ctx.newPage();
      await page.goto(`${b.base}/admin/recharges`);
      await page.waitForFunction(() =>
        [...document.querySelectorAll("tw-island")].every((e) => e.hasAttribute("data-hydrated"))
      );
      const rows = page.getByTestId("queue-table").locator("tbody tr");
      assertEquals(await rows.count(), 1);
      const tab = page.locator('[data-queue-count="recharges"]');
      assertEquals(await tab.textContent(), "1");
      assertEquals(
        await page.getByTestId("queue-badge").locator("[aria-hidden]").textContent(),
        "1",
      );
      assertEquals(await rows.first().locator("[data-age]").getAttribute("data-age"), "ok");
      // the live stream is open before the new work arrives
      await page.locator('[data-testid="queue-badge"][data-live="open"]').waitFor();

      // a recharge through the other instance: B's open queue shows it, counts follow
      const second = await recharge(c, a, customer, "250");
      await page.locator(`tr[data-id="${second}"]`).waitFor({ timeout: 2_000 });
      await page.waitForFunction(
        () => document.querySelector('[data-queue-count="recharges"]')?.textContent === "2",
        undefined,
        { timeout: 2_000 },
      );
      assertEquals(
        await page.getByTestId("queue-badge").locator("[aria-hidden]").textContent(),
        "2",
      );
      // oldest first
      assertEquals(await rows.nth(0).getAttribute("data-id"), first);
      assertEquals(await rows.nth(1).getAttribute("data-id"), second);
      await page.screenshot({ path: shot("admin-queue-live") });
      await ctx.close();
      assertEquals(c.failures, []);
    } finally {
      await browser.close();
      await c.stop();
    }
  },
});
