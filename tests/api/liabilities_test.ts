/**
 * Proof of liabilities through HTTP: several live customers with balances in both wallets and
 * every currency, open reservations (a fast contract, a withdrawal's hold) and demo accounts;
 * every customer's path verifies to the published root, the totals equal the ledger's live
 * customer balances, demo money is left out, a customer left out or a balance understated
 * changes the root, a second run changes nothing, and two instances build one tree.
 */
import { parseDecimal } from "../../core-wasm/mod.ts";
import { type Currency, house, isCustomer, user, type Wallet } from "../../edge/ledger/accounts.ts";
import type { Balance } from "../../edge/ledger/store.ts";
import { readIndex, readLeaves } from "../../edge/liabilities/store.ts";
import {
  leafNode,
  parentNode,
  rootOfPath,
  sha256Hex,
  type Sums,
  sumsFromWire,
  type TreeNode,
  verifyProof,
} from "../../edge/liabilities/tree.ts";
import { serverSha } from "../../edge/liabilities/service.ts";
import type { LiabilitiesEpoch, LiabilitiesProof } from "../../edge/liabilities/schemas.ts";
import { assert, assertEquals, assertNotEquals } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import {
  DESKTOP_UA,
  dumpKv,
  MOBILE_UA,
  registerUser,
  startServer,
  type TestServer,
} from "../server.ts";

const T = "demo";

async function login(srv: TestServer) {
  const r = await srv.call("/api/login", {
    body: { phone: "+12025550123", password: "Demo-2026" },
  });
  return r.headers.get("authorization")!;
}

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

function proofOf(p: LiabilitiesProof) {
  return {
    epoch: p.epoch,
    userId: p.userId,
    salt: p.salt,
    balances: sumsFromWire(p.balances),
    path: p.path.map((s) => ({ side: s.side, hash: s.hash, sums: sumsFromWire(s) })),
  };
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
    const a = await login(srv);
    for (const [symbol, price] of [["BTCUSDT", "60000"], ["ETHUSDT", "3000"]] as const) {
      await srv.deps.market.tape.ingest({
        symbol,
        time: srv.deps.now(),
        price: parseDecimal(price),
        qty: 1n,
      });
    }
    const fast = await srv.call("/api/fast/order", {
      token: a,
      body: { symbol: "BTCUSDT", direction: "up", duration: 300, stake: "100" },
    });
    assertEquals(fast.body.code, 0, JSON.stringify(fast.body));
    const b = await registerUser(srv, "+12025550171");
    const c = await registerUser(srv, "+12025550172");
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
      assert(e.leaves >= ledger.byUser.size);
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
        // the leaf holds the customer's ledger balances: available + frozen, both wallets
        assertEquals(p.balances, wireSums(ledger.byUser.get(p.userId)!), who);
        assertEquals(p.path.length, Math.log2(e.leaves));
        assert(
          await verifyProof(sha256Hex, proofOf(p), {
            root: e.root,
            totals: sumsFromWire(e.totals),
          }),
          `${who}'s path verifies`,
        );
      }
      // every stored customer verifies too (not only the three signed in)
      const rec = (await srv.deps.liabilities.latest(T))!;
      for (const id of ledger.byUser.keys()) {
        const p = await srv.deps.liabilities.proof(T, id);
        assert(
          await verifyProof(sha256Hex, proofOf(p), { root: e.root, totals: rec.totals }),
          id,
        );
      }
      assertEquals(rec.customers, ledger.byUser.size);
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
      assertEquals(rec.customers, ledger.byUser.size);
      const none = await srv.call("/api/liabilities/proof");
      assertEquals(none.status, 401);
    });

    await t.step("a customer left out or a balance understated changes the root", async () => {
      const rec = (await srv.deps.liabilities.latest(T))!;
      const leaves = await readLeaves(srv.kv, T, rec.buildId, rec.leaves);
      assertEquals(rootOf(leaves).hash, e.root, "the stored leaves give the published root");
      const pb = proofOf(
        (await srv.call<LiabilitiesProof>("/api/liabilities/proof", { token: b.token })).body.data,
      );
      const stored = { i: (await readIndex(srv.kv, T, rec, pb.userId, serverSha))! };
      // understated: the same salt, one unit less BTC
      const under = { ...pb.balances, BTC: pb.balances.BTC - 1n };
      const changed = leaves.map((l, i) =>
        i === stored.i
          ? leafNode(serverSha, e.epoch, { id: pb.userId, salt: pb.salt, sums: under })
          : l
      );
      const r1 = rootOf(changed);
      assertNotEquals(r1.hash, e.root);
      assertEquals(r1.sums.BTC, sumsFromWire(e.totals).BTC - 1n);
      assert(
        !(await verifyProof(sha256Hex, { ...pb, balances: under }, {
          root: e.root,
          totals: sumsFromWire(e.totals),
        })),
      );
      // left out: the leaf replaced by a zero leaf of another id
      const out = leaves.map((l, i) =>
        i === stored.i
          ? leafNode(serverSha, e.epoch, {
            id: "pad-x",
            salt: "00",
            sums: { USDT: 0n, BTC: 0n, ETH: 0n },
          })
          : l
      );
      assertNotEquals(rootOf(out).hash, e.root);
      // and the path recomputed from the published proof matches the root only as published
      assertEquals((await rootOfPath(sha256Hex, pb)).root.hash, e.root);
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
        assert(html.includes("does not prove that the assets exist"), path);
        assert(html.includes('data-name="LiabilityCheck"'), path);
      }
    });
  } finally {
    await srv.close();
  }
});

Deno.test("liabilities: two instances running the job together build one tree", async () => {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/pol.kv`;
  const a = await startServer({ seed: true, kvPath });
  const b = await startServer({ kvPath });
  try {
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
  } finally {
    await b.close();
    await a.close();
    await Deno.remove(dir, { recursive: true });
  }
});
