/**
 * "Check my balance", the browser's side (islands/LiabilityCheck.tsx runs it; pure, so tests run
 * it too). A proof binds to the signed-in customer only if the check itself supplies who that
 * is: every share's leaf is rebuilt from the customer's OWN user id (the page's session, never
 * the proof reply's `userId`), so a leaf made for another customer (the shared-leaf attack of
 * "Broken Proofs of Solvency": two customers with equal balances shown one leaf) leads to
 * another root and is refused. The shares must be distinct (0, 1, ... each once: a share listed
 * twice would count one leaf twice) and sum exactly to the balances the proof claims; then the
 * claimed balances are compared with the customer's own figures (`ownVerdict`).
 */
import {
  addSums,
  POL_CURRENCIES,
  type PolCurrency,
  rootOfPath,
  type Sha256,
  type Sums,
  sumsEqual,
  sumsFromWire,
  ZERO_SUMS,
} from "./liabilities_tree.ts";
import type { LiabilitiesProof } from "./liabilities.ts";

/**
 * How long before a pass a journal may have been planned and still commit during it (commits
 * retry for well under this; instances' clocks are assumed within it of each other): the build
 * re-reads the ledger when a journal is this close, and the check calls a movement this close
 * to the read "moved since".
 */
export const MOVE_SLACK_MS = 60_000;

export type ProofVerdict =
  | { ok: true; balances: Sums; leaves: string[] }
  | { ok: false; reason: "epoch" | "shares" | "sum" | "root" };

/**
 * Verify a proof reply for the customer `ownUserId` against the published epoch: every share's
 * leaf from the customer's own id, its path to the root (hash and totals), the shares 0..n-1
 * each once, their sum equal to the claimed balances.
 */
export async function checkProof(
  sha: Sha256,
  ownUserId: string,
  proof: LiabilitiesProof,
  published: { epoch: string; root: string; totals: Record<PolCurrency, string> },
): Promise<ProofVerdict> {
  if (proof.epoch !== published.epoch) return { ok: false, reason: "epoch" };
  const seen = new Set(proof.shares.map((s) => s.share));
  if (
    proof.shares.length === 0 || seen.size !== proof.shares.length ||
    proof.shares.some((s) => !Number.isInteger(s.share) || s.share < 0 || s.share >= seen.size)
  ) return { ok: false, reason: "shares" };
  try {
    const totals = sumsFromWire(published.totals);
    const balances = sumsFromWire(proof.balances);
    let sum: Sums = { ...ZERO_SUMS };
    const leaves: string[] = [];
    for (const s of proof.shares) {
      const sums = sumsFromWire(s);
      sum = addSums(sum, sums);
      const out = await rootOfPath(sha, {
        epoch: published.epoch,
        userId: ownUserId,
        salt: proof.salt,
        share: s.share,
        sums,
        path: s.path.map((p) => ({ side: p.side, hash: p.hash, sums: sumsFromWire(p) })),
      });
      if (out.root.hash !== published.root || !sumsEqual(out.root.sums, totals)) {
        return { ok: false, reason: "root" };
      }
      leaves.push(out.leaf);
    }
    if (!sumsEqual(sum, balances)) return { ok: false, reason: "sum" };
    return { ok: true, balances, leaves };
  } catch {
    return { ok: false, reason: "root" }; // a malformed amount or a negative one
  }
}

/**
 * The claimed balances against the customer's own: `mine` when equal to what the assets show
 * now and no money moved since the epoch read the balances, `notMine` when they differ although
 * nothing moved, `moved` when a movement since then makes today's figures no yardstick.
 */
export function ownVerdict(
  claimed: Sums,
  own: Sums,
  movedSince: boolean,
): "mine" | "notMine" | "moved" {
  if (sumsEqual(claimed, own)) return "mine";
  return movedSince ? "moved" : "notMine";
}

/** Per-currency totals over wallets, from rows of units (the assets' `total` column). */
export function ownSums(rows: { currency: string; units: bigint }[]): Sums {
  const s: Sums = { ...ZERO_SUMS };
  for (const r of rows) {
    if ((POL_CURRENCIES as readonly string[]).includes(r.currency)) {
      s[r.currency as PolCurrency] += r.units;
    }
  }
  return s;
}
