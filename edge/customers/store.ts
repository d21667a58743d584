/** KV keys and records of the accounts capability. Every key starts with the tenant id. */
export interface UserRecord {
  userId: string;
  phone: string;
  passwordHash: string;
  drawPasswordHash: string | null;
  inviteCode: string;
  invitedBy: string | null;
  certifyLevel: "none" | "junior" | "advanced";
  createdAt: number;
  passwordChangedAt: number;
  /** Time of the last password reset by SMS code (withdrawals are refused for 24 h after it). */
  passwordResetAt: number | null;
  locale: string | null;
  /** Two-factor sign-in (TOTP, base32) when the customer turned it on; absent or null: off. */
  totpSecret?: string | null;
  /** A secret handed out by setup, waiting for a first code to turn two-factor on. */
  totpPending?: string | null;
  /** The last TOTP time step accepted: a code is good once (no replay within its window). */
  lastTotpStep?: number;
  /** The version of the user agreement accepted at registration (absent: registered before). */
  agreementVersion?: number;
  agreementAcceptedAt?: number;
  /** Locked by an operator (with the reason): no sign-in, no session, no trading or withdrawing. */
  locked?: { at: number; by: string; reason: string } | null;
  /**
   * The customer's anti-phishing code: a word they chose (4-20 letters or digits), shown in every
   * SMS and message the platform sends them and on the sign-in page after the phone is entered,
   * so a message or page without it is not ours. Absent: not set.
   */
  antiPhishing?: string;
  /**
   * The customer's personal data was erased on request (edge/privacy/erasure.ts): the record
   * keeps only what the books need, `phone` holds the pseudonym, and it stays locked.
   */
  erased?: { at: number; proposal: string; pseudonym: string };
  /**
   * The issuing country (ISO 3166-1 alpha-2) of the identity document an operator verified
   * (junior verification); absent: none verified yet, the phone number's country counts.
   */
  docCountry?: string;
  /**
   * A professional client, as two operators decided (four-eyes proposal `customer.professional`):
   * where the tenant allows it, products closed to the customer's country open to them.
   */
  professional?: { at: number; proposal: string; by: string } | null;
}

/** A known device of a customer's (keyed by its token's hash): where a sign-in succeeded. */
export interface DeviceRecord {
  userId: string;
  firstUsedAt: number;
  lastUsedAt: number;
}

export interface SessionRecord {
  userId: string;
  createdAt: number;
  lastSeenAt: number;
  /** Absolute expiry (ms). */
  expiresAt: number;
  /** Where and on what the session signed in (the signed-in devices list). */
  ip?: string;
  userAgent?: string;
  /** The demo account this session acts as (a signed-in customer switched to demo). */
  demo?: string;
  /** Idle expiry of this session when not the deployment's (a visitor's demo session: 7 days). */
  idleMs?: number;
  /** Opened by the registration itself (the home page welcomes a new customer, not one back). */
  opensAccount?: boolean;
}

export type LoginResult = "success" | "wrongPassword" | "totpFailed" | "throttled" | "locked";

/** One sign-in attempt on a known account (recent sign-ins), kept in a bounded ring. */
export interface LoginRecord {
  at: number;
  ip: string;
  userAgent: string;
  result: LoginResult;
}

export interface CodeRecord {
  hash: string;
  expiresAt: number;
  attempts: number;
}

/**
 * What a code is for: registering, resetting the password, or `security` (a signed-in customer
 * confirming a change to money settings: withdrawal password, payment method, anti-phishing code).
 */
export type CodePurpose = "register" | "reset" | "security";

export interface OutboxItem {
  phone: string;
  /** `operatorInvite`: a console operator's one-time invitation (the code only, no locale) */
  purpose: CodePurpose | "operatorInvite";
  /** null when the message was a notice rather than a code (e.g. "already registered"). */
  code: string | null;
  note: string | null;
  sentAt: number;
  /** The language of the text (the requester's); English when absent. */
  locale?: string;
  /** The account's anti-phishing code, when the phone has an account with one (text prefix). */
  antiPhishing?: string;
  /** The text as sent (the development outbox keeps it). */
  text?: string;
}

export const keys = {
  user: (t: string, userId: string) => [t, "accounts", "user", userId],
  phone: (t: string, phone: string) => [t, "accounts", "phone", phone],
  invite: (t: string, code: string) => [t, "accounts", "invite", code.toUpperCase()],
  session: (t: string, tokenHash: string) => [t, "accounts", "session", tokenHash],
  userSessions: (t: string, userId: string) => [t, "accounts", "userSession", userId],
  userSession: (t: string, userId: string, tokenHash: string) => [
    t,
    "accounts",
    "userSession",
    userId,
    tokenHash,
  ],
  code: (t: string, purpose: string, phone: string) => [t, "accounts", "code", purpose, phone],
  outbox: (t: string) => [t, "accounts", "outbox"],
  rate: (t: string, what: string, who: string) => [t, "accounts", "rate", what, who],
  device: (t: string, tokenHash: string) => [t, "accounts", "device", tokenHash],
  userDevices: (t: string, userId: string) => [t, "accounts", "userDevice", userId],
  userDevice: (t: string, userId: string, tokenHash: string) => [
    t,
    "accounts",
    "userDevice",
    userId,
    tokenHash,
  ],
  loginSeq: (t: string, userId: string) => [t, "accounts", "loginSeq", userId],
  logins: (t: string, userId: string) => [t, "accounts", "login", userId],
  login: (t: string, userId: string, slot: string) => [t, "accounts", "login", userId, slot],
} satisfies Record<string, (...a: string[]) => Deno.KvKey>;

export async function getUser(kv: Deno.Kv, t: string, userId: string) {
  return await kv.get<UserRecord>(keys.user(t, userId));
}

/** Every customer's id in a tenant (live and demo records alike), in key order. */
export async function* userIds(kv: Deno.Kv, t: string): AsyncGenerator<string> {
  const prefix = [t, "accounts", "user"];
  for await (const e of kv.list({ prefix }, { batchSize: 1000 })) yield e.key.at(-1) as string;
}

export async function findUserByPhone(kv: Deno.Kv, t: string, phone: string) {
  const idx = await kv.get<string>(keys.phone(t, phone));
  if (idx.value === null) return null;
  const user = await getUser(kv, t, idx.value);
  return user.value === null ? null : user;
}

/** Delete every session of a user (logout everywhere), in commits under KV's mutation limit. */
export async function deleteUserSessions(kv: Deno.Kv, t: string, userId: string) {
  let batch = kv.atomic();
  let n = 0;
  for await (const e of kv.list<number>({ prefix: keys.userSessions(t, userId) })) {
    const tokenHash = e.key[e.key.length - 1] as string;
    batch = batch.delete(e.key).delete(keys.session(t, tokenHash));
    if (++n === 400) {
      await batch.commit();
      batch = kv.atomic();
      n = 0;
    }
  }
  if (n > 0) await batch.commit();
}
