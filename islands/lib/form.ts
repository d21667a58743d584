import { useState } from "preact/hooks";
import { api, type Call, type CallResult, type DataOf, type Envelope, toast } from "./api.ts";
import type { Texts } from "./fields.tsx";

/** Localized message for an envelope failure (field errors are shown beside the fields). */
export function failureMessage(env: { code: number; message: string }, tx: Texts): string {
  if (env.code === -1) {
    return env.message === "timeout" ? tx["app.timeout"]! : tx["app.networkError"]!;
  }
  return env.message;
}

/**
 * Form state shared by the account forms: field errors, a busy flag, and `send`, which makes a
 * typed call (`send((c) => c.POST("/register", { body }))`) and, on failure, shows the server's
 * field messages and a toast.
 */
export function useForm(tx: Texts) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  /** Client-side check: show the errors and tell whether the form may be sent. */
  function check(errs: Record<string, string>) {
    setErrors(errs);
    return Object.keys(errs).length === 0;
  }

  async function send<R extends CallResult>(
    call: Call<R>,
    opts: { keepOn401?: boolean } = {},
  ): Promise<Envelope<DataOf<R>> | null> {
    setBusy(true);
    const env = await api(call, opts);
    setBusy(false);
    if (env.code === 0) return env;
    setErrors((env.data as { fields?: Record<string, string> }).fields ?? {});
    toast(failureMessage(env, tx), "error");
    return null;
  }

  /** A field the customer changed drops its error (the rules run again at the next submit). */
  function edited(field: string) {
    setErrors((cur) => {
      if (!(field in cur)) return cur;
      const { [field]: _, ...rest } = cur;
      return rest;
    });
  }

  /** Ask for an SMS code; returns the seconds until a new one may be asked for. */
  async function requestCode(phone: string, purpose: "register" | "reset") {
    if (!phone) {
      setErrors({ phone: tx["validation.phoneRequired"]! });
      return null;
    }
    const env = await send((c) => c.POST("/sms/code", { body: { phone, purpose } }));
    if (!env) return null;
    setErrors({});
    toast(tx["auth.codeSent"]!);
    return env.data.resendAfterSeconds;
  }

  return { errors, busy, check, send, requestCode, setErrors, setBusy, edited };
}
