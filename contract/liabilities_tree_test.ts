import fc from "fast-check";
import { assert, assertEquals, assertNotEquals } from "../tests/assert.ts";
import { serverSha } from "../edge/liabilities/service.ts";
import {
  addSums,
  buildLevels,
  idPreimage,
  type LeafInput,
  leafPreimage,
  nodePreimage,
  paddedSize,
  pathOf,
  pathPositions,
  prepareLeaves,
  type ProofInput,
  RandomPool,
  rootOfPath,
  sha256Hex,
  splitAmount,
  splitShares,
  type Sums,
  verifyProof,
} from "./liabilities_tree.ts";

/**
 * The fixed vectors of the format-2 hash formats (also the worked example in tree.ts), computed
 * independently with coreutils: `printf '%s' TEXT | sha256sum`.
 */
const VECTORS = {
  epoch: "2026-11-25",
  id: "1001",
  salt: "00112233445566778899aabbccddeeff",
  s0: {
    share: 0,
    sums: { USDT: 100000000000n, BTC: 400000n, ETH: 0n },
    idHash: "f03382619f76f9bd5c886ad45a79be07e8f41a48ee66e6ef9a58a44fcffee9cc",
    leaf: "a216a2332f84b793e289d646a6040a765f46ad81ce9765ddf4119e6f6a3c33fe",
  },
  s1: {
    share: 1,
    sums: { USDT: 23450000000n, BTC: 600000n, ETH: 0n },
    idHash: "e31d994eee1fe4713840045c58801ec630c93889373b35fd3efe7b57afb39e64",
    leaf: "e603b5b646d6fc0018fc9b2ea4ce913c8392e3a9ca53a5894fe9aca7aed33053",
  },
  root: "b433a155c0d9f94728d3891e57e84930e9c207828971dcc7c8f8622c8d298760",
};

Deno.test("liabilities tree: the digest function gives the standard sha-256 vectors", () => {
  assertEquals(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  assertEquals(
    sha256Hex("abc"),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});

Deno.test("liabilities tree: fixed vectors of the leaf and node formats (format 2)", async () => {
  const { epoch, id, salt, s0, s1 } = VECTORS;
  assertEquals(idPreimage(id, salt, 1), "1001|00112233445566778899aabbccddeeff|1");
  assertEquals(serverSha(idPreimage(id, salt, 0)), s0.idHash);
  assertEquals(serverSha(idPreimage(id, salt, 1)), s1.idHash);
  assertEquals(
    leafPreimage(epoch, s0.idHash, s0.sums),
    `tw-pol-leaf-v2|2026-11-25|${s0.idHash}|100000000000|400000|0`,
  );
  assertEquals(serverSha(leafPreimage(epoch, s0.idHash, s0.sums)), s0.leaf);
  assertEquals(serverSha(leafPreimage(epoch, s1.idHash, s1.sums)), s1.leaf);
  const l = { hash: s0.leaf, sums: s0.sums }, r = { hash: s1.leaf, sums: s1.sums };
  assertEquals(
    nodePreimage(l, r),
    `tw-pol-node-v1|${s0.leaf}|100000000000|400000|0|${s1.leaf}|23450000000|600000|0`,
  );
  const leaves = [{ id, salt, ...s0 }, { id, salt, ...s1 }];
  const levels = buildLevels(serverSha, epoch, leaves);
  assertEquals(levels.length, 2);
  assertEquals(levels[1]![0], {
    hash: VECTORS.root,
    sums: { USDT: 123450000000n, BTC: 1000000n, ETH: 0n },
  });
  // each share's path: the other share as sibling; the browser's hash gives the same root
  assertEquals(pathOf(levels, 0), [{ side: "right", hash: s1.leaf, sums: s1.sums }]);
  assertEquals(pathOf(levels, 1), [{ side: "left", hash: s0.leaf, sums: s0.sums }]);
  const published = { root: VECTORS.root, totals: levels[1]![0]!.sums };
  for (const [i, s] of [s0, s1].entries()) {
    const proof = {
      epoch,
      userId: id,
      salt,
      share: s.share,
      sums: s.sums,
      path: pathOf(levels, i),
    };
    const out = await rootOfPath(sha256Hex, proof);
    assertEquals([out.leaf, out.root.hash], [s.leaf, VECTORS.root]);
    assert(await verifyProof(sha256Hex, proof, published));
    // the same leaf claimed under another user id or share index leads elsewhere
    assert(!(await verifyProof(sha256Hex, { ...proof, userId: "1002" }, published)));
    assert(!(await verifyProof(sha256Hex, { ...proof, share: 1 - s.share }, published)));
  }
});

Deno.test("liabilities tree: random shares sum exactly to the balance (unbiased draws)", () => {
  const pool = new RandomPool();
  for (const total of [0n, 1n, 2n, 255n, 256n, 10n ** 8n, 2n ** 64n + 3n, 10n ** 19n]) {
    for (let k = 1; k <= 4; k++) {
      const parts = splitAmount(total, k, pool);
      assertEquals(parts.length, k);
      assert(parts.every((p) => p >= 0n), `${total}/${k}: ${parts}`);
      assertEquals(parts.reduce((a, b) => a + b, 0n), total);
    }
  }
  // belowBig stays in range and reaches both ends of a small range
  const seen = new Set<bigint>();
  for (let i = 0; i < 400; i++) {
    const x = pool.belowBig(3n);
    assert(x >= 0n && x < 3n);
    seen.add(x);
  }
  assertEquals(seen.size, 3);
  // a balance's shares differ between two splits (random), per currency
  const s = { USDT: 10n ** 12n, BTC: 10n ** 9n, ETH: 7n };
  const a = splitShares(s, 2, pool), b = splitShares(s, 2, pool);
  assertEquals(addSums(a[0]!, a[1]!), s);
  assertNotEquals(a[0]!.USDT, b[0]!.USDT);
});

Deno.test("liabilities tree: layout: shares split over the root's halves, padded, random salts", () => {
  assertEquals([0, 1, 2, 3, 5, 8, 9].map(paddedSize), [2, 2, 2, 4, 8, 8, 16]);
  const customers = [1, 2, 3, 4, 5].map((i) => ({
    id: String(i),
    sums: { USDT: BigInt(i) * 10n ** 8n, BTC: 0n, ETH: 0n },
  }));
  const leaves = prepareLeaves(customers);
  assertEquals(leaves.length, 16, "5 customers x 2 shares: two halves of 8");
  const pads = leaves.filter((l) => l.id.startsWith("pad-"));
  assertEquals(pads.length, 6);
  for (const p of pads) assertEquals(p.sums, { USDT: 0n, BTC: 0n, ETH: 0n });
  // share 0 of everyone in the left half, share 1 in the right: no subtree below the root
  // holds all of one customer's shares
  for (const c of customers) {
    const at = leaves.flatMap((l, i) => (l.id === c.id ? [[l.share, i] as const] : []));
    assertEquals(at.map(([s]) => s).sort(), [0, 1]);
    for (const [share, i] of at) assertEquals(i < 8, share === 0);
    const mine = leaves.filter((l) => l.id === c.id);
    assertEquals(addSums(mine[0]!.sums, mine[1]!.sums), c.sums);
    assertEquals(mine[0]!.salt, mine[1]!.salt, "one salt per customer");
  }
  assertEquals(new Set(leaves.map((l) => `${l.id}|${l.salt}`)).size, 5 + 6);
  assertNotEquals(prepareLeaves(customers)[0]!.salt, prepareLeaves(customers)[0]!.salt);
  // no customer: two halves of padding
  assertEquals(prepareLeaves([]).length, 4);
  assertEquals(pathPositions(8, 5), [{ level: 0, at: 4 }, { level: 1, at: 3 }, {
    level: 2,
    at: 0,
  }]);
});

const amount = fc.bigInt({ min: 0n, max: 10n ** 19n });
const sums = fc.record({ USDT: amount, BTC: amount, ETH: amount });
const leafArb = fc.record({
  id: fc.stringMatching(/^[0-9]{1,8}$/),
  salt: fc.stringMatching(/^[0-9a-f]{32}$/),
  share: fc.nat({ max: 3 }),
  sums,
});

function tree(leaves: LeafInput[]) {
  const padded = [...leaves];
  while (padded.length < paddedSize(leaves.length)) {
    padded.push({
      id: `pad-${padded.length}`,
      salt: "00",
      share: 0,
      sums: { USDT: 0n, BTC: 0n, ETH: 0n },
    });
  }
  const levels = buildLevels(serverSha, "E", padded);
  return { levels, root: levels.at(-1)![0]! };
}

Deno.test("liabilities tree (property): every path verifies; any change is caught", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(leafArb, { minLength: 1, maxLength: 20 }),
      fc.nat(),
      sums,
      fc.nat(),
      async (leaves, pick, other, stepPick) => {
        const { levels, root } = tree(leaves);
        const published = { root: root.hash, totals: root.sums };
        const i = pick % leaves.length;
        const leaf = leaves[i]!;
        const proof: ProofInput = {
          epoch: "E",
          userId: leaf.id,
          salt: leaf.salt,
          share: leaf.share,
          sums: leaf.sums,
          path: pathOf(levels, i),
        };
        assert(await verifyProof(sha256Hex, proof, published));
        // a changed balance (understated or otherwise) fails
        const changed: Sums = { ...leaf.sums, USDT: other.USDT };
        // another customer's id on this leaf fails (the shared-leaf attack)
        assert(!(await verifyProof(sha256Hex, { ...proof, userId: `${leaf.id}x` }, published)));
        if (changed.USDT !== leaf.sums.USDT) {
          assert(!(await verifyProof(sha256Hex, { ...proof, sums: changed }, published)));
          // ... and a tree built with it has another root
          const again = tree(leaves.map((l, k) => k === i ? { ...l, sums: changed } : l));
          assertNotEquals(again.root.hash, root.hash);
        }
        // a swapped sibling side, or a sibling's sums changed, fails
        const s = stepPick % proof.path.length;
        const flipped = proof.path.map((p, k) =>
          k === s ? { ...p, side: p.side === "left" ? "right" as const : "left" as const } : p
        );
        const a = proof.path[s]!;
        // swapping two equal siblings changes nothing: only a real swap must fail
        const leafNow = await rootOfPath(sha256Hex, { ...proof, path: proof.path.slice(0, s) });
        if (leafNow.root.hash !== a.hash) {
          assert(!(await verifyProof(sha256Hex, { ...proof, path: flipped }, published)));
        }
        const bumped = proof.path.map((p, k) =>
          k === s ? { ...p, sums: { ...p.sums, ETH: p.sums.ETH + 1n } } : p
        );
        assert(!(await verifyProof(sha256Hex, { ...proof, path: bumped }, published)));
        // a dropped leaf (the customer left out) changes the root
        if (leaves.length > 1) {
          const without = tree(leaves.filter((_, k) => k !== i));
          assertNotEquals(without.root.hash, root.hash);
        }
      },
    ),
    { numRuns: 60 },
  );
});
