/**
 * Proof of liabilities through HTTP: several live customers with balances in both wallets and
 * every currency, open reservations (a fast contract, a withdrawal's hold) and demo accounts;
 * every customer's paths verify to the published root from their own id, the totals equal the
 * ledger's live customer balances, every live account is in the tree (zero balances too), no
 * step of a path is another customer's balances, demo money is left out, a customer left out or
 * a balance understated changes the root, a second run changes nothing, and two instances build
 * one tree.
 */
import { parseDecimal } from "../../core-wasm/mod.ts";
import { type Currency, house, isCustomer, user, type Wallet } from "../../edge/ledger/accounts.ts";
import type { Balance } from "../../edge/ledger/store.ts";
import { readIndex, readLeaves } from "../../edge/liabilities/store.ts";
import { checkProof } from "../../contract/liabilities_check.ts";
import {
  leafNode,
  parentNode,
  sha256Hex,
  type Sums,
  sumsFromWire,
  type TreeNode,
} from "../../contract/liabilities_tree.ts";
import { serverSha } from "../../edge/liabilities/service.ts";
import type { LiabilitiesEpoch, LiabilitiesProof } from "../../contract/liabilities.ts";
import { assert, assertEquals, assertNotEquals } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import {
  DESKTOP_UA,
  dumpKv,
  MOBILE_UA,
  registerUser,
  signIn,
  startServer,
  type TestServer,
  twoInstancesTest,
} from "../server.ts";
import { feedPrices } from "./funds_helpers.ts";

const T = "demo";

/** Money in from outside, as a deposit journal (the test's shortcut to a funded account). */
async function fund(srv: TestServer, userId: string, wallet: Wallet, c: Currency, amount: string) {
  const x = parseDecimal(amount);
  await srv.deps.ledger.post(
    T,
    { key: `test-fund:${userId}:${wallet}:${c}`, request: amount },
    () => ({
      type: "deposit",
      ref: `test:${userId}`,
      postings: [
        { account: house("external", c), available: -x },
        { account: user(userId, wallet, c), available: x },
      ],
      result: () => null,
    }),
  );
}

/** A held amount owned by a (test) withdrawal: frozen until released. */
async function hold(srv: TestServer, userId: string, c: Currency, amount: string) {
  await srv.deps.ledger.post(T, { key: `test-hold:${userId}`, request: amount }, () => ({
    type: "withdrawal",
    ref: `withdrawal:T-${userId}`,
    postings: [],
    reservations: [{
      op: "reserve",
      id: `withdrawal:T-${userId}`,
      account: user(userId, "spot", c),
      amount: parseDecimal(amount),
    }],
    result: () => null,
  }));
}

/** The ledger's live customer balances: per user and in total (units), read from the store. */
async function ledgerLive(kv: Deno.Kv) {
  const byUser = new Map<string, Sums>();
  const total: Sums = { USDT: 0n, BTC: 0n, ETH: 0n };
  const demo: Sums = { USDT: 0n, BTC: 0n, ETH: 0n };
  for await (const e of kv.list<Balance>({ prefix: [T, "ledger", "bal"] })) {
    const id = e.key.at(-1) as string;
    if (!isCustomer(id)) continue;
    const [, u, , c] = id.replace(/^demo:/, "").split(":") as [string, string, string, Currency];
    const v = e.value.available + e.value.frozen;
    if (id.startsWith("demo:")) {
      demo[c] += v;
      continue;
    }
    total[c] += v;
    const s = byUser.get(u) ?? { USDT: 0n, BTC: 0n, ETH: 0n };
    s[c] += v;
    byUser.set(u, s);
  }
  return { byUser, total, demo };
}

const wireSums = (s: Sums) => ({ USDT: String(s.USDT), BTC: String(s.BTC), ETH: String(s.ETH) });

/** The browser's check of a proof for customer `userId` against the published epoch. */
const checks = async (userId: string, p: LiabilitiesProof, e: LiabilitiesEpoch) =>
  (await checkProof(sha256Hex, userId, p, e)).ok;

/** The live customers with an account record (demo ids start with D). */
async function liveAccounts(kv: Deno.Kv) {
  const ids: string[] = [];
  for await (const e of kv.list({ prefix: [T, "accounts", "user"] })) {
    const id = e.key.at(-1) as string;
    if (!id.startsWith("D")) ids.push(id);
  }
  return ids;
}

function rootOf(leaves: TreeNode[]): TreeNode {
  let level = leaves;
  while (level.length > 1) {
    const up: TreeNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      up.push(parentNode(serverSha, level[i]!, level[i + 1]!));
    }
    level = up;
  }
  return level[0]!;
}

Deno.test("liabilities: every path verifies, totals are the live ledger's, demo left out", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    await t.step("before the first epoch: a clear not-published reply and page", async () => {
      const r = await srv.call("/api/liabilities");
      assertEquals([r.status, (r.body.data as { error: string }).error], [
        404,
        "POL_NOT_PUBLISHED",
      ]);
      const page = await (await srv.page("/wp/liabilities")).text();
      assert(page.includes('data-testid="pol-none"'), "the page says none yet");
      assert(page.includes("00:00 UTC"));
    });

    // customers: the seeded one (with a fast contract open) and two new ones, funded in both
    // wallets and every currency; one has a withdrawal's hold open
    const a = await signIn(srv);
    await feedPrices(srv);
    const fast = await srv.call("/api/fast/order", {
      token: a,
      body: { symbol: "BTCUSDT", direction: "up", duration: 300, stake: "100" },
    });
    assertEquals(fast.body.code, 0, JSON.stringify(fast.body));
    const b = await registerUser(srv, "+12025550171");
    const c = await registerUser(srv, "+12025550172");
    // a customer with an account and nothing in it
    const z = await registerUser(srv, "+12025550173");
    await fund(srv, b.user.userId, "spot", "BTC", "0.12345678");
    await fund(srv, b.user.userId, "spot", "ETH", "3.5");
    await fund(srv, b.user.userId, "contract", "USDT", "250.01");
    await fund(srv, c.user.userId, "spot", "USDT", "1000");
    await hold(srv, c.user.userId, "USDT", "400");
    // demo: a visitor's practice account and the live customer's own demo mode
    const v = await srv.call("/api/demo/session", { body: {} });
    assertEquals(v.body.code, 0);
    const visitor = v.headers.get("authorization")!;

    const built = await srv.deps.liabilities.runDue(T);
    assert(built?.built, "the day's epoch is built");
    const pub = await srv.call<LiabilitiesEpoch>("/api/liabilities");
    assertEquals(pub.body.code, 0);
    const e = pub.body.data;
    assertEquals(e.epoch, new Date(srv.deps.now()).toISOString().slice(0, 10));
    const ledger = await ledgerLive(srv.kv);

    await t.step("totals equal the ledger's live customer balances; demo excluded", () => {
      assertEquals(e.totals, wireSums(ledger.total));
      assert(ledger.demo.USDT > 0n, "the demo book holds practice money");
      assertEquals(e.leaves & (e.leaves - 1), 0, "a power of two");
      assertEquals([e.format, e.shares], [2, 2]);
      assert(e.leaves >= e.customers * e.shares);
    });

    await t.step("every live account is in the tree, zero balances included", async () => {
      const accounts = await liveAccounts(srv.kv);
      assert(accounts.includes(z.user.userId));
      assert(!ledger.byUser.has(z.user.userId), "the new customer holds nothing");
      assertEquals(e.customers, accounts.length, "the epoch counts every account");
      const r = await srv.call<LiabilitiesProof>("/api/liabilities/proof", { token: z.token });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
      assertEquals(r.body.data.balances, { USDT: "0", BTC: "0", ETH: "0" });
      assert(await checks(z.user.userId, r.body.data, e), "a zero account's proof checks");
    });

    await t.step("no step of any path is another customer's balances", async () => {
      const accounts = await liveAccounts(srv.kv);
      const others = [...ledger.byUser].filter(([, s]) => s.USDT + s.BTC + s.ETH > 0n);
      assert(others.length >= 4, "several funded customers");
      for (const id of accounts) {
        const p = await srv.deps.liabilities.proof(T, id);
        for (const share of p.shares) {
          for (const step of share.path) {
            const sums = sumsFromWire(step);
            for (const [other, balances] of others) {
              if (other === id) continue;
              assert(
                !(sums.USDT === balances.USDT && sums.BTC === balances.BTC &&
                  sums.ETH === balances.ETH),
                `${id}'s path shows ${other}'s balances`,
              );
            }
          }
        }
      }
    });

    await t.step("every customer's path verifies to the root (in the browser's code)", async () => {
      for (
        const [who, token, id] of [
          ["seeded", a, null],
          ["b", b.token, b.user.userId],
          ["c", c.token, c.user.userId],
        ] as const
      ) {
        const r = await srv.call<LiabilitiesProof>("/api/liabilities/proof", { token });
        assertEquals(r.body.code, 0, `${who}: ${JSON.stringify(r.body)}`);
        const p = r.body.data;
        if (id) assertEquals(p.userId, id);
        // the shares hold the customer's ledger balances: available + frozen, both wallets
        assertEquals(p.balances, wireSums(ledger.byUser.get(p.userId)!), who);
        assertEquals(p.shares.map((s) => s.share), [0, 1]);
        for (const s of p.shares) assertEquals(s.path.length, Math.log2(e.leaves));
        assert(await checks(p.userId, p, e), `${who}'s paths verify`);
        // another customer's check of this proof fails (the leaves name their owner)
        assert(!(await checks(id === b.user.userId ? c.user.userId : b.user.userId, p, e)));
      }
      // every stored customer verifies too (not only the three signed in)
      const rec = (await srv.deps.liabilities.latest(T))!;
      for (const id of ledger.byUser.keys()) {
        assert(await checks(id, await srv.deps.liabilities.proof(T, id), e), id);
      }
      assertEquals(rec.customers, (await liveAccounts(srv.kv)).length);
      assert(rec.matches);
    });

    await t.step("the frozen money counts: the fast stake and the withdrawal's hold", async () => {
      const pc = (await srv.call<LiabilitiesProof>("/api/liabilities/proof", { token: c.token }))
        .body.data;
      assertEquals(pc.balances.USDT, String(parseDecimal("1000")));
      const pa = (await srv.call<LiabilitiesProof>("/api/liabilities/proof", { token: a })).body
        .data;
      const frozen = (await srv.deps.ledger.balance(T, user(pa.userId, "contract", "USDT"))).frozen;
      assert(frozen >= parseDecimal("100"), "the stake is frozen");
    });

    await t.step("demo accounts have no leaf and cannot ask for a proof", async () => {
      const r = await srv.call("/api/liabilities/proof", { token: visitor });
      assertEquals([r.status, (r.body.data as { error: string }).error], [403, "DEMO_LIVE_ONLY"]);
      const rec = (await srv.deps.liabilities.latest(T))!;
      for await (const x of srv.kv.list<string>({ prefix: [T, "pol", "idx", rec.buildId] })) {
        for (const entry of x.value.split(",").filter(Boolean)) {
          assert(!entry.startsWith("D"), `a demo id in the tree: ${entry}`);
        }
      }
      assertEquals(rec.customers, (await liveAccounts(srv.kv)).length);
      const none = await srv.call("/api/liabilities/proof");
      assertEquals(none.status, 401);
    });

    await t.step("a customer left out or a balance understated changes the root", async () => {
      const rec = (await srv.deps.liabilities.latest(T))!;
      const leaves = await readLeaves(srv.kv, T, rec.buildId, rec.leaves);
      assertEquals(rootOf(leaves).hash, e.root, "the stored leaves give the published root");
      const pb = (await srv.call<LiabilitiesProof>("/api/liabilities/proof", { token: b.token }))
        .body.data;
      const at = (await readIndex(srv.kv, T, rec, pb.userId, serverSha))!;
      assertEquals(at.length, 2);
      // understated: the same salt, one unit less BTC in share 0 (and claimed so)
      const s0 = sumsFromWire(pb.shares[0]!);
      const under = { ...s0, BTC: s0.BTC - 1n };
      const changed = leaves.map((l, i) =>
        i === at[0]
          ? leafNode(serverSha, e.epoch, { id: pb.userId, salt: pb.salt, share: 0, sums: under })
          : l
      );
      const r1 = rootOf(changed);
      assertNotEquals(r1.hash, e.root);
      assertEquals(r1.sums.BTC, sumsFromWire(e.totals).BTC - 1n);
      const claimed = {
        ...pb,
        balances: { ...pb.balances, BTC: String(BigInt(pb.balances.BTC) - 1n) },
      };
      assert(
        !(await checks(pb.userId, {
          ...claimed,
          shares: [{ ...pb.shares[0]!, BTC: String(under.BTC) }, pb.shares[1]!],
        }, e)),
      );
      // left out: both leaves replaced by zero leaves of another id
      const out = leaves.map((l, i) =>
        at.includes(i)
          ? leafNode(serverSha, e.epoch, {
            id: "pad-x",
            salt: "00",
            share: 0,
            sums: { USDT: 0n, BTC: 0n, ETH: 0n },
          })
          : l
      );
      assertNotEquals(rootOf(out).hash, e.root);
      // and the proof as published checks
      assert(await checks(pb.userId, pb, e));
    });

    await t.step("a second run for the same epoch changes nothing", async () => {
      const skip = (k: Deno.KvKey) => k[1] !== "pol";
      const before = await dumpKv(srv.kv, skip);
      const again = await srv.deps.liabilities.runDue(T);
      assertEquals(again?.built, false);
      assertEquals(await dumpKv(srv.kv, skip), before);
    });

    await t.step("an operator's request publishes a new epoch, audited; the report", async () => {
      const op = await operatorToken(srv);
      const r = await srv.call<LiabilitiesEpoch>("/api/admin/liabilities/epoch", {
        token: op,
        body: {},
      });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
      assert(/^\d{4}-\d{2}-\d{2}-r\d{6}$/.test(r.body.data.epoch), r.body.data.epoch);
      assertEquals(r.body.data.totals, e.totals);
      assertNotEquals(r.body.data.root, e.root, "fresh salts: another root");
      assertEquals(
        (await srv.call<LiabilitiesEpoch>("/api/liabilities")).body.data.epoch,
        r.body.data.epoch,
      );
      const audit = await srv.call<{ items: { action: string; target: string }[] }>(
        "/api/admin/audit?limit=5",
        { token: op },
      );
      assert(
        audit.body.data.items.some((i) =>
          i.action === "liabilities.epoch" && i.target === `liabilities:${r.body.data.epoch}`
        ),
      );
      const rep = await srv.call<
        { epoch: string; rows: { currency: string; liabilities: string; recorded: string }[] }
      >("/api/admin/reports/liabilities", { token: op });
      assertEquals(rep.body.code, 0);
      assertEquals(rep.body.data.epoch, r.body.data.epoch);
      const usdt = rep.body.data.rows.find((x) => x.currency === "USDT")!;
      assertEquals(parseDecimal(usdt.liabilities), ledger.total.USDT);
      const external = await srv.deps.ledger.balance(T, house("external", "USDT"));
      assertEquals(parseDecimal(usdt.recorded), -external.available);
      // the console's reports page shows the table
      const html = await (await srv.page("/admin/reports", { headers: { cookie: `tw_op=${op}` } }))
        .text();
      assert(html.includes('data-testid="pol-table"'), "the liabilities table");
      assert(html.includes(`Epoch ${r.body.data.epoch}`), "its epoch");
    });

    await t.step("the page shows the epoch in both layouts", async () => {
      const latest = (await srv.call<LiabilitiesEpoch>("/api/liabilities")).body.data;
      for (const ua of [MOBILE_UA, DESKTOP_UA]) {
        const path = ua === MOBILE_UA ? "/wp/liabilities" : "/pc/liabilities";
        const html = await (await srv.page(path, { ua })).text();
        assert(html.includes(`data-testid="pol-root">${latest.root}<`), path);
        assert(html.includes(`data-testid="pol-customers">${latest.customers}<`), path);
        assert(html.includes("does not prove that the assets exist"), path);
        assert(html.includes('data-name="LiabilityCheck"'), path);
      }
    });
  } finally {
    await srv.close();
  }
});

twoInstancesTest(
  "liabilities: two instances running the job together build one tree",
  async (a, b) => {
    const [x, y] = await Promise.all([a.deps.liabilities.runDue(T), b.deps.liabilities.runDue(T)]);
    const built = [x, y].filter((r) => r?.built);
    assertEquals(built.length, 1, "one instance built it");
    const builds = new Set<string>();
    for await (const e of a.kv.list({ prefix: [T, "pol", "node"] })) builds.add(String(e.key[3]));
    assertEquals(builds.size, 1, "one tree's records");
    const epochs = [];
    for await (const e of a.kv.list({ prefix: [T, "pol", "epoch"] })) epochs.push(e.key);
    assertEquals(epochs.length, 1);
    // and later runs on either instance change nothing
    assertEquals((await b.deps.liabilities.runDue(T))?.built, false);
    assertEquals((await a.deps.liabilities.runDue(T))?.built, false);
  },
);

Deno.test("liabilities: an epoch of the old format (one leaf per customer) is replaced", async () => {
  const srv = await startServer({ seed: true });
  try {
    const today = new Date(srv.deps.now()).toISOString().slice(0, 10);
    // the store of a deployment before format 2: today's epoch as it was published then
    const old = {
      epoch: today,
      buildId: "old",
      saltKey: "00",
      buckets: 1,
      root: "0".repeat(64),
      totals: { USDT: 0n, BTC: 0n, ETH: 0n },
      leaves: 2,
      customers: 1,
      startedAt: srv.deps.now(),
      publishedAt: srv.deps.now(),
      kind: "daily" as const,
      ledger: { USDT: 0n, BTC: 0n, ETH: 0n },
      matches: true,
    };
    await srv.kv.atomic().set([T, "pol", "epoch", today], old).set([T, "pol", "latest"], today)
      .commit();
    const a = await signIn(srv);
    const before = await srv.call("/api/liabilities/proof", { token: a });
    assertEquals((before.body.data as { error: string }).error, "POL_NOT_PUBLISHED");
    const r = await srv.deps.liabilities.runDue(T);
    assert(r?.built, "a format-2 epoch replaces it");
    const e = (await srv.call<LiabilitiesEpoch>("/api/liabilities")).body.data;
    assertEquals(e.format, 2);
    assert(e.epoch.startsWith(`${today}-r`), e.epoch);
    const p = await srv.call<LiabilitiesProof>("/api/liabilities/proof", { token: a });
    assertEquals(p.body.code, 0);
    assert(await checks(p.body.data.userId, p.body.data, e));
    // and the next run keeps it
    assertEquals((await srv.deps.liabilities.runDue(T))?.built, false);
  } finally {
    await srv.close();
  }
});
