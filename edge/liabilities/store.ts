/**
 * KV keys and records of the proof of liabilities. Every key starts with the tenant.
 *
 * - `[t, "pol", "epoch", epoch]`: an epoch as published (root, totals, number of leaves, the
 *   build's id); written once, by the commit that publishes it (it checks the key is absent: two
 *   instances never publish two trees for one epoch). Kept.
 * - `[t, "pol", "latest"]`: the id of the epoch published last (the same commit).
 * - `[t, "pol", "node", buildId, level, n]`: the tree's nodes, level 0 = leaves, in chunks of
 *   `CHUNK` nodes, each node as "hash|USDT|BTC|ETH" (256 nodes of at most 64 + 3 x 26 + 4
 *   characters: < 40 KB, under KV's 64 KiB value limit). A path reads one node per level.
 * - `[t, "pol", "user", buildId, userId]`: a customer's leaf index, salt and balances.
 * The bulk records are keyed by the build (a random id), not the epoch: a build that died half
 * way leaves records no epoch points at, and they expire like the rest. They live `BULK_TTL_MS`
 * (an epoch's proofs are served while it is the latest, i.e. about a day); an epoch holds
 * 2 x leaves / CHUNK node records and one record per customer (100,000 customers: ~1,000 + 100,000).
 */
import { POL_CURRENCIES, type Sums, type TreeNode } from "./tree.ts";

export const CHUNK = 256;
export const BULK_TTL_MS = 35 * 86_400_000;

export interface EpochRecord {
  epoch: string;
  /** the bulk records' id */
  buildId: string;
  root: string;
  totals: Sums;
  /** leaves in the tree, padding included (a power of two) */
  leaves: number;
  /** customers in the tree */
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

export interface UserProofRecord {
  i: number;
  salt: string;
  sums: Sums;
}

export const polKeys = {
  epoch: (t: string, epoch: string): Deno.KvKey => [t, "pol", "epoch", epoch],
  latest: (t: string): Deno.KvKey => [t, "pol", "latest"],
  chunk: (t: string, buildId: string, level: number, n: number): Deno.KvKey => [
    t,
    "pol",
    "node",
    buildId,
    level,
    n,
  ],
  user: (t: string, buildId: string, userId: string): Deno.KvKey => [
    t,
    "pol",
    "user",
    buildId,
    userId,
  ],
};

const encodeNode = (n: TreeNode) => `${n.hash}|${n.sums.USDT}|${n.sums.BTC}|${n.sums.ETH}`;
function decodeNode(s: string): TreeNode {
  const [hash, u, b, e] = s.split("|");
  return { hash: hash!, sums: { USDT: BigInt(u!), BTC: BigInt(b!), ETH: BigInt(e!) } };
}

/** Sets per commit: within every backend's 1000 mutations and 800 KB per atomic operation. */
const USERS_PER_COMMIT = 200;
const CHUNKS_PER_COMMIT = 8;

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
 * Write a build's nodes and customers' proof material (no checks: the records are new, under a
 * fresh build id). A few commits run at once.
 */
export async function writeBuild(
  kv: Deno.Kv,
  t: string,
  buildId: string,
  levels: readonly (readonly TreeNode[])[],
  users: Iterable<[string, UserProofRecord]>,
) {
  const batches: [Deno.KvKey, unknown][][] = [];
  let batch: [Deno.KvKey, unknown][] = [];
  levels.forEach((level, l) => {
    for (let n = 0; n * CHUNK < level.length; n++) {
      batch.push([
        polKeys.chunk(t, buildId, l, n),
        level.slice(n * CHUNK, (n + 1) * CHUNK).map(encodeNode),
      ]);
      if (batch.length >= CHUNKS_PER_COMMIT) batches.push(batch), batch = [];
    }
  });
  if (batch.length) batches.push(batch), batch = [];
  for (const [id, rec] of users) {
    batch.push([polKeys.user(t, buildId, id), rec]);
    if (batch.length >= USERS_PER_COMMIT) batches.push(batch), batch = [];
  }
  if (batch.length) batches.push(batch);
  let next = 0;
  const worker = async () => {
    while (next < batches.length) await commitSets(kv, batches[next++]!);
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** The sibling nodes at the given positions (level, index), in order. */
export async function readNodes(
  kv: Deno.Kv,
  t: string,
  buildId: string,
  at: { level: number; at: number }[],
): Promise<TreeNode[]> {
  const keys = at.map((p) => polKeys.chunk(t, buildId, p.level, Math.floor(p.at / CHUNK)));
  const chunks: (string[] | null)[] = [];
  for (let i = 0; i < keys.length; i += 10) {
    const got = await kv.getMany<string[][]>(keys.slice(i, i + 10));
    chunks.push(...got.map((e) => e.value));
  }
  return at.map((p, i) => {
    const s = chunks[i]?.[p.at % CHUNK];
    if (s === undefined) throw new Error(`liabilities: node ${p.level}/${p.at} missing`);
    return decodeNode(s);
  });
}

export async function readEpoch(kv: Deno.Kv, t: string, epoch: string) {
  return (await kv.get<EpochRecord>(polKeys.epoch(t, epoch))).value;
}

export async function readLatest(kv: Deno.Kv, t: string): Promise<EpochRecord | null> {
  const id = (await kv.get<string>(polKeys.latest(t))).value;
  return id === null ? null : await readEpoch(kv, t, id);
}

export async function readUser(kv: Deno.Kv, t: string, buildId: string, userId: string) {
  return (await kv.get<UserProofRecord>(polKeys.user(t, buildId, userId))).value;
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

/** Every node of one level of a build (tests and audits: the leaves are level 0). */
export async function readLevel(
  kv: Deno.Kv,
  t: string,
  buildId: string,
  level: number,
  size: number,
): Promise<TreeNode[]> {
  return await readNodes(
    kv,
    t,
    buildId,
    Array.from({ length: size }, (_, at) => ({ level, at })),
  );
}
