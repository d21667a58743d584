/**
 * Proof of liabilities: the Merkle sum tree of one epoch (domain-rules.md "Proof of
 * liabilities"). Pure functions, no KV and no Deno API: the server builds the tree with them
 * and the browser island ("Check my balance") verifies a customer's path with the same code.
 *
 * Amounts are non-negative integers in units of 10^-8, per currency, written in decimal without
 * sign or leading zeros ("0" for zero). Hashes are sha-256, lowercase hex of the UTF-8 text.
 *
 * - leaf: sha256("tw-pol-leaf-v1|" + epoch + "|" + sha256(userId + "|" + salt) + "|" + USDT +
 *   "|" + BTC + "|" + ETH), with a fresh random salt (hex) per customer and epoch;
 * - node: sha256("tw-pol-node-v1|" + leftHash + "|" + leftUSDT + "|" + leftBTC + "|" + leftETH +
 *   "|" + rightHash + "|" + rightUSDT + "|" + rightBTC + "|" + rightETH); a node's sums are the
 *   left's plus the right's per currency, never netted across currencies;
 * - the leaves (customers and padding in a random order) are padded to a power of two (at least
 *   two) with zero-balance leaves of random ids; the root's hash and sums are published.
 *
 * A path runs from the leaf up; each step names the sibling's side (`left` or `right`), its hash
 * and its sums. Verifying recomputes the leaf, then each parent, and compares with the root.
 *
 * Worked example (the fixed vectors of tree_test.ts), epoch "2026-11-25":
 * - customer "1001", salt "00112233445566778899aabbccddeeff", 1234.5 USDT, 0.01 BTC, 0 ETH:
 *   idHash = sha256("1001|00112233445566778899aabbccddeeff")
 *          = c7a2c96819bc03f3be5813fb8d0d4317d0ce68fdc4ae12c82bf5d1897b397226
 *   leaf   = sha256("tw-pol-leaf-v1|2026-11-25|" + idHash + "|123450000000|1000000|0")
 *          = 478dfa2a83ba0d817e7d9f4061c511534d829cba57fc419e82b8ccd397af06b2
 * - customer "1002", salt "ffeeddccbbaa99887766554433221100", 0 USDT, 0 BTC, 2 ETH:
 *   idHash = 6ff522464817b4c0dcb1a5daa1b8c89d4ddfd60f7d2866dbec3ae1218c855b59
 *   leaf   = sha256("tw-pol-leaf-v1|2026-11-25|" + idHash + "|0|0|200000000")
 *          = 9156230df3b02b3ce62b5fa4b5d541ee13ef7f043ea50a1e4f73aeb7337ce0bb
 * - root   = sha256("tw-pol-node-v1|" + leaf1 + "|123450000000|1000000|0|" + leaf2 +
 *   "|0|0|200000000") = 9479858f756ba7fb5cc662906f3c138c080ec2386528a50694df70145b06d2bf,
 *   totals 123450000000 / 1000000 / 200000000.
 * Customer 1001's path: [{side: "right", hash: leaf2, USDT "0", BTC "0", ETH "200000000"}].
 */
import { createSHA256 } from "hash-wasm";

export const POL_CURRENCIES = ["USDT", "BTC", "ETH"] as const;
export type PolCurrency = typeof POL_CURRENCIES[number];
export type Sums = Record<PolCurrency, bigint>;

/** A sha-256 of a text, as lowercase hex: synchronous (server build) or not (browser). */
export type Sha256 = (text: string) => string;
export type AsyncSha256 = (text: string) => string | Promise<string>;

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

/** The text hashed into `sha256(userId + "|" + salt)`. */
export const idPreimage = (id: string, salt: string) => `${id}|${salt}`;

/** The text of a leaf's hash (`idHash` = sha256(userId + "|" + salt)). */
export function leafPreimage(epoch: string, idHash: string, s: Sums): string {
  return `tw-pol-leaf-v1|${epoch}|${idHash}|${amount(s.USDT)}|${amount(s.BTC)}|${amount(s.ETH)}`;
}

/** The text of a node's hash. */
export function nodePreimage(left: TreeNode, right: TreeNode): string {
  const l = left.sums, r = right.sums;
  return `tw-pol-node-v1|${left.hash}|${amount(l.USDT)}|${amount(l.BTC)}|${amount(l.ETH)}|` +
    `${right.hash}|${amount(r.USDT)}|${amount(r.BTC)}|${amount(r.ETH)}`;
}

export function leafNode(sha: Sha256, epoch: string, leaf: LeafInput): TreeNode {
  const idHash = sha(idPreimage(leaf.id, leaf.salt));
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
 * The leaves of an epoch: every customer with their salt (a fresh random one unless given),
 * plus zero-balance leaves of random ids up to a power of two, in a random order (an index
 * tells nothing about a customer).
 */
export function prepareLeaves(
  customers: Iterable<{ id: string; sums: Sums; salt?: string }>,
  random: { hex: (bytes: number) => string; below: (n: number) => number } = new RandomPool(),
): LeafInput[] {
  const leaves: LeafInput[] = [];
  for (const c of customers) {
    leaves.push({ id: c.id, salt: c.salt ?? random.hex(16), sums: c.sums });
  }
  const size = paddedSize(leaves.length);
  while (leaves.length < size) {
    leaves.push({ id: `pad-${random.hex(16)}`, salt: random.hex(16), sums: { ...ZERO_SUMS } });
  }
  // Fisher-Yates with an unbiased random source
  for (let i = leaves.length - 1; i > 0; i--) {
    const j = random.below(i + 1);
    const x = leaves[i]!;
    leaves[i] = leaves[j]!;
    leaves[j] = x;
  }
  return leaves;
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

export interface ProofInput {
  epoch: string;
  userId: string;
  salt: string;
  balances: Sums;
  path: PathStep[];
}

/**
 * Recompute the root from a customer's leaf and path (the browser's check): the root's hash
 * and sums, and the leaf's own hash. `sha` may be asynchronous (WebCrypto).
 */
export async function rootOfPath(
  sha: AsyncSha256,
  p: ProofInput,
): Promise<{ leaf: string; root: TreeNode }> {
  const idHash = await sha(idPreimage(p.userId, p.salt));
  const leaf = await sha(leafPreimage(p.epoch, idHash, p.balances));
  let node: TreeNode = { hash: leaf, sums: { ...p.balances } };
  for (const step of p.path) {
    const sib: TreeNode = { hash: step.hash, sums: step.sums };
    const [l, r] = step.side === "left" ? [sib, node] : [node, sib];
    node = { hash: await sha(nodePreimage(l, r)), sums: addSums(l.sums, r.sums) };
  }
  return { leaf, root: node };
}

/** Whether a proof leads to the published root (hash and every currency's total). */
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
