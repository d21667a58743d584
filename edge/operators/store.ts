/**
 * KV keys and records of operator accounts and their sessions (per tenant); the audit log's keys
 * and records are the audit chain's (`edge/audit/store.ts`), spread into `keys` here.
 */
import { type OperatorRole } from "../../contract/operators.ts";
export interface OperatorRecord {
  username: string;
  /** Argon2id; empty while an invited operator has not set theirs (no password signs in) */
  passwordHash: string;
  /**
   * RFC 6238 TOTP secret, base32; empty until the operator enrols (an operator created by an
   * invitation opens an enrolment with the code sent to their phone, where they enrol an
   * authenticator and set their password, and only then get a session).
   */
  totpSecret: string;
  roles: OperatorRole[];
  createdAt: number;
  /** The last TOTP time step accepted: a code is good once (no replay within its window). */
  lastTotpStep: number;
  /** a disabled operator cannot sign in and their sessions stop working */
  disabled?: boolean;
  /** the admin who created the account (absent for seeded ones) */
  createdBy?: string;
  /** the admin who last set the account's roles (absent: as created) */
  rolesBy?: string;
  passwordChangedAt?: number;
  lastLoginAt?: number;
  /** E.164; where the operator's invitations go (absent on operators from before invitations) */
  phone?: string;
  /** the open one-time invitation (set by an approved create or second-factor reset) */
  invitation?: OperatorInvitation;
  /**
   * Every change of the account or its roles that a proposal made (or the bootstrap task), with
   * its proposer and decider: the separation of duties reads it on every decision.
   */
  provenance?: OperatorProvenance[];
}

/**
 * A one-time invitation: only the hash of its code is kept (the code went by SMS to the
 * operator's own phone); it opens an enrolment once the operator gives username and code.
 */
export interface OperatorInvitation {
  codeHash: string;
  expiresAt: number;
  /** wrong codes so far (the invitation ends after INVITATION_MAX_ATTEMPTS) */
  attempts: number;
}

/** Who made one change of an operator account (`proposal` null: the server-side bootstrap). */
export interface OperatorProvenance {
  action: "create" | "roles" | "enable" | "resetTotp";
  proposal: string | null;
  proposer: string;
  decider: string | null;
  at: number;
}

export { OPERATOR_ROLES, type OperatorRole } from "../../contract/operators.ts";

/** Enrolled: the operator has a TOTP secret (and so signs in with password and code). */
export const isEnrolled = (o: OperatorRecord) => o.totpSecret !== "";

export interface OperatorSessionRecord {
  username: string;
  createdAt: number;
  expiresAt: number;
  /** the session's public id (listing, revoking); absent on sessions from before the index */
  id?: string;
  ip?: string | null;
}

/** The per-operator index of sessions (listing and revoking without the token). */
export interface OperatorSessionIndex {
  id: string;
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
  ip: string | null;
}

/**
 * A first sign-in's enrolment: the TOTP secret generated for it (shown once), for a short time.
 * Its token opens only `POST /api/admin/enrol`: it is no session.
 */
export interface OperatorEnrolment {
  username: string;
  secret: string;
  createdAt: number;
  expiresAt: number;
  /** wrong codes so far (the enrolment ends after ENROL_MAX_ATTEMPTS) */
  attempts: number;
}

export { type Json } from "../../contract/operators.ts";

export type { AuditEntry, AuditHead } from "../audit/store.ts";
import { auditKeys } from "../audit/store.ts";

export const keys = {
  operator: (t: string, username: string) => [t, "operators", "account", username],
  operators: (t: string) => [t, "operators", "account"],
  session: (t: string, tokenHash: string) => [t, "operators", "session", tokenHash],
  /** username, session id -> OperatorSessionIndex */
  sessionsOf: (t: string, username: string) => [t, "operators", "sessionsOf", username],
  sessionOf: (t: string, username: string, id: string) => [
    t,
    "operators",
    "sessionsOf",
    username,
    id,
  ],
  enrolment: (t: string, tokenHash: string) => [t, "operators", "enrol", tokenHash],
  /**
   * Moved by every change of roles or of disabled: a commit that must keep one enabled admin
   * checks it, so two admins demoting each other at once cannot both succeed.
   */
  roster: (t: string) => [t, "operators", "roster"],
  ...auditKeys,
  rate: (t: string, what: string, who: string) => [t, "operators", "rate", what, who],
} satisfies Record<string, (...a: string[]) => Deno.KvKey>;
