/**
 * The credential rules a customer can break by typing: the login password, the withdrawal
 * (draw) password and the 6-digit codes (SMS, authenticator). One definition: the request
 * schemas of `contract/customers.ts` refine with these predicates and the islands check with
 * them before sending. Pure (no zod, no Intl), part of the shared module `rules.ts`.
 */

/** Login password length, in characters (UTF-16 code units, as the schemas count). */
export const PASSWORD_LENGTH = { min: 6, max: 32 } as const;

/** What a login password may not contain: whitespace, control and CJK (full-width) characters. */
const PASSWORD_FORBIDDEN = /[\s\p{Cc}\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;

/** 6-32 characters, no CJK characters, no whitespace or control characters. */
export function isLoginPassword(p: string): boolean {
  return p.length >= PASSWORD_LENGTH.min && p.length <= PASSWORD_LENGTH.max &&
    !PASSWORD_FORBIDDEN.test(p);
}

/** The withdrawal password: exactly six digits. */
export function isDrawPassword(p: string): boolean {
  return /^\d{6}$/.test(p);
}

/** A verification code (SMS) or an authenticator (TOTP) code: exactly six digits. */
export function isSixDigitCode(c: string): boolean {
  return /^\d{6}$/.test(c);
}

/**
 * The anti-phishing code: 4-20 letters or digits of any script (a customer may choose a word in
 * their own language; combining marks are parts of letters in Thai and other scripts).
 */
export function isAntiPhishingWord(w: string): boolean {
  return /^[\p{L}\p{M}\p{N}]{4,20}$/u.test(w);
}

/**
 * The message key (under `validation.`) a new login password earns, or null when it is good:
 * what the server's field error says for the same input.
 */
export function passwordProblem(p: string): "passwordRequired" | "passwordRule" | null {
  if (p === "") return "passwordRequired";
  return isLoginPassword(p) ? null : "passwordRule";
}

/** The same for a new withdrawal password. */
export function drawPasswordProblem(p: string): "drawPasswordRequired" | "drawPasswordRule" | null {
  if (p === "") return "drawPasswordRequired";
  return isDrawPassword(p) ? null : "drawPasswordRule";
}

/** The same for an SMS code (`code*`) or an authenticator code (`totp*`). */
export function codeProblem<K extends "code" | "totp">(
  c: string,
  kind: K,
): `${K}Required` | `${K}Invalid` | null {
  if (c === "") return `${kind}Required`;
  return isSixDigitCode(c) ? null : `${kind}Invalid`;
}
