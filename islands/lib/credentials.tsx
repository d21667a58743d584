/**
 * A new password with its confirmation, as registration, password reset and change and the
 * withdrawal password ask for it (the phone and SMS code part is `phone_code.tsx`). It keeps
 * its own input state and checks it with the shared rules the server's request schemas use
 * (`contract/credentials.ts`), so the message beside a field is the one the server gives.
 */
import { useState } from "preact/hooks";
import { drawPasswordProblem, passwordProblem } from "../../contract/credentials.ts";
import { PasswordInput, type Texts } from "./fields.tsx";

/** Messages a new login password and its confirmation need. */
export const NEW_PASSWORD_TEXTS = [
  "auth.passwordPlaceholder",
  "auth.confirmPassword",
  "validation.passwordRequired",
  "validation.passwordRule",
  "validation.passwordMismatch",
] as const;

type Errors = Record<string, string>;

/**
 * A new password and its confirmation. `id` names the password field as the API does
 * (`password`, `newPassword`); `kind` picks the rule: the login password or the six-digit
 * withdrawal password. `prefix` goes before the inputs' ids where a page has more forms (the
 * console's `pw-newPassword`); the errors keep the API's names.
 */
export function useNewPassword(
  tx: Texts,
  { id, label, kind = "login", confirmLabel = tx["auth.confirmPassword"]!, prefix = "" }: {
    id: string;
    label: string;
    kind?: "login" | "draw";
    confirmLabel?: string;
    prefix?: string;
  },
) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");

  /** The fields' errors as the server would name them (`<id>`, `confirm`). */
  function check(): Errors {
    const errs: Errors = {};
    const problem = kind === "draw" ? drawPasswordProblem(password) : passwordProblem(password);
    if (problem) errs[id] = tx[`validation.${problem}`]!;
    if (password !== confirm) {
      errs.confirm =
        tx[kind === "draw" ? "validation.drawPasswordMismatch" : "validation.passwordMismatch"]!;
    }
    return errs;
  }

  function fields(errors: Errors) {
    const input = kind === "draw"
      ? { autoComplete: "off", inputMode: "numeric" as const, maxLength: 6 }
      : { autoComplete: "new-password" };
    return (
      <>
        <PasswordInput
          id={prefix + id}
          label={label}
          value={password}
          set={setPassword}
          error={errors[id]}
          placeholder={kind === "draw" ? undefined : tx["auth.passwordPlaceholder"]}
          {...input}
        />
        <PasswordInput
          id={`${prefix}confirm`}
          label={confirmLabel}
          value={confirm}
          set={setConfirm}
          error={errors.confirm}
          {...input}
        />
      </>
    );
  }

  return { password, confirm, check, fields };
}

/**
 * A password change: the current password, then the new one and its confirmation (the
 * customer's form and the operator's). The errors keep the API's names: `oldPassword`,
 * `newPassword`, `confirm`; `prefix` as for `useNewPassword`.
 */
export function usePasswordChange(
  tx: Texts,
  { label, oldLabel, prefix = "" }: { label: string; oldLabel: string; prefix?: string },
) {
  const [oldPassword, setOld] = useState("");
  const pw = useNewPassword(tx, { id: "newPassword", label, prefix });

  function check(): Errors {
    const errs: Errors = {};
    if (!oldPassword) errs.oldPassword = tx["validation.oldPasswordRequired"]!;
    return { ...errs, ...pw.check() };
  }

  const fields = (errors: Errors) => (
    <>
      <PasswordInput
        id={`${prefix}oldPassword`}
        label={oldLabel}
        value={oldPassword}
        set={setOld}
        error={errors.oldPassword}
        autoComplete="current-password"
        maxLength={64}
      />
      {pw.fields(errors)}
    </>
  );

  return { body: () => ({ oldPassword, newPassword: pw.password }), check, fields };
}
