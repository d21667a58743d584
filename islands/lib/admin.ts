/**
 * Browser side of the operators' console: its API calls, through the typed `operator` client
 * (lib/api.ts: the session is the console's HttpOnly cookie, so calls carry no token), and the
 * state its forms share.
 */
import { useRef, useState } from "preact/hooks";
import {
  type Call,
  type CallResult,
  type DataOf,
  type Envelope,
  envelopeOf,
  operator,
  toast,
} from "./api.ts";
import type { Texts } from "./fields.tsx";
import { failureMessage } from "./form.ts";

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
/**
 * A console form's state: field errors, a busy flag and one send at a time (a second submit
 * while a call is under way does nothing). `check` shows the form's own findings and focuses the
 * first field at fault; `send` makes the call and answers its envelope on success (the form stays
 * busy: the page goes on), or, on failure, shows the server's field messages (`fieldOf` names the
 * field an error id belongs to) and a toast; an ended session goes to sign-in.
 */
export function useAdminForm(tx: Texts) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  function check(errs: Record<string, string>, idOf?: (field: string) => string): boolean {
    if (inFlight.current) return false;
    setErrors(errs);
    const first = Object.keys(errs)[0];
    if (first === undefined) return true;
    if (idOf) document.getElementById(idOf(first))?.focus();
    return false;
  }

  async function send<R extends CallResult>(
    call: Call<R>,
    fieldOf: Record<string, string> = {},
  ): Promise<Envelope<DataOf<R>> | null> {
    if (inFlight.current) return null;
    inFlight.current = true;
    setBusy(true);
    const env = await adminCall(call);
    if (env.code === 0) return env;
    if (env.code === -99) {
      toSignIn();
      return null;
    }
    inFlight.current = false;
    setBusy(false);
    const { error, fields } = env.data as { error?: string; fields?: Record<string, string> };
    const field = error === undefined ? undefined : fieldOf[error];
    setErrors(fields ?? (field ? { [field]: env.message } : {}));
    toast(failureMessage(env, tx), "error");
    return null;
  }

  return { errors, setErrors, busy, check, send };
}
