import { useState } from "preact/hooks";
import { type BodyOf, toast } from "./lib/api.ts";
import { PasswordInput, type Texts } from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";
import { useNewPassword } from "./lib/credentials.tsx";
import { FRESH_PROOF_TEXTS, useFreshProof } from "./lib/fresh_proof.tsx";

export const DRAW_PASSWORD_TEXTS = [
  "security.oldDrawPassword",
  "security.newDrawPassword",
  "security.confirmDrawPassword",
  "security.drawSet",
  "app.submit",
  "validation.drawPasswordRequired",
  "validation.drawPasswordRule",
  "validation.drawPasswordMismatch",
  "app.networkError",
  "app.timeout",
  ...FRESH_PROOF_TEXTS,
] as const;

/** Set or change the withdrawal password; the change needs a fresh code (SMS, or TOTP when on). */
export default function DrawPasswordForm(
  { tx, hasDrawPassword, twoFactor, done }: {
    tx: Texts;
    hasDrawPassword: boolean;
    twoFactor: boolean;
    done: string;
  },
) {
  const [oldPassword, setOld] = useState("");
  const pw = useNewPassword(tx, {
    id: "password",
    label: tx["security.newDrawPassword"]!,
    confirmLabel: tx["security.confirmDrawPassword"]!,
    kind: "draw",
  });
  const form = useForm(tx);
  const { errors, busy, check, send } = form;
  const proof = useFreshProof(tx, twoFactor, form);

  async function submit(e: Event) {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (hasDrawPassword && !oldPassword) errs.oldPassword = tx["validation.drawPasswordRequired"]!;
    if (!check({ ...errs, ...pw.check(), ...proof.check() })) return;
    const body: BodyOf<"/user/draw-password", "post"> = {
      password: pw.password,
      confirm: pw.confirm,
      ...proof.body(),
    };
    if (hasDrawPassword) body.oldPassword = oldPassword;
    if (await send((c) => c.POST("/user/draw-password", { body }))) {
      toast(tx["security.drawSet"]!);
      setTimeout(() => location.href = done, 1000);
    }
  }

  return (
    <form class="form" onSubmit={submit} noValidate data-testid="draw-password-form">
      {hasDrawPassword && (
        <PasswordInput
          id="oldPassword"
          label={tx["security.oldDrawPassword"]!}
          value={oldPassword}
          set={setOld}
          error={errors.oldPassword}
          autoComplete="off"
          inputMode="numeric"
          maxLength={6}
        />
      )}
      {pw.fields(errors)}
      {proof.fields(errors)}
      <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
        {tx["app.submit"]}
      </button>
    </form>
  );
}
