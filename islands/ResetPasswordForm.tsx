import { clearSession, toast } from "./lib/api.ts";
import { useForm } from "./lib/form.ts";
import type { Texts } from "./lib/fields.tsx";
import { NEW_PASSWORD_TEXTS, useNewPassword } from "./lib/credentials.tsx";
import { PHONE_CODE_TEXTS, usePhoneCode } from "./lib/phone_code.tsx";

export const RESET_TEXTS = [
  ...PHONE_CODE_TEXTS,
  ...NEW_PASSWORD_TEXTS,
  "auth.newPassword",
  "auth.resetButton",
  "auth.resetSuccess",
  "app.networkError",
  "app.timeout",
] as const;

export default function ResetPasswordForm(
  { tx, locale, login }: { tx: Texts; locale: string; login: string },
) {
  const { errors, busy, check, send, requestCode } = useForm(tx);
  const account = usePhoneCode(tx, locale, "reset", requestCode);
  const pw = useNewPassword(tx, { id: "newPassword", label: tx["auth.newPassword"]! });

  async function submit(e: Event) {
    e.preventDefault();
    if (!check({ ...account.check(), ...pw.check() })) return;
    const body = { phone: account.phone, code: account.code, newPassword: pw.password };
    if (await send((c) => c.POST("/user/password/reset", { body }), { keepOn401: true })) {
      toast(tx["auth.resetSuccess"]!);
      clearSession();
      setTimeout(() => location.href = login, 1200);
    }
  }

  return (
    <form class="form" onSubmit={submit} noValidate data-testid="reset-form">
      {account.fields(errors)}
      {pw.fields(errors)}
      <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
        {tx["auth.resetButton"]}
      </button>
    </form>
  );
}
