import {
  burnVerify,
  hashPassword,
  randomToken,
  sha256Hex,
  verifyPassword,
} from "../accounts/passwords.ts";
import { totpStep } from "../accounts/totp.ts";
import { DomainError } from "../platform/errors.ts";
import { locked, signInGate, type SignInLimits } from "../platform/ratelimit.ts";
import {
  auditAlone,
  auditCsv,
  auditInto,
  auditJsonl,
  exportAudit,
  listAudit,
  verifyChain,
} from "./audit.ts";
import { commitAttempts, storeBusy } from "../platform/kvstore.ts";
import {
  type AuditHead,
  keys,
  type OperatorRecord,
  type OperatorRole,
  type OperatorSessionRecord,
} from "./store.ts";

/** Operator sign-in limits: stricter than customers' (a back office is a prime target). */
export const OPERATOR_LIMITS = {
  login: {
    perAccountSource: { max: 5, windowMs: 30 * 60_000 },
    perAccount: { max: 30, windowMs: 30 * 60_000 },
    perIp: { max: 20, windowMs: 30 * 60_000 },
  } satisfies SignInLimits,
};

/** Operator sessions end after 8 hours (one shift); there is no idle refresh. */
export const OPERATOR_SESSION_MS = 8 * 3600_000;

export interface OperatorSession {
  username: string;
  roles: OperatorRole[];
  tokenHash: string;
}

/**
 * Operator accounts (separate from customers: own records, own sessions, own throttles),
 * password (Argon2id) + TOTP sign-in, and the audit entries of sign-in and sign-out.
 */
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

  async login(t: string, username: string, password: string, totp: string, ip: string) {
    const now = this.now();
    // per (operator, source), per operator and per source; a correct password with a valid code
    // passes a full (operator, source) window, so a guesser elsewhere cannot lock the owner out
    const gate = await signInGate(
      this.kv,
      (what, who) => keys.rate(t, what, who),
      username,
      ip,
      OPERATOR_LIMITS.login,
      now,
      true,
    );
    if (gate.locked) throw locked(gate.retryAfterMs);
    const entry = await this.kv.get<OperatorRecord>(keys.operator(t, username));
    const o = entry.value;
    const passwordOk = o
      ? await verifyPassword(password, o.passwordHash)
      : await burnVerify(password);
    // the code is checked against the current step and one either side (clock drift), once
    const step = o ? totpStep(o.totpSecret, totp, now, o.lastTotpStep) : null;
    // one reply for every failure: no hint which factor was wrong
    if (!o || !passwordOk || step === null) {
      // failed attempts are recorded too (bounded by the throttles above); never the secrets
      await auditAlone(this.kv, t, {
        at: now,
        operator: username,
        action: "operator.loginFailed",
        target: `operator:${username}`,
        before: null,
        after: { known: o !== null },
        ip,
      });
      if (gate.sourceLocked) throw locked(gate.retryAfterMs);
      throw new DomainError("BAD_CREDENTIALS");
    }
    const token = randomToken();
    const tokenHash = await sha256Hex(token);
    const session: OperatorSessionRecord = {
      username,
      createdAt: now,
      expiresAt: now + OPERATOR_SESSION_MS,
    };
    // the TOTP step is consumed exactly once, even by racing sign-ins: a commit that fails
    // because the operator record moved is refused; one that met another audit entry retries
    let done = false;
    for await (const _attempt of commitAttempts()) {
      const [cur, head]: [Deno.KvEntryMaybe<OperatorRecord>, Deno.KvEntryMaybe<AuditHead>] =
        await this.kv.getMany<[OperatorRecord, AuditHead]>([entry.key, keys.auditHead(t)]);
      if (cur.versionstamp !== entry.versionstamp) throw new DomainError("BAD_CREDENTIALS");
      const op = this.kv.atomic()
        .check(entry)
        .set(entry.key, { ...o, lastTotpStep: step })
        .set(keys.session(t, tokenHash), session, { expireIn: OPERATOR_SESSION_MS });
      auditInto(op, t, head, {
        at: now,
        operator: username,
        action: "operator.login",
        target: `operator:${username}`,
        before: null,
        after: { expiresAt: session.expiresAt },
        ip,
      });
      if ((await op.commit()).ok) {
        done = true;
        break;
      }
    }
    if (!done) throw storeBusy();
    await gate.succeeded();
    return { token, expiresAt: session.expiresAt, roles: o.roles };
  }

  async session(t: string, token: string | undefined | null): Promise<OperatorSession | null> {
    if (!token || token.length > 128) return null;
    const tokenHash = await sha256Hex(token);
    const s = (await this.kv.get<OperatorSessionRecord>(keys.session(t, tokenHash))).value;
    if (!s || this.now() >= s.expiresAt) return null;
    const o = (await this.kv.get<OperatorRecord>(keys.operator(t, s.username))).value;
    if (!o) return null;
    return { username: o.username, roles: o.roles, tokenHash };
  }

  /** The audit log, newest first, paged by an opaque cursor. */
  async auditLog(t: string, limit: number, cursor?: string) {
    return await listAudit(this.kv, t, limit, cursor);
  }

  /** Walk the audit hash chain: the first broken link, if any. */
  async verifyAudit(t: string) {
    return await verifyChain(this.kv, t);
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
    }, (op) => op.delete(keys.session(t, s.tokenHash)));
  }
}
