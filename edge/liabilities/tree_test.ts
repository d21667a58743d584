import fc from "fast-check";
import { assert, assertEquals, assertNotEquals } from "../../tests/assert.ts";
import { serverSha } from "./service.ts";
import {
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
  rootOfPath,
  sha256Hex,
  type Sums,
  verifyProof,
} from "./tree.ts";

/** The fixed vectors of the hash formats (also the worked example in tree.ts). */
const VECTORS = {
  epoch: "2026-11-25",
  a: {
    id: "1001",
    salt: "00112233445566778899aabbccddeeff",
    sums: { USDT: 123450000000n, BTC: 1000000n, ETH: 0n },
    idHash: "c7a2c96819bc03f3be5813fb8d0d4317d0ce68fdc4ae12c82bf5d1897b397226",
    leaf: "478dfa2a83ba0d817e7d9f4061c511534d829cba57fc419e82b8ccd397af06b2",
  },
  b: {
    id: "1002",
    salt: "ffeeddccbbaa99887766554433221100",
    sums: { USDT: 0n, BTC: 0n, ETH: 200000000n },
    idHash: "6ff522464817b4c0dcb1a5daa1b8c89d4ddfd60f7d2866dbec3ae1218c855b59",
    leaf: "9156230df3b02b3ce62b5fa4b5d541ee13ef7f043ea50a1e4f73aeb7337ce0bb",
  },
  root: "9479858f756ba7fb5cc662906f3c138c080ec2386528a50694df70145b06d2bf",
};

Deno.test("liabilities tree: the digest function gives the standard sha-256 vectors", () => {
  assertEquals(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  assertEquals(
    sha256Hex("abc"),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});

Deno.test("liabilities tree: fixed vectors of the leaf and node formats", async () => {
  const { epoch, a, b } = VECTORS;
  assertEquals(serverSha(idPreimage(a.id, a.salt)), a.idHash);
  assertEquals(serverSha(idPreimage(b.id, b.salt)), b.idHash);
  assertEquals(
    leafPreimage(epoch, a.idHash, a.sums),
    `tw-pol-leaf-v1|2026-11-25|${a.idHash}|123450000000|1000000|0`,
  );
  assertEquals(serverSha(leafPreimage(epoch, a.idHash, a.sums)), a.leaf);
  assertEquals(serverSha(leafPreimage(epoch, b.idHash, b.sums)), b.leaf);
  const l = { hash: a.leaf, sums: a.sums }, r = { hash: b.leaf, sums: b.sums };
  assertEquals(
    nodePreimage(l, r),
    `tw-pol-node-v1|${a.leaf}|123450000000|1000000|0|${b.leaf}|0|0|200000000`,
  );
  const levels = buildLevels(serverSha, epoch, [a, b]);
  assertEquals(levels.length, 2);
  assertEquals(levels[1]![0], {
    hash: VECTORS.root,
    sums: { USDT: 123450000000n, BTC: 1000000n, ETH: 200000000n },
  });
  // customer a's path: the sibling b on the right; the browser's hash gives the same root
  const path = pathOf(levels, 0);
  assertEquals(path, [{ side: "right", hash: b.leaf, sums: b.sums }]);
  const proof = { epoch, userId: a.id, salt: a.salt, balances: a.sums, path };
  const out = await rootOfPath(sha256Hex, proof);
  assertEquals([out.leaf, out.root.hash], [a.leaf, VECTORS.root]);
  assert(await verifyProof(sha256Hex, proof, { root: VECTORS.root, totals: levels[1]![0]!.sums }));
});

Deno.test("liabilities tree: padding to a power of two with zero leaves, random salts", () => {
  assertEquals([0, 1, 2, 3, 5, 8, 9].map(paddedSize), [2, 2, 2, 4, 8, 8, 16]);
  const customers = [1, 2, 3, 4, 5].map((i) => ({
    id: String(i),
    sums: { USDT: BigInt(i), BTC: 0n, ETH: 0n },
  }));
  const leaves = prepareLeaves(customers);
  assertEquals(leaves.length, 8);
  const pads = leaves.filter((l) => l.id.startsWith("pad-"));
  assertEquals(pads.length, 3);
  for (const p of pads) assertEquals(p.sums, { USDT: 0n, BTC: 0n, ETH: 0n });
  assertEquals(new Set(leaves.map((l) => l.salt)).size, 8);
  assertNotEquals(prepareLeaves(customers)[0]!.salt, prepareLeaves(customers)[0]!.salt);
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
  sums,
});

function tree(leaves: LeafInput[]) {
  const padded = [...leaves];
  while (padded.length < paddedSize(leaves.length)) {
    padded.push({ id: `pad-${padded.length}`, salt: "00", sums: { USDT: 0n, BTC: 0n, ETH: 0n } });
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
          balances: leaf.sums,
          path: pathOf(levels, i),
        };
        assert(await verifyProof(sha256Hex, proof, published));
        // a changed balance (understated or otherwise) fails
        const changed: Sums = { ...leaf.sums, USDT: other.USDT };
        if (changed.USDT !== leaf.sums.USDT) {
          assert(!(await verifyProof(sha256Hex, { ...proof, balances: changed }, published)));
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
