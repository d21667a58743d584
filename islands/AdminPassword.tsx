import { reloadWith, useAdminForm } from "./lib/admin.ts";
import type { Texts } from "./lib/fields.tsx";
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
  const { errors, busy, check, send } = useAdminForm(tx);

  async function submit(e: Event) {
    e.preventDefault();
    if (!check(pw.check(), (field) => `pw-${field}`)) return;
    const body = pw.body();
    if (await send((c) => c.POST("/admin/password", { body }))) reloadWith("password");
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
