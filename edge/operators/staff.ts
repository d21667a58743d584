/**
 * Operator accounts as admins manage them. No single person makes or empowers an operator:
 * creating one, changing roles, enabling a disabled one and resetting a second factor are
 * four-eyes proposals (`operator.*` kinds in proposals.ts, decided by a second admin; the change
 * is made in the approval's commit). This module owns what those changes do to the record (`next`
 * records, provenance, the one-time invitation) and the parts that stay immediate: the list,
 * disabling (it only removes power, so one admin may do it at once) and sessions.
 *
 * The creator never holds the new operator's credentials: an approved create (or second-factor
 * reset) stores only the hash of a one-time invitation code and sends the code by SMS to the
 * operator's own phone; the operator gives username and code, enrols TOTP and sets their own
 * password (service.ts). A tenant's first admins come from the server-side bootstrap
 * (`bootstrapOperator`, `deno task operator:create`), audited as `system`.
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
import type { SmsSender } from "../customers/sender.ts";
import { DomainError } from "../platform/errors.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import { type Actor, auditAlone, auditInto } from "../audit/audit.ts";
import { endSessionsInto, MAX_SESSIONS_ENDED, sessionsOf } from "./sessions.ts";
import { newInvitation } from "./invitations.ts";
export {
  INVITATION_MAX_ATTEMPTS,
  INVITATION_MS,
  invitationHash,
  newInvitation,
} from "./invitations.ts";
import {
  type AuditHead,
  isEnrolled,
  keys,
  OPERATOR_ROLES,
  type OperatorInvitation,
  type OperatorProvenance,
  type OperatorRecord,
  type OperatorRole,
} from "./store.ts";
import type { OperatorItem, OperatorSessionItem } from "../../contract/operators.ts";
import type { ListRead } from "../platform/kv_round_trips.ts";

/**
 * What an admin may do to an operator record now (the server says; the console shows): `roles`,
 * `enable` and `resetTotp` are proposals; `disable` is immediate.
 */
export type OperatorAction = OperatorItem["actions"][number];

/** The actor of the server-side bootstrap in the audit log (no operator account). */
export const BOOTSTRAP_ACTOR = "system";

/**
 * Send an invitation's code to the operator's own phone (after the commit that stored its hash)
 * and audit whether it went (never the code). A failed send leaves the account waiting: a
 * second-factor reset sends a new one.
 */
export async function sendInvitation(
  kv: Deno.Kv,
  sender: SmsSender,
  t: string,
  o: { username: string; phone: string },
  code: string,
  at: number,
  by: Actor,
) {
  let sent = true;
  try {
    await sender.send(t, {
      phone: o.phone,
      purpose: "operatorInvite",
      code,
      note: null,
      sentAt: at,
    });
  } catch {
    sent = false;
  }
  await auditAlone(kv, t, {
    at,
    operator: by.operator,
    action: "operator.invitationSent",
    target: `operator:${o.username}`,
    before: null,
    after: { sent, via: sender.kind },
    ip: by.ip,
  });
  return sent;
}

/**
 * Separation of duties: `a` and `b` are related when either one's account or roles came from a
 * change the other proposed or decided (or, on records from before provenance, made).
 */
export function related(a: OperatorRecord | null, b: OperatorRecord | null) {
  const touchedBy = (x: OperatorRecord | null, who: string | undefined) =>
    !!x && !!who && (x.createdBy === who || x.rolesBy === who ||
      (x.provenance ?? []).some((p) => p.proposer === who || p.decider === who));
  return touchedBy(a, b?.username) || touchedBy(b, a?.username);
}

/** Enabled admins (the ones who can propose and decide operator administration). */
export const isAdmin = (o: OperatorRecord) => !o.disabled && o.roles.includes("admin");

/** An operator and one of its sessions on the wire: the contract's schemas' types. */
export type OperatorJson = OperatorItem;
export type OperatorSessionJson = OperatorSessionItem;

/** The most operators one tenant lists (a back office, not a customer base). */
export const MAX_OPERATORS = 500;

/** Usernames: a lowercase letter, then 2-31 of lowercase letters, digits, `.`, `_`, `-`. */
export const USERNAME = /^[a-z][a-z0-9._-]{2,31}$/;

/** Roles in the console's order, each once. */
export const sortRoles = (roles: readonly OperatorRole[]) =>
  OPERATOR_ROLES.filter((r) => roles.includes(r));

export class OperatorAccounts {
  constructor(private kv: Deno.Kv, private now: () => number = Date.now) {}

  /** What `all` reads (with the operator's session: edge/http/operator_auth.ts). */
  allRead(t: string): ListRead {
    return { selector: { prefix: keys.operators(t) }, options: { limit: MAX_OPERATORS } };
  }

  async all(t: string) {
    const out: OperatorRecord[] = [];
    const read = this.allRead(t);
    for await (const e of this.kv.list<OperatorRecord>(read.selector, read.options)) {
      out.push(e.value);
    }
    return out;
  }

  private json(o: OperatorRecord, viewer: string, admins: number): OperatorJson {
    const self = o.username === viewer;
    const actions: OperatorAction[] = [];
    if (!self) {
      // proposals need a second admin to decide them: with one, none is offered
      const propose = admins >= 2;
      if (propose) actions.push("roles");
      if (o.disabled) {
        if (propose) actions.push("enable");
      } else if (!(isAdmin(o) && admins <= 1)) actions.push("disable");
      if (propose) actions.push("resetTotp");
    }
    return {
      username: o.username,
      roles: sortRoles(o.roles),
      disabled: !!o.disabled,
      enrolled: isEnrolled(o),
      invited: !!o.invitation && o.invitation.expiresAt > this.now(),
      createdAt: o.createdAt,
      createdBy: o.createdBy ?? null,
      lastLoginAt: o.lastLoginAt ?? null,
      passwordChangedAt: o.passwordChangedAt ?? null,
      self,
      actions,
    };
  }

  /** Every operator of the tenant, by username, as `viewer` may act on them (`known`: as read). */
  async list(
    t: string,
    viewer: string,
    known?: OperatorRecord[],
  ): Promise<{ items: OperatorJson[] }> {
    const all = known ?? await this.all(t);
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
   * The server-side bootstrap of an operator (a tenant's first admins; `deno task
   * operator:create`): run by whoever runs the servers, audited with the actor `system`, the
   * invitation sent to the operator's phone. Nobody but the operator sees its code.
   */
  async bootstrap(
    t: string,
    sender: SmsSender,
    n: { username: string; phone: string; roles: OperatorRole[] },
    ip: string | null = null,
  ): Promise<{ username: string; roles: OperatorRole[]; invitationSent: boolean; via: string }> {
    const key = keys.operator(t, n.username);
    // the audit log's name for the bootstrap is no operator's
    if (n.username === BOOTSTRAP_ACTOR) {
      throw new DomainError("VALIDATION", {}, { username: "invalid" });
    }
    const at = this.now();
    const inv = await newInvitation(t, n.username, at);
    const by = { operator: BOOTSTRAP_ACTOR, ip };
    const rec = newOperator(n, at, inv.record, {
      action: "create",
      proposal: null,
      proposer: BOOTSTRAP_ACTOR,
      decider: null,
      at,
    });
    let done = false;
    for await (const _attempt of commitAttempts()) {
      const [cur, head] = await this.kv.getMany<[OperatorRecord, AuditHead]>([
        key,
        keys.auditHead(t),
      ]);
      if (cur.versionstamp !== null) throw new DomainError("OPERATOR_EXISTS");
      const op = this.kv.atomic().check(cur).set(key, rec);
      auditInto(op, t, head, {
        at,
        operator: BOOTSTRAP_ACTOR,
        action: "operator.create",
        target: `operator:${n.username}`,
        before: null,
        after: operatorAudit(rec),
        ip,
      });
      if ((await op.commit()).ok) {
        done = true;
        break;
      }
    }
    if (!done) throw storeBusy();
    const sent = await sendInvitation(this.kv, sender, t, n, inv.code, at, by);
    return { username: rec.username, roles: rec.roles, invitationSent: sent, via: sender.kind };
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

  /**
   * Disable an operator at once (it only removes power, so it needs no second admin): their
   * sessions end in the same commit, sign-in is refused; not oneself; never the last enabled
   * admin. Enabling again is a proposal (`operator.enable`).
   */
  async disable(t: string, by: Actor, username: string) {
    return await this.rosterChange(
      t,
      by,
      username,
      "operator.disable",
      (o) => ({ ...o, disabled: true }),
      true,
    );
  }

  /** What `sessions` reads strongly: the operator's session index (as `sessionsOf` reads it). */
  sessionsRead(t: string, username: string): ListRead {
    return {
      selector: { prefix: keys.sessionsOf(t, username) },
      options: { limit: MAX_SESSIONS_ENDED + 1 },
    };
  }

  /** An operator's live sessions, newest first; `current` marks the request's own. */
  async sessions(
    t: string,
    username: string,
    currentTokenHash: string | null,
  ): Promise<{ items: OperatorSessionJson[] }> {
    // the record only says whether the operator exists (never deleted: a replica's answer
    // will do); the sessions beside it (with the operator's session: `sessionsRead`)
    const [o, sessions] = await Promise.all([
      this.kv.get<OperatorRecord>(keys.operator(t, username), { consistency: "eventual" }),
      sessionsOf(this.kv, t, username),
    ]);
    if (!o.value) throw new DomainError("NOT_FOUND");
    const now = this.now();
    const items = sessions
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

/** A new invited operator: no password, no second factor until they accept the invitation. */
export function newOperator(
  n: { username: string; phone: string; roles: OperatorRole[] },
  at: number,
  invitation: OperatorInvitation,
  origin: OperatorProvenance,
): OperatorRecord {
  return {
    username: n.username,
    passwordHash: "",
    totpSecret: "",
    roles: sortRoles(n.roles),
    createdAt: at,
    lastTotpStep: 0,
    createdBy: origin.proposer,
    phone: n.phone,
    invitation,
    provenance: [origin],
  };
}

/** An operator record as the audit log keeps it: never a credential nor the invitation's hash. */
export function operatorAudit(o: OperatorRecord) {
  return {
    username: o.username,
    roles: sortRoles(o.roles),
    disabled: !!o.disabled,
    enrolled: isEnrolled(o),
    phone: o.phone ?? null,
    invitationExpiresAt: o.invitation?.expiresAt ?? null,
  };
}
