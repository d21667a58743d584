/**
 * Signing a customer in (edge/customers/service.ts): one attempt's reads in one round trip, the
 * sign-in windows that slow guessing per (account, source), per account and per source, the
 * owner's paths through a full window (a valid code, a known device), and the session, device
 * and new-device notice committed with the attempt's record. Also the sign-in page's hint (the
 * anti-phishing word, to a known device only).
 */
import { DomainError } from "../platform/errors.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import { outsideRequest } from "../platform/kv_round_trips.ts";
import { locked, type SignInOutcome, SignInWindows } from "../platform/ratelimit.ts";
import type { Tenant } from "../platform/tenants.ts";
import { burnVerify, verifyPassword } from "./passwords.ts";
import { stageEvents } from "../ledger/events.ts";
import { journalId } from "../ledger/service.ts";
import {
  type DeviceRecord,
  findUserByPhone,
  getUser,
  keys,
  type LoginResult,
  type UserRecord,
} from "./store.ts";
import { totpStep } from "./totp.ts";
import { LIMITS } from "./limits.ts";
import { type ClientMeta, Sessions } from "./sessions.ts";
import { Devices } from "./devices.ts";
import type { AccountsDeps } from "./codes.ts";

export class SignIn {
  constructor(
    private d: AccountsDeps,
    private live: Sessions,
    private devices: Devices,
  ) {}

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
}

/** A customer's sign-in windows: per (phone, source), per phone and per source. */
function loginWindows(t: string, phone: string, ip: string, now: number) {
  return new SignInWindows((what, who) => keys.rate(t, what, who), phone, ip, LIMITS.login, now);
}
