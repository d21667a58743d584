/**
 * Per-order proof in the browser: a customer opens Verify from the order list on a settled fast
 * contract and on a liquidated position, sees the browser's own verdict against the public tape,
 * and shares it; the link opens without a session. Both layouts; English, German, Chinese.
 */
import type { Browser, Page } from "playwright-core";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { shot } from "./browser.ts";
import { fastAndLong, type TestServer } from "../server.ts";
import {
  browserTest,
  customerPage,
  demoToken,
  hydrated,
  layoutBrowser,
  tickAt,
  watchedPage,
} from "./session.ts";

const VERIFIED: Record<string, RegExp> = {
  en: /Verified: the outcome follows from the public tape/,
  de: /Bestätigt: Das Ergebnis folgt aus dem öffentlichen Kursband/,
  "zh-CN": /已验证：结果可由公开行情带推出/,
};

/** A settled fast contract (up, won) and a liquidated 100x long, through the API and the tape. */
async function settledOrders(srv: TestServer) {
  const token = await demoToken(srv);
  const t0 = Date.now() - 2_000;
  await tickAt(srv, t0, "60000");
  await tickAt(srv, t0 + 1000, "60010");
  await srv.deps.engine.idle();
  const placed = await fastAndLong(srv, token);
  await tickAt(srv, t0 + 11_000, "60030");
  await tickAt(srv, t0 + 30_000, "60050"); // the last at or before expiry
  await tickAt(srv, t0 + 32_000, "59500"); // after expiry, past the liquidation level
  await tickAt(srv, t0 + 33_000, "59480");
  await srv.deps.engine.idle();
  for (const [id, want] of [[placed.fast, "win"], [placed.position, "liquidation"]]) {
    const s = await srv.call<{ outcome: { result?: string; closeReason?: string } }>(
      `/api/settlements/${id}`,
      { token },
    );
    assertEquals(s.body.code, 0, JSON.stringify(s.body));
    assertEquals(s.body.data.outcome.result ?? s.body.data.outcome.closeReason, want);
  }
  return { token, ...placed };
}

async function verdict(page: Page, locale: string) {
  await hydrated(page, "VerifyPanel");
  const v = page.getByTestId("verify-verdict");
  await page.locator('[data-testid="verify-verdict"]:not([data-verdict="checking"])').waitFor();
  const text = await v.innerText();
  const findings = await page.getByTestId("verify-findings").innerText().catch(() => "");
  assertEquals(await v.getAttribute("data-verdict"), "verified", `${text}\n${findings}`);
  assertMatch(text, VERIFIED[locale]!);
}

/** The order list of `kind` in `layout`, with the Verify link of `orderNo`. */
function listPath(layout: "mobile" | "desktop", kind: "fast" | "position") {
  if (layout === "mobile") {
    return kind === "fast"
      ? "/wp/product/tradeRecord?tab=settled"
      : "/wp/positions/heyue?tab=closed";
  }
  return `/pc/userCenter/records?tab=${kind === "fast" ? "fast" : "positions"}`;
}

async function openVerify(
  page: Page,
  base: string,
  layout: "mobile" | "desktop",
  kind: "fast" | "position",
  orderNo: string,
) {
  await page.goto(base + listPath(layout, kind));
  const record = page.locator("li.record", { has: page.locator(`[title="${orderNo}"]`) });
  await record.getByTestId("verify-link").waitFor();
  await page.screenshot({ path: shot(`${layout}-verify-list-${kind}`), fullPage: true });
  await record.getByTestId("verify-link").click();
  await page.waitForURL(new RegExp(`/${layout === "mobile" ? "wp" : "pc"}/verify/${orderNo}$`));
}

async function shareAndVisit(
  srv: TestServer,
  browser: Browser,
  page: Page,
  layout: "mobile" | "desktop",
  locale: string,
) {
  await page.getByTestId("verify-share").click();
  const url = await page.getByTestId("share-url").inputValue();
  assertMatch(url, /\/verify\/[0-9a-z-]+\?share=[A-Za-z0-9_-]{22}$/);
  await page.screenshot({ path: shot(`${layout}-verify-share-${locale}`), fullPage: true });
  // a fresh browser: no session, no cookies, another language
  const ctx = await browser.newContext(layoutBrowser(layout));
  if (locale !== "en") {
    await ctx.addCookies([{ name: "wplocale", value: locale, url: srv.base }]);
  }
  const { page: visitor, errors } = await watchedPage(ctx);
  await visitor.goto(url);
  await verdict(visitor, locale);
  assert(!(await visitor.getByTestId("verify-share").count()), "a visitor has no share button");
  await visitor.screenshot({ path: shot(`${layout}-verify-shared-${locale}`), fullPage: true });
  assertEquals(errors, []);
  await ctx.close();
}

for (const layout of ["mobile", "desktop"] as const) {
  browserTest(`verify a settled contract and a liquidated position (${layout})`, async (srv, b) => {
    const ids = await settledOrders(srv);
    for (const locale of ["en", "de", "zh-CN"]) {
      const { ctx, page, errors } = await customerPage(srv, b, layoutBrowser(layout), {
        token: ids.token,
        locale,
      });
      await openVerify(page, srv.base, layout, "fast", ids.fast);
      await verdict(page, locale);
      assertMatch(
        await page.getByTestId("tick-exit").innerText(),
        /BTCUSDT/,
      );
      await page.screenshot({ path: shot(`${layout}-verify-fast-${locale}`), fullPage: true });
      await openVerify(page, srv.base, layout, "position", ids.position);
      await verdict(page, locale);
      await page.screenshot({ path: shot(`${layout}-verify-position-${locale}`), fullPage: true });
      if (locale !== "de") await shareAndVisit(srv, b, page, layout, locale);
      assertEquals(errors, []);
      await ctx.close();
    }
  });
}
