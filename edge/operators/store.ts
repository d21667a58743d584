/** KV keys and records of operator accounts, their sessions and the audit log (per tenant). */
export interface OperatorRecord {
  username: string;
  passwordHash: string;
  /** RFC 6238 TOTP secret, base32. */
  totpSecret: string;
  roles: OperatorRole[];
  createdAt: number;
  /** The last TOTP time step accepted: a code is good once (no replay within its window). */
  lastTotpStep: number;
}

export type OperatorRole =
  | "funds"
  | "identity"
  | "audit"
  | "content"
  | "support"
  | "risk"
  | "admin";

export interface OperatorSessionRecord {
  username: string;
  createdAt: number;
  expiresAt: number;
}

export type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

export interface AuditEntry {
  id: string;
  at: number;
  operator: string;
  action: string;
  /** what the action was on, e.g. `withdrawal:W123` or `operator:ops` */
  target: string;
  /** the record's state before and after, as JSON (amounts as decimal strings) */
  before: Json;
  after: Json;
  ip: string | null;
  /**
   * The hash chain (entries written since the chain began; older ones have none): the entry's
   * place in the chain (1, 2, ...), the previous entry's hash (64 zeros for the first) and this
   * entry's own hash (sha-256 over the canonical serialization of every other field).
   */
  seq?: number;
  prevHash?: string;
  hash?: string;
}

/** The chain's head: the last entry written (every audited commit checks and moves it). */
export interface AuditHead {
  seq: number;
  hash: string;
  id: string;
}

export const keys = {
  operator: (t: string, username: string) => [t, "operators", "account", username],
  session: (t: string, tokenHash: string) => [t, "operators", "session", tokenHash],
  audit: (t: string, id: string) => [t, "operators", "audit", id],
  audits: (t: string) => [t, "operators", "audit"],
  auditHead: (t: string) => [t, "audit", "head"],
  /** seq (zero-padded) -> entry id: the chain in order */
  auditSeq: (t: string, seq: string) => [t, "audit", "seq", seq],
  auditSeqs: (t: string) => [t, "audit", "seq"],
  rate: (t: string, what: string, who: string) => [t, "operators", "rate", what, who],
} satisfies Record<string, (...a: string[]) => Deno.KvKey>;
