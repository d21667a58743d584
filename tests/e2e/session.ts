/**
 * Shared e2e fixtures: a test server with a browser (`browserTest`, `withBrowser`), the browsers
 * the tests use (`PHONE`, `desktop()`), the demo customer's session in a browser context
 * (`signInContext`, `customerPage`), pages that collect their errors, fresh ticks on the test
 * server's clock (a tick older than the latest or from the future is refused by the tape), the
 * ticket page of a layout (`ticketPath`) and the exchange flow more than one test walks.
 */
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  devices,
  type Page,
} from "playwright-core";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { freshTick, startServer, type TestServer } from "../server.ts";

export { freshTick };
import { assertEquals, assertMatch } from "../assert.ts";
import { E2E, launch, shot } from "./browser.ts";

export type Layout = "mobile" | "desktop";

/** The phone of most mobile tests. */
export const PHONE: BrowserContextOptions = devices["Pixel 7"];
export const DESKTOP_BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";
/** A desktop browser 1366 pixels wide, `height` high. */
export const desktop = (height = 900): BrowserContextOptions => ({
  viewport: { width: 1366, height },
  userAgent: DESKTOP_BROWSER_UA,
});
export const DESKTOP = desktop();
/** The phone and a desktop browser at the widths screens are checked at (390 and 1280 px). */
export const PHONE_390: BrowserContextOptions = {
  ...PHONE,
  viewport: { width: 390, height: 844 },
};
export const DESKTOP_1280: BrowserContextOptions = {
  ...DESKTOP,
  viewport: { width: 1280, height: 900 },
};
/** The browser of a layout (the desktop `height` high). */
export const layoutBrowser = (layout: Layout, height = 900): BrowserContextOptions =>
  layout === "mobile" ? { ...PHONE } : desktop(height);

/** The ticket page of a product in a layout, on a symbol. */
export function ticketPath(product: "fast" | "leveraged", layout: Layout, symbol = "BTCUSDT") {
  const path = product === "fast"
    ? layout === "mobile" ? "/wp/product/order" : "/pc/trade/fast"
    : layout === "mobile"
    ? "/wp/product/leveragedDeals"
    : "/pc/trade/future";
  return `${path}?symbol=${symbol}`;
}

type ServerOptions = Parameters<typeof startServer>[0];

/** A test server and a browser for `fn`; both closed afterwards, whatever happens. */
export async function withBrowser(
  opts: ServerOptions,
  fn: (srv: TestServer, browser: Browser) => Promise<void>,
): Promise<void> {
  const srv = await startE2eServer(opts);
  const browser = await launch();
  try {
    await fn(srv, browser);
  } finally {
    await browser.close();
    await srv.close();
  }
}

/**
 * A test server for a browser: markets stay fresh for 2 minutes after a tick (MARKET_STALE_MS;
 * 10 s in production), since a browser flow between a test's tick and its order can take longer
 * than 10 s on a loaded machine. Staleness itself is tested through the API on a moved clock.
 */
export function startE2eServer(opts: ServerOptions = {}): Promise<TestServer> {
  return startServer({ ...opts, env: { MARKET_STALE_MS: "120000", ...opts.env } });
}

/** An e2e test on a server (seeded unless `server` says otherwise) with a browser. */
export function browserTest(
  name: string,
  fn: (srv: TestServer, browser: Browser, t: Deno.TestContext) => Promise<void>,
  server: ServerOptions = { seed: true },
): void {
  Deno.test({ name, ...E2E, fn: (t) => withBrowser(server, (srv, b) => fn(srv, b, t)) });
}

/** A new page of `ctx` and the uncaught errors it raises. */
export async function watchedPage(ctx: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { page, errors };
}

/** Wait for an island to hydrate. */
export const hydrated = (page: Page, name: string) =>
  page.waitForSelector(`tw-island[data-name="${name}"][data-hydrated]`);

export const DEMO_CUSTOMER = { phone: "+12025550123", password: "Demo-2026" };

/** Sign the demo customer in through the API; the session token. */
export async function demoToken(srv: TestServer): Promise<string> {
  const login = await srv.call("/api/login", { body: DEMO_CUSTOMER });
  return login.headers.get("authorization")!;
}

/**
 * Sign the demo customer in and hand the session to `ctx` as a page would hold it (the cookie
 * for server-rendered pages, localStorage for islands), optionally with a language.
 */
export async function signInContext(
  srv: TestServer,
  ctx: BrowserContext,
  locale?: string,
  token?: string,
): Promise<string> {
  token ??= await demoToken(srv);
  await ctx.addCookies([
    { name: "tw_session", value: token, url: srv.base },
    ...(locale ? [{ name: "wplocale", value: locale, url: srv.base }] : []),
  ]);
  await ctx.addInitScript((tk) => localStorage.setItem("Authorization", tk), token);
  return token;
}

/**
 * A browser context signed in as the demo customer (or with `token`), and a page of it that
 * collects its errors.
 */
export async function customerPage(
  srv: TestServer,
  browser: Browser,
  options: BrowserContextOptions,
  o: { token?: string; locale?: string } = {},
) {
  const ctx = await browser.newContext(options);
  const token = await signInContext(srv, ctx, o.locale, o.token);
  return { ctx, token, ...await watchedPage(ctx) };
}

/**
 * A browser test on one page of the demo customer (`customerPage` with `options`); the page may
 * raise no uncaught error.
 */
export function customerTest(
  name: string,
  options: BrowserContextOptions,
  fn: (srv: TestServer, page: Page, token: string) => Promise<void>,
): void {
  browserTest(name, async (srv, browser) => {
    const { ctx, page, errors, token } = await customerPage(srv, browser, options);
    await fn(srv, page, token);
    assertEquals(errors, []);
    await ctx.close();
  });
}

/** Wait until the hub has a `user` subscriber more than before (bounded). */
export async function socketUp(srv: TestServer, before: number) {
  for (let i = 0; srv.deps.hub.subscribers("user") <= before; i++) {
    if (i > 400) throw new Error("the page never subscribed to its private channel");
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A tick at `time`: the server's clock first moves forward to it (a tick from the future would
 * be refused); no wait for the engine.
 */
export async function tickAt(
  srv: TestServer,
  time: number,
  price: string,
  symbol = "BTCUSDT",
  qty = 10_000_000n,
): Promise<void> {
  srv.advance(Math.max(0, time - srv.deps.now()));
  await srv.deps.market.tape.ingest({ symbol, time, price: parseDecimal(price), qty });
}

/** Ticks at `time` (default now), without moving the server's clock. */
export async function quotesNow(
  srv: TestServer,
  quotes: Record<string, string>,
  time = Date.now(),
  qty = 1n,
): Promise<void> {
  for (const [symbol, price] of Object.entries(quotes)) {
    await srv.deps.market.tape.ingest({ symbol, time, price: parseDecimal(price), qty });
  }
}

/**
 * On the exchange form (hydrated): a quote for 0.1 BTC (5,994 USDT at 60,000 after the spread),
 * its screenshot (`shotName`), then confirmed: the page loads again with the exchange done.
 */
export async function exchangeTenthBtc(page: Page, shotName: string): Promise<void> {
  await page.locator("#amount").fill("0.1");
  await page.getByRole("button", { name: "Get quote" }).click();
  const quote = page.getByTestId("exchange-quote");
  await quote.waitFor();
  assertMatch(await quote.innerText(), /You receive 5,994\.00 USDT/);
  await page.screenshot({ path: shot(shotName), fullPage: true });
  await Promise.all([
    page.waitForEvent("load"),
    page.getByRole("button", { name: "Confirm exchange" }).click(),
  ]);
}
