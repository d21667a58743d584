/**
 * Operator accounts as admins manage them: create (a temporary password; the operator enrols
 * TOTP and replaces it at first sign-in), list, change roles, disable and enable, and sessions
 * listed and revoked. Every write is audited in its own commit through the chained log.
 *
 * Two rules hold whatever runs at the same time:
 * - nobody changes their own roles or disables themselves (OPERATOR_SELF);
 * - at least one enabled operator keeps the admin role (LAST_ADMIN): every change of roles or of
 *   disabled reads all operators, checks and moves the roster key, so two admins demoting each
 *   other at once cannot both land.
 *
 * Largest commit (disable): checks operator, roster, audit head, audit id (4); mutations: the
 * operator, the roster, the entry, its seq, the head, and 2 per ended session (at most
 * MAX_SESSIONS_ENDED).
 */
import { hashPassword } from "../accounts/passwords.ts";
import { DomainError } from "../platform/errors.ts";
import { commitAttempts, storeBusy } from "../platform/kvstore.ts";
import { type Actor, auditInto } from "./audit.ts";
import { endSessionsInto, MAX_SESSIONS_ENDED, sessionsOf } from "./service.ts";
import {
  type AuditHead,
  isEnrolled,
  keys,
  OPERATOR_ROLES,
  type OperatorRecord,
  type OperatorRole,
} from "./store.ts";

/** What an admin may do to an operator record now (the server says; the console shows). */
export type OperatorAction = "roles" | "disable" | "enable";

export interface OperatorJson {
  username: string;
  roles: OperatorRole[];
  disabled: boolean;
  enrolled: boolean;
  createdAt: number;
  createdBy: string | null;
  lastLoginAt: number | null;
  passwordChangedAt: number | null;
  /** the operator asking is this one */
  self: boolean;
  actions: OperatorAction[];
}

export interface OperatorSessionJson {
  id: string;
  createdAt: number;
  expiresAt: number;
  ip: string | null;
  /** the session of the request */
  current: boolean;
}

/** The most operators one tenant lists (a back office, not a customer base). */
export const MAX_OPERATORS = 500;

/** Usernames: a lowercase letter, then 2-31 of lowercase letters, digits, `.`, `_`, `-`. */
export const USERNAME = /^[a-z][a-z0-9._-]{2,31}$/;

/** Roles in the console's order, each once. */
export const sortRoles = (roles: readonly OperatorRole[]) =>
  OPERATOR_ROLES.filter((r) => roles.includes(r));

const isAdmin = (o: OperatorRecord) => !o.disabled && o.roles.includes("admin");

export class OperatorAccounts {
  constructor(private kv: Deno.Kv, private now: () => number = Date.now) {}

  private async all(t: string) {
    const out: OperatorRecord[] = [];
    for await (
      const e of this.kv.list<OperatorRecord>({ prefix: keys.operators(t) }, {
        limit: MAX_OPERATORS,
      })
    ) out.push(e.value);
    return out;
  }

  private json(o: OperatorRecord, viewer: string, admins: number): OperatorJson {
    const self = o.username === viewer;
    const actions: OperatorAction[] = [];
    if (!self) {
      actions.push("roles");
      if (o.disabled) actions.push("enable");
      else if (!(isAdmin(o) && admins <= 1)) actions.push("disable");
    }
    return {
      username: o.username,
      roles: sortRoles(o.roles),
      disabled: !!o.disabled,
      enrolled: isEnrolled(o),
      createdAt: o.createdAt,
      createdBy: o.createdBy ?? null,
      lastLoginAt: o.lastLoginAt ?? null,
      passwordChangedAt: o.passwordChangedAt ?? null,
      self,
      actions,
    };
  }

  /** Every operator of the tenant, by username, as `viewer` may act on them. */
  async list(t: string, viewer: string): Promise<{ items: OperatorJson[] }> {
    const all = await this.all(t);
    const admins = all.filter(isAdmin).length;
    return { items: all.map((o) => this.json(o, viewer, admins)) };
  }

  /** One operator, as `viewer` may act on them. */
  async get(t: string, username: string, viewer: string): Promise<OperatorJson> {
    const all = await this.all(t);
    const o = all.find((x) => x.username === username);
    if (!o) throw new DomainError("NOT_FOUND");
    return this.json(o, viewer, all.filter(isAdmin).length);
  }

  /**
   * An admin creates an operator with a temporary password (the admin hands it over; the
   * operator replaces it when enrolling TOTP at first sign-in). The username must be free.
   */
  async create(
    t: string,
    by: Actor,
    n: { username: string; password: string; roles: OperatorRole[] },
  ): Promise<OperatorJson> {
    const key = keys.operator(t, n.username);
    if ((await this.kv.get(key)).versionstamp !== null) {
      throw new DomainError("OPERATOR_EXISTS");
    }
    const at = this.now();
    const rec: OperatorRecord = {
      username: n.username,
      passwordHash: await hashPassword(n.password),
      totpSecret: "",
      roles: sortRoles(n.roles),
      createdAt: at,
      lastTotpStep: 0,
      createdBy: by.operator,
    };
    for await (const _attempt of commitAttempts()) {
      const [cur, head] = await this.kv.getMany<[OperatorRecord, AuditHead]>([
        key,
        keys.auditHead(t),
      ]);
      if (cur.versionstamp !== null) throw new DomainError("OPERATOR_EXISTS");
      const op = this.kv.atomic().check(cur).set(key, rec);
      auditInto(op, t, head, {
        at,
        operator: by.operator,
        action: "operator.create",
        target: `operator:${n.username}`,
        before: null,
        after: { username: n.username, roles: rec.roles, enrolled: false },
        ip: by.ip,
      });
      if ((await op.commit()).ok) return this.json(rec, by.operator, 0);
    }
    throw storeBusy();
  }

  /**
   * A change of an operator's roles or of disabled: never one's own; at least one enabled admin
   * remains; the roster key checked and moved; ending sessions when disabling; audited.
   */
  private async rosterChange(
    t: string,
    by: Actor,
    username: string,
    action: string,
    change: (o: OperatorRecord) => OperatorRecord,
    endSessions: boolean,
  ): Promise<OperatorJson> {
    if (username === by.operator) throw new DomainError("OPERATOR_SELF");
    const at = this.now();
    for await (const _attempt of commitAttempts()) {
      const [cur, roster, head] = await this.kv.getMany<[OperatorRecord, number, AuditHead]>([
        keys.operator(t, username),
        keys.roster(t),
        keys.auditHead(t),
      ]);
      if (!cur.value) throw new DomainError("NOT_FOUND");
      const next = change(cur.value);
      const all = (await this.all(t)).map((o) => o.username === username ? next : o);
      const admins = all.filter(isAdmin).length;
      if (admins === 0) throw new DomainError("LAST_ADMIN");
      const sessions = endSessions ? await sessionsOf(this.kv, t, username) : [];
      const op = this.kv.atomic().check(cur).check(roster)
        .set(cur.key, next)
        .set(keys.roster(t), at);
      endSessionsInto(op, t, username, sessions);
      auditInto(op, t, head, {
        at,
        operator: by.operator,
        action,
        target: `operator:${username}`,
        before: { roles: sortRoles(cur.value.roles), disabled: !!cur.value.disabled },
        after: {
          roles: sortRoles(next.roles),
          disabled: !!next.disabled,
          ...(endSessions ? { sessionsEnded: Math.min(sessions.length, MAX_SESSIONS_ENDED) } : {}),
        },
        ip: by.ip,
      });
      if ((await op.commit()).ok) return this.json(next, by.operator, admins);
    }
    throw storeBusy();
  }

  /** Set an operator's roles (not one's own; the last enabled admin keeps admin). */
  async setRoles(t: string, by: Actor, username: string, roles: OperatorRole[]) {
    return await this.rosterChange(
      t,
      by,
      username,
      "operator.roles",
      (o) => ({ ...o, roles: sortRoles(roles), rolesBy: by.operator }),
      false,
    );
  }

  /**
   * Disable (their sessions end in the same commit, sign-in is refused) or enable an operator;
   * not oneself; never the last enabled admin.
   */
  async setDisabled(t: string, by: Actor, username: string, disabled: boolean) {
    return await this.rosterChange(
      t,
      by,
      username,
      disabled ? "operator.disable" : "operator.enable",
      (o) => {
        const { disabled: _d, ...rest } = o;
        return disabled ? { ...rest, disabled: true } : rest;
      },
      disabled,
    );
  }

  /** An operator's live sessions, newest first; `current` marks the request's own. */
  async sessions(
    t: string,
    username: string,
    currentTokenHash: string | null,
  ): Promise<{ items: OperatorSessionJson[] }> {
    const o = (await this.kv.get<OperatorRecord>(keys.operator(t, username))).value;
    if (!o) throw new DomainError("NOT_FOUND");
    const now = this.now();
    const items = (await sessionsOf(this.kv, t, username))
      .filter((s) => s.expiresAt > now)
      .map((s) => ({
        id: s.id,
        createdAt: s.createdAt,
        expiresAt: s.expiresAt,
        ip: s.ip,
        current: s.tokenHash === currentTokenHash,
      }))
      .sort((a, b) => b.createdAt - a.createdAt);
    return { items };
  }

  /** End one session of `username` (the operator themselves, or an admin), audited. */
  async revokeSession(t: string, by: Actor, username: string, id: string) {
    const at = this.now();
    const key = keys.sessionOf(t, username, id);
    for await (const _attempt of commitAttempts()) {
      const [idx, head] = await this.kv.getMany<
        [{ tokenHash: string; expiresAt: number }, AuditHead]
      >([key, keys.auditHead(t)]);
      if (!idx.value) throw new DomainError("NOT_FOUND");
      const op = this.kv.atomic().check(idx)
        .delete(key)
        .delete(keys.session(t, idx.value.tokenHash));
      auditInto(op, t, head, {
        at,
        operator: by.operator,
        action: "operator.sessionRevoke",
        target: `operator:${username}`,
        before: { session: id },
        after: null,
        ip: by.ip,
      });
      if ((await op.commit()).ok) return { id, revoked: true };
    }
    throw storeBusy();
  }
}
