import { useState } from "preact/hooks";
import { clearSession, toast } from "./lib/api.ts";
import { useForm } from "./lib/form.ts";
import { CodeField, PasswordInput, PhoneField, rules, type Texts, toE164 } from "./lib/fields.tsx";

export const RESET_TEXTS = [
  "auth.phone",
  "auth.dialCode",
  "auth.phonePlaceholder",
  "auth.code",
  "auth.codePlaceholder",
  "auth.sendCode",
  "auth.resendIn",
  "auth.codeSent",
  "auth.newPassword",
  "auth.passwordPlaceholder",
  "auth.confirmPassword",
  "auth.resetButton",
  "auth.resetSuccess",
  "validation.phoneRequired",
  "validation.codeRequired",
  "validation.codeInvalid",
  "validation.passwordRule",
  "validation.passwordMismatch",
  "app.networkError",
  "app.timeout",
] as const;

export default function ResetPasswordForm(
  { tx, locale, login }: { tx: Texts; locale: string; login: string },
) {
  const [dial, setDial] = useState("+1");
  const [local, setLocal] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const { errors, busy, check, send, requestCode } = useForm(tx);
  const sendCode = () => requestCode(toE164(dial, local), "reset");

  async function submit(e: Event) {
    e.preventDefault();
    const phone = toE164(dial, local);
    const errs: Record<string, string> = {};
    if (!phone) errs.phone = tx["validation.phoneRequired"]!;
    if (!rules.code(code)) {
      errs.code = tx[code ? "validation.codeInvalid" : "validation.codeRequired"]!;
    }
    if (!rules.password(password)) errs.newPassword = tx["validation.passwordRule"]!;
    if (password !== confirm) errs.confirm = tx["validation.passwordMismatch"]!;
    if (!check(errs)) return;
    const body = { phone, code, newPassword: password };
    if (await send("/api/user/password/reset", body, { keepOn401: true })) {
      toast(tx["auth.resetSuccess"]!);
      clearSession();
      setTimeout(() => location.href = login, 1200);
    }
  }

  return (
    <form class="form" onSubmit={submit} noValidate data-testid="reset-form">
      <PhoneField
        dial={dial}
        setDial={setDial}
        local={local}
        setLocal={setLocal}
        error={errors.phone}
        tx={tx}
        locale={locale}
      />
      <CodeField value={code} set={setCode} error={errors.code} tx={tx} onSend={sendCode} />
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
        {tx["auth.resetButton"]}
      </button>
    </form>
  );
}
