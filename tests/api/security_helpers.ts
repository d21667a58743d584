/**
 * What the account security tests share (security_test.ts, two_factor_test.ts, devices_test.ts):
 * requests from a chosen client address behind a trusted proxy, a phone's user agent, TOTP codes
 * for the server's clock, two-factor turned on through the API, and a sign-in from an address.
 */
import * as OTPAuth from "otpauth";
import { assertEquals } from "../assert.ts";
import { DEMO_TOTP_SECRET } from "../operator.ts";
import { DESKTOP_UA, type TestServer } from "../server.ts";

export const PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

/**
 * Requests from a given client address: the platform's client IP behind a trusted proxy (the
 * proxy's own entry is the rightmost `X-Forwarded-For` address).
 */
export const PROXY = { TRUST_PROXY: "1" };
export const from = (ip: string, ua = DESKTOP_UA) => ({ "x-forwarded-for": ip, "user-agent": ua });
export const A = "198.51.100.7";
export const B = "203.0.113.20";

/** A code for the server's clock (otpauth, the library authenticator apps agree with). */
export function codeAt(srv: TestServer, secret: string) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: srv.deps.now(),
  });
}

/** Turn two-factor on for a customer through the API; returns the secret. */
export async function enableTwoFactor(srv: TestServer, token: string) {
  const setup = await srv.call<{ secret: string; uri: string }>("/api/user/2fa/setup", {
    token,
    body: {},
  });
  assertEquals(setup.body.code, 0, JSON.stringify(setup.body));
  const on = await srv.call("/api/user/2fa/enable", {
    token,
    body: { code: codeAt(srv, setup.body.data.secret) },
  });
  assertEquals(on.body.code, 0, JSON.stringify(on.body));
  srv.advance(30_000); // the code just used is spent: later steps use the next one
  return setup.body.data.secret;
}

export const login = (
  srv: TestServer,
  ip: string,
  body: Record<string, string | undefined>,
  ua?: string,
) => srv.call("/api/login", { body, headers: from(ip, ua) });

/** The demo operator signs in from `ip` (by default its password, a code of the server's clock). */
export const operatorLogin = (
  srv: TestServer,
  ip: string,
  o: { password?: string; totp?: string } = {},
) =>
  srv.call("/api/admin/login", {
    body: {
      username: "ops",
      password: o.password ?? "Ops-2026-demo",
      totp: o.totp ?? codeAt(srv, DEMO_TOTP_SECRET),
    },
    headers: from(ip),
  });
