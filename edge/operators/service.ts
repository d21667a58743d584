import {
  burnVerify,
  hashPassword,
  randomToken,
  sha256Hex,
  verifyPassword,
} from "../customers/passwords.ts";
import { newTotpSecret, totpStep, totpUri } from "../customers/totp.ts";
import { DomainError } from "../platform/errors.ts";
import { INVITATION_MAX_ATTEMPTS, invitationHash } from "./invitations.ts";
import { auditFilter, type AuditQuery } from "./audit_reads.ts";
import { locked, signInLimits, type SignInOutcome, SignInWindows } from "../platform/ratelimit.ts";
import {
  auditAlone,
  auditCsv,
  auditInto,
  auditJsonl,
  exportAudit,
  listAudit,
} from "../audit/audit.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import {
  type AuditHead,
  isEnrolled,
  type Json,
  keys,
  type OperatorEnrolment,
  type OperatorRecord,
  type OperatorRole,
  type OperatorSessionRecord,
} from "./store.ts";
import {
  endSessionsInto,
  MAX_SESSIONS_ENDED,
  newSession,
  operatorOfToken,
  sessionInto,
  sessionsOf,
} from "./sessions.ts";

/** Operator sign-in limits: stricter than customers' (a back office is a prime target). */
export const OPERATOR_LIMITS = {
  login: signInLimits(30 * 60_000, { perAccountSource: 5, perAccount: 30, perIp: 20 }),
};

/** A first sign-in's enrolment lasts 10 minutes; it ends after 5 wrong codes. */
export const ENROL_MS = 10 * 60_000;
export const ENROL_MAX_ATTEMPTS = 5;

export interface OperatorSession {
  username: string;
  roles: OperatorRole[];
  tokenHash: string;
  /** the session's public id (absent on sessions from before the per-operator index) */
  sessionId: string | null;
}

/** What a sign-in answers: a session, or (first sign-in) the enrolment to complete first. */
export type SignIn =
  | { status: "signedIn"; token: string; expiresAt: number; roles: OperatorRole[] }
  | {
    status: "enrolmentRequired";
    enrolToken: string;
    secret: string;
    uri: string;
    expiresAt: number;
  };

/**
 * An operator's own step (sign-in, invitation, enrolment, password) into the audit chain, in the
 * step's commit: by that operator and about that operator.
 */
function auditSelf(
  op: Deno.AtomicOperation,
  head: Deno.KvEntryMaybe<AuditHead>,
  by: { t: string; username: string; ip: string | null; now: number },
  action: string,
  after: Json,
  before: Json = null,
) {
  auditInto(op, by.t, head, {
    at: by.now,
    operator: by.username,
    action,
    target: `operator:${by.username}`,
    before,
    after,
    ip: by.ip,
  });
}

/**
 * What an operator's sign-in attempt writes into its one commit: audit entries (failed attempts
 * too, bounded by the windows; never the secrets) and the outcome's window slots; `commit` says
 * false when the commit lost a race (read and decide again).
 */
function signInOutcome(
  op: Deno.AtomicOperation,
  a: { t: string; username: string; ip: string; now: number; windows: SignInWindows },
  head: Deno.KvEntryMaybe<AuditHead>,
  counters: Deno.KvEntryMaybe<number>[],
) {
  const audit = (action: string, after: Json) => auditSelf(op, head, a, action, after);
  return {
    audit,
    commit: async (outcome: SignInOutcome) => {
      a.windows.into(op, counters, outcome);
      return (await op.commit()).ok;
    },
    failed: (after: Record<string, boolean>) => audit("operator.loginFailed", after),
  };
}

/**
 * Operator accounts (separate from customers: own records, own sessions, own throttles),
 * password (Argon2id) + TOTP sign-in, and the audit entries of sign-in and sign-out.
 */
export type { AuditQuery } from "./audit_reads.ts";

export class OperatorsService {
  constructor(private kv: Deno.Kv, private now: () => number = Date.now) {}

  /** Create an operator if the username is free (seeding); false when it already exists. */
  async create(
    t: string,
    o: { username: string; password: string; totpSecret: string; roles: OperatorRole[] },
  ) {
    const key = keys.operator(t, o.username);
    if ((await this.kv.get(key)).versionstamp !== null) return false; // hash only when needed
    const rec: OperatorRecord = {
      username: o.username,
      passwordHash: await hashPassword(o.password),
      totpSecret: o.totpSecret,
      roles: o.roles,
      createdAt: this.now(),
      lastTotpStep: 0,
    };
    const res = await this.kv.atomic().check({ key, versionstamp: null }).set(key, rec).commit();
    return res.ok;
  }

  /**
   * Sign-in with password and TOTP code. An operator who has not enrolled yet (created by an
   * admin) signs in with the temporary password alone and gets an enrolment (a new secret, shown
   * once, and a short-lived token that opens nothing but `enrol`), not a session. A disabled
   * operator who gives every factor right is told so (OPERATOR_DISABLED); any other failure is
   * BAD_CREDENTIALS.
   */
  async login(
    t: string,
    username: string,
    password: string,
    totp: string | undefined,
    ip: string,
    issuer = "Tradewind console",
  ): Promise<SignIn> {
    const now = this.now();
    // per (operator, source), per operator and per source; past a full window only the owner's
    // path passes (the right password with a valid code), so guessers cannot lock the owner out;
    // a success takes no slot (an office behind one address is never locked out). The windows,
    // the operator and the audit head are read together and the outcome is one commit that
    // checks them (ratelimit.ts `SignInWindows`): 1 round trip + 1 commit from anywhere.
    const windows = this.windows(t, "", username, ip, now);
    const passwords = new Map<string, Promise<boolean>>();
    for await (const _attempt of commitAttempts()) {
      const read = await this.kv.getMany<unknown[]>([
        keys.operator(t, username),
        keys.auditHead(t),
        ...windows.keys,
      ]);
      const out = await this.signInAttempt(
        { t, username, password, totp, ip, issuer, now, windows, passwords },
        read,
      );
      if (out) return out;
    }
    throw storeBusy();
  }

  /**
   * One attempt of an operator's sign-in on what `login` read (the operator, the audit head, the
   * windows): the outcome goes into one commit that checks them; null when that commit lost a
   * race (read and decide again).
   */
  private async signInAttempt(
    a: {
      t: string;
      username: string;
      password: string;
      totp: string | undefined;
      ip: string;
      issuer: string;
      now: number;
      windows: SignInWindows;
      passwords: Map<string, Promise<boolean>>;
    },
    read: Deno.KvEntryMaybe<unknown>[],
  ): Promise<SignIn | null> {
    const { t, username, password, totp, ip, issuer, now, windows, passwords } = a;
    const entry = read[0] as Deno.KvEntryMaybe<OperatorRecord>;
    const head = read[1] as Deno.KvEntryMaybe<AuditHead>;
    const counters = read.slice(2) as Deno.KvEntryMaybe<number>[];
    const o = entry.value;
    const op = this.kv.atomic();
    const { audit, commit, failed } = signInOutcome(op, a, head, counters);
    const lockedFor = windows.lockedForMs(counters);
    // the code is checked before the password: a guess past the limits costs no password hash
    if (
      lockedFor !== null &&
      !(o && isEnrolled(o) && totp && totpStep(o.totpSecret, totp, now, o.lastTotpStep) !== null)
    ) {
      if (await commit("failure")) throw locked(lockedFor);
      return null;
    }
    const hash = o?.passwordHash ?? "";
    if (!passwords.has(hash)) {
      passwords.set(hash, o ? verifyPassword(password, hash) : burnVerify(password));
    }
    const passwordOk = await passwords.get(hash)!;
    if (o && passwordOk && !isEnrolled(o)) {
      if (o.disabled) {
        failed({ known: true, disabled: true });
        if (await commit("failure")) throw new DomainError("OPERATOR_DISABLED");
        return null;
      }
      const enrolment = await this.enrolmentInto(op, t, head, o, ip, now, issuer);
      if (await commit("success")) return enrolment;
      return null;
    }
    // the code is checked against the current step and one either side (clock drift), once
    const step = o && totp ? totpStep(o.totpSecret, totp, now, o.lastTotpStep) : null;
    // one reply for every failure: no hint which factor was wrong
    if (!o || !passwordOk || step === null) {
      failed({ known: o !== null });
      if (!(await commit("failure"))) return null;
      if (lockedFor !== null) throw locked(lockedFor);
      throw new DomainError("BAD_CREDENTIALS");
    }
    if (o.disabled) {
      failed({ known: true, disabled: true });
      if (await commit("failure")) throw new DomainError("OPERATOR_DISABLED");
      return null;
    }
    // the TOTP step is consumed exactly once, even by racing sign-ins: the commit checks the
    // operator record as read (a racing sign-in that used the code moved it)
    const session = await newSession(username, ip, now);
    op.check(entry)
      .set(entry.key, { ...o, lastTotpStep: step, lastLoginAt: now } satisfies OperatorRecord);
    sessionInto(op, t, session);
    audit("operator.login", { expiresAt: session.record.expiresAt, session: session.id });
    if (!(await commit("success"))) return null;
    return {
      status: "signedIn",
      token: session.token,
      expiresAt: session.record.expiresAt,
      roles: o.roles,
    };
  }

  /** The sign-in windows of an operator's attempt (`prefix` keeps invitations' apart). */
  private windows(t: string, prefix: string, username: string, ip: string, now: number) {
    const rateKey = (what: string, who: string) => keys.rate(t, `${prefix}${what}`, who);
    return new SignInWindows(rateKey, username, ip, OPERATOR_LIMITS.login, now);
  }

  /**
   * An invited operator (created or second factor reset by an approved proposal, or bootstrapped)
   * gives their username and the code their phone received: they get an enrolment (a new secret
   * and a token that opens nothing but `enrol`), where they set their own password. The
   * invitation stays until the enrolment completes; wrong codes count, and after
   * INVITATION_MAX_ATTEMPTS or its 48 hours it is void (OPERATOR_INVITATION_INVALID; an admin
   * proposes a second-factor reset for a new one). One reply for every failure.
   */
  async acceptInvitation(
    t: string,
    username: string,
    code: string,
    ip: string,
    issuer = "Tradewind console",
  ): Promise<SignIn> {
    const now = this.now();
    // the windows, the operator and the audit head read together; the outcome one commit
    const windows = this.windows(t, "invite-", username, ip, now);
    const codeHash = await invitationHash(t, username, code);
    for await (const _attempt of commitAttempts()) {
      const read = await this.kv.getMany<unknown[]>([
        keys.operator(t, username),
        keys.auditHead(t),
        ...windows.keys,
      ]);
      const entry = read[0] as Deno.KvEntryMaybe<OperatorRecord>;
      const head = read[1] as Deno.KvEntryMaybe<AuditHead>;
      const counters = read.slice(2) as Deno.KvEntryMaybe<number>[];
      const o = entry.value;
      const inv = o?.invitation;
      const op = this.kv.atomic();
      const commit = async (outcome: SignInOutcome) => {
        windows.into(op, counters, outcome);
        return (await op.commit()).ok;
      };
      const lockedFor = windows.lockedForMs(counters);
      if (!o || !inv || now >= inv.expiresAt || inv.attempts >= INVITATION_MAX_ATTEMPTS) {
        if (await commit("failure")) throw new DomainError("OPERATOR_INVITATION_INVALID");
        continue;
      }
      // a live invitation past a full window: no way through (its code also has its own 5 tries)
      if (lockedFor !== null) {
        if (await commit("failure")) throw locked(lockedFor);
        continue;
      }
      if (codeHash !== inv.codeHash) {
        const attempts = inv.attempts + 1;
        auditSelf(op, head, { t, username, ip, now }, "operator.invitationFailed", { attempts });
        op.check(entry).set(
          entry.key,
          {
            ...o,
            invitation: { ...inv, attempts },
          } satisfies OperatorRecord,
        );
        if (await commit("failure")) throw new DomainError("OPERATOR_INVITATION_INVALID");
        continue;
      }
      if (o.disabled) {
        if (await commit("failure")) throw new DomainError("OPERATOR_DISABLED");
        continue;
      }
      const enrolment = await this.enrolmentInto(op, t, head, o, ip, now, issuer);
      if (await commit("success")) return enrolment;
    }
    throw storeBusy();
  }

  /**
   * A new TOTP secret and an enrolment token for an operator who has not enrolled, into the
   * sign-in's commit (audited: `head` is the audit head as read).
   */
  private async enrolmentInto(
    op: Deno.AtomicOperation,
    t: string,
    head: Deno.KvEntryMaybe<AuditHead>,
    o: OperatorRecord,
    ip: string,
    now: number,
    issuer: string,
  ): Promise<SignIn> {
    const secret = newTotpSecret();
    const token = randomToken();
    const tokenHash = await sha256Hex(token);
    const rec: OperatorEnrolment = {
      username: o.username,
      secret,
      createdAt: now,
      expiresAt: now + ENROL_MS,
      attempts: 0,
    };
    auditSelf(op, head, { t, username: o.username, ip, now }, "operator.enrolStart", {
      expiresAt: rec.expiresAt,
    });
    op.set(keys.enrolment(t, tokenHash), rec, { expireIn: ENROL_MS });
    return {
      status: "enrolmentRequired",
      enrolToken: token,
      secret,
      uri: totpUri(secret, o.username, issuer),
      expiresAt: rec.expiresAt,
    };
  }

  /**
   * Complete a first sign-in: the enrolment token, a code from the new secret and a new password
   * (the temporary one is replaced). The secret is stored, the session issued, all in one
   * audited commit (`operator.enrol`). Wrong codes count; after ENROL_MAX_ATTEMPTS the enrolment
   * ends (sign in again for a new one).
   */
  async enrol(t: string, token: string, code: string, newPassword: string, ip: string) {
    const now = this.now();
    const enKey = keys.enrolment(t, await sha256Hex(token));
    const en = await this.kv.get<OperatorEnrolment>(enKey);
    if (!en.value || now >= en.value.expiresAt) throw new DomainError("ENROLMENT_INVALID");
    const username = en.value.username;
    const step = totpStep(en.value.secret, code, now, 0);
    if (step === null) {
      const attempts = await this.enrolFailed(t, en as Deno.KvEntry<OperatorEnrolment>, ip, now);
      throw new DomainError(attempts >= ENROL_MAX_ATTEMPTS ? "ENROLMENT_INVALID" : "TOTP_INVALID");
    }
    const entry = await this.kv.get<OperatorRecord>(keys.operator(t, username));
    const o = entry.value;
    if (!o || isEnrolled(o) || o.disabled) {
      await this.kv.delete(enKey);
      throw new DomainError(o?.disabled ? "OPERATOR_DISABLED" : "ENROLMENT_INVALID");
    }
    if (o.passwordHash && await verifyPassword(newPassword, o.passwordHash)) {
      throw new DomainError("SAME_PASSWORD");
    }
    const passwordHash = await hashPassword(newPassword);
    const session = await newSession(username, ip, now);
    for await (const _attempt of commitAttempts()) {
      const [cur, enNow, head]: [
        Deno.KvEntryMaybe<OperatorRecord>,
        Deno.KvEntryMaybe<OperatorEnrolment>,
        Deno.KvEntryMaybe<AuditHead>,
      ] = await this.kv.getMany<[OperatorRecord, OperatorEnrolment, AuditHead]>([
        entry.key,
        enKey,
        keys.auditHead(t),
      ]);
      // the account or the enrolment moved (disabled, another enrolment won): sign in again
      if (cur.versionstamp !== entry.versionstamp || enNow.versionstamp !== en.versionstamp) {
        throw new DomainError("ENROLMENT_INVALID");
      }
      // the invitation (if any) is used up with the enrolment
      const { invitation: _used, ...rest } = o;
      const next: OperatorRecord = {
        ...rest,
        totpSecret: en.value.secret,
        lastTotpStep: step,
        passwordHash,
        passwordChangedAt: now,
        lastLoginAt: now,
      };
      const op = this.kv.atomic().check(entry).check(en).set(entry.key, next).delete(enKey);
      sessionInto(op, t, session);
      auditSelf(op, head, { t, username, ip, now }, "operator.enrol", {
        enrolled: true,
        passwordChanged: true,
        session: session.id,
      }, { enrolled: false });
      if ((await op.commit()).ok) {
        return {
          status: "signedIn" as const,
          token: session.token,
          expiresAt: session.record.expiresAt,
          roles: o.roles,
        };
      }
    }
    throw storeBusy();
  }

  /**
   * A wrong code at enrolment: counted once per attempt (a racing attempt that moved the
   * enrolment first wins), the enrolment gone after the last, audited. Returns the attempts.
   */
  private async enrolFailed(
    t: string,
    en: Deno.KvEntry<OperatorEnrolment>,
    ip: string,
    now: number,
  ): Promise<number> {
    const attempts = en.value.attempts + 1;
    const username = en.value.username;
    for await (const _attempt of commitAttempts()) {
      const [enNow, head] = await this.kv.getMany<[OperatorEnrolment, AuditHead]>([
        en.key,
        keys.auditHead(t),
      ]);
      if (enNow.versionstamp !== en.versionstamp) break;
      const op = this.kv.atomic().check(en);
      if (attempts >= ENROL_MAX_ATTEMPTS) op.delete(en.key);
      else {
        op.set(en.key, { ...en.value, attempts }, {
          expireIn: Math.max(1, en.value.expiresAt - now),
        });
      }
      auditSelf(op, head, { t, username, ip, now }, "operator.enrolFailed", { attempts });
      if ((await op.commit()).ok) break;
    }
    return attempts;
  }

  /**
   * A signed-in operator changes their password (the current one, then a new one that differs):
   * their other sessions end in the same audited commit; this one stays.
   */
  async changePassword(
    t: string,
    s: OperatorSession,
    oldPassword: string,
    newPassword: string,
    ip: string | null,
  ) {
    const key = keys.operator(t, s.username);
    const o = (await this.kv.get<OperatorRecord>(key)).value;
    if (!o) throw new DomainError("UNAUTHORIZED");
    if (!await verifyPassword(oldPassword, o.passwordHash)) {
      throw new DomainError("WRONG_OLD_PASSWORD");
    }
    if (oldPassword === newPassword) throw new DomainError("SAME_PASSWORD");
    const passwordHash = await hashPassword(newPassword);
    const now = this.now();
    for await (const _attempt of commitAttempts()) {
      const [cur, head] = await this.kv.getMany<[OperatorRecord, AuditHead]>([
        key,
        keys.auditHead(t),
      ]);
      if (!cur.value) throw new DomainError("UNAUTHORIZED");
      if (cur.value.passwordHash !== o.passwordHash) throw new DomainError("WRONG_OLD_PASSWORD");
      const others = (await sessionsOf(this.kv, t, s.username)).filter((x) =>
        x.tokenHash !== s.tokenHash
      );
      const op = this.kv.atomic().check(cur)
        .set(key, { ...cur.value, passwordHash, passwordChangedAt: now } satisfies OperatorRecord);
      endSessionsInto(op, t, s.username, others);
      auditSelf(op, head, { t, username: s.username, ip, now }, "operator.password", {
        sessionsEnded: Math.min(others.length, MAX_SESSIONS_ENDED),
      });
      if ((await op.commit()).ok) {
        return { sessionsEnded: Math.min(others.length, MAX_SESSIONS_ENDED) };
      }
    }
    throw storeBusy();
  }

  async session(t: string, token: string | undefined | null): Promise<OperatorSession | null> {
    if (!token || token.length > 128) return null;
    const tokenHash = await sha256Hex(token);
    // the session and the operator its token names, read together
    const named = operatorOfToken(token);
    const [session, operator] = named
      ? await this.kv.getMany<[OperatorSessionRecord, OperatorRecord]>([
        keys.session(t, tokenHash),
        keys.operator(t, named),
      ])
      : [await this.kv.get<OperatorSessionRecord>(keys.session(t, tokenHash)), null];
    const s = session.value;
    if (!s || this.now() >= s.expiresAt) return null;
    const o = s.username === named
      ? operator!.value
      : (await this.kv.get<OperatorRecord>(keys.operator(t, s.username))).value;
    // a disabled operator's sessions stop at once (disabling also deletes them)
    if (!o || o.disabled || !isEnrolled(o)) return null;
    return { username: o.username, roles: o.roles, tokenHash, sessionId: s.id ?? null };
  }

  /** The audit log, newest first, paged by an opaque cursor, narrowed by `filter`. */
  async auditLog(t: string, limit: number, cursor?: string, q: AuditQuery = {}) {
    return await listAudit(this.kv, t, limit, cursor, auditFilter(q));
  }

  /** Audit entries of UTC days `from`..`to` (inclusive) for auditors: CSV or JSON lines. */
  async exportAudit(t: string, from: number, to: number, format: "csv" | "jsonl") {
    const { items, truncated } = await exportAudit(this.kv, t, from, to);
    return {
      body: format === "csv" ? auditCsv(items) : auditJsonl(items),
      truncated,
      count: items.length,
    };
  }

  async logout(t: string, s: OperatorSession, ip: string | null) {
    await auditAlone(this.kv, t, {
      at: this.now(),
      operator: s.username,
      action: "operator.logout",
      target: `operator:${s.username}`,
      before: null,
      after: null,
      ip,
    }, (op) => {
      op.delete(keys.session(t, s.tokenHash));
      if (s.sessionId) op.delete(keys.sessionOf(t, s.username, s.sessionId));
    });
  }
}
