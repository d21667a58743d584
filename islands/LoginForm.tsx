import { useState } from "preact/hooks";
import { redirectTarget, toast } from "./lib/api.ts";
import { PasswordInput, PhoneField, type Texts, toE164 } from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";

export const LOGIN_TEXTS = [
  "auth.phone",
  "auth.dialCode",
  "auth.phonePlaceholder",
  "auth.password",
  "auth.passwordPlaceholder",
  "auth.loginButton",
  "auth.loginSuccess",
  "validation.phoneRequired",
  "validation.passwordRequired",
  "app.networkError",
  "app.timeout",
] as const;

export default function LoginForm(
  { tx, locale, home }: { tx: Texts; locale: string; home: string },
) {
  const [dial, setDial] = useState("+1");
  const [local, setLocal] = useState("");
  const [password, setPassword] = useState("");
  const { errors, busy, check, send } = useForm(tx);

  async function submit(e: Event) {
    e.preventDefault();
    const phone = toE164(dial, local);
    const errs: Record<string, string> = {};
    if (!phone) errs.phone = tx["validation.phoneRequired"]!;
    if (!password) errs.password = tx["validation.passwordRequired"]!;
    if (!check(errs)) return;
    if (await send("/api/login", { phone, password }, { keepOn401: true })) {
      toast(tx["auth.loginSuccess"]!);
      location.href = redirectTarget(home);
    }
  }

  return (
    <form class="form" onSubmit={submit} noValidate data-testid="login-form">
      <PhoneField
        dial={dial}
        setDial={setDial}
        local={local}
        setLocal={setLocal}
        error={errors.phone}
        tx={tx}
        locale={locale}
      />
      <PasswordInput
        id="password"
        label={tx["auth.password"]!}
        value={password}
        set={setPassword}
        error={errors.password}
        placeholder={tx["auth.passwordPlaceholder"]}
        autoComplete="current-password"
        maxLength={64}
      />
      <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
        {tx["auth.loginButton"]}
      </button>
    </form>
  );
}
