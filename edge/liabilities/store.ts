/**
 * KV keys and records of the proof of liabilities. Every key starts with the tenant.
 *
 * - `[t, "pol", "epoch", epoch]`: an epoch as published (root, totals, number of leaves), with
 *   what the server needs to answer proofs (the build's id, the salt key, the index's bucket
 *   count); written once, by the commit that publishes it (it checks the key is absent: two
 *   instances never publish two trees for one epoch). Kept.
 * - `[t, "pol", "latest"]`: the id of the epoch published last (the same commit).
 * - `[t, "pol", "node", buildId, level, n]`: nodes in chunks of `CHUNK` (256), each node as
 *   "hash|USDT|BTC|ETH" (at most 64 + 3 x 26 + 3 characters: a chunk < 40 KB, under KV's
 *   64 KiB value limit). Stored: every leaf (level 0) and the levels from `SUBTREE` (8) up; a
 *   chunk of 256 leaves is a whole subtree of height 8, so a path's lower eight siblings are
 *   recomputed from the customer's leaf chunk (255 hashes) and the rest read, one per level.
 *   That stores about one node per leaf instead of two.
 * - `[t, "pol", "idx", buildId, bucket]`: which leaves are whose, as "userId:i0;i1,..." (the
 *   leaf index of share 0, share 1, ...) in `buckets` records (a customer's bucket: the first 32 bits of sha256(userId) modulo the
 *   count), each under 48 KB.
 * A customer's salt is not stored: it is sha256("tw-pol-salt|" + saltKey + "|" + userId) cut to
 *   32 hex digits, with `saltKey` 32 random bytes drawn for the epoch (never published): fresh
 *   and unpredictable per customer and epoch, and the server can give it back.
 * The bulk records are keyed by the build (a random id), not the epoch: a build that died half
 * way leaves records no epoch points at, and they expire like the rest after `BULK_TTL_MS`
 * (proofs are served for the latest epoch: about a day). 100,000 customers of 2 shares (262,144
 * leaves): 1024 leaf chunks, 4 upper chunks, ~80 index buckets.
 */
import type { Sums, TreeNode } from "../../contract/liabilities_tree.ts";
import { POL_CURRENCIES } from "../../contract/liabilities_tree.ts";

export const CHUNK = 256;
/** The lowest stored level above the leaves (log2 CHUNK). */
export const SUBTREE = 8;
export const BULK_TTL_MS = 35 * 86_400_000;
const BUCKET_BYTES = 48_000;

export interface EpochRecord {
  epoch: string;
  /** the leaf format (tree.ts `FORMAT`); absent: format 1, one leaf per customer */
  format?: number;
  /** leaves per customer (format 2) */
  shares?: number;
  /** the bulk records' id */
  buildId: string;
  /** the key the customers' salts are derived from (never published) */
  saltKey: string;
  /** how many index buckets */
  buckets: number;
  root: string;
  totals: Sums;
  /** leaves in the tree, padding included (a power of two) */
  leaves: number;
  /** customers in the tree (every live customer account, zero balances included) */
  customers: number;
  /** when the balances were read */
  startedAt: number;
  publishedAt: number;
  /** daily (00:00 UTC) or at an operator's request (who) */
  kind: "daily" | "requested";
  requestedBy?: string;
  /**
   * The live customer accounts' totals in the ledger read again after the tree was built: equal
   * to `totals` unless money moved while the balances were read (`matches`).
   */
  ledger: Sums;
  matches: boolean;
}

export const polKeys = {
  epoch: (t: string, epoch: string): Deno.KvKey => [t, "pol", "epoch", epoch],
  epochs: (t: string): Deno.KvKey => [t, "pol", "epoch"],
  latest: (t: string): Deno.KvKey => [t, "pol", "latest"],
  chunk: (t: string, buildId: string, level: number, n: number): Deno.KvKey => [
    t,
    "pol",
    "node",
    buildId,
    level,
    n,
  ],
  idx: (t: string, buildId: string, bucket: number): Deno.KvKey => [
    t,
    "pol",
    "idx",
    buildId,
    bucket,
  ],
};

const encodeNode = (n: TreeNode) => `${n.hash}|${n.sums.USDT}|${n.sums.BTC}|${n.sums.ETH}`;
function decodeNode(s: string): TreeNode {
  const [hash, u, b, e] = s.split("|");
  return { hash: hash!, sums: { USDT: BigInt(u!), BTC: BigInt(b!), ETH: BigInt(e!) } };
}

/** A customer's index bucket. */
export const bucketOf = (sha: (s: string) => string, userId: string, buckets: number) =>
  parseInt(sha(userId).slice(0, 8), 16) % buckets;

/** How many buckets `count` customers need (each bucket well under the value limit). */
export function bucketCount(count: number, longestEntry: number): number {
  let b = 1;
  // twice the average, for the spread of a hash
  while ((count / b) * longestEntry * 2 > BUCKET_BYTES) b *= 2;
  return b;
}

/** Sets per commit: within every backend's 1000 mutations and 800 KB per atomic operation. */
const PER_COMMIT = 8;

async function commitSets(kv: Deno.Kv, sets: [Deno.KvKey, unknown][]) {
  for (let attempt = 0;; attempt++) {
    const op = kv.atomic();
    for (const [k, v] of sets) op.set(k, v, { expireIn: BULK_TTL_MS });
    try {
      if ((await op.commit()).ok) return;
    } catch (e) {
      if (attempt >= 5) throw e;
    }
    await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
  }
}

/**
 * Write a build's nodes (the leaves and the levels from SUBTREE up) and its index (no checks:
 * the records are new, under a fresh build id). Returns the number of index buckets.
 */
export async function writeBuild(
  kv: Deno.Kv,
  t: string,
  buildId: string,
  levels: readonly (readonly TreeNode[])[],
  index: { id: string; at: number[] }[],
  sha: (s: string) => string,
): Promise<number> {
  const sets: [Deno.KvKey, unknown][] = [];
  levels.forEach((level, l) => {
    if (l > 0 && l < SUBTREE) return;
    for (let n = 0; n * CHUNK < level.length; n++) {
      sets.push([
        polKeys.chunk(t, buildId, l, n),
        level.slice(n * CHUNK, (n + 1) * CHUNK).map(encodeNode),
      ]);
    }
  });
  const longest = index.reduce((m, x) => Math.max(m, x.id.length + 12 * x.at.length), 0);
  let buckets = bucketCount(index.length, longest);
  for (;;) {
    const parts: string[][] = Array.from({ length: buckets }, () => []);
    for (const x of index) parts[bucketOf(sha, x.id, buckets)]!.push(`${x.id}:${x.at.join(";")}`);
    const texts = parts.map((p) => p.join(","));
    if (texts.every((s) => s.length <= BUCKET_BYTES)) {
      texts.forEach((s, b) => sets.push([polKeys.idx(t, buildId, b), s]));
      break;
    }
    buckets *= 2;
  }
  const batches: [Deno.KvKey, unknown][][] = [];
  for (let i = 0; i < sets.length; i += PER_COMMIT) batches.push(sets.slice(i, i + PER_COMMIT));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) await commitSets(kv, batches[next++]!);
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return buckets;
}

/** A customer's leaf indexes in a build, share 0 first (null: not in it). */
/**
 * Records of a build (index buckets, node chunks): written once, before an epoch names the build,
 * and never changed, so a nearby replica's copy is the record (an eventual read, no round trip to
 * the write region); one the replica does not have yet (a build a moment old) is read strongly.
 */
async function readBuilt<T>(kv: Deno.Kv, keys: Deno.KvKey[]): Promise<(T | null)[]> {
  const near = await kv.getMany<T[]>(keys, { consistency: "eventual" });
  if (near.every((e) => e.versionstamp !== null)) return near.map((e) => e.value);
  return (await kv.getMany<T[]>(keys)).map((e) => e.value);
}

export async function readIndex(
  kv: Deno.Kv,
  t: string,
  rec: Pick<EpochRecord, "buildId" | "buckets">,
  userId: string,
  sha: (s: string) => string,
): Promise<number[] | null> {
  const [text] = await readBuilt<string>(kv, [
    polKeys.idx(t, rec.buildId, bucketOf(sha, userId, rec.buckets)),
  ]);
  if (!text) return null;
  const want = `${userId}:`;
  for (const entry of text.split(",")) {
    if (entry.startsWith(want)) return entry.slice(want.length).split(";").map(Number);
  }
  return null;
}

/** Whole chunks of nodes, in order (null where absent). */
export async function readChunks(
  kv: Deno.Kv,
  t: string,
  buildId: string,
  at: { level: number; n: number }[],
): Promise<(TreeNode[] | null)[]> {
  const batches: Promise<(string[] | null)[]>[] = [];
  for (let i = 0; i < at.length; i += 10) {
    batches.push(
      readBuilt<string[]>(
        kv,
        at.slice(i, i + 10).map((p) => polKeys.chunk(t, buildId, p.level, p.n)),
      ),
    );
  }
  // the batches in flight together
  return (await Promise.all(batches)).flat().map((v) => v?.map(decodeNode) ?? null);
}

/** Every leaf of a build (tests and audits). */
export async function readLeaves(
  kv: Deno.Kv,
  t: string,
  buildId: string,
  leaves: number,
): Promise<TreeNode[]> {
  const chunks = await readChunks(
    kv,
    t,
    buildId,
    Array.from({ length: Math.ceil(leaves / CHUNK) }, (_, n) => ({ level: 0, n })),
  );
  return chunks.flatMap((c) => c ?? []);
}

export async function readEpoch(
  kv: Deno.Kv,
  t: string,
  epoch: string,
  consistency?: Deno.KvConsistencyLevel,
) {
  return (await kv.get<EpochRecord>(polKeys.epoch(t, epoch), { consistency })).value;
}

/**
 * The latest epoch; `eventual`: as a nearby replica has it (the pointer and the record are
 * written in one commit and an epoch never changes: a replica's is a whole epoch, at most a few
 * seconds older than the newest).
 */
export async function readLatest(
  kv: Deno.Kv,
  t: string,
  consistency?: Deno.KvConsistencyLevel,
): Promise<EpochRecord | null> {
  const id = (await kv.get<string>(polKeys.latest(t), { consistency })).value;
  return id === null ? null : await readEpoch(kv, t, id, consistency);
}

/**
 * Publish an epoch: its record and the latest pointer in one commit that checks the epoch is
 * new (false: another instance published it first). `extra` adds the caller's writes (the audit
 * entry of an operator's request).
 */
export async function publish(
  kv: Deno.Kv,
  t: string,
  rec: EpochRecord,
  extra?: (op: Deno.AtomicOperation) => void,
): Promise<boolean> {
  const op = kv.atomic()
    .check({ key: polKeys.epoch(t, rec.epoch), versionstamp: null })
    .set(polKeys.epoch(t, rec.epoch), rec)
    .set(polKeys.latest(t), rec.epoch);
  extra?.(op);
  return (await op.commit()).ok;
}

export const sumsJson = (s: Sums) =>
  Object.fromEntries(POL_CURRENCIES.map((c) => [c, s[c].toString()])) as Record<
    typeof POL_CURRENCIES[number],
    string
  >;
