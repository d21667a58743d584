import { useState } from "preact/hooks";
import { type BodyOf, toast } from "./lib/api.ts";
import { useForm } from "./lib/form.ts";
import { Field, type Texts } from "./lib/fields.tsx";
import { NEW_PASSWORD_TEXTS, useNewPassword } from "./lib/credentials.tsx";
import { PHONE_CODE_TEXTS, usePhoneCode } from "./lib/phone_code.tsx";

export const REGISTER_TEXTS = [
  ...PHONE_CODE_TEXTS,
  ...NEW_PASSWORD_TEXTS,
  "auth.password",
  "auth.inviteCode",
  "auth.inviteCodeOptional",
  "auth.agreePrefix",
  "auth.agreementLink",
  "auth.and",
  "auth.privacyLink",
  "auth.registerButton",
  "auth.registerSuccess",
  "validation.inviteRequired",
  "validation.agreeRequired",
  "app.networkError",
  "app.timeout",
] as const;

export default function RegisterForm(
  { tx, locale, invitePolicy, home, inviteCode: presetInvite, agreementVersion }: {
    tx: Texts;
    /** the user agreement's version shown by the link (recorded with the registration) */
    agreementVersion: number;
    locale: string;
    invitePolicy: "required" | "optional" | "off";
    home: string;
    inviteCode: string;
  },
) {
  const [invite, setInvite] = useState(presetInvite);
  const [agree, setAgree] = useState(false);
  const { errors, busy, check, send, requestCode } = useForm(tx);
  const account = usePhoneCode(tx, locale, "register", requestCode);
  const pw = useNewPassword(tx, { id: "password", label: tx["auth.password"]! });

  async function submit(e: Event) {
    e.preventDefault();
    const errs: Record<string, string> = { ...account.check(), ...pw.check() };
    if (invitePolicy === "required" && !invite.trim()) {
      errs.inviteCode = tx["validation.inviteRequired"]!;
    }
    if (!agree) errs.agree = tx["validation.agreeRequired"]!;
    if (!check(errs)) return;
    const { phone, code } = account;
    const body: BodyOf<"/register", "post"> = {
      phone,
      code,
      password: pw.password,
      agree: true,
      agreementVersion,
    };
    if (invitePolicy !== "off" && invite.trim()) body.inviteCode = invite.trim();
    if (await send((c) => c.POST("/register", { body }), { keepOn401: true })) {
      toast(tx["auth.registerSuccess"]!);
      location.href = home;
    }
  }

  return (
    <form class="form" onSubmit={submit} noValidate data-testid="register-form">
      {account.fields(errors)}
      {pw.fields(errors)}
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
          {tx["auth.agreePrefix"]}{" "}
          <a href="/page/agreement" target="_blank" data-testid="agreement-link">
            {tx["auth.agreementLink"]}
          </a>{" "}
          {tx["auth.and"]} <a href="/page/privacy" target="_blank">{tx["auth.privacyLink"]}</a>
        </label>
        {errors.agree && <p class="field-error" role="alert">{errors.agree}</p>}
      </div>
      <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
        {tx["auth.registerButton"]}
      </button>
    </form>
  );
}
