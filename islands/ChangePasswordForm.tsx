import { useState } from "preact/hooks";
import { clearSession, loginPath, toast } from "./lib/api.ts";
import { PasswordInput, type Texts } from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";
import { NEW_PASSWORD_TEXTS, useNewPassword } from "./lib/credentials.tsx";

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
  const [oldPassword, setOld] = useState("");
  const pw = useNewPassword(tx, { id: "newPassword", label: tx["auth.newPassword"]! });
  const { errors, busy, check, send } = useForm(tx);

  async function submit(e: Event) {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!oldPassword) errs.oldPassword = tx["validation.oldPasswordRequired"]!;
    if (!check({ ...errs, ...pw.check() })) return;
    const body = { oldPassword, newPassword: pw.password };
    if (await send((c) => c.POST("/user/password", { body }))) {
      toast(tx["security.changed"]!);
      clearSession();
      setTimeout(() => location.href = loginPath(), 1200);
    }
  }

  return (
    <form class="form" onSubmit={submit} noValidate data-testid="password-form">
      <PasswordInput
        id="oldPassword"
        label={tx["auth.oldPassword"]!}
        value={oldPassword}
        set={setOld}
        error={errors.oldPassword}
        autoComplete="current-password"
        maxLength={64}
      />
      {pw.fields(errors)}
      <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
        {tx["app.submit"]}
      </button>
    </form>
  );
}
