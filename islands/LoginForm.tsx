import { useEffect, useState } from "preact/hooks";
import { api, customer, envelopeOf, redirectTarget, toast } from "./lib/api.ts";
import { codeProblem } from "../contract/credentials.ts";
import { PasswordInput, type Texts, TotpField } from "./lib/fields.tsx";
import { failureMessage, useForm } from "./lib/form.ts";
import { PHONE_TEXTS, usePhone } from "./lib/phone_code.tsx";

export const LOGIN_TEXTS = [
  ...PHONE_TEXTS,
  "auth.password",
  "auth.passwordPlaceholder",
  "auth.loginButton",
  "auth.loginSuccess",
  "validation.passwordRequired",
  "validation.totpRequired",
  "validation.totpInvalid",
  "twofa.code",
  "twofa.codePlaceholder",
  "twofa.loginCodeHint",
  "twofa.lockedCodeHint",
  "auth.antiPhishingLabel",
  "auth.antiPhishingCheck",
  "app.networkError",
  "app.timeout",
] as const;

export default function LoginForm(
  { tx, locale, home }: { tx: Texts; locale: string; home: string },
) {
  const number = usePhone(tx, locale);
  const [password, setPassword] = useState("");
  /**
   * The second step: null until the server asks for a two-factor code ("required"), or offers
   * it as the way through a sign-in lock of this place ("locked"); then phone, password and
   * code are sent again together.
   */
  const [codeStep, setCodeStep] = useState<null | "required" | "locked">(null);
  const [totp, setTotp] = useState("");
  const { errors, busy, check, setErrors, setBusy } = useForm(tx);
  const antiPhishing = useAntiPhishing(number.phone);

  async function submit(e: Event) {
    e.preventDefault();
    const phone = number.phone;
    const errs = number.check();
    // at sign-in only presence is checked: any stored password passed the rule
    if (!password) errs.password = tx["validation.passwordRequired"]!;
    // the code, once asked for or given
    const code = codeStep === "required" || totp ? codeProblem(totp, "totp") : null;
    if (code) errs.totp = tx[`validation.${code}`]!;
    if (!check(errs)) return;
    setBusy(true);
    const body = { phone, password, ...(codeStep && totp ? { totp } : {}) };
    const env = await api((c) => c.POST("/login", { body }), { keepOn401: true });
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
      {number.field(errors)}
      {antiPhishing && (
        <div class="notice anti-phishing" role="note" data-testid="anti-phishing">
          <span>{tx["auth.antiPhishingLabel"]}</span>
          <strong lang="">{antiPhishing}</strong>
          <span class="small">{tx["auth.antiPhishingCheck"]}</span>
        </div>
      )}
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

/**
 * The customer's anti-phishing word for the phone entered, once it looks complete (a short
 * pause after typing). The server answers it only to a known device of that account (its
 * HttpOnly device cookie); everyone else, and every phone without an account, gets nothing.
 */
function useAntiPhishing(phone: string): string | null {
  const [word, setWord] = useState<{ phone: string; word: string } | null>(null);
  useEffect(() => {
    if (phone.replace(/\D/g, "").length < 7) return;
    let live = true;
    const timer = setTimeout(async () => {
      const env = envelopeOf(await customer.POST("/login/hint", { body: { phone } }));
      if (live && env.code === 0 && env.data.antiPhishing) {
        setWord({ phone, word: env.data.antiPhishing });
      }
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [phone]);
  return word && word.phone === phone ? word.word : null;
}
