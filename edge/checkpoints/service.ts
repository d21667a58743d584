/**
 * Signed checkpoints: anchors for the hash chains outside the store. The audit chain and the tape
 * are hash-chained, but whoever can write the store can edit an entry and recompute every later
 * hash, or delete the newest entries and move the head back, and the chain still verifies. A
 * checkpoint records, at one moment, the tenant's audit chain head, every symbol's tape head and
 * the latest liabilities root, signed with an Ed25519 key that is not in the store (key.ts), and
 * is public (`GET /api/checkpoints`): customers and auditors keep copies, and the verifiers hold
 * the chains against every checkpoint (the audit verifier here, the settlement verifier in
 * edge/settlements/rederive.ts, the offline tool tools/verify_checkpoints.ts).
 *
 * Made hourly by a leased job (edge/jobs/checkpoints.ts; one per tenant and UTC hour, however
 * many instances run it) and on an operator's request (audited: the entry is written in the
 * commit that stores the checkpoint, after the head the checkpoint records).
 *
 * What the store alone cannot show: checkpoints deleted from it. The store's verifiers check the
 * chains against the checkpoints still stored; copies kept elsewhere catch a deletion (the tool).
 */
import {
  type Actor,
  auditInto,
  chainReads,
  GENESIS_HASH,
  readAuditHead,
  verifyChain,
} from "../audit/audit.ts";
import { journalId } from "../ledger/service.ts";
import { readLatest } from "../liabilities/store.ts";
import { genesisHash } from "../../contract/chain.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import {
  auditAnchors,
  type Checkpoint,
  signCheckpoint,
  verifyCheckpoints,
} from "../audit/checkpoint.ts";
import type { CheckpointKey } from "./key.ts";
import {
  allCheckpoints,
  type CheckpointRecord,
  checkpointsPageRead,
  checkpointsRead,
  cpKeys,
  listCheckpoints,
} from "./store.ts";
import type { ListRead, PrivateRead } from "../platform/kv_round_trips.ts";

/** What a checkpoint reads the tape heads from (the market's tape). */
export interface TapeHeads {
  storedHead(symbol: string): Promise<{ seq: number; hash: string }>;
}

const HOUR = 3_600_000;

/** A checkpoint as the API serves it: the signed text, its fields, the signature and key. */
export function checkpointJson(r: CheckpointRecord) {
  const c = JSON.parse(r.payload) as Checkpoint;
  return {
    id: r.id,
    kind: r.kind,
    time: c.time,
    audit: c.audit,
    tapes: c.tapes,
    liabilities: c.liabilities,
    payload: r.payload,
    signature: r.signature,
    publicKey: r.publicKey,
  };
}

export class Checkpoints {
  constructor(
    private kv: Deno.Kv,
    readonly key: CheckpointKey,
    private tape: TapeHeads,
    private symbols: () => readonly string[],
    private now: () => number = Date.now,
  ) {}

  /** The hex public key checkpoints are published with. */
  get publicKey(): string {
    return this.key.publicHex;
  }

  /** The checkpoint of this moment for `head` (the audit head read for the commit). */
  private async build(t: string, auditHead: { seq: number; hash: string } | null) {
    const tapes: Checkpoint["tapes"] = {};
    for (const s of this.symbols()) {
      const h = await this.tape.storedHead(s);
      tapes[s] = h.seq > 0 ? { seq: h.seq, hash: h.hash } : { seq: 0, hash: genesisHash(s) };
    }
    const pol = await readLatest(this.kv, t);
    const c: Checkpoint = {
      v: 1,
      time: this.now(),
      audit: auditHead
        ? { seq: auditHead.seq, hash: auditHead.hash }
        : { seq: 0, hash: GENESIS_HASH },
      tapes,
      liabilities: pol ? { epoch: pol.epoch, root: pol.root } : null,
    };
    const signed = await signCheckpoint(this.key.privateKey, c);
    return { id: journalId(c.time), time: c.time, ...signed, publicKey: this.key.publicHex };
  }

  /**
   * The scheduled checkpoint of the current UTC hour, once (null: already written, by this
   * instance or another).
   */
  async hourly(t: string): Promise<CheckpointRecord | null> {
    const hourKey = cpKeys.hour(t, Math.floor(this.now() / HOUR));
    if ((await this.kv.get(hourKey)).versionstamp !== null) return null;
    const head = (await readAuditHead(this.kv, t)).value;
    const { time: _time, ...built } = await this.build(t, head);
    const rec: CheckpointRecord = { ...built, kind: "hourly" };
    const r = await this.kv.atomic()
      .check({ key: hourKey, versionstamp: null })
      .set(hourKey, rec.id)
      .set(cpKeys.checkpoint(t, rec.id), rec)
      .commit();
    return r.ok ? rec : null;
  }

  /**
   * A checkpoint now, at an operator's request: stored with its audit entry in one commit that
   * checks the head it records is still the head (the entry follows it).
   */
  async request(t: string, by: Actor): Promise<CheckpointRecord> {
    for await (const _attempt of commitAttempts()) {
      const head = await readAuditHead(this.kv, t);
      const { time, ...built } = await this.build(t, head.value);
      const rec: CheckpointRecord = { ...built, kind: "requested" };
      const op = this.kv.atomic().set(cpKeys.checkpoint(t, rec.id), rec);
      auditInto(op, t, head, {
        at: time,
        operator: by.operator,
        action: "checkpoint.create",
        target: `checkpoint:${rec.id}`,
        before: null,
        after: { payload: rec.payload, signature: rec.signature },
        ip: by.ip,
      });
      if ((await op.commit()).ok) return rec;
    }
    throw storeBusy();
  }

  /** Newest first, paged by an opaque cursor. */
  async list(t: string, limit: number, cursor?: string) {
    const page = await listCheckpoints(this.kv, t, limit, cursor);
    return {
      publicKey: this.key.publicHex,
      items: page.items.map(checkpointJson),
      cursor: page.cursor,
    };
  }

  /** The newest checkpoint (null: none yet). */
  async latest(t: string) {
    return (await this.list(t, 1)).items[0] ?? null;
  }

  /**
   * Every stored checkpoint of `t` checked against this server's key: the valid ones, and the
   * ids of those whose signature does not verify (altered or forged in the store).
   */
  async verified(t: string) {
    return await verifyCheckpoints(this.key.publicKey, await allCheckpoints(this.kv, t));
  }

  /**
   * What `verifyAudit` reads, started with the operator's session (one round trip): the
   * checkpoints, the chain's head, index and entries (edge/audit/audit.ts `chainReads`). A
   * verification reads strongly: it judges the store, not a replica's copy.
   */
  async verifyReads(t: string): Promise<PrivateRead[]> {
    return [checkpointsRead(t), ...await chainReads(this.kv, t)];
  }

  /** What a first page of `list` reads. */
  listRead(t: string, limit: number): ListRead {
    return checkpointsPageRead(t, limit);
  }

  /**
   * The audit chain walked and held against every stored checkpoint (`verifyChain` with their
   * anchors); a chain that verifies but a checkpoint whose signature does not is reported too.
   */
  async verifyAudit(t: string) {
    const { valid, invalid } = await this.verified(t);
    const status = await verifyChain(this.kv, t, auditAnchors(valid));
    if (!status.ok || !invalid.length) return status;
    return {
      ...status,
      ok: false,
      broken: {
        seq: 0,
        reason: "signature" as const,
        expected: `signed by ${this.key.publicHex}`,
        found: "another signature",
        checkpoint: invalid[0]!,
      },
    };
  }
}
