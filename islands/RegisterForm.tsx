import { useState } from "preact/hooks";
import { toast } from "./lib/api.ts";
import { useForm } from "./lib/form.ts";
import {
  CodeField,
  Field,
  PasswordInput,
  PhoneField,
  rules,
  type Texts,
  toE164,
} from "./lib/fields.tsx";

export const REGISTER_TEXTS = [
  "auth.phone",
  "auth.dialCode",
  "auth.phonePlaceholder",
  "auth.code",
  "auth.codePlaceholder",
  "auth.sendCode",
  "auth.resendIn",
  "auth.codeSent",
  "auth.password",
  "auth.passwordPlaceholder",
  "auth.confirmPassword",
  "auth.inviteCode",
  "auth.inviteCodeOptional",
  "auth.agreePrefix",
  "auth.agreementLink",
  "auth.and",
  "auth.privacyLink",
  "auth.registerButton",
  "auth.registerSuccess",
  "validation.phoneRequired",
  "validation.codeRequired",
  "validation.codeInvalid",
  "validation.passwordRule",
  "validation.passwordMismatch",
  "validation.inviteRequired",
  "validation.agreeRequired",
  "app.networkError",
  "app.timeout",
] as const;

export default function RegisterForm(
  { tx, locale, invitePolicy, home, inviteCode: presetInvite }: {
    tx: Texts;
    locale: string;
    invitePolicy: "required" | "optional" | "off";
    home: string;
    inviteCode: string;
  },
) {
  const [dial, setDial] = useState("+1");
  const [local, setLocal] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [invite, setInvite] = useState(presetInvite);
  const [agree, setAgree] = useState(false);
  const { errors, busy, check, send, requestCode } = useForm(tx);
  const sendCode = () => requestCode(toE164(dial, local), "register");

  async function submit(e: Event) {
    e.preventDefault();
    const phone = toE164(dial, local);
    const errs: Record<string, string> = {};
    if (!phone) errs.phone = tx["validation.phoneRequired"]!;
    if (!code) errs.code = tx["validation.codeRequired"]!;
    else if (!rules.code(code)) errs.code = tx["validation.codeInvalid"]!;
    if (!rules.password(password)) errs.password = tx["validation.passwordRule"]!;
    if (password !== confirm) errs.confirm = tx["validation.passwordMismatch"]!;
    if (invitePolicy === "required" && !invite.trim()) {
      errs.inviteCode = tx["validation.inviteRequired"]!;
    }
    if (!agree) errs.agree = tx["validation.agreeRequired"]!;
    if (!check(errs)) return;
    const body: Record<string, unknown> = { phone, code, password, agree: true };
    if (invitePolicy !== "off" && invite.trim()) body.inviteCode = invite.trim();
    if (await send("/api/register", body, { keepOn401: true })) {
      toast(tx["auth.registerSuccess"]!);
      location.href = home;
    }
  }

  return (
    <form class="form" onSubmit={submit} noValidate data-testid="register-form">
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
        id="password"
        label={tx["auth.password"]!}
        value={password}
        set={setPassword}
        error={errors.password}
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
      {invitePolicy !== "off" && (
        <Field
          id="inviteCode"
          label={invitePolicy === "required"
            ? tx["auth.inviteCode"]!
            : tx["auth.inviteCodeOptional"]!}
          error={errors.inviteCode}
        >
          <input
            id="inviteCode"
            name="inviteCode"
            value={invite}
            maxLength={16}
            autoComplete="off"
            onInput={(e) => setInvite(e.currentTarget.value)}
            aria-invalid={errors.inviteCode ? true : undefined}
          />
        </Field>
      )}
      <div class={errors.agree ? "field check has-error" : "field check"}>
        <input
          id="agree"
          type="checkbox"
          checked={agree}
          onChange={(e) => setAgree(e.currentTarget.checked)}
        />
        <label for="agree">
          {tx["auth.agreePrefix"]} <a href="/page/agreement">{tx["auth.agreementLink"]}</a>{" "}
          {tx["auth.and"]} <a href="/page/privacy">{tx["auth.privacyLink"]}</a>
        </label>
        {errors.agree && <p class="field-error" role="alert">{errors.agree}</p>}
      </div>
      <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
        {tx["auth.registerButton"]}
      </button>
    </form>
  );
}
