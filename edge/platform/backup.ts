/**
 * Backups of the store: every key with its value (or one tenant's), streamed into a versioned,
 * checksummed file, and loaded back into an empty store.
 *
 * Why this format: the values are whatever the capabilities stored (bigint money, Uint8Array
 * image chunks, nested records, `Deno.KvU64` counters), so they are written with V8's structured
 * serialisation (`node:v8`), the same encoding Deno KV itself stores them in: lossless for every
 * value KV accepts. A `Deno.KvU64` comes back from V8 as a plain object, so entries carry a kind
 * and the counter is rebuilt on restore.
 *
 * The file is gzip (CompressionStream) over frames: a 4-byte big-endian length, then the V8 bytes.
 * Frame 1 is the header (format, version, scope, the store's versionstamp when the backup began),
 * then one frame per entry `[key, kind, value, versionstamp]`, then the trailer with the entry count
 * and the SHA-256 of every byte before it. Written through a stream with back-pressure and read
 * frame by frame: memory stays bounded whatever the store's size.
 *
 * What a backup taken while the app writes can promise: Deno KV's `list` is not a snapshot (each
 * page is its own read), so entries are each as committed at the moment they were read, not all at
 * one moment. The header's `startStamp` (an empty commit's versionstamp) and each entry's
 * versionstamp show which entries were written after the backup began (`movedKeys`); zero moved
 * keys with no deletions meanwhile means the file equals the store at the start. The restore drill
 * (tools/restore.ts) runs the ledger, settlement and audit verifiers on the restored copy.
 */
import { deserialize, serialize } from "node:v8";
import { createHash } from "node:crypto";
import { Buffer } from "node:buffer";

export const BACKUP_FORMAT = "tradewind-kv-backup";
export const BACKUP_VERSION = 1;

/** The shared market tape: ticks, their chain order, the last tick, candles (edge/market/store.ts). */
const TAPE_PARTS = new Set(["tick", "seq", "last", "candle"]);
/** Global prefixes whose second key part is the tenant (the event log and its head). */
const PER_TENANT_GLOBALS = new Set(["evlog", "evlog-head"]);

export interface BackupScope {
  /** one tenant's keys only (null: every key) */
  tenant: string | null;
  /** the shared market tape included */
  tape: boolean;
}

export interface BackupHeader extends BackupScope {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: number;
  /** the store's versionstamp when the backup began: entries stamped later moved meanwhile */
  startStamp: string;
}

export interface BackupSummary {
  entries: number;
  /** entries written after the backup began (the file is not one moment's copy of them) */
  movedKeys: number;
  /** uncompressed bytes */
  bytes: number;
}

export function isTapeKey(key: Deno.KvKey): boolean {
  return key[0] === "market" && TAPE_PARTS.has(key[1] as string);
}

/** Whether `key` is in the scope: the tenant's (or every) key, the tape only when asked. */
export function inScope(key: Deno.KvKey, scope: BackupScope): boolean {
  if (isTapeKey(key)) return scope.tape;
  if (scope.tenant === null) return true;
  return key[0] === scope.tenant ||
    (PER_TENANT_GLOBALS.has(key[0] as string) && key[1] === scope.tenant);
}

const KIND_PLAIN = 0, KIND_U64 = 1;

function frame(value: unknown): Uint8Array {
  const body = serialize(value);
  const out = new Uint8Array(4 + body.length);
  new DataView(out.buffer).setUint32(0, body.length);
  out.set(body, 4);
  return out;
}

/**
 * Stream the store's entries in `scope` to `out` (gzip). Entries are read in pages of 500 and
 * written in blocks of about 256 KB, so memory stays bounded.
 */
export async function writeBackup(
  kv: Deno.Kv,
  out: WritableStream<Uint8Array>,
  scope: BackupScope,
  now = Date.now(),
): Promise<BackupSummary> {
  const started = await kv.atomic().commit();
  const startStamp = started.ok ? started.versionstamp : "";
  const hash = createHash("sha256");
  const summary: BackupSummary = { entries: 0, movedKeys: 0, bytes: 0 };
  async function* frames(): AsyncGenerator<Uint8Array> {
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now,
      startStamp,
      ...scope,
    };
    let block: Uint8Array[] = [], size = 0;
    const add = (f: Uint8Array) => {
      hash.update(f);
      block.push(f);
      size += f.length;
      summary.bytes += f.length;
    };
    const flush = () => {
      const b = Buffer.concat(block);
      block = [];
      size = 0;
      return new Uint8Array(b.buffer, b.byteOffset, b.length);
    };
    add(frame(header));
    for await (const e of kv.list({ prefix: [] }, { batchSize: 500 })) {
      if (!inScope(e.key, scope)) continue;
      const u64 = e.value instanceof Deno.KvU64;
      const value = u64 ? (e.value as Deno.KvU64).value : e.value;
      add(frame([e.key, u64 ? KIND_U64 : KIND_PLAIN, value, e.versionstamp]));
      summary.entries++;
      if (e.versionstamp > startStamp) summary.movedKeys++;
      if (size >= 256 * 1024) yield flush();
    }
    const digest = hash.digest("hex");
    block.push(frame({ end: true, entries: summary.entries, sha256: digest }));
    yield flush();
  }
  await ReadableStream.from(frames())
    .pipeThrough(new CompressionStream("gzip") as TransformStream<Uint8Array, Uint8Array>)
    .pipeTo(out);
  return summary;
}

export type BackupEntry = { key: Deno.KvKey; value: unknown; bytes: number };

/** Why a file is refused (the checksum, the format, a cut-off file). */
export class BackupError extends Error {}

/**
 * Read a backup frame by frame: the header first (`onHeader`), then each entry; throws
 * `BackupError` at the end if the trailer is missing, its count or its SHA-256 differs.
 */
export async function* readBackup(
  input: ReadableStream<Uint8Array>,
  onHeader: (h: BackupHeader) => void = () => {},
): AsyncGenerator<BackupEntry> {
  const hash = createHash("sha256");
  let buf: Uint8Array = new Uint8Array(0);
  let header: BackupHeader | null = null;
  let count = 0;
  let trailer: { end: true; entries: number; sha256: string } | null = null;
  const stream = input.pipeThrough(
    new DecompressionStream("gzip") as TransformStream<Uint8Array, Uint8Array>,
  );
  try {
    for await (const chunk of stream) {
      buf = buf.length ? concat(buf, chunk) : chunk;
      let at = 0;
      while (buf.length - at >= 4) {
        const len = new DataView(buf.buffer, buf.byteOffset + at, 4).getUint32(0);
        if (buf.length - at < 4 + len) break;
        if (trailer) throw new BackupError("data after the trailer");
        const f = buf.subarray(at, at + 4 + len);
        const v = deserialize(f.subarray(4));
        at += 4 + len;
        if (!header) {
          if (v?.format !== BACKUP_FORMAT) throw new BackupError("not a Tradewind backup");
          if (v.version !== BACKUP_VERSION) {
            throw new BackupError(
              `backup version ${v.version} (this build reads ${BACKUP_VERSION})`,
            );
          }
          header = v as BackupHeader;
          hash.update(f);
          onHeader(header);
        } else if (!Array.isArray(v) && v?.end === true) {
          trailer = v;
        } else {
          hash.update(f);
          count++;
          const [key, kind, value] = v as [Deno.KvKey, number, unknown];
          yield {
            key,
            value: kind === KIND_U64 ? new Deno.KvU64(value as bigint) : value,
            bytes: f.length,
          };
        }
      }
      buf = buf.subarray(at);
    }
  } catch (e) {
    if (e instanceof BackupError) throw e;
    throw new BackupError(`unreadable backup: ${e instanceof Error ? e.message : e}`);
  }
  if (!header || !trailer || buf.length) throw new BackupError("backup cut off (no trailer)");
  if (trailer.entries !== count) {
    throw new BackupError(`backup holds ${count} entries, its trailer says ${trailer.entries}`);
  }
  const digest = hash.digest("hex");
  if (digest !== trailer.sha256) {
    throw new BackupError(`checksum mismatch: sha-256 ${digest}, trailer says ${trailer.sha256}`);
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Read a whole backup without writing anything: the header and count, or `BackupError`. */
export async function checkBackup(
  input: ReadableStream<Uint8Array>,
): Promise<{ header: BackupHeader; entries: number }> {
  let header: BackupHeader | null = null;
  let entries = 0;
  for await (const _ of readBackup(input, (h) => header = h)) entries++;
  return { header: header!, entries };
}

/** The store already holds data: a restore goes into an empty store only. */
export class StoreNotEmpty extends Error {}

/**
 * Commit batches within KV's limits (1000 mutations, 800 KB of mutations and 80 KB of keys per
 * atomic commit on Deno Deploy and denokv): half of each.
 */
const BATCH_MUTATIONS = 500, BATCH_BYTES = 400 * 1024, BATCH_KEY_BYTES = 40 * 1024;

/** An upper bound of a key's encoded size (UTF-8 strings at most 3 bytes a UTF-16 unit). */
function keyBytes(key: Deno.KvKey): number {
  let n = 0;
  for (const p of key) {
    n += 2 + (typeof p === "string" ? p.length * 3 : p instanceof Uint8Array ? p.length : 9);
  }
  return n;
}

/**
 * Load a backup into `kv`, which must be empty (`StoreNotEmpty` otherwise). The file is read
 * twice: first to check it whole (checksum, count, format), so a corrupt file writes nothing;
 * then to load it in batches within KV's limits (`BATCH_*`). No versionstamp is kept: the
 * restored entries get the new store's.
 */
export async function restoreBackup(
  kv: Deno.Kv,
  open: () => Promise<ReadableStream<Uint8Array>>,
): Promise<{ header: BackupHeader; entries: number; commits: number }> {
  for await (const _ of kv.list({ prefix: [] }, { limit: 1 })) {
    throw new StoreNotEmpty("the store is not empty: a backup restores into an empty store only");
  }
  const { header } = await checkBackup(await open());
  let op = kv.atomic(), n = 0, size = 0, keySize = 0, entries = 0, commits = 0;
  const commit = async () => {
    const r = await op.commit();
    if (!r.ok) throw new Error("restore commit refused");
    commits++;
    op = kv.atomic();
    n = 0;
    size = 0;
    keySize = 0;
  };
  for await (const e of readBackup(await open())) {
    const kb = keyBytes(e.key);
    if (
      n >= BATCH_MUTATIONS || size + e.bytes > BATCH_BYTES || keySize + kb > BATCH_KEY_BYTES
    ) await commit();
    op.set(e.key, e.value);
    n++;
    size += e.bytes;
    keySize += kb;
    entries++;
  }
  if (n) await commit();
  return { header, entries, commits };
}
