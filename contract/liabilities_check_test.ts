/**
 * The browser's check (check.ts, run by islands/LiabilityCheck.tsx) against the attacks of
 * "Broken Proofs of Solvency": one leaf shown to two customers with equal balances, a share
 * counted twice, shares that do not add up to the balances claimed.
 */
import { assert, assertEquals } from "../tests/assert.ts";
import type { LiabilitiesProof } from "./liabilities.ts";
import { checkProof, ownSums, ownVerdict } from "./liabilities_check.ts";
import { sumsJson } from "../edge/liabilities/store.ts";
import { buildLevels, pathOf, prepareLeaves, sha256Hex, type Sums } from "./liabilities_tree.ts";

const EPOCH = "2026-11-26";
const EQUAL: Sums = { USDT: 500_000_000_000n, BTC: 10_000_000n, ETH: 0n };

/** A tree of three customers, two with equal balances, and each one's proof as served. */
function world() {
  const customers = [
    { id: "1001", sums: EQUAL, salt: "aa".repeat(16) },
    { id: "1002", sums: EQUAL, salt: "bb".repeat(16) },
    { id: "1003", sums: { USDT: 7n, BTC: 0n, ETH: 3n }, salt: "cc".repeat(16) },
  ];
  const leaves = prepareLeaves(customers);
  const levels = buildLevels(sha256Hex, EPOCH, leaves);
  const root = levels.at(-1)![0]!;
  const published = { epoch: EPOCH, root: root.hash, totals: sumsJson(root.sums) };
  const proofOf = (id: string): LiabilitiesProof => {
    const c = customers.find((x) => x.id === id)!;
    const at = leaves.flatMap((l, i) => (l.id === id ? [{ l, i }] : []))
      .sort((a, b) => a.l.share - b.l.share);
    return {
      epoch: EPOCH,
      userId: id,
      salt: c.salt,
      balances: sumsJson(c.sums),
      shares: at.map(({ l, i }) => ({
        share: l.share,
        ...sumsJson(l.sums),
        path: pathOf(levels, i).map((p) => ({ side: p.side, hash: p.hash, ...sumsJson(p.sums) })),
      })),
    };
  };
  return { published, proofOf };
}

Deno.test("liabilities check: a customer's own proof verifies from their own id", async () => {
  const { published, proofOf } = world();
  for (const id of ["1001", "1002", "1003"]) {
    const v = await checkProof(sha256Hex, id, proofOf(id), published);
    assert(v.ok, id);
    assertEquals(v.leaves.length, 2);
  }
});

Deno.test("liabilities check: the shared-leaf attack (another customer's leaves) is refused", async () => {
  const { published, proofOf } = world();
  // the operator shows 1001 the leaves of 1002 (equal balances), even relabelled as 1001's
  const theirs = proofOf("1002");
  assertEquals(theirs.balances, sumsJson(EQUAL));
  assertEquals(await checkProof(sha256Hex, "1001", theirs, published), {
    ok: false,
    reason: "root",
  });
  assertEquals(
    await checkProof(sha256Hex, "1001", { ...theirs, userId: "1001" }, published),
    { ok: false, reason: "root" },
  );
  // and 1002's own check still passes: the attack is caught by whoever is not the leaf's owner
  assert((await checkProof(sha256Hex, "1002", theirs, published)).ok);
});

Deno.test("liabilities check: shares counted twice, missing or not adding up are refused", async () => {
  const { published, proofOf } = world();
  const p = proofOf("1001");
  const [s0, s1] = p.shares as [LiabilitiesProof["shares"][0], LiabilitiesProof["shares"][0]];
  // share 0 listed twice (one leaf counted twice), with the balances claimed as twice it
  const twice = {
    ...p,
    shares: [s0, { ...s0 }],
    balances: sumsJson({
      USDT: 2n * BigInt(s0.USDT),
      BTC: 2n * BigInt(s0.BTC),
      ETH: 2n * BigInt(s0.ETH),
    }),
  };
  assertEquals(await checkProof(sha256Hex, "1001", twice, published), {
    ok: false,
    reason: "shares",
  });
  assertEquals(
    await checkProof(sha256Hex, "1001", { ...p, shares: [] }, published),
    { ok: false, reason: "shares" },
  );
  // a share index out of range (share 1 alone)
  assertEquals(
    await checkProof(sha256Hex, "1001", { ...p, shares: [s1] }, published),
    { ok: false, reason: "shares" },
  );
  // the claimed balances are not the shares' sum
  const more = { ...p, balances: { ...p.balances, ETH: "1" } };
  assertEquals(await checkProof(sha256Hex, "1001", more, published), { ok: false, reason: "sum" });
  // a proof of another epoch
  assertEquals(
    await checkProof(sha256Hex, "1001", { ...p, epoch: "2026-11-25" }, published),
    { ok: false, reason: "epoch" },
  );
});

Deno.test("liabilities check: the claimed balances against the customer's own", () => {
  const own = ownSums([
    { currency: "USDT", units: 400_000_000_000n },
    { currency: "USDT", units: 100_000_000_000n },
    { currency: "BTC", units: 10_000_000n },
  ]);
  assertEquals(own, EQUAL);
  assertEquals(ownVerdict(EQUAL, own, false), "mine");
  assertEquals(ownVerdict(EQUAL, own, true), "mine");
  const other = { ...EQUAL, USDT: EQUAL.USDT + 1n };
  assertEquals(ownVerdict(other, own, false), "notMine");
  assertEquals(ownVerdict(other, own, true), "moved");
});
