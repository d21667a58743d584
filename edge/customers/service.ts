/**
 * Accounts: verification codes, registration, sign-in (with two-factor), passwords and the
 * withdrawal password. Codes and fresh second factors are in codes.ts, signing in in sign_in.ts;
 * sessions, devices and the sign-in log in sessions.ts; the keys and records in store.ts.
 */
import { DomainError } from "../platform/errors.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import { giveBack } from "../platform/ratelimit.ts";
import type { Tenant } from "../platform/tenants.ts";
import { hashPassword, randomDigits, verifyPassword } from "./passwords.ts";
import type { UserInfo } from "../../contract/customers.ts";
import { messageInto } from "../messages/store.ts";
import { deleteUserSessions, findUserByPhone, getUser, keys, type UserRecord } from "./store.ts";
import { newTotpSecret, totpStep, totpUri } from "./totp.ts";
import { LIMITS } from "./limits.ts";
import { bookOfUser } from "../ledger/accounts.ts";
import { type ClientMeta, type DeviceSession, type Session, Sessions } from "./sessions.ts";
import { Devices } from "./devices.ts";
import { AccountCodes, type AccountsDeps, type FreshProof } from "./codes.ts";
import { SignIn } from "./sign_in.ts";

export { LIMITS } from "./limits.ts";
export {
  type ClientMeta,
  type DeviceSession,
  LOGIN_LOG_SIZE,
  type Session,
  sessionToken,
  userOfToken,
} from "./sessions.ts";

const INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
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
    twoFactor: !!u.totpSecret,
    antiPhishing: u.antiPhishing ?? null,
    book: bookOfUser(u.userId),
    agreementVersion: u.agreementVersion ?? null,
  };
}

/** Customer accounts: codes and fresh proofs (AccountCodes), sign-in (SignIn), the rest here. */
export class AccountsService extends AccountCodes {
  /** Sessions, devices and the sign-in log (sessions.ts). */
  private live: Sessions;
  /** Known devices (devices.ts). */
  private devices: Devices;
  /** Signing in (sign_in.ts). */
  private signIn: SignIn;
  constructor(d: AccountsDeps) {
    super(d);
    this.live = new Sessions(d);
    this.devices = new Devices(d);
    this.signIn = new SignIn(d, this.live, this.devices);
  }

  /**
   * Resolve a token to a live session (idle and absolute expiry), refreshing last-seen;
   * `tokenHash`: the token's hash when the caller has it already (`Sessions.session`).
   */
  session(
    t: string,
    token: string | undefined | null,
    tokenHash?: string,
  ): Promise<Session | null> {
    return this.live.session(t, token, tokenHash);
  }

  /** Whether a session is still live, without refreshing it (the realtime hub asks). */
  sessionAlive(t: string, tokenHash: string): Promise<boolean> {
    return this.live.alive(t, tokenHash);
  }

  logout(t: string, s: Session) {
    return this.live.logout(t, s);
  }

  /**
   * A new session for an account the caller has just made or found (a visitor's demo account),
   * with its own lifetime; `guard` commits with it.
   */
  openSession(
    t: string,
    user: UserRecord,
    meta: ClientMeta,
    lifetime?: { idleMs: number; maxMs: number },
  ) {
    return this.live.create(t, user, meta, undefined, lifetime);
  }

  /** Make the session act as the customer's demo account, or as the customer again (null). */
  actAs(t: string, s: Session, demo: string | null) {
    return this.live.actAs(t, s, demo);
  }

  /** What `logins` reads, to start with the session. */
  loginsRead(t: string, userId: string) {
    return this.live.loginsRead(t, userId);
  }

  /** Recent sign-in attempts on the customer's account, newest first. */
  logins(t: string, s: Session) {
    return this.live.logins(t, s);
  }

  /** The customer's signed-in devices (live sessions), the newest sign-in first. */
  sessions(t: string, s: Session): Promise<DeviceSession[]> {
    return this.live.list(t, s);
  }

  /** Sign one of the customer's devices out; another customer's (or no) session is NOT_FOUND. */
  revokeSession(t: string, s: Session, id: string) {
    return this.live.revoke(t, id, s);
  }

  async register(
    tenant: Tenant,
    input: {
      phone: string;
      code: string;
      password: string;
      inviteCode?: string;
      agreementVersion?: number;
    },
    meta: ClientMeta = { ip: "unknown", userAgent: "" },
  ) {
    const t = tenant.id;
    const invite = input.inviteCode?.trim().toUpperCase() || "";
    let invitedBy: string | null = null;
    if (tenant.invitePolicy === "required" && !invite) {
      throw new DomainError("VALIDATION", {}, { inviteCode: "inviteRequired" });
    }
    // the agreement version accepted: the one the client showed (an older one is recorded as
    // such), or the current one for clients that do not say
    const currentAgreement = (await this.d.agreementVersion?.(t)) ?? 1;
    const agreementVersion = input.agreementVersion ?? currentAgreement;
    if (agreementVersion > currentAgreement) {
      throw new DomainError("VALIDATION", {}, { agreementVersion: "invalid" });
    }
    // The SMS code first: invitation codes cannot be probed without a valid code.
    const codeEntry = await this.checkCode(t, "register", input.phone, input.code);
    if (invite && tenant.invitePolicy !== "off") {
      const agent = tenant.inviteCodes.some((c) => c.toUpperCase() === invite);
      if (!agent) {
        const owner = await this.d.kv.get<string>(keys.invite(t, invite));
        if (owner.value === null) throw new DomainError("INVITE_INVALID");
        invitedBy = owner.value;
      } else invitedBy = `agent:${invite}`;
    }
    const passwordHash = await hashPassword(input.password);
    const now = this.d.now();
    for await (const _attempt of commitAttempts(8)) {
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
        agreementVersion,
        agreementAcceptedAt: now,
      };
      const phoneKey = keys.phone(t, input.phone);
      const phoneEntry = await this.d.kv.get(phoneKey);
      if (phoneEntry.value !== null) throw new DomainError("REGISTRATION_FAILED");
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
      if (res.ok) {
        const session = await this.live.create(t, user, meta, undefined, undefined, "register");
        return { user, ...session, device: await this.devices.remember(t, userId, meta.device) };
      }
      // The code was consumed by a concurrent request, or the phone got taken: stop.
      const again = await this.d.kv.get(codeEntry.key);
      if (again.versionstamp !== codeEntry.versionstamp) throw new DomainError("CODE_INVALID");
    }
    throw storeBusy();
  }

  /** Sign in with phone and password (sign_in.ts: the windows, the owner's paths, two-factor). */
  login(tenant: Tenant, phone: string, password: string, meta: ClientMeta, totp?: string) {
    return this.signIn.login(tenant, phone, password, meta, totp);
  }

  /** The sign-in page's anti-phishing word for a known device of the phone's account, else null. */
  signInHint(t: string, phone: string, device: string | null | undefined) {
    return this.signIn.signInHint(t, phone, device);
  }

  /**
   * Check a TOTP code of the customer's (turning two-factor on or off, confirming a withdrawal):
   * failures are limited per customer, and the code's step is consumed in the user record's
   * versionstamp-checked update, so each code works once. `secretOf` picks the secret to check
   * against and `apply` the rest of the update.
   */
  private async useTotp(
    t: string,
    userId: string,
    code: string,
    field: "code" | "totp",
    secretOf: (u: UserRecord) => string,
    apply: (u: UserRecord) => UserRecord = (u) => u,
  ) {
    await this.limit(t, "totp", userId, LIMITS.totpPerUser);
    const now = this.d.now();
    const next = await this.updateUser(t, userId, (u) => {
      const step = totpStep(secretOf(u), code, now, u.lastTotpStep ?? 0);
      if (step === null) throw new DomainError("TOTP_INVALID", {}, { [field]: "totpInvalid" });
      return { ...apply(u), lastTotpStep: step };
    });
    await giveBack(this.d.kv, keys.rate(t, "totp", userId), LIMITS.totpPerUser, this.d.now());
    return next;
  }

  /** Start turning two-factor on: a new secret (shown once) and its otpauth URI. */
  async setupTwoFactor(t: string, s: Session, issuer: string) {
    if (s.user.totpSecret) throw new DomainError("TWO_FACTOR_ON");
    const secret = newTotpSecret();
    await this.updateUser(t, s.userId, (u) => {
      if (u.totpSecret) throw new DomainError("TWO_FACTOR_ON");
      return { ...u, totpPending: secret };
    });
    return { secret, uri: totpUri(secret, maskPhone(s.user.phone), issuer) };
  }

  /** Turn two-factor on with a first code from the secret handed out by setup. */
  async enableTwoFactor(t: string, s: Session, code: string) {
    if (s.user.totpSecret) throw new DomainError("TWO_FACTOR_ON");
    if (!s.user.totpPending) throw new DomainError("TWO_FACTOR_OFF");
    return await this.useTotp(t, s.userId, code, "code", (u) => {
      if (u.totpSecret) throw new DomainError("TWO_FACTOR_ON");
      if (!u.totpPending) throw new DomainError("TWO_FACTOR_OFF");
      return u.totpPending;
    }, (u) => ({ ...u, totpSecret: u.totpPending, totpPending: null }));
  }

  /** Turn two-factor off with a current code; the customer gets a message in the same commit. */
  async disableTwoFactor(t: string, s: Session, code: string) {
    if (!s.user.totpSecret) throw new DomainError("TWO_FACTOR_OFF");
    return await this.withFreshProof(t, s.userId, { totp: code }, (u, op) => {
      if (!u.totpSecret) throw new DomainError("TWO_FACTOR_OFF");
      messageInto(op, t, s.userId, { at: this.d.now(), kind: "twoFactorOff", params: {} });
      const user: UserRecord = { ...u, totpSecret: null, totpPending: null };
      return { user, result: user };
    }, "code");
  }

  /**
   * Confirm an action (a withdrawal) with the customer's TOTP code when two-factor is on (`user`:
   * the customer as the caller read them, no read here when two-factor is off).
   */
  async confirmTwoFactor(t: string, userId: string, code: string | undefined, user?: UserRecord) {
    const u = user ?? (await getUser(this.d.kv, t, userId)).value;
    if (!u?.totpSecret) return;
    if (!code) throw new DomainError("TOTP_REQUIRED", {}, { totp: "totpRequired" });
    await this.useTotp(t, userId, code, "totp", (x) => {
      if (!x.totpSecret) throw new DomainError("TWO_FACTOR_OFF");
      return x.totpSecret;
    });
  }

  /** Update a user record with a versionstamp check, retrying on conflict. */
  private async updateUser(t: string, userId: string, f: (u: UserRecord) => UserRecord) {
    for await (const _attempt of commitAttempts()) {
      const entry = await getUser(this.d.kv, t, userId);
      if (!entry.value) throw new DomainError("UNAUTHORIZED");
      const next = f(entry.value);
      const res = await this.d.kv.atomic().check(entry).set(entry.key, next).commit();
      if (res.ok) return next;
    }
    throw storeBusy();
  }

  async changePassword(t: string, s: Session, oldPassword: string, newPassword: string) {
    await this.limit(t, "pw-change", s.userId, LIMITS.passwordChangePerUser);
    if (!(await verifyPassword(oldPassword, s.user.passwordHash))) {
      throw new DomainError("WRONG_OLD_PASSWORD");
    }
    if (oldPassword === newPassword) throw new DomainError("SAME_PASSWORD");
    const hash = await hashPassword(newPassword);
    const now = this.d.now();
    // every session ends before the change is stored and again after it (a sign-in racing the
    // change): a money write that read one fails its commit's check (`guardJournals`)
    await deleteUserSessions(this.d.kv, t, s.userId);
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
    if (!found) throw new DomainError("CODE_INVALID");
    const hash = await hashPassword(newPassword);
    const now = this.d.now();
    // the sessions end before the reset is stored and again after it (as `changePassword`)
    await deleteUserSessions(this.d.kv, t, found.value.userId);
    const user: UserRecord = {
      ...found.value,
      passwordHash: hash,
      passwordChangedAt: now,
      passwordResetAt: now,
    };
    const res = await this.d.kv.atomic().check(codeEntry).check(found).delete(codeEntry.key)
      .set(found.key, user).commit();
    // The code was used or guessed at concurrently: this request does not get it.
    if (!res.ok) throw new DomainError("CODE_INVALID");
    await deleteUserSessions(this.d.kv, t, user.userId);
  }

  /**
   * Set or change the withdrawal password: needs a fresh second factor (`withFreshProof`) and,
   * for a change, the old password; the customer gets a message in the same commit.
   */
  async setDrawPassword(
    t: string,
    s: Session,
    password: string,
    oldPassword: string | undefined,
    proof: FreshProof,
  ) {
    if (s.user.drawPasswordHash !== null) {
      if (!oldPassword) {
        throw new DomainError("VALIDATION", {}, { oldPassword: "drawPasswordRequired" });
      }
      await this.limit(t, "draw-pw", s.userId, LIMITS.drawPasswordPerUser);
      if (!(await verifyPassword(oldPassword, s.user.drawPasswordHash))) {
        throw new DomainError("DRAW_PASSWORD_WRONG");
      }
    }
    const hash = await hashPassword(password);
    const previous = s.user.drawPasswordHash;
    return await this.withFreshProof(t, s.userId, proof, (u, op) => {
      // A concurrent change in between invalidates the old-password check above.
      if (u.drawPasswordHash !== previous) throw new DomainError("CONFLICT");
      const kind = previous === null ? "drawPasswordSet" : "drawPasswordChanged";
      messageInto(op, t, s.userId, { at: this.d.now(), kind, params: {} });
      const user: UserRecord = { ...u, drawPasswordHash: hash };
      return { user, result: user };
    });
  }

  /**
   * Set or change the anti-phishing code (fresh second factor needed); the customer gets a
   * message, which shows the new word, in the same commit.
   */
  async setAntiPhishing(t: string, s: Session, word: string, proof: FreshProof) {
    return await this.withFreshProof(t, s.userId, proof, (u, op) => {
      messageInto(op, t, s.userId, { at: this.d.now(), kind: "antiPhishingSet", params: {} });
      const user: UserRecord = { ...u, antiPhishing: word };
      return { user, result: user };
    });
  }

  /**
   * The key of the withdrawal password's failure window now (a fixed window of
   * `LIMITS.drawPasswordPerUser`, as the password change counts it), to read with the request's
   * other records (one round trip) and hand to `checkDrawPassword`.
   */
  drawWindowKey(t: string, userId: string): Deno.KvKey {
    const l = LIMITS.drawPasswordPerUser, now = this.d.now();
    return [...keys.rate(t, "draw-pw", userId), now - (now % l.windowMs)];
  }

  /**
   * Check the withdrawal password of the customer as read (`u`), with the failure window read
   * with it (`window`, at `drawWindowKey`): no read of its own. A full window refuses before any
   * comparison (RATE_LIMITED); a wrong password takes a slot in a commit that checks the window
   * as read (racing guesses are ordered by their commits; one that lost reads the window again,
   * and a full window refuses it), so at most `max` failures are answered per window; a right
   * one takes nothing, and the caller's commit must check `window` unchanged, so no guess passes
   * a window that filled meanwhile (the caller re-reads and asks again).
   */
  async checkDrawPassword(
    u: UserRecord,
    password: string,
    window: Deno.KvEntryMaybe<number>,
  ): Promise<void> {
    if (u.drawPasswordHash === null) throw new DomainError("DRAW_PASSWORD_NOT_SET");
    const l = LIMITS.drawPasswordPerUser;
    const limited = () => {
      const start = window.key.at(-1) as number;
      const seconds = Math.max(1, Math.ceil((start + l.windowMs - this.d.now()) / 1000));
      return new DomainError("RATE_LIMITED", { seconds }, undefined, {
        retryAfterSeconds: seconds,
      });
    };
    const full = (w: Deno.KvEntryMaybe<number>) => {
      if ((w.value ?? 0) >= l.max) throw limited();
    };
    full(window);
    if (await verifyPassword(password, u.drawPasswordHash)) return;
    let w = window;
    for await (const _attempt of commitAttempts(50)) {
      const res = await this.d.kv.atomic().check(w)
        .set(w.key, (w.value ?? 0) + 1, { expireIn: l.windowMs + 1000 }).commit();
      if (res.ok) throw new DomainError("DRAW_PASSWORD_INCORRECT");
      w = await this.d.kv.get<number>(w.key);
      full(w);
    }
    // heavy contention on one window: refused (fail closed), as a full window
    throw limited();
  }

  async setLocale(t: string, s: Session, locale: string) {
    return await this.updateUser(t, s.userId, (u) => ({ ...u, locale }));
  }
}
