/**
 * Browser side of the operators' console: its API calls. The operator session is an HttpOnly
 * cookie (set at sign-in, sent by the browser, unreadable by scripts), so calls carry no token,
 * and never the customer's token either (a customer signed in on the same browser stays out).
 */
import { type Envelope, send } from "./api.ts";

export async function adminCall<T>(
  path: string,
  opts: { method?: string; body?: unknown } = {},
): Promise<Envelope<T>> {
  return (await send<T>(path, { ...opts, token: null, timeoutMs: 30_000 })).env;
}

/** Back to sign-in, returning here afterwards (the session ended or was never there). */
export function toSignIn() {
  const next = location.pathname + location.search;
  location.assign(`/admin?next=${encodeURIComponent(next)}`);
}

/**
 * This page again, as the server renders it now, with a one-time notice (`done`, or the error
 * id of a decision someone else made first): the page's rows and actions are the server's.
 */
export function reloadWith(flash: string) {
  const u = new URL(location.href);
  u.searchParams.set("flash", flash);
  if (u.href === location.href) location.reload();
  else location.replace(u.href);
}
