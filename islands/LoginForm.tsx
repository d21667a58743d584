import { useState } from "preact/hooks";
import { api, redirectTarget, toast } from "./lib/api.ts";
import { PasswordInput, PhoneField, type Texts, toE164, TotpField } from "./lib/fields.tsx";
import { failureMessage, useForm } from "./lib/form.ts";

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
  "validation.totpRequired",
  "validation.totpInvalid",
  "twofa.code",
  "twofa.codePlaceholder",
  "twofa.loginCodeHint",
  "twofa.lockedCodeHint",
  "app.networkError",
  "app.timeout",
] as const;

export default function LoginForm(
  { tx, locale, home }: { tx: Texts; locale: string; home: string },
) {
  const [dial, setDial] = useState("+1");
  const [local, setLocal] = useState("");
  const [password, setPassword] = useState("");
  /**
   * The second step: null until the server asks for a two-factor code ("required"), or offers
   * it as the way through a sign-in lock of this place ("locked"); then phone, password and
   * code are sent again together.
   */
  const [codeStep, setCodeStep] = useState<null | "required" | "locked">(null);
  const [totp, setTotp] = useState("");
  const { errors, busy, check, setErrors, setBusy } = useForm(tx);

  async function submit(e: Event) {
    e.preventDefault();
    const phone = toE164(dial, local);
    const errs: Record<string, string> = {};
    if (!phone) errs.phone = tx["validation.phoneRequired"]!;
    if (!password) errs.password = tx["validation.passwordRequired"]!;
    if (codeStep === "required" && !totp) errs.totp = tx["validation.totpRequired"]!;
    else if (totp && !/^\d{6}$/.test(totp)) errs.totp = tx["validation.totpInvalid"]!;
    if (!check(errs)) return;
    setBusy(true);
    const env = await api("/api/login", {
      body: { phone, password, ...(codeStep && totp ? { totp } : {}) },
      keepOn401: true,
    });
    setBusy(false);
    if (env.code === 0) {
      toast(tx["auth.loginSuccess"]!);
      location.href = redirectTarget(home);
      return;
    }
    setErrors(env.data.fields ?? {});
    if (env.data.error === "TOTP_REQUIRED") {
      setCodeStep("required");
      setTimeout(() => document.getElementById("totp")?.focus(), 0);
      return;
    }
    if (env.data.error === "LOCKED" && codeStep === null) setCodeStep("locked");
    setTotp("");
    toast(failureMessage(env, tx), "error");
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
      {codeStep && (
        <TotpField
          value={totp}
          set={setTotp}
          error={errors.totp}
          tx={tx}
          hint={codeStep === "required" ? tx["twofa.loginCodeHint"] : tx["twofa.lockedCodeHint"]}
        />
      )}
      <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
        {tx["auth.loginButton"]}
      </button>
    </form>
  );
}
