import * as OTPAuth from "otpauth";

/**
 * RFC 6238 TOTP (SHA-1, 6 digits, 30 s), shared by operators (always on) and customers (opt-in).
 * A code is accepted for the current time step and one either side (clock drift), and only for a
 * step later than the last one accepted, so each code signs in (or confirms) once.
 */
export const TOTP_PERIOD_S = 30;

function totpOf(secret: string, label = "", issuer = "") {
  return new OTPAuth.TOTP({
    issuer,
    label,
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_S,
  });
}

/** A new random secret (160 bits), base32. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI an authenticator app scans. */
export function totpUri(secret: string, label: string, issuer: string): string {
  return totpOf(secret, label, issuer).toString();
}

/**
 * The time step a code belongs to when it is valid now and newer than `lastStep`, else null.
 * The caller stores the step in the same commit that acts on it (versionstamp-checked), so a
 * code cannot be used twice, even by racing requests.
 */
export function totpStep(secret: string, code: string, now: number, lastStep: number) {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
  return step > lastStep ? step : null;
}
