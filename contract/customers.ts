import { z } from "zod";
import { isValidPhoneNumber } from "libphonenumber-js";
import {
  isAntiPhishingWord,
  isDrawPassword,
  isLoginPassword,
  isSixDigitCode,
  PASSWORD_LENGTH,
} from "./credentials.ts";

/**
 * Request schemas of the accounts capability. Error messages are message keys under
 * `validation.*`; the envelope layer localizes them per field.
 */
export const Phone = z.string({ error: "phoneRequired" }).min(1, { error: "phoneRequired" })
  .max(16, { error: "phoneInvalid" })
  .regex(/^\+[1-9]\d{5,14}$/, { error: "phoneInvalid" })
  .refine((p) => isValidPhoneNumber(p), { error: "phoneInvalid" })
  .meta({ example: "+12025550123", description: "E.164" });

/**
 * 6-32 characters, no CJK characters, no whitespace or control characters: the rule is
 * `isLoginPassword` of the shared module, which the islands check with too.
 */
export const LoginPassword = z.string({ error: "passwordRequired" })
  .min(1, { error: "passwordRequired" })
  .refine(isLoginPassword, { error: "passwordRule" })
  .meta({ minLength: PASSWORD_LENGTH.min, maxLength: PASSWORD_LENGTH.max });

export const SmsCode = z.string({ error: "codeRequired" }).min(1, { error: "codeRequired" })
  .refine(isSixDigitCode, { error: "codeInvalid" });

/** A 6-digit code from the customer's authenticator app (TOTP). */
export const TotpCode = z.string({ error: "totpRequired" }).min(1, { error: "totpRequired" })
  .refine(isSixDigitCode, { error: "totpInvalid" }).meta({ example: "123456" });

export const DrawPassword = z.string({ error: "drawPasswordRequired" })
  .min(1, { error: "drawPasswordRequired" })
  .refine(isDrawPassword, { error: "drawPasswordRule" });

export const CodePurpose = z.enum(["register", "reset"], { error: "purposeInvalid" });

/**
 * The fresh second factor a change to money settings needs (edge/customers `withFreshProof`):
 * `code`, the SMS code from `POST /api/user/security-code`; or, when two-factor is on, `totp`.
 */
export const FreshProofFields = {
  code: SmsCode.optional().meta({ description: "SMS code of POST /api/user/security-code" }),
  totp: TotpCode.optional().meta({ description: "required instead when two-factor is on" }),
};

/** The anti-phishing code: `isAntiPhishingWord` of the shared rules (4-20 letters or digits). */
export const AntiPhishingWord = z.string({ error: "antiPhishingRule" }).trim()
  .refine(isAntiPhishingWord, { error: "antiPhishingRule" })
  .meta({ example: "Tiger42" });

export const AntiPhishingBody = z.strictObject({ word: AntiPhishingWord, ...FreshProofFields })
  .meta({ id: "AntiPhishingRequest" });

export const SmsCodeBody = z.strictObject({ phone: Phone, purpose: CodePurpose }).meta({
  id: "SmsCodeRequest",
});

export const RegisterBody = z.strictObject({
  phone: Phone,
  code: SmsCode,
  password: LoginPassword,
  inviteCode: z.string({ error: "inviteInvalid" }).max(16, { error: "inviteInvalid" })
    .regex(/^[A-Za-z0-9]*$/, { error: "inviteInvalid" }).optional(),
  agree: z.literal(true, { error: "agreeRequired" }),
  /** The user agreement's version shown (`GET /api/page/agreement`); absent: the current one. */
  agreementVersion: z.number({ error: "invalid" }).int({ error: "invalid" }).min(1, {
    error: "invalid",
  }).max(1_000_000, { error: "invalid" }).optional(),
}).meta({ id: "RegisterRequest" });

export const LoginBody = z.strictObject({
  phone: Phone,
  // Any stored password passed the rule; at login only presence and size are checked.
  password: z.string({ error: "passwordRequired" }).min(1, { error: "passwordRequired" })
    .max(64, { error: "tooLong" }),
  /**
   * Two-factor code, for customers who turned it on: without it a correct password answers
   * TOTP_REQUIRED (`data.twoFactor: true`) and the client asks for the code and sends all
   * three again. With the right password it lets the owner through any sign-in lock.
   */
  totp: TotpCode.optional(),
}).meta({ id: "LoginRequest" });

/** The sign-in page asks, once the phone is entered, what to show the customer. */
export const SignInHintBody = z.strictObject({ phone: Phone }).meta({ id: "SignInHintRequest" });

export const SignInHint = z.object({
  /** The customer's anti-phishing word: only for a known device of that phone's account. */
  antiPhishing: z.string().nullable(),
}).meta({ id: "SignInHint" });

export const TwoFactorCodeBody = z.strictObject({ code: TotpCode }).meta({ id: "TwoFactorCode" });

export const TwoFactorSetup = z.object({
  secret: z.string().meta({ description: "base32, shown once" }),
  uri: z.string().meta({ description: "otpauth:// URI for authenticator apps (QR code)" }),
}).meta({ id: "TwoFactorSetup" });

export const DeviceSession = z.object({
  id: z.string(),
  device: z.string().nullable().meta({ description: "browser and system from User-Agent" }),
  ip: z.string().nullable(),
  createdAt: z.number().int(),
  lastSeenAt: z.number().int(),
  current: z.boolean(),
}).meta({ id: "DeviceSession" });

export const LoginAttempt = z.object({
  at: z.number().int(),
  ip: z.string(),
  device: z.string().nullable(),
  result: z.enum(["success", "wrongPassword", "totpFailed", "throttled", "locked"]),
}).meta({ id: "LoginAttempt" });

export const ChangePasswordBody = z.strictObject({
  oldPassword: z.string({ error: "oldPasswordRequired" }).min(1, { error: "oldPasswordRequired" })
    .max(64, { error: "tooLong" }),
  newPassword: LoginPassword,
}).meta({ id: "ChangePasswordRequest" });

export const ResetPasswordBody = z.strictObject({
  phone: Phone,
  code: SmsCode,
  newPassword: LoginPassword,
}).meta({ id: "ResetPasswordRequest" });

export const DrawPasswordBody = z.strictObject({
  password: DrawPassword,
  confirm: z.string({ error: "drawPasswordRequired" }).max(6, { error: "drawPasswordMismatch" }),
  oldPassword: z.string({ error: "drawPasswordRequired" }).max(6, { error: "drawPasswordRule" })
    .optional(),
  ...FreshProofFields,
}).refine((b) => b.password === b.confirm, {
  path: ["confirm"],
  error: "drawPasswordMismatch",
}).meta({ id: "DrawPasswordRequest" });

export const CertifyLevel = z.enum(["none", "junior", "advanced"]);

export const UserInfo = z.object({
  userId: z.string(),
  phone: z.string().meta({ description: "masked", example: "+1202****123" }),
  certifyLevel: CertifyLevel,
  hasDrawPassword: z.boolean(),
  inviteCode: z.string(),
  createdAt: z.number().int(),
  passwordResetAt: z.number().int().nullable(),
  locale: z.string().nullable(),
  twoFactor: z.boolean().meta({ description: "TOTP two-factor is on" }),
  antiPhishing: z.string().nullable().meta({
    description: "the anti-phishing code shown in every SMS and message (null: not set)",
  }),
  book: z.enum(["live", "demo"]).meta({
    description: "demo: the session acts as a demo account (virtual money)",
  }),
  agreementVersion: z.number().int().nullable().meta({
    description: "the user agreement's version accepted at registration (null: before versions)",
  }),
}).meta({ id: "UserInfo" });
export type UserInfo = z.infer<typeof UserInfo>;

/** Replies of the accounts routes besides the user info. */
export const SmsCodeReply = z.object({ resendAfterSeconds: z.number().int() }).meta({
  id: "SmsCode",
});
export const DeviceSessionList = z.object({ items: z.array(DeviceSession) });
export const LoginAttemptList = z.object({ items: z.array(LoginAttempt) });
/** A reply with nothing to say beyond success (logout, password changes, sign a device out). */
export const Done = z.object({}).meta({ id: "Done" });

/** A signed-in device of the customer (`/api/user/sessions`). */
export type DeviceSession = z.infer<typeof DeviceSession>;
export type LoginAttemptJson = z.infer<typeof LoginAttempt>;
export type TwoFactorSetupJson = z.infer<typeof TwoFactorSetup>;
