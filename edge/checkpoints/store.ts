/**
 * KV keys and records of the signed checkpoints. Every key starts with the tenant: the audit chain
 * and the liabilities epochs are per tenant, so each tenant has its own checkpoints (each one also
 * records every symbol's tape head, the tape being shared by the tenants).
 *
 * - `[t, "checkpoints", "cp", id]`: a checkpoint as signed (the canonical text, the signature and
 *   the public key that made it); ids sort by time (`journalId`), so a reverse scan is newest
 *   first. Kept.
 * - `[t, "checkpoints", "hour", hourIndex]`: the hourly checkpoint of that UTC hour was written
 *   (the same commit checks it absent: two instances running the hourly job write one).
 */
import { listPage } from "../platform/kvpage.ts";
import type { ListRead } from "../platform/kv_round_trips.ts";

export interface CheckpointRecord {
  id: string;
  /** hourly (the schedule) or requested by an operator (who: in the audit log) */
  kind: "hourly" | "requested";
  /** the canonical JSON that was signed (domain rules, "Signed checkpoints") */
  payload: string;
  /** Ed25519 signature over the payload's UTF-8 bytes, hex */
  signature: string;
  /** the signing key's raw public key, hex */
  publicKey: string;
}

export const cpKeys = {
  checkpoint: (t: string, id: string): Deno.KvKey => [t, "checkpoints", "cp", id],
  checkpoints: (t: string): Deno.KvKey => [t, "checkpoints", "cp"],
  hour: (t: string, hour: number): Deno.KvKey => [t, "checkpoints", "hour", hour],
};

/** What a first page of `listCheckpoints` reads (with the operator's session). */
export function checkpointsPageRead(t: string, limit: number): ListRead {
  return { selector: { prefix: cpKeys.checkpoints(t) }, options: { reverse: true, limit } };
}

/** Newest first, paged by an opaque cursor. */
export async function listCheckpoints(kv: Deno.Kv, t: string, limit: number, cursor?: string) {
  const read = checkpointsPageRead(t, limit);
  const iter = listPage<CheckpointRecord>(kv, read.selector, { ...read.options, cursor });
  const items: CheckpointRecord[] = [];
  for await (const e of iter) items.push(e.value);
  return { items, cursor: items.length === limit ? iter.cursor : null };
}

/** What `allCheckpoints` reads (a verification reads it with the operator's session). */
export function checkpointsRead(t: string): ListRead {
  return { selector: { prefix: cpKeys.checkpoints(t) }, options: { batchSize: 500 } };
}

/** Every checkpoint of a tenant, oldest first (what the verifiers check the chains against). */
export async function allCheckpoints(kv: Deno.Kv, t: string): Promise<CheckpointRecord[]> {
  const out: CheckpointRecord[] = [];
  const read = checkpointsRead(t);
  for await (const e of kv.list<CheckpointRecord>(read.selector, read.options)) out.push(e.value);
  return out;
}
