/**
 * Proof of liabilities (quality bar: a tree for 100,000 customers built in <= 10 s; one
 * customer's proof checked in the browser in <= 50 ms). `deno task bench`.
 * - the tree alone: salts, random shares (2 per customer), padding, shuffle and every hash
 *   (hash-wasm) over in-memory balances;
 * - a whole epoch on a local SQLite KV: both passes over 100,000 customers' ledger balances
 *   (300,000 accounts), the tree, ~100,000 proof records and the node chunks, the publication;
 * - one customer's proof: read from KV (the `/proof` endpoint's work) and checked with the
 *   browser's code (`checkProof`: every share's leaf from the customer's id, its path, the sum).
 */
import { checkProof } from "../contract/liabilities_check.ts";
import { epochJson, Liabilities } from "../edge/liabilities/service.ts";
import { sha256Hex, type Sums } from "../contract/liabilities_tree.ts";
import { keys as ledgerKeys } from "../edge/ledger/store.ts";
import { Ledger } from "../edge/ledger/service.ts";

const N = Number(Deno.env.get("POL_CUSTOMERS") ?? 100_000);
const T = "bench";
const dir = await Deno.makeTempDir();
const kv = await Deno.openKv(`${dir}/pol.kv`);
const pol = new Liabilities(kv, new Ledger(kv), Date.now);

const byUser = new Map<string, Sums>();
for (let i = 0; i < N; i++) {
  byUser.set(String(100_000 + i), {
    USDT: BigInt(i * 1_000_003 % 99_999_999_999),
    BTC: BigInt(i % 7) * 1_234_567n,
    ETH: BigInt(i % 5) * 98_765_432n,
  });
}

// the ledger's balance records as the build reads them (a bench shortcut, not journals)
{
  let op = kv.atomic(), n = 0;
  for (const [id, s] of byUser) {
    op.set(ledgerKeys.balance(T, `u:${id}:spot:USDT`), { available: s.USDT, frozen: 0n });
    op.set(ledgerKeys.balance(T, `u:${id}:spot:BTC`), { available: s.BTC, frozen: 0n });
    op.set(ledgerKeys.balance(T, `u:${id}:contract:USDT`), { available: 0n, frozen: s.ETH });
    if (++n % 300 === 0) {
      await op.commit();
      op = kv.atomic();
    }
  }
  await op.commit();
}

Deno.bench(`liabilities: tree of ${N} customers in memory (salts, padding, hashes)`, {
  group: "pol-build",
  n: 3,
  warmup: 1,
}, () => {
  pol.tree("2026-11-25", byUser, "00".repeat(32));
});

let epoch = 0;
Deno.bench(`liabilities: whole epoch of ${N} customers on KV (read, tree, write, publish)`, {
  group: "pol-build",
  n: 2,
  warmup: 0,
}, async () => {
  const r = await pol.build(T, `bench-${epoch++}`, { kind: "daily" });
  if (!r.built || r.record.customers !== N) throw new Error("not built");
});

// one epoch to read proofs from
const built = (await pol.build(T, "bench-proofs", { kind: "daily" })).record;
const ids = [...byUser.keys()];
let k = 0;

Deno.bench("liabilities: one customer's proof read from KV (the /proof endpoint's work)", {
  group: "pol-proof",
}, async () => {
  await pol.proof(T, ids[k++ % ids.length]!);
});

const owner = ids[12_345 % ids.length]!;
const proof = await pol.proof(T, owner);
const published = epochJson(built);
Deno.bench(
  `liabilities: one proof checked with the browser's code (${proof.shares.length} shares of ${
    proof.shares[0]!.path.length
  } steps)`,
  { group: "pol-proof", baseline: true },
  async () => {
    if (!(await checkProof(sha256Hex, owner, proof, published)).ok) {
      throw new Error("does not verify");
    }
  },
);

globalThis.addEventListener("unload", () => {
  kv.close();
  Deno.removeSync(dir, { recursive: true });
});
