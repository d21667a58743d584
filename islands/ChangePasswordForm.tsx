import { useState } from "preact/hooks";
import { clearSession, loginPath, toast } from "./lib/api.ts";
import { PasswordInput, rules, type Texts } from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";

export const CHANGE_PASSWORD_TEXTS = [
  "auth.oldPassword",
  "auth.newPassword",
  "auth.confirmPassword",
  "auth.passwordPlaceholder",
  "app.submit",
  "security.changed",
  "validation.oldPasswordRequired",
  "validation.passwordRule",
  "validation.passwordMismatch",
  "app.networkError",
  "app.timeout",
] as const;

export default function ChangePasswordForm({ tx }: { tx: Texts }) {
  const [oldPassword, setOld] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const { errors, busy, check, send } = useForm(tx);

  async function submit(e: Event) {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!oldPassword) errs.oldPassword = tx["validation.oldPasswordRequired"]!;
    if (!rules.password(password)) errs.newPassword = tx["validation.passwordRule"]!;
    if (password !== confirm) errs.confirm = tx["validation.passwordMismatch"]!;
    if (!check(errs)) return;
    if (await send("/api/user/password", { oldPassword, newPassword: password })) {
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
      <PasswordInput
        id="newPassword"
        label={tx["auth.newPassword"]!}
        value={password}
        set={setPassword}
        error={errors.newPassword}
        placeholder={tx["auth.passwordPlaceholder"]}
        autoComplete="new-password"
      />
      <PasswordInput
        id="confirm"
        label={tx["auth.confirmPassword"]!}
        value={confirm}
        set={setConfirm}
        error={errors.confirm}
        autoComplete="new-password"
      />
      <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
        {tx["app.submit"]}
      </button>
    </form>
  );
}
