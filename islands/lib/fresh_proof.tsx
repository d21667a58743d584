/**
 * The fresh second factor a change to money settings needs (the withdrawal password, a payment
 * method, the anti-phishing code; edge/customers `withFreshProof`): with two-factor on, a code
 * from the authenticator app; otherwise an SMS code sent to the customer's own phone
 * (`POST /api/user/security-code`). The server uses the code up with the change.
 */
import { useState } from "preact/hooks";
import { codeProblem } from "../../contract/credentials.ts";
import { toast } from "./api.ts";
import { CodeField, type Texts, TotpField } from "./fields.tsx";
import type { useForm } from "./form.ts";

/** Messages the fresh-code fields need. */
export const FRESH_PROOF_TEXTS = [
  "security.freshCodeHint",
  "security.freshTotpHint",
  "auth.code",
  "auth.codePlaceholder",
  "auth.sendCode",
  "auth.resendIn",
  "auth.codeSent",
  "twofa.code",
  "twofa.codePlaceholder",
  "validation.codeRequired",
  "validation.codeInvalid",
  "validation.totpRequired",
  "validation.totpInvalid",
] as const;

type Errors = Record<string, string>;

/**
 * The code field of a form (`fields`), its check and its part of the request body. `idPrefix`
 * keeps the input's id unique when two forms on one page ask for a code.
 */
export function useFreshProof(
  tx: Texts,
  twoFactor: boolean,
  form: Pick<ReturnType<typeof useForm>, "send" | "setErrors">,
  idPrefix = "",
) {
  const [code, setCode] = useState("");
  const field = twoFactor ? "totp" : "code";

  /** The field's error as the server would name it (`code` or `totp`). */
  function check(): Errors {
    const c = codeProblem(code, field);
    return c ? { [field]: tx[`validation.${c}`]! } : {};
  }

  async function requestCode() {
    const env = await form.send((c) => c.POST("/user/security-code", { body: {} }));
    if (!env) return null;
    form.setErrors({});
    toast(tx["auth.codeSent"]!);
    return env.data.resendAfterSeconds;
  }

  function fields(errors: Errors) {
    if (twoFactor) {
      return (
        <TotpField
          value={code}
          set={setCode}
          error={errors.totp}
          tx={tx}
          hint={tx["security.freshTotpHint"]}
          id={`${idPrefix}totp`}
        />
      );
    }
    return (
      <>
        <p class="muted small" data-testid="fresh-code-hint">{tx["security.freshCodeHint"]}</p>
        <CodeField
          value={code}
          set={setCode}
          error={errors.code}
          tx={tx}
          onSend={requestCode}
          id={`${idPrefix}code`}
        />
      </>
    );
  }

  return {
    check,
    fields,
    /** The body fields of the request (`code` or `totp`). */
    body: () => ({ [field]: code }),
  };
}
