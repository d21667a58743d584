/**
 * Proof of liabilities (domain-rules.md): per epoch (daily at 00:00 UTC, id the UTC date, or at
 * an operator's request, id the date and `-r` and the time), a Merkle sum tree (tree.ts) over
 * every live customer's balances, split into random shares, published as its root and
 * per-currency totals; each customer can fetch their salt, shares and paths and check them in
 * the browser (check.ts).
 *
 * Every live customer with an account is in the tree, zero balances included (the accounts'
 * records are read as well as the ledger's balances): the published count of customers then
 * says how many accounts the proof covers, and a customer with nothing can still check it.
 *
 * What a customer's leaf counts, per currency (units of 10^-8): every live customer account's
 * `available + frozen`, over both wallets. That covers every liability of the spec:
 * - available and frozen balances as such;
 * - wealth principal: reserved in the spot USDT account with the order (edge/wealth), so it is
 *   in `frozen` until paid back or redeemed; accrued yield is paid daily into `available`
 *   (a payout is a journal from the yield reserve), so it is counted once paid. Promised yield
 *   not yet paid is not a balance yet and is not in the tree;
 * - open fast-contract stakes, leveraged positions' margins, pending spot and limit orders and
 *   withdrawals waiting for review: reservations, i.e. `frozen` (the ledger's invariant checker
 *   proves frozen = the sum of open reservations).
 * Demo money is excluded by construction: only live-book customer accounts (`u:<id>:...`; the
 * demo book's are `demo:u:...`) are read, and any demo id (`bookOfUser`) is skipped.
 *
 * The balances are read in one pass (KV reads in batches, not one snapshot): the tree's totals
 * must equal the sums of that pass (asserted: a tree that does not is never published). When no
 * live journal touched a customer account from just before the pass to its end, the pass was a
 * snapshot and its totals are the ledger's; otherwise the ledger's live customer totals are
 * read again, and if they differ the build is redone (up to 3 passes) and then published with
 * `matches: false` and both figures, which the operator report shows.
 */
import type { z } from "zod";
import { formatDecimal } from "../../core-wasm/mod.ts";
import { userIds } from "../customers/store.ts";
import type { LiabilitiesReport } from "../../contract/liabilities.ts";
import { MOVE_SLACK_MS } from "../../contract/liabilities_check.ts";
import {
  accountId,
  type AccountRef,
  bookOfUser,
  CURRENCIES,
  house,
  parseAccountId,
} from "../ledger/accounts.ts";
import { type Balance, type Journal, keys as ledgerKeys } from "../ledger/store.ts";
import { type Actor, auditInto, readAuditHead } from "../audit/audit.ts";
import { DomainError } from "../platform/errors.ts";
import { exclusive } from "../platform/lease.ts";
import { PublicCache } from "../platform/public_cache.ts";
import {
  CHUNK,
  type EpochRecord,
  polKeys,
  publish,
  readChunks,
  readEpoch,
  readIndex,
  readLatest,
  SUBTREE,
  sumsJson,
  writeBuild,
} from "./store.ts";
import {
  addSums,
  buildLevels,
  FORMAT,
  parentNode,
  pathOf,
  pathPositions,
  type PathStep,
  prepareLeaves,
  randomHex,
  type Sha256,
  sha256Hex,
  SHARES,
  type Sums,
  sumsEqual,
  type TreeNode,
  ZERO_SUMS,
} from "../../contract/liabilities_tree.ts";

/** The server's sha-256: the tree module's (hash-wasm, synchronous), as the browser uses it. */
export const serverSha: Sha256 = sha256Hex;

/** The lease every build runs under (the daily job and operators' requests alike). */
export const LIABILITIES_LEASE = "job:liabilities";

/** The epoch id of a day (the UTC date) and of an operator's request at `at`. */
export const dailyEpoch = (at: number) => new Date(at).toISOString().slice(0, 10);
export const requestedEpoch = (at: number) => {
  const iso = new Date(at).toISOString();
  return `${iso.slice(0, 10)}-r${iso.slice(11, 19).replaceAll(":", "")}`;
};

/**
 * Every live customer's liabilities per currency, read from the ledger's balances; every live
 * customer with an account record is there, with zero sums when they hold nothing.
 */
export async function liveCustomerBalances(kv: Deno.Kv, t: string) {
  const byUser = new Map<string, Sums>();
  const totals: Sums = { ...ZERO_SUMS };
  for await (const id of userIds(kv, t)) {
    if (bookOfUser(id) === "live") byUser.set(id, { ...ZERO_SUMS });
  }
  const prefix = ledgerKeys.balances(t);
  // live customer accounts are `u:<user>:<wallet>:<currency>` ("u;" sorts right after "u:...")
  for await (
    const e of kv.list<Balance>({ start: [...prefix, "u:"], end: [...prefix, "u;"] }, {
      batchSize: 1000,
    })
  ) {
    const a = parseAccountId(e.key.at(-1) as string);
    if (!("user" in a) || a.book !== "live" || bookOfUser(a.user) === "demo") continue;
    const v = e.value.available + e.value.frozen;
    let s = byUser.get(a.user);
    if (!s) byUser.set(a.user, s = { ...ZERO_SUMS });
    s[a.currency] += v;
    totals[a.currency] += v;
  }
  return { byUser, totals };
}

/** Whether a live journal posted to a customer account from `from` (ms) on. */
export async function customerMoneyMovedSince(kv: Deno.Kv, t: string, from: number) {
  const prefix = ledgerKeys.journals(t);
  for await (
    const e of kv.list<Journal>({
      start: [...prefix, String(Math.max(0, from)).padStart(15, "0")],
      end: [...prefix, "~"],
    })
  ) {
    if ((e.value.book ?? "live") !== "live") continue;
    if (e.value.postings.some((p) => p.account.startsWith("u:"))) return true;
  }
  return false;
}

export function epochJson(r: EpochRecord) {
  return {
    epoch: r.epoch,
    root: r.root,
    totals: sumsJson(r.totals),
    format: r.format ?? 1,
    leaves: r.leaves,
    customers: r.customers,
    shares: r.shares ?? 1,
    balancesAt: r.startedAt,
    publishedAt: r.publishedAt,
  };
}

export class Liabilities {
  constructor(
    private kv: Deno.Kv,
    private ledger: { balance(t: string, a: AccountRef): Promise<Balance> },
    private now: () => number,
    private sha: Sha256 = serverSha,
  ) {
    this.cache = new PublicCache(kv);
  }

  private cache: PublicCache;

  /** The latest published epoch (null before the first), as the store has it now. */
  async latest(t: string): Promise<EpochRecord | null> {
    return await readLatest(this.kv, t);
  }

  /**
   * The latest published epoch as customers and visitors see it (the page, the public epoch, the
   * proofs): public, from the in-process cache (edge/platform/public_cache.ts), no round trip. An
   * epoch is published once a day and never changes; another instance's new one shows here within
   * about a second, this instance's at once. A proof answered from yesterday's epoch for that
   * second is whole and checks against yesterday's published root, never a mix of the two.
   */
  published(t: string): Promise<EpochRecord | null> {
    return this.cache.get(
      `latest|${t}`,
      [polKeys.latest(t), polKeys.epochs(t)],
      () => readLatest(this.kv, t),
    );
  }

  async epoch(t: string, epoch: string): Promise<EpochRecord | null> {
    return await readEpoch(this.kv, t, epoch);
  }

  /**
   * The daily epoch: built once per UTC day (the job runs hourly and catches up), under the
   * builds' lease; null when another instance holds it (that one builds or has built it). When
   * the latest epoch is of an older leaf format (published before format 2) it is replaced at
   * once by a new epoch (id `date-rHHMMSS`, kind daily): proofs are served for format 2 only.
   */
  async runDue(t: string): Promise<{ record: EpochRecord; built: boolean } | null> {
    const epoch = dailyEpoch(this.now());
    const existing = await readEpoch(this.kv, t, epoch);
    if (existing) {
      const latest = await readLatest(this.kv, t);
      if ((latest?.format ?? 1) >= FORMAT) return { record: existing, built: false };
      return await exclusive(
        this.kv,
        LIABILITIES_LEASE,
        () => this.build(t, requestedEpoch(this.now()), { kind: "daily" }),
      );
    }
    return await exclusive(
      this.kv,
      LIABILITIES_LEASE,
      () => this.build(t, epoch, { kind: "daily" }),
    );
  }

  /**
   * An operator's request: a new epoch now (under the same lease as the daily job; it waits
   * for a running build), audited in the commit that publishes it.
   */
  async request(t: string, by: Actor): Promise<EpochRecord> {
    const r = await exclusive(
      this.kv,
      LIABILITIES_LEASE,
      () => this.build(t, requestedEpoch(this.now()), { kind: "requested", by }),
      { waitMs: 60_000 },
    );
    if (!r) throw new DomainError("STORE_BUSY");
    return r.record;
  }

  /**
   * Build and publish epoch `epoch` unless it exists (idempotent: a second run, or a second
   * instance, publishes nothing and returns the published epoch).
   */
  async build(
    t: string,
    epoch: string,
    o: { kind: "daily" | "requested"; by?: Actor },
  ): Promise<{ record: EpochRecord; built: boolean }> {
    const existing = await readEpoch(this.kv, t, epoch);
    if (existing) return { record: existing, built: false };
    let tree: ReturnType<Liabilities["tree"]>;
    let ledger: Sums;
    let startedAt: number;
    let pass = 0;
    const saltKey = randomHex(32);
    for (;;) {
      startedAt = this.now();
      const read = await liveCustomerBalances(this.kv, t);
      tree = this.tree(epoch, read.byUser, saltKey);
      // the tree counts exactly what was read: never publish one that does not
      if (!sumsEqual(tree.root.sums, read.totals)) {
        throw new Error(`liabilities ${t}/${epoch}: tree totals differ from the balances read`);
      }
      // nothing posted to a customer since just before the pass: the pass was a snapshot
      if (!(await customerMoneyMovedSince(this.kv, t, startedAt - MOVE_SLACK_MS))) {
        ledger = read.totals;
        break;
      }
      ledger = (await liveCustomerBalances(this.kv, t)).totals;
      if (sumsEqual(ledger, read.totals) || ++pass >= 3) break;
    }
    const buildId = randomHex(12);
    const buckets = await writeBuild(this.kv, t, buildId, tree.levels, tree.index, this.sha);
    const record: EpochRecord = {
      epoch,
      format: FORMAT,
      shares: SHARES,
      buildId,
      saltKey,
      buckets,
      root: tree.root.hash,
      totals: tree.root.sums,
      leaves: tree.levels[0]!.length,
      customers: tree.index.length,
      startedAt,
      publishedAt: this.now(),
      kind: o.kind,
      ...(o.by ? { requestedBy: o.by.operator } : {}),
      ledger,
      matches: sumsEqual(ledger, tree.root.sums),
    };
    for (let attempt = 0; attempt < 10; attempt++) {
      const head = o.by ? await readAuditHead(this.kv, t) : null;
      const ok = await publish(this.kv, t, record, (op) => {
        if (!head || !o.by) return;
        auditInto(op, t, head, {
          at: record.publishedAt,
          operator: o.by.operator,
          action: "liabilities.epoch",
          target: `liabilities:${epoch}`,
          before: null,
          after: {
            root: record.root,
            totals: sumsJson(record.totals),
            leaves: record.leaves,
            customers: record.customers,
            shares: SHARES,
            matches: record.matches,
          },
          ip: o.by.ip,
        });
      });
      if (ok) return { record, built: true };
      const now = await readEpoch(this.kv, t, epoch);
      if (now) return { record: now, built: false };
      // the audit chain moved: read its head again
    }
    throw new DomainError("STORE_BUSY");
  }

  /** A customer's salt in an epoch (see store.ts): derived from the epoch's random key. */
  salt(saltKey: string, userId: string): string {
    return this.sha(`tw-pol-salt|${saltKey}|${userId}`).slice(0, 32);
  }

  /** The tree of an epoch over the customers' balances (pure; the bench times it). */
  tree(epoch: string, byUser: Map<string, Sums>, saltKey: string) {
    const customers: { id: string; sums: Sums; salt: string }[] = [];
    for (const [id, sums] of byUser) customers.push({ id, sums, salt: this.salt(saltKey, id) });
    const leaves = prepareLeaves(customers);
    const levels = buildLevels(this.sha, epoch, leaves);
    const byId = new Map<string, number[]>();
    leaves.forEach((l, i) => {
      if (l.id.startsWith("pad-")) return;
      let at = byId.get(l.id);
      if (!at) byId.set(l.id, at = []);
      at[l.share] = i;
    });
    const index = [...byId].map(([id, at]) => ({ id, at }));
    return { levels, index, root: levels.at(-1)![0]! };
  }

  /**
   * A signed-in customer's proof in the latest epoch: every share's leaf and path (`pathAt`).
   */
  async proof(t: string, userId: string) {
    const e = await this.published(t);
    if (!e || (e.format ?? 1) < FORMAT) throw new DomainError("POL_NOT_PUBLISHED");
    const at = await readIndex(this.kv, t, e, userId, this.sha);
    if (at === null) throw new DomainError("POL_NOT_INCLUDED", { epoch: e.epoch });
    const shares = [];
    let balances: Sums = { ...ZERO_SUMS };
    // every share's chunks read together
    const paths = await Promise.all(at.map((i) => this.pathAt(t, e, i)));
    for (const [share, { leaf, path }] of paths.entries()) {
      balances = addSums(balances, leaf.sums);
      shares.push({
        share,
        ...sumsJson(leaf.sums),
        path: path.map((p) => ({ side: p.side, hash: p.hash, ...sumsJson(p.sums) })),
      });
    }
    return {
      epoch: e.epoch,
      userId,
      salt: this.salt(e.saltKey, userId),
      balances: sumsJson(balances),
      shares,
    };
  }

  /** Leaf `i` of an epoch and its path: the lower siblings from its chunk, the upper ones read. */
  private async pathAt(t: string, e: EpochRecord, i: number) {
    const upper = pathPositions(e.leaves, i).filter((p) => p.level >= SUBTREE);
    const [leafChunk, ...chunks] = await readChunks(this.kv, t, e.buildId, [
      { level: 0, n: Math.floor(i / CHUNK) },
      ...upper.map((p) => ({ level: p.level, n: Math.floor(p.at / CHUNK) })),
    ]);
    if (!leafChunk) throw new Error(`liabilities ${t}/${e.epoch}: leaves of ${i} missing`);
    // the subtree of this chunk (all of the tree when it has fewer than CHUNK leaves)
    const sub: TreeNode[][] = [leafChunk];
    while (sub.at(-1)!.length > 1) {
      const below = sub.at(-1)!;
      const up: TreeNode[] = [];
      for (let k = 0; k < below.length; k += 2) {
        up.push(parentNode(this.sha, below[k]!, below[k + 1]!));
      }
      sub.push(up);
    }
    const path: PathStep[] = [
      ...pathOf(sub, i % CHUNK),
      ...upper.map((p, k) => {
        const node = chunks[k]?.[p.at % CHUNK];
        if (!node) throw new Error(`liabilities ${t}/${e.epoch}: node ${p.level}/${p.at} missing`);
        return { side: p.at < (i >> p.level) ? "left" as const : "right" as const, ...node };
      }),
    ];
    return { leaf: leafChunk[i % CHUNK]!, path };
  }

  /** The balances the operator report reads (`versusReserves`): the yield reserve, then each
   * currency's external account. */
  private reserveKeys(t: string): Deno.KvKey[] {
    return [house("yield", "USDT"), ...CURRENCIES.map((c) => house("external", c))]
      .map((a) => ledgerKeys.balance(t, accountId(a)));
  }

  /**
   * The operator report's table: the latest epoch's totals against the reserves the ledger
   * records per currency. Recorded reserves = minus the live `external` house account (every
   * deposit in minus every withdrawal out: what the house should hold in its wallets). Of that,
   * the wealth yield reserve (USDT) is funded from outside too and set aside for promised
   * yield, so "free" = recorded - yield reserve is what stands against the liabilities.
   */
  async versusReserves(t: string) {
    // a report for people to read: the latest epoch and the reserves as the nearest replica
    // has them (a few seconds old at most; free far from the store), read together
    const [e, balances] = await Promise.all([
      readLatest(this.kv, t, "eventual"),
      this.kv.getMany<Balance[]>(this.reserveKeys(t), { consistency: "eventual" }),
    ]);
    if (!e) return null;
    const [yieldUsdt, ...external] = balances.map((b) => b.value?.available ?? 0n);
    const rows = [];
    for (const [i, c] of CURRENCIES.entries()) {
      const recorded = -external[i]!;
      const yieldReserve = c === "USDT" ? yieldUsdt! : 0n;
      const free = recorded - yieldReserve;
      const owed = e.totals[c];
      rows.push({
        currency: c,
        liabilities: owed,
        ledgerAfterBuild: e.ledger[c],
        recorded,
        yieldReserve,
        surplus: free - owed,
        coverage: owed > 0n ? free * 100_000_000n * 100n / owed : null,
      });
    }
    return { epoch: e.epoch, publishedAt: e.publishedAt, matches: e.matches, rows };
  }
}

/**
 * The operators' report (`versusReserves`) as decimals: what the API replies and the console's
 * reports page shows.
 */
export function liabilitiesReportJson(
  v: Awaited<ReturnType<Liabilities["versusReserves"]>>,
): z.infer<typeof LiabilitiesReport> {
  if (!v) return null;
  const d = formatDecimal;
  return {
    epoch: v.epoch,
    publishedAt: v.publishedAt,
    matches: v.matches,
    rows: v.rows.map((r) => ({
      currency: r.currency,
      liabilities: d(r.liabilities),
      ledgerAfterBuild: d(r.ledgerAfterBuild),
      recorded: d(r.recorded),
      yieldReserve: d(r.yieldReserve),
      surplus: d(r.surplus),
      coverage: r.coverage === null ? null : d(r.coverage),
    })),
  };
}
