/**
 * Every atomic commit a handle of `openKv` makes is measured (edge/platform/kvstore.ts): its
 * checks and mutations are counted and the largest seen are kept with a label (`kvStats`), so
 * tests prove each commit stays within the smallest backend's limits.
 */
import { describe } from "./kv_keys.ts";

/** Checks per atomic operation on self-hosted denokv, the smallest limit of our backends. */
export const MAX_CHECKS = 10;
/** Mutations per atomic operation on every backend (Deno refuses more itself). */
export const MAX_MUTATIONS = 1000;

/** One commit's size: checks, mutations and which keys it touched. */
export interface CommitShape {
  checks: number;
  mutations: number;
  /** key prefixes (first three parts) with counts, checks then writes */
  label: string;
}

export interface KvStats {
  commits: number;
  /** busy failures retried (reads and commits) */
  busyRetries: number;
  /** operations refused with STORE_BUSY after the bound */
  busyRefusals: number;
  /** the commit with the most checks, and the one with the most mutations */
  maxChecks: CommitShape | null;
  maxMutations: CommitShape | null;
}

export function newKvStats(): KvStats {
  return { commits: 0, busyRetries: 0, busyRefusals: 0, maxChecks: null, maxMutations: null };
}

/** The statistics that said so already (a commit over the smallest backend's checks). */
const warned = new WeakSet<KvStats>();

/** Count a commit of `checks` and `writes` (its mutations' keys) in `s`. */
export function recordCommit(s: KvStats, checks: Deno.KvKey[], writes: Deno.KvKey[]) {
  s.commits++;
  const mutations = writes.length;
  const shape = () => ({
    checks: checks.length,
    mutations,
    label: `checks: ${describe(checks) || "none"}; writes: ${describe(writes) || "none"}`,
  });
  if (!s.maxChecks || checks.length > s.maxChecks.checks) s.maxChecks = shape();
  if (!s.maxMutations || mutations > s.maxMutations.mutations) s.maxMutations = shape();
  if (checks.length > MAX_CHECKS && !warned.has(s)) {
    // fine on Deno's own backends, refused by self-hosted denokv: say so once
    warned.add(s);
    console.warn(
      `[kv] a commit with ${checks.length} checks (denokv allows ${MAX_CHECKS}):`,
      shape().label,
    );
  }
}
