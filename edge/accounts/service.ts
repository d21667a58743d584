import { ApiError } from "../platform/errors.ts";
import { giveBack, type Limit, reset, take } from "../platform/ratelimit.ts";
import type { Tenant } from "../platform/tenants.ts";
import {
  burnVerify,
  constantTimeEqual,
  hashPassword,
  randomDigits,
  randomToken,
  sha256Hex,
  verifyPassword,
} from "./passwords.ts";
import type { UserInfo } from "./schemas.ts";
import type { SmsSender } from "./sender.ts";
import {
  type CodeRecord,
  deleteUserSessions,
  findUserByPhone,
  getUser,
  keys,
  type SessionRecord,
  type UserRecord,
} from "./store.ts";

export interface AccountsDeps {
  kv: Deno.Kv;
  sender: SmsSender;
  now: () => number;
  sessionIdleMs: number;
  sessionMaxMs: number;
}

/** Limits (documented in README): attempts take a slot before they run, so races cannot exceed them. */
export const LIMITS = {
  loginPerAccount: { max: 5, windowMs: 15 * 60_000 },
  loginPerIp: { max: 30, windowMs: 15 * 60_000 },
  codePerPhoneMinute: { max: 1, windowMs: 60_000 },
  codePerPhoneHour: { max: 5, windowMs: 3600_000 },
  codePerIp: { max: 20, windowMs: 3600_000 },
  drawPasswordPerUser: { max: 5, windowMs: 15 * 60_000 },
  passwordChangePerUser: { max: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

const CODE_TTL_MS = 10 * 60_000;
const CODE_MAX_ATTEMPTS = 5;
const SESSION_TOUCH_MS = 60_000;
const INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export interface Session {
  userId: string;
  tokenHash: string;
  user: UserRecord;
}

export function maskPhone(phone: string): string {
  if (phone.length <= 8) return phone.slice(0, 3) + "****";
  return phone.slice(0, 5) + "****" + phone.slice(-3);
}

export function userInfo(u: UserRecord): UserInfo {
  return {
    userId: u.userId,
    phone: maskPhone(u.phone),
    certifyLevel: u.certifyLevel,
    hasDrawPassword: u.drawPasswordHash !== null,
    inviteCode: u.inviteCode,
    createdAt: u.createdAt,
    passwordResetAt: u.passwordResetAt,
    locale: u.locale,
  };
}

export class AccountsService {
  constructor(private d: AccountsDeps) {}

  private async limit(tenant: string, what: string, who: string, l: Limit) {
    const r = await take(this.d.kv, keys.rate(tenant, what, who), l, this.d.now());
    if (!r.allowed) {
      const seconds = Math.max(1, Math.ceil(r.retryAfterMs / 1000));
      throw new ApiError(429, "RATE_LIMITED", { seconds }, undefined, {
        retryAfterSeconds: seconds,
      });
    }
  }

  /**
   * Send a verification code. Neither the reply nor its timing tells whether the phone has an
   * account: the same lookup and the same code write happen either way, and the message goes
   * out in the background. A registered phone asking for a registration code gets a notice
   * instead of the code; an unknown phone asking for a reset code gets nothing (its code record
   * can never be used: a reset needs the account).
   */
  async sendCode(tenant: Tenant, phone: string, purpose: "register" | "reset", ip: string) {
    const t = tenant.id;
    await this.limit(t, "code-ip", ip, LIMITS.codePerIp);
    await this.limit(t, `code-min-${purpose}`, phone, LIMITS.codePerPhoneMinute);
    await this.limit(t, `code-hour-${purpose}`, phone, LIMITS.codePerPhoneHour);
    const now = this.d.now();
    const registered = (await this.d.kv.get<string>(keys.phone(t, phone))).value !== null;
    const code = randomDigits(6);
    const rec: CodeRecord = {
      hash: await sha256Hex(`${t}:${purpose}:${phone}:${code}`),
      expiresAt: now + CODE_TTL_MS,
      attempts: 0,
    };
    await this.d.kv.set(keys.code(t, purpose, phone), rec, { expireIn: CODE_TTL_MS });
    const message = purpose === "register" && registered
      ? { code: null, note: "already-registered" }
      : purpose === "register" || registered
      ? { code, note: null }
      : null;
    if (message) {
      this.d.sender.send(t, { phone, purpose, ...message, sentAt: now }).catch((err) =>
        console.error("[sms] sending failed", err)
      );
    }
    return { resendAfterSeconds: LIMITS.codePerPhoneMinute.windowMs / 1000 };
  }

  /**
   * Check a code. Every guess first takes one of the code's attempts in an atomic commit, so
   * concurrent guesses cannot exceed the limit; on success the entry is returned for the caller
   * to consume in its own commit (a lost race there is also CODE_INVALID).
   */
  private async checkCode(t: string, purpose: string, phone: string, code: string) {
    const key = keys.code(t, purpose, phone);
    const hash = await sha256Hex(`${t}:${purpose}:${phone}:${code}`);
    for (let i = 0; i < 20; i++) {
      const entry = await this.d.kv.get<CodeRecord>(key);
      const rec = entry.value;
      if (!rec || rec.expiresAt < this.d.now() || rec.attempts >= CODE_MAX_ATTEMPTS) {
        throw new ApiError(400, "CODE_INVALID");
      }
      const next = { ...rec, attempts: rec.attempts + 1 };
      const res = await this.d.kv.atomic().check(entry)
        .set(key, next, { expireIn: Math.max(1000, rec.expiresAt - this.d.now()) }).commit();
      if (!res.ok) continue;
      if (!constantTimeEqual(hash, rec.hash)) throw new ApiError(400, "CODE_INVALID");
      return { key, value: next, versionstamp: res.versionstamp } as Deno.KvEntry<CodeRecord>;
    }
    throw new ApiError(400, "CODE_INVALID");
  }

  async register(
    tenant: Tenant,
    input: { phone: string; code: string; password: string; inviteCode?: string },
  ) {
    const t = tenant.id;
    const invite = input.inviteCode?.trim().toUpperCase() || "";
    let invitedBy: string | null = null;
    if (tenant.invitePolicy === "required" && !invite) {
      throw new ApiError(400, "VALIDATION", {}, { inviteCode: "inviteRequired" });
    }
    // The SMS code first: invitation codes cannot be probed without a valid code.
    const codeEntry = await this.checkCode(t, "register", input.phone, input.code);
    if (invite && tenant.invitePolicy !== "off") {
      const agent = tenant.inviteCodes.some((c) => c.toUpperCase() === invite);
      if (!agent) {
        const owner = await this.d.kv.get<string>(keys.invite(t, invite));
        if (owner.value === null) throw new ApiError(400, "INVITE_INVALID");
        invitedBy = owner.value;
      } else invitedBy = `agent:${invite}`;
    }
    const passwordHash = await hashPassword(input.password);
    const now = this.d.now();
    for (let attempt = 0; attempt < 8; attempt++) {
      const userId = String(10_000_000 + Number(randomDigits(8)) % 90_000_000);
      const inviteCode = Array.from(
        crypto.getRandomValues(new Uint8Array(6)),
        (b) => INVITE_ALPHABET[b % INVITE_ALPHABET.length],
      ).join("");
      const user: UserRecord = {
        userId,
        phone: input.phone,
        passwordHash,
        drawPasswordHash: null,
        inviteCode,
        invitedBy,
        certifyLevel: "none",
        createdAt: now,
        passwordChangedAt: now,
        passwordResetAt: null,
        locale: null,
      };
      const phoneKey = keys.phone(t, input.phone);
      const phoneEntry = await this.d.kv.get(phoneKey);
      if (phoneEntry.value !== null) throw new ApiError(409, "REGISTRATION_FAILED");
      const res = await this.d.kv.atomic()
        .check(codeEntry)
        .check(phoneEntry)
        .check({ key: keys.user(t, userId), versionstamp: null })
        .check({ key: keys.invite(t, inviteCode), versionstamp: null })
        .delete(codeEntry.key)
        .set(keys.user(t, userId), user)
        .set(phoneKey, userId)
        .set(keys.invite(t, inviteCode), userId)
        .commit();
      if (res.ok) return { user, ...(await this.createSession(t, user)) };
      // The code was consumed by a concurrent request, or the phone got taken: stop.
      const again = await this.d.kv.get(codeEntry.key);
      if (again.versionstamp !== codeEntry.versionstamp) throw new ApiError(400, "CODE_INVALID");
    }
    throw new ApiError(409, "CONFLICT");
  }

  private async createSession(t: string, user: UserRecord) {
    const token = randomToken();
    const tokenHash = await sha256Hex(token);
    const now = this.d.now();
    const rec: SessionRecord = {
      userId: user.userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + this.d.sessionMaxMs,
    };
    await this.d.kv.atomic()
      .set(keys.session(t, tokenHash), rec, { expireIn: this.d.sessionMaxMs })
      .set(keys.userSession(t, user.userId, tokenHash), now, { expireIn: this.d.sessionMaxMs })
      .commit();
    return { token, expiresAt: rec.expiresAt };
  }

  async login(tenant: Tenant, phone: string, password: string, ip: string) {
    const t = tenant.id;
    const perIp = await take(
      this.d.kv,
      keys.rate(t, "login-ip", ip),
      LIMITS.loginPerIp,
      this.d.now(),
    );
    const perAccount = await take(
      this.d.kv,
      keys.rate(t, "login-acct", phone),
      LIMITS.loginPerAccount,
      this.d.now(),
    );
    for (const r of [perIp, perAccount]) {
      if (!r.allowed) {
        const minutes = Math.max(1, Math.ceil(r.retryAfterMs / 60_000));
        throw new ApiError(429, "LOCKED", { minutes }, undefined, {
          retryAfterSeconds: Math.ceil(r.retryAfterMs / 1000),
        });
      }
    }
    const found = await findUserByPhone(this.d.kv, t, phone);
    const ok = found
      ? await verifyPassword(password, found.value.passwordHash)
      : await burnVerify(password);
    if (!found || !ok) throw new ApiError(400, "BAD_CREDENTIALS");
    await reset(this.d.kv, keys.rate(t, "login-acct", phone), LIMITS.loginPerAccount, this.d.now());
    return { user: found.value, ...(await this.createSession(t, found.value)) };
  }

  /** Resolve a token to a live session (idle and absolute expiry), refreshing last-seen. */
  async session(t: string, token: string | undefined | null): Promise<Session | null> {
    if (!token || token.length > 128) return null;
    const tokenHash = await sha256Hex(token);
    const entry = await this.d.kv.get<SessionRecord>(keys.session(t, tokenHash));
    const s = entry.value;
    if (!s) return null;
    const now = this.d.now();
    if (now >= s.expiresAt || now - s.lastSeenAt > this.d.sessionIdleMs) {
      await this.d.kv.atomic().delete(entry.key).delete(keys.userSession(t, s.userId, tokenHash))
        .commit();
      return null;
    }
    const user = await getUser(this.d.kv, t, s.userId);
    // A login that raced a password change may have written its session after the sweep.
    if (!user.value || s.createdAt < user.value.passwordChangedAt) return null;
    if (now - s.lastSeenAt > SESSION_TOUCH_MS) {
      await this.d.kv.atomic().check(entry).set(entry.key, { ...s, lastSeenAt: now }, {
        expireIn: Math.max(1000, s.expiresAt - now),
      }).commit();
    }
    return { userId: s.userId, tokenHash, user: user.value };
  }

  /**
   * Whether a session (by its token hash) is still live, without refreshing it: the realtime
   * hub asks before every private event and every 30 s.
   */
  async sessionAlive(t: string, tokenHash: string): Promise<boolean> {
    const s = (await this.d.kv.get<SessionRecord>(keys.session(t, tokenHash))).value;
    if (!s) return false;
    const now = this.d.now();
    if (now >= s.expiresAt || now - s.lastSeenAt > this.d.sessionIdleMs) return false;
    const user = await getUser(this.d.kv, t, s.userId);
    return !!user.value && s.createdAt >= user.value.passwordChangedAt;
  }

  async logout(t: string, s: Session) {
    await this.d.kv.atomic().delete(keys.session(t, s.tokenHash))
      .delete(keys.userSession(t, s.userId, s.tokenHash)).commit();
  }

  /** Update a user record with a versionstamp check, retrying on conflict. */
  private async updateUser(t: string, userId: string, f: (u: UserRecord) => UserRecord) {
    for (let i = 0; i < 10; i++) {
      const entry = await getUser(this.d.kv, t, userId);
      if (!entry.value) throw new ApiError(401, "UNAUTHORIZED");
      const next = f(entry.value);
      const res = await this.d.kv.atomic().check(entry).set(entry.key, next).commit();
      if (res.ok) return next;
    }
    throw new ApiError(409, "CONFLICT");
  }

  async changePassword(t: string, s: Session, oldPassword: string, newPassword: string) {
    await this.limit(t, "pw-change", s.userId, LIMITS.passwordChangePerUser);
    if (!(await verifyPassword(oldPassword, s.user.passwordHash))) {
      throw new ApiError(400, "WRONG_OLD_PASSWORD");
    }
    if (oldPassword === newPassword) throw new ApiError(400, "SAME_PASSWORD");
    const hash = await hashPassword(newPassword);
    const now = this.d.now();
    await this.updateUser(
      t,
      s.userId,
      (u) => ({ ...u, passwordHash: hash, passwordChangedAt: now }),
    );
    await deleteUserSessions(this.d.kv, t, s.userId);
  }

  /** Reset by SMS code; records the time (withdrawals are refused for 24 h after it). */
  async resetPassword(tenant: Tenant, phone: string, code: string, newPassword: string) {
    const t = tenant.id;
    const codeEntry = await this.checkCode(t, "reset", phone, code);
    const found = await findUserByPhone(this.d.kv, t, phone);
    if (!found) throw new ApiError(400, "CODE_INVALID");
    const hash = await hashPassword(newPassword);
    const now = this.d.now();
    const user: UserRecord = {
      ...found.value,
      passwordHash: hash,
      passwordChangedAt: now,
      passwordResetAt: now,
    };
    const res = await this.d.kv.atomic().check(codeEntry).check(found).delete(codeEntry.key)
      .set(found.key, user).commit();
    // The code was used or guessed at concurrently: this request does not get it.
    if (!res.ok) throw new ApiError(400, "CODE_INVALID");
    await deleteUserSessions(this.d.kv, t, user.userId);
  }

  async setDrawPassword(t: string, s: Session, password: string, oldPassword?: string) {
    if (s.user.drawPasswordHash !== null) {
      if (!oldPassword) {
        throw new ApiError(400, "VALIDATION", {}, { oldPassword: "drawPasswordRequired" });
      }
      await this.limit(t, "draw-pw", s.userId, LIMITS.drawPasswordPerUser);
      if (!(await verifyPassword(oldPassword, s.user.drawPasswordHash))) {
        throw new ApiError(400, "DRAW_PASSWORD_WRONG");
      }
    }
    const hash = await hashPassword(password);
    const previous = s.user.drawPasswordHash;
    return await this.updateUser(t, s.userId, (u) => {
      // A concurrent change in between invalidates the old-password check above.
      if (u.drawPasswordHash !== previous) throw new ApiError(409, "CONFLICT");
      return { ...u, drawPasswordHash: hash };
    });
  }

  /** Per customer: draw-password checks run one at a time in this instance (see below). */
  private drawChecks = new Map<string, Promise<unknown>>();

  /**
   * Check the withdrawal password. Every check takes a slot of the per-customer limit before it
   * runs (so concurrent guesses cannot exceed it) and a correct password gives its slot back, so
   * only failures count. Checks of one customer are serialized here, so a burst of legitimate
   * requests is not refused for holding slots at the same time.
   */
  async verifyDrawPassword(t: string, userId: string, password: string): Promise<void> {
    const lockKey = `${t}:${userId}`;
    const prev = this.drawChecks.get(lockKey) ?? Promise.resolve();
    const run = prev.catch(() => {}).then(async () => {
      const u = (await getUser(this.d.kv, t, userId)).value;
      if (!u) throw new ApiError(401, "UNAUTHORIZED");
      if (u.drawPasswordHash === null) throw new ApiError(400, "DRAW_PASSWORD_NOT_SET");
      await this.limit(t, "draw-pw", userId, LIMITS.drawPasswordPerUser);
      if (!(await verifyPassword(password, u.drawPasswordHash))) {
        throw new ApiError(400, "DRAW_PASSWORD_INCORRECT");
      }
      await giveBack(
        this.d.kv,
        keys.rate(t, "draw-pw", userId),
        LIMITS.drawPasswordPerUser,
        this.d.now(),
      );
    });
    this.drawChecks.set(lockKey, run);
    try {
      await run;
    } finally {
      if (this.drawChecks.get(lockKey) === run) this.drawChecks.delete(lockKey);
    }
  }

  async setLocale(t: string, s: Session, locale: string) {
    return await this.updateUser(t, s.userId, (u) => ({ ...u, locale }));
  }
}
