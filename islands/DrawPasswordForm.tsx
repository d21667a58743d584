import { useState } from "preact/hooks";
import { toast } from "./lib/api.ts";
import { PasswordInput, rules, type Texts } from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";

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
] as const;

export default function DrawPasswordForm(
  { tx, hasDrawPassword, done }: { tx: Texts; hasDrawPassword: boolean; done: string },
) {
  const [oldPassword, setOld] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const { errors, busy, check, send } = useForm(tx);

  async function submit(e: Event) {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (hasDrawPassword && !oldPassword) errs.oldPassword = tx["validation.drawPasswordRequired"]!;
    if (!rules.drawPassword(password)) errs.password = tx["validation.drawPasswordRule"]!;
    if (password !== confirm) errs.confirm = tx["validation.drawPasswordMismatch"]!;
    if (!check(errs)) return;
    const body: Record<string, string> = { password, confirm };
    if (hasDrawPassword) body.oldPassword = oldPassword;
    if (await send("/api/user/draw-password", body)) {
      toast(tx["security.drawSet"]!);
      setTimeout(() => location.href = done, 1000);
    }
  }

  const digits = { inputMode: "numeric" as const, maxLength: 6 };
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
          {...digits}
        />
      )}
      <PasswordInput
        id="password"
        label={tx["security.newDrawPassword"]!}
        value={password}
        set={setPassword}
        error={errors.password}
        autoComplete="off"
        {...digits}
      />
      <PasswordInput
        id="confirm"
        label={tx["security.confirmDrawPassword"]!}
        value={confirm}
        set={setConfirm}
        error={errors.confirm}
        autoComplete="off"
        {...digits}
      />
      <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
        {tx["app.submit"]}
      </button>
    </form>
  );
}
