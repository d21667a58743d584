/**
 * Accounts: verification codes, registration, sign-in (with two-factor), passwords and the
 * withdrawal password. Sessions, devices and the sign-in log are in sessions.ts; the keys and
 * records in store.ts.
 */
import { DomainError } from "../platform/errors.ts";
import { commitAttempts, outsideRequest, storeBusy } from "../platform/kvstore.ts";
import {
  giveBack,
  type Limit,
  locked,
  type SignInOutcome,
  SignInWindows,
  take,
} from "../platform/ratelimit.ts";
import type { Tenant } from "../platform/tenants.ts";
import {
  burnVerify,
  constantTimeEqual,
  hashPassword,
  randomDigits,
  sha256Hex,
  verifyPassword,
} from "./passwords.ts";
import type { UserInfo } from "../../contract/accounts.ts";
import type { SmsSender } from "./sender.ts";
import { messageInto } from "../messages/store.ts";
import { stageEvents } from "../ledger/events.ts";
import { journalId } from "../ledger/service.ts";
import {
  type CodePurpose,
  type CodeRecord,
  deleteUserSessions,
  type DeviceRecord,
  findUserByPhone,
  getUser,
  keys,
  type LoginResult,
  type UserRecord,
} from "./store.ts";
import { newTotpSecret, totpStep, totpUri } from "./totp.ts";
import { LIMITS } from "./limits.ts";
import { bookOfUser } from "../ledger/accounts.ts";
import { type ClientMeta, type DeviceSession, type Session, Sessions } from "./sessions.ts";
import { Devices } from "./devices.ts";

export { LIMITS } from "./limits.ts";
export {
  type ClientMeta,
  type DeviceSession,
  LOGIN_LOG_SIZE,
  type Session,
  sessionToken,
  userOfToken,
} from "./sessions.ts";

export interface AccountsDeps {
  kv: Deno.Kv;
  /** A second connection to the same store for the per-request session read (default `kv`). */
  reads?: Deno.Kv;
  sender: SmsSender;
  now: () => number;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** The user agreement's current version (content); a registration records what it accepted. */
  agreementVersion?: (t: string) => Promise<number>;
}

/**
 * A fresh second factor for a change to money settings: the SMS code of purpose `security` sent
 * to the customer's phone, or, when two-factor is on, a current TOTP code (then required: it
 * survives a SIM swap). Either is used up by the change it confirms.
 */
export interface FreshProof {
  code?: string;
  totp?: string;
}

const CODE_TTL_MS = 10 * 60_000;
const CODE_MAX_ATTEMPTS = 5;
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

export class AccountsService {
  /** Sessions, devices and the sign-in log (sessions.ts). */
  private live: Sessions;
  /** Known devices (devices.ts). */
  private devices: Devices;
  constructor(private d: AccountsDeps) {
    this.live = new Sessions(d);
    this.devices = new Devices(d);
  }

  /** Resolve a token to a live session (idle and absolute expiry), refreshing last-seen. */
  session(t: string, token: string | undefined | null): Promise<Session | null> {
    return this.live.session(t, token);
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

  private async limit(tenant: string, what: string, who: string, l: Limit) {
    const r = await take(this.d.kv, keys.rate(tenant, what, who), l, this.d.now());
    if (!r.allowed) {
      const seconds = Math.max(1, Math.ceil(r.retryAfterMs / 1000));
      throw new DomainError("RATE_LIMITED", { seconds }, undefined, {
        retryAfterSeconds: seconds,
      });
    }
  }

  /**
   * Send a verification code. Neither the reply nor its timing tells whether the phone has an
   * account: the same lookup and the same code write happen either way, and every request sends
   * one message. A registered phone asking for a registration code gets a notice instead of the
   * code; an unknown phone asking for a reset code gets a "no account" notice (its code record can
   * never be used: a reset needs the account). When the provider fails the customer gets
   * SMS_SEND_FAILED and the phone's slots are given back, so an immediate retry is allowed;
   * the per-IP slot stays taken (it bounds how often anyone can make us call the provider).
   */
  async sendCode(
    tenant: Tenant,
    phone: string,
    purpose: CodePurpose,
    ip: string,
    locale?: string,
  ) {
    const t = tenant.id;
    await this.limit(t, "code-ip", ip, LIMITS.codePerIp);
    await this.limit(t, `code-min-${purpose}`, phone, LIMITS.codePerPhoneMinute);
    await this.limit(t, `code-hour-${purpose}`, phone, LIMITS.codePerPhoneHour);
    const now = this.d.now();
    // the same two reads either way (the account's anti-phishing code leads its messages)
    const userId = (await this.d.kv.get<string>(keys.phone(t, phone))).value;
    const account = (await getUser(this.d.kv, t, userId ?? "-")).value;
    const registered = userId !== null;
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
      : { code: null, note: "no-account" };
    const antiPhishing = account?.antiPhishing ? { antiPhishing: account.antiPhishing } : {};
    try {
      await this.d.sender.send(t, {
        phone,
        purpose,
        ...message,
        sentAt: now,
        locale,
        ...antiPhishing,
      });
    } catch (err) {
      for (
        const [what, l] of [["min", LIMITS.codePerPhoneMinute], [
          "hour",
          LIMITS.codePerPhoneHour,
        ]] as const
      ) {
        await giveBack(this.d.kv, keys.rate(t, `code-${what}-${purpose}`, phone), l, now);
      }
      throw err;
    }
    return { resendAfterSeconds: LIMITS.codePerPhoneMinute.windowMs / 1000 };
  }

  /**
   * Send the signed-in customer a `security` code to their own phone (it confirms a change to
   * money settings; see `withFreshProof`), in the language they use.
   */
  sendSecurityCode(tenant: Tenant, s: Session, ip: string, locale?: string) {
    return this.sendCode(tenant, s.user.phone, "security", ip, s.user.locale ?? locale);
  }

  /**
   * Commit a change to money settings (withdrawal password, payment method, two-factor off,
   * anti-phishing code) with a fresh second factor, used up in the same atomic commit as the
   * change: `plan` adds the change (and its message) to the commit and may return the user
   * record to write. Two-factor on: a current TOTP code (`totp`), else the `security` SMS code
   * (`code`). Missing: SECURITY_CODE_REQUIRED or TOTP_REQUIRED; wrong: CODE_INVALID or
   * TOTP_INVALID, and nothing changes.
   */
  async withFreshProof<R>(
    t: string,
    userId: string,
    proof: FreshProof,
    plan: (
      u: UserRecord,
      op: Deno.AtomicOperation,
    ) => Promise<{ user?: UserRecord; result: R }> | { user?: UserRecord; result: R },
    totpField = "totp",
  ): Promise<R> {
    const first = (await getUser(this.d.kv, t, userId)).value;
    if (!first) throw new DomainError("UNAUTHORIZED");
    const viaTotp = !!first.totpSecret;
    let codeEntry: Deno.KvEntry<CodeRecord> | null = null;
    if (viaTotp) {
      if (!proof.totp) {
        throw new DomainError("TOTP_REQUIRED", {}, { [totpField]: "totpRequired" }, {
          twoFactor: true,
        });
      }
      await this.limit(t, "totp", userId, LIMITS.totpPerUser);
    } else {
      if (!proof.code) {
        throw new DomainError("SECURITY_CODE_REQUIRED", {}, { code: "codeRequired" });
      }
      codeEntry = await this.checkCode(t, "security", first.phone, proof.code);
    }
    const now = this.d.now();
    for await (const _attempt of commitAttempts()) {
      const entry = await getUser(this.d.kv, t, userId);
      const u = entry.value;
      if (!u) throw new DomainError("UNAUTHORIZED");
      let step: number | null = null;
      // two-factor turned on or off in between: the proof given is not the one needed now
      if (viaTotp !== !!u.totpSecret) throw new DomainError("CONFLICT");
      if (viaTotp) {
        step = totpStep(u.totpSecret!, proof.totp!, now, u.lastTotpStep ?? 0);
        if (step === null) {
          throw new DomainError("TOTP_INVALID", {}, { [totpField]: "totpInvalid" });
        }
      }
      const op = this.d.kv.atomic().check(entry);
      if (codeEntry) op.check(codeEntry).delete(codeEntry.key);
      const planned = await plan(u, op);
      if (planned.user || step !== null) {
        op.set(entry.key, {
          ...(planned.user ?? u),
          ...(step === null ? {} : { lastTotpStep: step }),
        });
      }
      const res = await op.commit();
      if (res.ok) {
        if (viaTotp) {
          await giveBack(this.d.kv, keys.rate(t, "totp", userId), LIMITS.totpPerUser, this.d.now());
        }
        return planned.result;
      }
      // the code was used (or guessed at) by a concurrent request: this one does not get it
      if (codeEntry) {
        const again = await this.d.kv.get(codeEntry.key);
        if (again.versionstamp !== codeEntry.versionstamp) throw new DomainError("CODE_INVALID");
      }
    }
    throw storeBusy();
  }

  /**
   * Check a code. Every guess first takes one of the code's attempts in an atomic commit, so
   * concurrent guesses cannot exceed the limit; on success the entry is returned for the caller
   * to consume in its own commit (a lost race there is also CODE_INVALID).
   */
  private async checkCode(t: string, purpose: string, phone: string, code: string) {
    const key = keys.code(t, purpose, phone);
    const hash = await sha256Hex(`${t}:${purpose}:${phone}:${code}`);
    for await (const _attempt of commitAttempts(20)) {
      const entry = await this.d.kv.get<CodeRecord>(key);
      const rec = entry.value;
      if (!rec || rec.expiresAt < this.d.now() || rec.attempts >= CODE_MAX_ATTEMPTS) {
        throw new DomainError("CODE_INVALID");
      }
      const next = { ...rec, attempts: rec.attempts + 1 };
      const res = await this.d.kv.atomic().check(entry)
        .set(key, next, { expireIn: Math.max(1000, rec.expiresAt - this.d.now()) }).commit();
      if (!res.ok) continue;
      if (!constantTimeEqual(hash, rec.hash)) throw new DomainError("CODE_INVALID");
      return { key, value: next, versionstamp: res.versionstamp } as Deno.KvEntry<CodeRecord>;
    }
    throw new DomainError("CODE_INVALID");
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

  /**
   * One sign-in attempt's reads in one round trip: the phone's index, the windows, the guessed
   * account's record and login records, the device (the account read again when the index moved).
   */
  private async loginRead(
    t: string,
    phone: string,
    a: {
      guess: string | null;
      windows: SignInWindows;
      meta: ClientMeta;
      deviceKey: Deno.KvKey | null;
    },
  ) {
    const { guess, windows, meta, deviceKey } = a;
    const kv = this.d.kv;
    const read = await kv.getMany<unknown[]>([
      keys.phone(t, phone),
      ...windows.keys,
      ...(guess ? [keys.user(t, guess), ...this.live.loginKeys(t, guess, meta)] : []),
      ...(deviceKey ? [deviceKey] : []),
    ]);
    const index = read[0] as Deno.KvEntryMaybe<string>;
    const counters = read.slice(1, 4) as Deno.KvEntryMaybe<number>[];
    const device = deviceKey ? read.at(-1) as Deno.KvEntryMaybe<DeviceRecord> : null;
    let found = index.value === guess && guess
      ? read[4] as Deno.KvEntryMaybe<UserRecord>
      : index.value
      ? await getUser(kv, t, index.value)
      : null;
    if (!found?.value) found = null;
    let seen = guess && found?.value?.userId === guess
      ? read.slice(5, 7) as [Deno.KvEntryMaybe<number>, Deno.KvEntryMaybe<true>]
      : null;
    if (found && !seen) {
      seen = await kv.getMany<[number, true]>(this.live.loginKeys(t, found.value!.userId, meta));
    }
    return { counters, device, found, seen };
  }

  /**
   * Signed in, into the attempt's commit: the session, the device, the code's step (racing
   * sign-ins get a code once) and, from a device this account never used, the customer's notice
   * (edge/notifications/).
   */
  private async signedInto(
    op: Deno.AtomicOperation,
    t: string,
    u: UserRecord,
    meta: ClientMeta,
    o: {
      device: Deno.KvEntryMaybe<DeviceRecord> | null;
      step: number | null;
      found: Deno.KvEntryMaybe<UserRecord> | null;
    },
  ) {
    const session = await this.live.createInto(op, t, u, meta);
    if (o.step !== null) op.check(o.found!).set(o.found!.key, { ...u, lastTotpStep: o.step });
    const token = await this.devices.rememberInto(op, t, u.userId, meta.device, o.device);
    if (o.device?.value?.userId !== u.userId) {
      const at = this.d.now();
      stageEvents(op, t, at, { refs: [{ user: u.userId, kind: "signIn", id: journalId(at) }] });
    }
    return { session, token };
  }

  /**
   * Sign in with phone and password, plus the TOTP code when the customer turned two-factor on
   * (without it, a correct password answers TOTP_REQUIRED and costs no attempt). Guessing is
   * slowed per (account, source), per account and per source (see `signInGate`); past a full
   * window only the owner's paths pass: a valid code with the right password, or the right
   * password from a known device (devices.ts). Those are checked before the password (cheap), so
   * guesses past the limits cost no password hash. Every other outcome while locked, and every
   * outcome for unknown phones, looks the same as for a known one. A success gives its slots
   * back and hands out the device's token.
   */
  async login(tenant: Tenant, phone: string, password: string, meta: ClientMeta, totp?: string) {
    const t = tenant.id;
    const now = this.d.now();
    const kv = this.d.kv;
    const windows = loginWindows(t, phone, meta.ip, now);
    const deviceKey = await this.devices.keyOf(t, meta.device);
    // The account of the phone as a nearby replica knows it (free far from the store): its user
    // record is read with the rest in one round trip, and the phone's index read beside it
    // confirms it (a phone that moved within the replica's lag costs one more read).
    const guess = (await kv.get<string>(keys.phone(t, phone), { consistency: "eventual" })).value;
    const passwordOk = new Map<string, Promise<boolean>>();
    for await (const _attempt of commitAttempts(20)) {
      const { counters, device, found, seen } = await this.loginRead(t, phone, {
        guess,
        windows,
        meta,
        deviceKey,
      });
      const u = found?.value ?? null;
      const op = kv.atomic();
      /** the outcome into this attempt's commit; false: the commit lost a race (decide again) */
      const commit = async (outcome: SignInOutcome, result: LoginResult | null) => {
        windows.into(op, counters, outcome);
        if (u && result) this.live.recordInto(op, t, u.userId, meta, result, seen!);
        return (await op.commit()).ok;
      };
      const secret = u?.totpSecret ?? null;
      const step = secret && totp ? totpStep(secret, totp, now, u!.lastTotpStep ?? 0) : null;
      const lockedFor = windows.lockedForMs(counters);
      const ownersPath = lockedFor !== null && u &&
        (step !== null || device?.value?.userId === u.userId);
      if (lockedFor !== null && !ownersPath) {
        if (await commit("failure", "throttled")) throw locked(lockedFor);
        continue;
      }
      const hash = u?.passwordHash ?? "";
      if (!passwordOk.has(hash)) {
        passwordOk.set(hash, u ? verifyPassword(password, hash) : burnVerify(password));
      }
      const ok = await passwordOk.get(hash)!;
      if (lockedFor !== null && !ok) {
        if (await commit("failure", "throttled")) throw locked(lockedFor);
        continue;
      }
      if (!u || !ok) {
        if (await commit("failure", "wrongPassword")) throw new DomainError("BAD_CREDENTIALS");
        continue;
      }
      if (u.locked) {
        // the right password on a locked account: told so (it is no guess of an outsider's)
        if (await commit("none", "locked")) throw new DomainError("ACCOUNT_LOCKED");
        continue;
      }
      if (secret && totp === undefined) {
        // the first of two steps: the right password alone is not a failed attempt
        if (await commit("none", null)) {
          throw new DomainError("TOTP_REQUIRED", {}, undefined, { twoFactor: true });
        }
        continue;
      }
      if (secret && step === null) {
        if (await commit("failure", "totpFailed")) {
          throw new DomainError("TOTP_INVALID", {}, { totp: "totpInvalid" });
        }
        continue;
      }
      // signed in: the session, the device, the record of it and the code's step (racing
      // sign-ins get a code once) in one commit, checked against everything read
      const { session, token } = await this.signedInto(op, t, u, meta, { device, step, found });
      if (!(await commit("success", "success"))) continue;
      // forgetting devices beyond the most recent ones is housekeeping, not the customer's wait
      if (token !== meta.device) {
        outsideRequest(() => this.devices.prune(t, u.userId)).catch(() => {});
      }
      return { user: u, ...session, device: token };
    }
    throw storeBusy();
  }

  /**
   * What the sign-in page shows once the phone is entered: the customer's anti-phishing word,
   * only to a known device of that phone's account (shown to anyone who types a phone, it would
   * help a phishing site). Everyone else gets null without the phone even being looked up, so
   * the answer never tells whether a phone has an account.
   */
  async signInHint(t: string, phone: string, device: string | null | undefined) {
    const held = await this.devices.entry(t, device);
    const user = held ? await findUserByPhone(this.d.kv, t, phone) : null;
    const mine = user && user.value.userId === held!.value.userId;
    return { antiPhishing: (mine && user.value.antiPhishing) || null };
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

/** A customer's sign-in windows: per (phone, source), per phone and per source. */
function loginWindows(t: string, phone: string, ip: string, now: number) {
  return new SignInWindows((what, who) => keys.rate(t, what, who), phone, ip, LIMITS.login, now);
}
