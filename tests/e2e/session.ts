/**
 * Shared e2e setup: the demo customer's session in a browser context, and fresh ticks on the
 * test server's clock (a tick older than the latest or from the future is refused by the tape).
 */
import type { BrowserContext } from "playwright-core";
import { parseDecimal } from "../../core-wasm/mod.ts";
import type { TestServer } from "../server.ts";

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
): Promise<string> {
  const token = await demoToken(srv);
  await ctx.addCookies([
    { name: "tw_session", value: token, url: srv.base },
    ...(locale ? [{ name: "wplocale", value: locale, url: srv.base }] : []),
  ]);
  await ctx.addInitScript((tk) => localStorage.setItem("Authorization", tk), token);
  return token;
}

/** A tick now on the server's clock (after the symbol's latest), then the engine's work on it. */
export async function freshTick(
  srv: TestServer,
  price: string,
  symbol = "BTCUSDT",
  qty = 100_000n,
): Promise<void> {
  const latest = srv.deps.market.tape.lastTick(symbol)?.time ?? 0;
  await srv.deps.market.tape.ingest({
    symbol,
    time: Math.max(srv.deps.now(), latest + 1),
    price: parseDecimal(price),
    qty,
  });
  await srv.deps.engine.idle();
}
