/**
 * Browser side of the operators' console: its API calls, through the typed `operator` client
 * (lib/api.ts: the session is the console's HttpOnly cookie, so calls carry no token).
 */
import {
  type Call,
  type CallResult,
  type DataOf,
  type Envelope,
  envelopeOf,
  operator,
} from "./api.ts";

/** An operator's call: `adminCall((c) => c.POST("/admin/logout"))`, its envelope. */
export async function adminCall<R extends CallResult>(call: Call<R>): Promise<Envelope<DataOf<R>>> {
  return envelopeOf(await call(operator));
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

/** The next record of a queue after a decision (auto-advance), with the decision's notice. */
export function advanceTo(next: string, flash: string) {
  const u = new URL(next, location.href);
  u.searchParams.set("flash", flash);
  location.assign(u.href);
}

/** The event on `document` after a queue's live refresh read its list again in place. */
export const QUEUE_LIST_SWAPPED = "queue-list-swapped";
