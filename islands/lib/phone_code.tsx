/**
 * A phone number (sign-in, registration, password reset) and the SMS code sent to it
 * (registration, reset), each with its own input state; the code is checked with the shared
 * rule the server's request schemas use (`contract/credentials.ts`).
 */
import { useState } from "preact/hooks";
import { codeProblem } from "../../contract/credentials.ts";
import { CodeField, PhoneField, type Texts, toE164 } from "./fields.tsx";

/** Messages the phone field needs. */
export const PHONE_TEXTS = [
  "auth.phone",
  "auth.dialCode",
  "auth.phonePlaceholder",
  "validation.phoneRequired",
] as const;

/** Messages the phone and code fields need. */
export const PHONE_CODE_TEXTS = [
  ...PHONE_TEXTS,
  "auth.code",
  "auth.codePlaceholder",
  "auth.sendCode",
  "auth.resendIn",
  "auth.codeSent",
  "validation.codeRequired",
  "validation.codeInvalid",
] as const;

type Errors = Record<string, string>;

/** A phone number: a dialing code and the national number, sent as E.164. */
export function usePhone(tx: Texts, locale: string) {
  const [dial, setDial] = useState("+1");
  const [local, setLocal] = useState("");
  const phone = toE164(dial, local);

  /** The field's error as the server would name it (`phone`). */
  function check(): Errors {
    return phone ? {} : { phone: tx["validation.phoneRequired"]! };
  }

  function field(errors: Errors) {
    return (
      <PhoneField
        dial={dial}
        setDial={setDial}
        local={local}
        setLocal={setLocal}
        error={errors.phone}
        tx={tx}
        locale={locale}
      />
    );
  }

  return { phone, check, field };
}

/**
 * A phone number and the SMS code sent to it for `purpose`. `requestCode` is the form's
 * (`useForm`), which shows the server's answer.
 */
export function usePhoneCode(
  tx: Texts,
  locale: string,
  purpose: "register" | "reset",
  requestCode: (phone: string, purpose: "register" | "reset") => Promise<number | null>,
) {
  const number = usePhone(tx, locale);
  const [code, setCode] = useState("");

  /** The fields' errors as the server would name them (`phone`, `code`). */
  function check(): Errors {
    const errs = number.check();
    const c = codeProblem(code, "code");
    if (c) errs.code = tx[`validation.${c}`]!;
    return errs;
  }

  function fields(errors: Errors) {
    return (
      <>
        {number.field(errors)}
        <CodeField
          value={code}
          set={setCode}
          error={errors.code}
          tx={tx}
          onSend={() => requestCode(number.phone, purpose)}
        />
      </>
    );
  }

  return { phone: number.phone, code, check, fields };
}
