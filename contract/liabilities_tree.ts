/**
 * Proof of liabilities: the Merkle sum tree of one epoch (domain-rules.md "Proof of
 * liabilities" and "Liabilities shares"). Pure functions, no KV and no Deno API: the server
 * builds the tree with them and the browser island ("Check my balance") verifies a customer's
 * paths with the same code (check.ts).
 *
 * Amounts are non-negative integers in units of 10^-8, per currency, written in decimal without
 * sign or leading zeros ("0" for zero). Hashes are sha-256, lowercase hex of the UTF-8 text.
 *
 * Format 2 (`FORMAT`): every customer's balances are split over `SHARES` leaves with random
 * non-negative shares that sum exactly to the balance, per currency (`splitShares`), so that no
 * sibling on a path is one other customer's whole balance:
 * - leaf: sha256("tw-pol-leaf-v2|" + epoch + "|" + sha256(userId + "|" + salt + "|" + share) +
 *   "|" + USDT + "|" + BTC + "|" + ETH), `share` the share's index (0, 1, ...), with one fresh
 *   random salt (hex) per customer and epoch;
 * - node (unchanged from format 1): sha256("tw-pol-node-v1|" + leftHash + "|" + leftUSDT + "|" +
 *   leftBTC + "|" + leftETH + "|" + rightHash + "|" + rightUSDT + "|" + rightBTC + "|" +
 *   rightETH); a node's sums are the left's plus the right's per currency, never netted;
 * - layout: even shares in the root's left half, odd shares in its right half, each half padded
 *   to the same power of two with zero-balance leaves of random ids and shuffled on its own. So
 *   every customer has a share in both halves and no subtree below the root holds all of one
 *   customer's shares: a sibling's sums are a random part of a customer's balance, or a sum of
 *   parts of several, never one customer's balance. The root's hash and sums are published.
 *   Format 1 (one leaf per customer, "tw-pol-leaf-v1", `sha256(userId + "|" + salt)`) is
 *   replaced: the next run of the job publishes a format-2 epoch (service.ts).
 *
 * A path runs from the leaf up; each step names the sibling's side (`left` or `right`), its hash
 * and its sums. Verifying recomputes the leaf, then each parent, and compares with the root.
 *
 * Worked example (the fixed vectors of tree_test.ts, computed with coreutils sha256sum), epoch
 * "2026-11-25", one customer "1001", salt "00112233445566778899aabbccddeeff", balances 1234.5
 * USDT, 0.01 BTC, 0 ETH, split into share 0 = 1000 USDT, 0.004 BTC, 0 ETH and share 1 = 234.5
 * USDT, 0.006 BTC, 0 ETH, no padding (a two-leaf tree, for the vector only):
 *   id0   = sha256("1001|00112233445566778899aabbccddeeff|0")
 *         = f03382619f76f9bd5c886ad45a79be07e8f41a48ee66e6ef9a58a44fcffee9cc
 *   leaf0 = sha256("tw-pol-leaf-v2|2026-11-25|" + id0 + "|100000000000|400000|0")
 *         = a216a2332f84b793e289d646a6040a765f46ad81ce9765ddf4119e6f6a3c33fe
 *   id1   = sha256("1001|00112233445566778899aabbccddeeff|1")
 *         = e31d994eee1fe4713840045c58801ec630c93889373b35fd3efe7b57afb39e64
 *   leaf1 = sha256("tw-pol-leaf-v2|2026-11-25|" + id1 + "|23450000000|600000|0")
 *         = e603b5b646d6fc0018fc9b2ea4ce913c8392e3a9ca53a5894fe9aca7aed33053
 *   root  = sha256("tw-pol-node-v1|" + leaf0 + "|100000000000|400000|0|" + leaf1 +
 *           "|23450000000|600000|0")
 *         = b433a155c0d9f94728d3891e57e84930e9c207828971dcc7c8f8622c8d298760,
 *   totals 123450000000 / 1000000 / 0.
 * The proof lists share 0 with path [{side: "right", hash: leaf1, ...}] and share 1 with path
 * [{side: "left", hash: leaf0, ...}].
 */
import { createSHA256 } from "hash-wasm";

export const POL_CURRENCIES = ["USDT", "BTC", "ETH"] as const;
export type PolCurrency = typeof POL_CURRENCIES[number];
export type Sums = Record<PolCurrency, bigint>;

/** A sha-256 of a text, as lowercase hex: synchronous (server build) or not (browser). */
export type Sha256 = (text: string) => string;
export type AsyncSha256 = (text: string) => string | Promise<string>;

/** The leaf and epoch format (see above); epochs without one are format 1. */
export const FORMAT = 2;
/** Leaves per customer (even shares in the left half, odd in the right). */
export const SHARES = 2;

export const ZERO_SUMS: Readonly<Sums> = Object.freeze({ USDT: 0n, BTC: 0n, ETH: 0n });

export interface TreeNode {
  hash: string;
  sums: Sums;
}

export interface PathStep {
  /** where the sibling sits */
  side: "left" | "right";
  hash: string;
  sums: Sums;
}

export interface LeafInput {
  /** the customer's id (or a padding leaf's random id) */
  id: string;
  salt: string;
  /** the share's index (0 for a padding leaf) */
  share: number;
  sums: Sums;
}

const amount = (v: bigint): string => {
  if (v < 0n) throw new Error("a liability is never negative");
  return v.toString();
};

export const addSums = (a: Sums, b: Sums): Sums => ({
  USDT: a.USDT + b.USDT,
  BTC: a.BTC + b.BTC,
  ETH: a.ETH + b.ETH,
});

export const sumsEqual = (a: Sums, b: Sums) =>
  a.USDT === b.USDT && a.BTC === b.BTC && a.ETH === b.ETH;

/** The text hashed into a share's leaf id, `sha256(userId + "|" + salt + "|" + share)`. */
export const idPreimage = (id: string, salt: string, share: number) => `${id}|${salt}|${share}`;

/** The text of a leaf's hash (`idHash` = the share's leaf id). */
export function leafPreimage(epoch: string, idHash: string, s: Sums): string {
  return `tw-pol-leaf-v2|${epoch}|${idHash}|${amount(s.USDT)}|${amount(s.BTC)}|${amount(s.ETH)}`;
}

/** The text of a node's hash. */
export function nodePreimage(left: TreeNode, right: TreeNode): string {
  const l = left.sums, r = right.sums;
  return `tw-pol-node-v1|${left.hash}|${amount(l.USDT)}|${amount(l.BTC)}|${amount(l.ETH)}|` +
    `${right.hash}|${amount(r.USDT)}|${amount(r.BTC)}|${amount(r.ETH)}`;
}

export function leafNode(sha: Sha256, epoch: string, leaf: LeafInput): TreeNode {
  const idHash = sha(idPreimage(leaf.id, leaf.salt, leaf.share));
  return { hash: sha(leafPreimage(epoch, idHash, leaf.sums)), sums: { ...leaf.sums } };
}

export function parentNode(sha: Sha256, left: TreeNode, right: TreeNode): TreeNode {
  return { hash: sha(nodePreimage(left, right)), sums: addSums(left.sums, right.sums) };
}

/** Random bytes from WebCrypto, drawn in blocks (one call per 64 KiB, not one per salt). */
export class RandomPool {
  private buf = new Uint8Array(65_536);
  private at = this.buf.length;
  private take(n: number): Uint8Array {
    if (this.at + n > this.buf.length) {
      crypto.getRandomValues(this.buf);
      this.at = 0;
    }
    const out = this.buf.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }
  hex(bytes: number): string {
    const b = this.take(bytes);
    let s = "";
    for (let i = 0; i < b.length; i++) s += HEX[b[i]!];
    return s;
  }
  /** An unbiased random integer in [0, n) (n <= 2^32). */
  below(n: number): number {
    const limit = Math.floor(0x1_0000_0000 / n) * n;
    for (;;) {
      const b = this.take(4);
      const x = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
      if (x < limit) return x % n;
    }
  }
  /** An unbiased random bigint in [0, n) (n >= 1): masked draws, rejected when >= n. */
  belowBig(n: bigint): bigint {
    if (n <= 1n) return 0n;
    const bits = (n - 1n).toString(2).length;
    const bytes = Math.ceil(bits / 8);
    const mask = 0xff >> (bytes * 8 - bits);
    for (;;) {
      const b = this.take(bytes);
      let x = BigInt(b[0]! & mask);
      for (let i = 1; i < bytes; i++) x = (x << 8n) | BigInt(b[i]!);
      if (x < n) return x;
    }
  }
}

export type Random = Pick<RandomPool, "hex" | "below" | "belowBig">;

/**
 * A balance split into `k` random non-negative shares that sum exactly to it: k - 1 cut points
 * drawn uniformly (unbiased) from 0..total, sorted; the shares are the gaps between them.
 */
export function splitAmount(total: bigint, k: number, random: Random): bigint[] {
  const cuts = Array.from({ length: k - 1 }, () => random.belowBig(total + 1n));
  cuts.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const out: bigint[] = [];
  let prev = 0n;
  for (const c of cuts) {
    out.push(c - prev);
    prev = c;
  }
  out.push(total - prev);
  return out;
}

/** A customer's balances split into `k` shares, each currency on its own. */
export function splitShares(s: Sums, k: number, random: Random): Sums[] {
  const per = POL_CURRENCIES.map((c) => splitAmount(s[c], k, random));
  return Array.from({ length: k }, (_, j) => ({
    USDT: per[0]![j]!,
    BTC: per[1]![j]!,
    ETH: per[2]![j]!,
  }));
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** Random hex of `bytes` bytes (WebCrypto's random source, in Deno and in browsers). */
export function randomHex(bytes = 16): string {
  return new RandomPool().hex(bytes);
}

/** The smallest power of two >= n, at least 2. */
export function paddedSize(n: number): number {
  let size = 2;
  while (size < n) size *= 2;
  return size;
}

/**
 * The leaves of an epoch: every customer's `shares` shares (their salt a fresh random one unless
 * given), even shares in the root's left half and odd ones in its right half, each half padded
 * to one power of two with zero-balance leaves of random ids and shuffled on its own (an index
 * tells nothing about a customer; see the layout above).
 */
export function prepareLeaves(
  customers: Iterable<{ id: string; sums: Sums; salt?: string }>,
  random: Random = new RandomPool(),
  shares = SHARES,
): LeafInput[] {
  const halves: LeafInput[][] = [[], []];
  for (const c of customers) {
    const salt = c.salt ?? random.hex(16);
    splitShares(c.sums, shares, random).forEach((sums, share) => {
      halves[share % 2]!.push({ id: c.id, salt, share, sums });
    });
  }
  const size = paddedSize(Math.max(halves[0]!.length, halves[1]!.length));
  for (const half of halves) {
    while (half.length < size) {
      half.push({
        id: `pad-${random.hex(16)}`,
        salt: random.hex(16),
        share: 0,
        sums: { ...ZERO_SUMS },
      });
    }
    // Fisher-Yates with an unbiased random source
    for (let i = half.length - 1; i > 0; i--) {
      const j = random.below(i + 1);
      const x = half[i]!;
      half[i] = half[j]!;
      half[j] = x;
    }
  }
  return [...halves[0]!, ...halves[1]!];
}

/**
 * Every level of the tree, leaves first, the root's level (one node) last. The number of
 * leaves must be a power of two (`prepareLeaves` pads).
 */
export function buildLevels(sha: Sha256, epoch: string, leaves: LeafInput[]): TreeNode[][] {
  const n = leaves.length;
  if (n < 2 || (n & (n - 1)) !== 0) throw new Error(`leaves: ${n} is not a power of two >= 2`);
  let level = leaves.map((l) => leafNode(sha, epoch, l));
  const levels = [level];
  while (level.length > 1) {
    const up: TreeNode[] = new Array(level.length / 2);
    for (let i = 0; i < up.length; i++) up[i] = parentNode(sha, level[2 * i]!, level[2 * i + 1]!);
    levels.push(level = up);
  }
  return levels;
}

/** The path of leaf `index`: the sibling at each level, from the leaf up. */
export function pathOf(
  levels: readonly (readonly TreeNode[])[],
  index: number,
): PathStep[] {
  const path: PathStep[] = [];
  let i = index;
  for (let l = 0; l < levels.length - 1; l++) {
    const sib = i ^ 1;
    const node = levels[l]![sib]!;
    path.push({ side: sib < i ? "left" : "right", hash: node.hash, sums: { ...node.sums } });
    i >>= 1;
  }
  return path;
}

/**
 * The positions of the siblings of leaf `index` (level, index at that level), leaf first, in a
 * tree of `leafCount` leaves: what a store reads to rebuild a path.
 */
export function pathPositions(leafCount: number, index: number): { level: number; at: number }[] {
  const out: { level: number; at: number }[] = [];
  let i = index;
  for (let level = 0, size = leafCount; size > 1; level++, size /= 2) {
    out.push({ level, at: i ^ 1 });
    i >>= 1;
  }
  return out;
}

/** One share of a customer's proof: its index, its balances and its path. */
export interface ShareProof {
  share: number;
  sums: Sums;
  path: PathStep[];
}

export interface ProofInput {
  epoch: string;
  userId: string;
  salt: string;
  share: number;
  sums: Sums;
  path: PathStep[];
}

/**
 * Recompute the root from one share's leaf and path (the browser's check): the root's hash and
 * sums, and the leaf's own hash. `sha` may be asynchronous.
 */
export async function rootOfPath(
  sha: AsyncSha256,
  p: ProofInput,
): Promise<{ leaf: string; root: TreeNode }> {
  const idHash = await sha(idPreimage(p.userId, p.salt, p.share));
  const leaf = await sha(leafPreimage(p.epoch, idHash, p.sums));
  let node: TreeNode = { hash: leaf, sums: { ...p.sums } };
  for (const step of p.path) {
    const sib: TreeNode = { hash: step.hash, sums: step.sums };
    const [l, r] = step.side === "left" ? [sib, node] : [node, sib];
    node = { hash: await sha(nodePreimage(l, r)), sums: addSums(l.sums, r.sums) };
  }
  return { leaf, root: node };
}

/** Whether one share's path leads to the published root (hash and every currency's total). */
export async function verifyProof(
  sha: AsyncSha256,
  p: ProofInput,
  published: { root: string; totals: Sums },
): Promise<boolean> {
  try {
    const { root } = await rootOfPath(sha, p);
    return root.hash === published.root && sumsEqual(root.sums, published.totals);
  } catch {
    return false; // e.g. a negative amount in a tampered proof
  }
}

/** Amounts on the wire: decimal strings of units of 10^-8. */
export const sumsToWire = (s: Sums): Record<PolCurrency, string> => ({
  USDT: s.USDT.toString(),
  BTC: s.BTC.toString(),
  ETH: s.ETH.toString(),
});

export function sumsFromWire(w: Record<PolCurrency, string>): Sums {
  const one = (x: string) => {
    if (!/^(0|[1-9]\d*)$/.test(x)) throw new Error(`not an amount: ${x}`);
    return BigInt(x);
  };
  return { USDT: one(w.USDT), BTC: one(w.BTC), ETH: one(w.ETH) };
}

// ---------------------------------------------------------------------------------------------
// SHA-256 from hash-wasm (the same library the tape's chain and the audit log use): synchronous
// once instantiated, and it needs no secure context (WebCrypto's subtle API exists only on
// https), so the browser's check runs the same code as the server.

const hasher = await createSHA256();

/** sha-256 of the UTF-8 text, lowercase hex. */
export function sha256Hex(text: string): string {
  return hasher.init().update(text).digest("hex");
}
