/**
 * The audit chain's records and keys (the operators' log lives under their keys, the chain's
 * head and order under `audit`): apart from the operators' store so that every capability that
 * audits a decision (funds, identity, liabilities, checkpoints, settings) sits above the chain and
 * below the operators' console.
 */
import type { Json } from "../../contract/operators.ts";

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

export const auditKeys = {
  audit: (t: string, id: string) => [t, "operators", "audit", id],
  audits: (t: string) => [t, "operators", "audit"],
  auditHead: (t: string) => [t, "audit", "head"],
  /** seq (zero-padded) -> entry id: the chain in order */
  auditSeq: (t: string, seq: string) => [t, "audit", "seq", seq],
  auditSeqs: (t: string) => [t, "audit", "seq"],
} satisfies Record<string, (...a: string[]) => Deno.KvKey>;
