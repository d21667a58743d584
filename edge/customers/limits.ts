import { type Limit, type SignInLimits, signInLimits } from "../platform/ratelimit.ts";

/** Limits (documented in README): attempts take a slot before they run, so races cannot exceed them. */
export const LIMITS = {
  login: signInLimits(15 * 60_000, { perAccountSource: 5, perAccount: 50, perIp: 30 }),
  totpPerUser: { max: 5, windowMs: 15 * 60_000 },
  codePerPhoneMinute: { max: 1, windowMs: 60_000 },
  codePerPhoneHour: { max: 5, windowMs: 3600_000 },
  codePerIp: { max: 20, windowMs: 3600_000 },
  drawPasswordPerUser: { max: 5, windowMs: 15 * 60_000 },
  passwordChangePerUser: { max: 5, windowMs: 15 * 60_000 },
  /** visitors' demo accounts opened from one source */
  demoVisitorPerIp: { max: 20, windowMs: 3600_000 },
} satisfies Record<string, Limit | SignInLimits>;
