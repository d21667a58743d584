/**
 * The operators' console in a browser: a page signed in with an operator's token (at a width,
 * in a language), every island hydrated, and axe-core's serious and critical findings.
 */
import axe from "axe-core";
import type { Browser, Page } from "playwright-core";
import type { TestServer } from "../server.ts";

export const CONSOLE_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";

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

/** Every island of the page hydrated (decision buttons, copy buttons...). */
export async function islandsReady(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll("tw-island")].every((e) => e.hasAttribute("data-hydrated"))
  );
}

/** A console page signed in with an operator's token, at a width, in a language. */
export async function consolePage(
  srv: TestServer,
  browser: Browser,
  token: string,
  o: { viewport: { width: number; height: number }; locale?: string },
) {
  const ctx = await browser.newContext({ viewport: o.viewport, userAgent: CONSOLE_UA });
  await ctx.addCookies([
    { name: "tw_op", value: token.replace(/^Bearer /, ""), url: srv.base },
    ...(o.locale ? [{ name: "wplocale", value: o.locale, url: srv.base }] : []),
  ]);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { ctx, page, errors };
}
