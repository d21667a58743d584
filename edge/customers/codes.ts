/**
 * Verification codes and fresh second factors of customer accounts (edge/customers/service.ts):
 * sending a code (the same work whether the phone has an account or not), checking one (each
 * guess takes an attempt first), the rate limits around them, and committing a change to money
 * settings with a second factor used up in the same commit. `AccountsService` extends it with
 * registration, passwords and two-factor, which all rest on these.
 */
import { DomainError } from "../platform/errors.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import { giveBack, type Limit, take } from "../platform/ratelimit.ts";
import type { Tenant } from "../platform/tenants.ts";
import { constantTimeEqual, randomDigits, sha256Hex } from "./passwords.ts";
import type { SmsSender } from "./sender.ts";
import { type CodePurpose, type CodeRecord, getUser, keys, type UserRecord } from "./store.ts";
import { totpStep } from "./totp.ts";
import { LIMITS } from "./limits.ts";
import type { Session } from "./sessions.ts";

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

export class AccountCodes {
  constructor(protected d: AccountsDeps) {}

  protected async limit(tenant: string, what: string, who: string, l: Limit) {
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
  protected async checkCode(t: string, purpose: string, phone: string, code: string) {
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
}
