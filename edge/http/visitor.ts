/**
 * The support chat's visitor cookie (`tw_visitor`): a random value that ties a visitor's
 * conversation to the browser (HttpOnly, SameSite=Lax; the store keeps only its hash,
 * edge/support `visitorOwner`). Set by the chat's page (so the page's socket knows the
 * conversation) or by a visitor's first message.
 */
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "./context.ts";

export const VISITOR_COOKIE = "tw_visitor";
const VISITOR_MAX_AGE_S = 30 * 86_400;

/** The browser's visitor cookie, when it has a well-formed one. */
export function visitorCookie<E extends AppEnv>(c: Context<E>): string | null {
  const v = getCookie(c, VISITOR_COOKIE);
  return v && /^[0-9a-f]{32}$/.test(v) ? v : null;
}

/** The browser's visitor cookie, set now if it has none. */
export function ensureVisitorCookie<E extends AppEnv>(c: Context<E>): string {
  const known = visitorCookie(c);
  if (known) return known;
  const v = Array.from(
    crypto.getRandomValues(new Uint8Array(16)),
    (b) => b.toString(16).padStart(2, "0"),
  ).join("");
  setCookie(c, VISITOR_COOKIE, v, {
    httpOnly: true,
    sameSite: "Lax",
    secure: c.get("secure"),
    path: "/",
    maxAge: VISITOR_MAX_AGE_S,
  });
  return v;
}
