import { clearSession, loginPath, toast } from "./lib/api.ts";
import type { Texts } from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";
import { NEW_PASSWORD_TEXTS, usePasswordChange } from "./lib/credentials.tsx";

export const CHANGE_PASSWORD_TEXTS = [
  ...NEW_PASSWORD_TEXTS,
  "auth.oldPassword",
  "auth.newPassword",
  "app.submit",
  "security.changed",
  "validation.oldPasswordRequired",
  "app.networkError",
  "app.timeout",
] as const;

export default function ChangePasswordForm({ tx }: { tx: Texts }) {
  const pw = usePasswordChange(tx, {
    label: tx["auth.newPassword"]!,
    oldLabel: tx["auth.oldPassword"]!,
  });
  const { errors, busy, check, send } = useForm(tx);

  async function submit(e: Event) {
    e.preventDefault();
    if (!check(pw.check())) return;
    const body = pw.body();
    if (await send((c) => c.POST("/user/password", { body }))) {
      toast(tx["security.changed"]!);
      clearSession();
      setTimeout(() => location.href = loginPath(), 1200);
    }
  }

  return (
    <form class="form" onSubmit={submit} noValidate data-testid="password-form">
      {pw.fields(errors)}
      <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
        {tx["app.submit"]}
      </button>
    </form>
  );
}
