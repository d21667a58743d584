import { useRef, useState } from "preact/hooks";
import { toast } from "./lib/api.ts";
import { adminCall, reloadWith, toSignIn } from "./lib/admin.ts";
import type { Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";
import { usePasswordChange } from "./lib/credentials.tsx";

export const OPERATOR_PASSWORD_TEXTS = [
  "admin.currentPassword",
  "admin.newPassword",
  "admin.changePassword",
  "auth.confirmPassword",
  "validation.oldPasswordRequired",
  "validation.passwordRequired",
  "validation.passwordRule",
  "validation.passwordMismatch",
  "app.networkError",
  "app.timeout",
] as const;

/** The signed-in operator changes their password; their other sessions end. */
export default function AdminPassword({ tx }: { tx: Texts }) {
  const pw = usePasswordChange(tx, {
    label: tx["admin.newPassword"]!,
    oldLabel: tx["admin.currentPassword"]!,
    prefix: "pw-",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  async function submit(e: Event) {
    e.preventDefault();
    if (inFlight.current) return;
    const errs = pw.check();
    setErrors(errs);
    if (Object.keys(errs).length) {
      document.getElementById(`pw-${Object.keys(errs)[0]!}`)?.focus();
      return;
    }
    inFlight.current = true;
    setBusy(true);
    const body = pw.body();
    const env = await adminCall((c) => c.POST("/admin/password", { body }));
    if (env.code === 0) return reloadWith("password");
    if (env.code === -99) return toSignIn();
    inFlight.current = false;
    setBusy(false);
    setErrors(env.data.fields ?? {});
    toast(failureMessage(env, tx), "error");
  }

  return (
    <form class="form admin-form" onSubmit={submit} noValidate data-testid="operator-password">
      {pw.fields(errors)}
      <button type="submit" class="btn btn-primary" disabled={busy} data-testid="change-password">
        {tx["admin.changePassword"]}
      </button>
    </form>
  );
}
