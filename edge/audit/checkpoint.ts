/**
 * Signed checkpoints, the pure part (domain rules, "Signed checkpoints"): the canonical text of a
 * checkpoint, its Ed25519 signature, checking a list of signed checkpoints against a public key,
 * and the anchors they give the chains (the audit chain's and each symbol's tape): a chain whose
 * entry at a checkpointed sequence has another hash, or that ends before it, fails verification.
 * The server, the settlement verifier and the offline tool (tools/verify_checkpoints.ts) share it.
 */
import { hex } from "@scure/base";
import { canonical } from "../platform/canonical.ts";

export interface ChainPoint {
  seq: number;
  hash: string;
}

export interface Checkpoint {
  v: 1;
  /** when it was made, ms */
  time: number;
  /** the audit chain's head (seq 0 and 64 zeros before the first chained entry) */
  audit: ChainPoint;
  /** every symbol's tape head (seq 0 and the genesis hash before its first tick) */
  tapes: Record<string, ChainPoint>;
  /** the latest published liabilities epoch (null: none yet) */
  liabilities: { epoch: string; root: string } | null;
}

/** What is published and kept: the signed text, its signature, the key. */
export interface SignedCheckpoint {
  id: string;
  payload: string;
  signature: string;
  publicKey?: string;
}

/** A checkpoint whose signature verified. */
export interface VerifiedCheckpoint {
  id: string;
  checkpoint: Checkpoint;
}

/** One chain position a checkpoint vouches for. */
export interface Anchor extends ChainPoint {
  /** the checkpoint's id */
  id: string;
}

const utf8 = new TextEncoder();

/** The signed text: canonical JSON (keys sorted at every depth, no spaces). */
export const checkpointText = (c: Checkpoint): string => canonical(c);

export async function signCheckpoint(privateKey: CryptoKey, c: Checkpoint) {
  const payload = checkpointText(c);
  const sig = await crypto.subtle.sign("Ed25519", privateKey, utf8.encode(payload));
  return { payload, signature: hex.encode(new Uint8Array(sig)) };
}

function parse(payload: string): Checkpoint | null {
  try {
    const c = JSON.parse(payload) as Checkpoint;
    // only the canonical text of a version-1 checkpoint counts
    return c?.v === 1 && checkpointText(c) === payload ? c : null;
  } catch {
    return null;
  }
}

/**
 * Check each signature with `key` (the verifier's trusted public key, never one taken from the
 * store): the valid ones parsed, the ids of the others.
 */
export async function verifyCheckpoints(
  key: CryptoKey,
  items: readonly SignedCheckpoint[],
): Promise<{ valid: VerifiedCheckpoint[]; invalid: string[] }> {
  const valid: VerifiedCheckpoint[] = [], invalid: string[] = [];
  for (const s of items) {
    const c = parse(s.payload);
    const sig = /^[0-9a-f]{128}$/.test(s.signature)
      ? new Uint8Array(hex.decode(s.signature))
      : null;
    const good = c && sig &&
      await crypto.subtle.verify("Ed25519", key, sig, utf8.encode(s.payload));
    if (good) valid.push({ id: s.id, checkpoint: c });
    else invalid.push(s.id);
  }
  return { valid, invalid };
}

/** The audit chain's anchors (seq 0 vouches for nothing). */
export function auditAnchors(valid: readonly VerifiedCheckpoint[]): Anchor[] {
  return valid.filter((v) => v.checkpoint.audit.seq > 0).map((v) => ({
    id: v.id,
    ...v.checkpoint.audit,
  }));
}

/** Each symbol's tape anchors. */
export function tapeAnchors(valid: readonly VerifiedCheckpoint[]): Map<string, Anchor[]> {
  const out = new Map<string, Anchor[]>();
  for (const v of valid) {
    for (const [symbol, p] of Object.entries(v.checkpoint.tapes)) {
      if (p.seq <= 0) continue;
      out.set(symbol, [...out.get(symbol) ?? [], { id: v.id, seq: p.seq, hash: p.hash }]);
    }
  }
  return out;
}

/** Where a chain disagrees with an anchor. */
export interface AnchorBreak {
  seq: number;
  reason: "checkpoint" | "truncated";
  expected: string;
  found: string;
  checkpoint: string;
}

/**
 * Check a chain's known hashes against anchors: `hashAt(seq)` is the chain's hash at seq
 * (undefined: not held here, e.g. archived or outside an export: not judged), `last` the chain's
 * last seq. The first break by sequence number, or null.
 */
export function checkAnchors(
  anchors: readonly Anchor[],
  last: number,
  hashAt: (seq: number) => string | undefined,
): AnchorBreak | null {
  for (const a of [...anchors].sort((x, y) => x.seq - y.seq)) {
    if (a.seq > last) {
      return {
        seq: a.seq,
        reason: "truncated",
        expected: `seq ${a.seq} ${a.hash}`,
        found: `the chain ends at seq ${last}`,
        checkpoint: a.id,
      };
    }
    const h = hashAt(a.seq);
    if (h !== undefined && h !== a.hash) {
      return { seq: a.seq, reason: "checkpoint", expected: a.hash, found: h, checkpoint: a.id };
    }
  }
  return null;
}
