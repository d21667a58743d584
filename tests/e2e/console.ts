/**
 * The operators' console in a browser, shared by the console e2e tests: a page signed in with an
 * operator's session (the `tw_op` cookie, as the console's sign-in sets it), waiting until every
 * island of a page has hydrated, and the serious or critical axe-core findings of a page.
 */
import axe from "axe-core";
import type { Browser, BrowserContextOptions, Locator, Page } from "playwright-core";
import { assertEquals } from "../assert.ts";
import { DEMO_ADMIN_2, operatorToken } from "../operator.ts";
import type { TestServer } from "../server.ts";
import { shot } from "./browser.ts";
import { DESKTOP_BROWSER_UA, watchedPage } from "./session.ts";

/** The console's desktop browser, 1280 pixels wide. */
export const CONSOLE_WIDE: BrowserContextOptions = {
  viewport: { width: 1280, height: 900 },
  userAgent: DESKTOP_BROWSER_UA,
};

/** Every island of the page hydrated (decision buttons, forms, copy buttons...). */
export async function islandsReady(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll("tw-island")].every((e) => e.hasAttribute("data-hydrated"))
  );
}

/** Go to `url` and wait for its islands. */
export async function open(page: Page, url: string) {
  await page.goto(url);
  await islandsReady(page);
}

/**
 * A console page signed in with an operator's token (with or without its `Bearer ` prefix), in
 * a language when given, with the uncaught errors it raises.
 */
export async function consolePage(
  srv: TestServer,
  browser: Browser,
  token: string,
  o: { locale?: string; viewport?: { width: number; height: number } } = {},
) {
  const ctx = await browser.newContext({
    ...CONSOLE_WIDE,
    ...o.viewport && { viewport: o.viewport },
  });
  await ctx.addCookies([
    { name: "tw_op", value: token.replace(/^Bearer /, ""), url: srv.base },
    ...(o.locale ? [{ name: "wplocale", value: o.locale, url: srv.base }] : []),
  ]);
  return { ctx, ...await watchedPage(ctx) };
}

/** Serious or critical axe-core violations on the page as it is now. */
export async function axeViolations(page: Page) {
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const r = await (globalThis as any).axe.run(document, { resultTypes: ["violations"] });
    return r.violations as { id: string; impact: string | null; nodes: { target: string[] }[] }[];
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} @ ${v.nodes[0]?.target.join(" ")}`);
}

/** After a decision or a save: the page the server renders again, with its notice. */
export async function notice(page: Page, text: string | RegExp) {
  await page.getByTestId("notice").filter({ hasText: text }).waitFor();
  await islandsReady(page);
}

/** Approve the proposal of `card` (another operator's) and confirm it: the page says Done. */
export async function approve(page: Page, card: Locator) {
  await card.getByTestId("action-approve").click();
  await card.getByTestId("confirm-action").click();
  await page.getByTestId("notice").filter({ hasText: "Done" }).waitFor();
}

/**
 * Screenshots of an action on a customer that needs a second admin, in each language and at each
 * width: its form on the customer's page (`form`.png) and the approved proposal's card
 * (`card`.png), both suffixed with the language and the width; no page errors.
 */
export async function proposalShots(
  srv: TestServer,
  browser: Browser,
  token: string,
  o: {
    locales: string[];
    viewports: { width: number; height: number }[];
    customerUrl: string;
    action: string;
    card: string;
    shots: { form: string; card: string };
  },
) {
  for (const locale of o.locales) {
    for (const viewport of o.viewports) {
      const v = await consolePage(srv, browser, token, { locale, viewport });
      const tag = `${locale}-${viewport.width}`;
      await open(v.page, o.customerUrl);
      await v.page.getByTestId(o.action).click();
      await v.page.screenshot({ path: shot(`${o.shots.form}-${tag}`), fullPage: true });
      await open(v.page, `${srv.base}/admin/proposals?status=approved`);
      await v.page.locator(o.card).first().screenshot({ path: shot(`${o.shots.card}-${tag}`) });
      assertEquals(v.errors, []);
      await v.ctx.close();
    }
  }
}

/**
 * The demo tenant's two admins (four-eyes needs two people: tools/seed.ts), each signed in on a
 * console page of `viewport`; the first one's token.
 */
export async function twoAdmins(
  srv: TestServer,
  browser: Browser,
  viewport?: { width: number; height: number },
) {
  const ops = await operatorToken(srv);
  const admin = await consolePage(srv, browser, ops, { viewport });
  const second = await consolePage(srv, browser, await operatorToken(srv, DEMO_ADMIN_2), {
    viewport,
  });
  return { ops, admin, second };
}
