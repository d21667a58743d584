/**
 * The hash-chained audit log and the operator reports through HTTP: the chain grows with every
 * operator action and verifies; an entry edited in KV is found at its seq (and a forger who
 * recomputes its hash breaks the next link); concurrent actions keep one chain; exports; the
 * daily report's per-currency figures after a recharge, a withdrawal and fast contracts; the
 * exposure view; roles.
 */
import {
  bindMethod,
  decisionBody,
  PAYOUT_REF,
  submitRecharge,
  usdtAddress,
  verifyJunior,
} from "./funds_helpers.ts";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { auditHash } from "../../edge/audit/audit.ts";
import type { AuditEntry } from "../../edge/operators/store.ts";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { makePng } from "../images.ts";
import { operatorToken, operatorWithRoles } from "../operator.ts";
import { startServer, type TestServer, tick } from "../server.ts";

type Reply<T> = { status?: number; body: { code: number; data: T; message?: string } };
function ok<T>(r: Reply<T>, what: string): T {
  assertEquals(r.body.code, 0, `${what}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}
type Chain = {
  ok: boolean;
  verifiedTo: number;
  head: number;
  broken: { seq: number; reason: string; expected: string; found: string } | null;
};
type Row = Record<string, string>;
type Daily = { from: string; to: string; rows: Row[]; reserve: Record<string, string | null> };

const U = 100_000_000n;

async function customer(srv: TestServer, phone = "+12025550123") {
  return (await srv.call("/api/login", { body: { phone, password: "Demo-2026" } })).headers
    .get("authorization")!;
}

const rechargeId = async (srv: TestServer, token: string, amount: string) =>
  (await submitRecharge(srv, token, amount, {
    remitterName: "Grace Hopper",
    voucher: await makePng(64, 48),
  })).id;

async function chainEntry(srv: TestServer, seq: number) {
  const id = (await srv.kv.get<string>(["demo", "audit", "seq", String(seq).padStart(12, "0")]))
    .value!;
  const e = await srv.kv.get<AuditEntry>(["demo", "operators", "audit", id]);
  return e;
}

const verify = async (srv: TestServer, token: string) =>
  ok(await srv.call<Chain>("/api/admin/audit/verify", { token }), "verify");

const today = (srv: TestServer) => new Date(srv.deps.now()).toISOString().slice(0, 10);

Deno.test("audit chain: grows with operator actions, verifies, finds an edit at its seq, one chain under concurrency, exports", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const demo = await customer(srv);
    const r1 = await rechargeId(srv, demo, "25");
    ok(
      await srv.call(`/api/admin/recharges/${r1}/reject`, { token: op, body: { reason: "no" } }),
      "reject",
    );

    await t.step("every action is a link; the chain verifies", async () => {
      const c = await verify(srv, op);
      assert(c.ok && c.broken === null, JSON.stringify(c));
      assert(c.head >= 2, "login and the decision");
      assertEquals(c.verifiedTo, c.head);
      const log = ok(
        await srv.call<{ items: AuditEntry[] }>("/api/admin/audit?limit=5", { token: op }),
        "log",
      );
      assertEquals(log.items[0]!.seq, c.head);
      assertEquals(log.items[0]!.action, "recharge.reject");
      assertEquals(log.items[0]!.prevHash, log.items[1]!.hash);
    });

    await t.step(
      "an entry edited in KV is found at its seq; a recomputed hash breaks the next link",
      async () => {
        const e = await chainEntry(srv, 1);
        const original = e.value!;
        await srv.kv.set(e.key, { ...original, operator: "mallory" });
        let c = await verify(srv, op);
        assertEquals([c.ok, c.broken?.seq, c.broken?.reason], [false, 1, "hash"]);
        assertEquals(c.verifiedTo, 0);
        assertEquals(c.broken?.found, original.hash);
        // the forger recomputes the edited entry's hash: the next entry still names the old one
        const forged = { ...original, operator: "mallory" };
        forged.hash = auditHash(forged);
        await srv.kv.set(e.key, forged);
        c = await verify(srv, op);
        assertEquals([c.broken?.seq, c.broken?.reason], [2, "prevHash"]);
        assertEquals([c.broken?.expected, c.broken?.found], [forged.hash, original.hash]);
        // a deleted entry
        await srv.kv.delete(e.key);
        c = await verify(srv, op);
        assertEquals([c.broken?.seq, c.broken?.reason], [1, "missing"]);
        await srv.kv.set(e.key, original);
        assertEquals((await verify(srv, op)).ok, true);
      },
    );

    await t.step("concurrent operator actions keep one chain (no fork)", async () => {
      const before = (await verify(srv, op)).head;
      const ids = [];
      for (let i = 0; i < 4; i++) ids.push(await rechargeId(srv, demo, String(20 + i)));
      const acts = [
        ...ids.map((id) =>
          srv.call(`/api/admin/recharges/${id}/reject`, { token: op, body: { reason: "dup" } })
        ),
        ...[1, 2, 3, 4].map((i) =>
          srv.call("/api/admin/login", {
            body: { username: `nobody${i}`, password: "wrong-password", totp: "000000" },
          })
        ),
      ];
      const replies = await Promise.all(acts);
      for (const r of replies.slice(0, 4)) assertEquals(r.body.code, 0, JSON.stringify(r.body));
      const c = await verify(srv, op);
      assert(c.ok, JSON.stringify(c));
      assertEquals(c.head, before + 8);
      const seqs: number[] = [];
      for await (const e of srv.kv.list<AuditEntry>({ prefix: ["demo", "operators", "audit"] })) {
        if (e.value.seq !== undefined) seqs.push(e.value.seq);
      }
      assertEquals(seqs.sort((a, b) => a - b), Array.from({ length: c.head }, (_, i) => i + 1));
    });

    await t.step("exports for auditors: CSV and JSON lines of a day range", async () => {
      const day = today(srv);
      const csv = await fetch(`${srv.base}/api/admin/audit/export?from=${day}&to=${day}`, {
        headers: { authorization: op },
      });
      assertEquals(csv.status, 200);
      assertMatch(csv.headers.get("content-type") ?? "", /^text\/csv/);
      const lines = (await csv.text()).trim().split("\r\n");
      assertEquals(lines[0], "seq,id,at,operator,action,target,ip,before,after,prevHash,hash");
      const head = (await verify(srv, op)).head;
      assertEquals(lines.length - 1, head);
      const jl = await fetch(
        `${srv.base}/api/admin/audit/export?from=${day}&to=${day}&format=jsonl`,
        { headers: { authorization: op } },
      );
      const items = (await jl.text()).trim().split("\n").map((l) => JSON.parse(l) as AuditEntry);
      assertEquals(items.length, head);
      assert(items.every((e) => e.hash === auditHash(e)), "each line carries its hash");
      const bad = await srv.call(`/api/admin/audit/export?from=${day}&to=2001-01-01`, {
        token: op,
      });
      assertEquals([bad.status, (bad.body.data as { error: string }).error], [
        400,
        "VALIDATION",
      ]);
    });

    await t.step("roles: the audit role verifies and exports; funds cannot", async () => {
      const funds = await operatorWithRoles(srv, "cashier", ["funds"]);
      for (
        const path of [
          "/api/admin/audit/verify",
          "/api/admin/audit/export?from=2026-01-01&to=2026-01-02",
        ]
      ) {
        const r = await srv.call(path, { token: funds });
        assertEquals(r.status, 403, path);
      }
      assertEquals((await srv.call("/api/admin/audit/verify")).status, 401);
    });
  } finally {
    await srv.close();
  }
});

Deno.test("reports: daily figures per currency after a recharge, a withdrawal and fast contracts; CSV; exposure; roles", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const demo = await customer(srv);
    const day = today(srv);
    const daily = async () =>
      ok(
        await srv.call<Daily>(`/api/admin/reports/daily?from=${day}&to=${day}`, { token: op }),
        "daily",
      );
    const usdt = (d: Daily) => d.rows.find((r) => r.currency === "USDT" && r.day === day)!;
    const before = usdt(await daily());

    await t.step(
      "a recharge passed, a withdrawal paid, a fast contract won and one lost",
      async () => {
        await verifyJunior(srv, demo, op, "Ada Lovelace");
        const method = await bindMethod(srv, demo, usdtAddress());
        const w = ok(
          await srv.call<{ id: string; fee: string; net: string }>("/api/withdraw", {
            token: demo,
            body: { methodId: method.id, amount: "50", drawPassword: "246810" },
          }),
          "withdraw",
        );
        for (const a of ["pass", "complete"]) {
          ok(
            await srv.call(`/api/admin/withdrawals/${w.id}/${a}`, {
              token: op,
              ...decisionBody(a, PAYOUT_REF.hex),
            }),
            a,
          );
        }
        const wd = ok(
          await srv.call<{ fee: string; net: string }>(`/api/admin/withdrawals/${w.id}`, {
            token: op,
          }),
          "withdrawal",
        );
        // after the withdrawal (a recharge adds a turnover requirement before the next one)
        const r = await rechargeId(srv, demo, "25");
        ok(await srv.call(`/api/admin/recharges/${r}/pass`, { token: op, method: "POST" }), "pass");

        await tick(srv, "60000");
        const up = { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "100" };
        const down = { ...up, direction: "down" };
        ok(await srv.call("/api/fast/order", { token: demo, body: up }), "fast up");
        ok(await srv.call("/api/fast/order", { token: demo, body: down }), "fast down");
        await tick(srv, "60500", 10_000);
        await tick(srv, "61000", 25_000);
        await tick(srv, "61000", 5_000);
        const btcBefore = (await daily()).rows.find((r) => r.currency === "BTC")!;
        // a spot purchase is a swap with the house, not a customer's loss: 0.01 BTC for 610 USDT
        ok(
          await srv.call("/api/spot/order", {
            token: demo,
            body: { symbol: "BTCUSDT", side: "buy", type: "market", qty: "0.01" },
          }),
          "spot buy",
        );

        const after = usdt(await daily());
        const diff = (f: string) =>
          parseDecimal(after[f]!, { allowNegative: true }) -
          parseDecimal(before[f]!, { allowNegative: true });
        assertEquals(diff("deposits"), parseDecimal("25"));
        assertEquals(diff("withdrawals"), parseDecimal(wd.net));
        // won 85 (rate 0.85), lost 100: fast contracts only; the spot purchase is apart
        assertEquals(diff("fastPnl"), -parseDecimal("15"));
        assertEquals(diff("contractPnl"), 0n);
        assertEquals(diff("customerPnl"), -parseDecimal("15"));
        assertEquals(diff("exchangeNet"), parseDecimal("610"));
        assertEquals(diff("fees"), parseDecimal(wd.fee) + parseDecimal("0.61"));
        // liabilities: +25 in, -50 out, -15 traded, -610.61 for the BTC (and its fee)
        assertEquals(
          diff("liabilities"),
          parseDecimal("25") - parseDecimal("50") - parseDecimal("15") - parseDecimal("610.61"),
        );
        assertEquals([diff("insuranceUsed"), diff("yieldPaid")], [0n, 0n]);
        const btc = (await daily()).rows.find((r) => r.currency === "BTC")!;
        assertEquals(btc.liabilities, "0.51");
        // the house gave the BTC: its intake in BTC is 0.01 lower; nobody's P&L moved in BTC
        const btcDiff = (f: "exchangeNet" | "customerPnl") =>
          parseDecimal(btc[f]!, { allowNegative: true }) -
          parseDecimal(btcBefore[f]!, { allowNegative: true });
        assertEquals([btcDiff("exchangeNet"), btcDiff("customerPnl")], [-parseDecimal("0.01"), 0n]);
      },
    );

    await t.step("CSV export and range checks", async () => {
      const r = await fetch(
        `${srv.base}/api/admin/reports/daily?from=${day}&to=${day}&format=csv`,
        {
          headers: { authorization: op },
        },
      );
      assertEquals(r.status, 200);
      const lines = (await r.text()).trim().split("\r\n");
      assertEquals(
        lines[0],
        "day,currency,deposits,withdrawals,fees,fastPnl,contractPnl,customerPnl,exchangeNet," +
          "insuranceUsed,yieldPaid,liabilities",
      );
      assertEquals(lines.length, 4);
      assert(lines.some((l) => l.startsWith(`${day},USDT,`)));
      for (
        const q of ["from=2026-01-01&to=2026-06-01", "from=2026-02-30&to=2026-03-01", "from=x&to=y"]
      ) {
        const bad = await srv.call(`/api/admin/reports/daily?${q}`, { token: op });
        assertEquals(bad.status, 400, q);
      }
      const week = ok(
        await srv.call<Daily>(`/api/admin/reports/daily?from=2026-01-01&to=2026-01-07`, {
          token: op,
        }),
        "week",
      );
      assertEquals(week.rows.length, 21);
    });

    await t.step("exposure: one long and one short", async () => {
      const long = { symbol: "BTCUSDT", side: "long", lots: 10, leverage: 10, type: "market" };
      const short = { ...long, side: "short", lots: 4 };
      await tick(srv, "61000");
      ok(await srv.call("/api/contract/order", { token: demo, body: long }), "long");
      ok(await srv.call("/api/contract/order", { token: demo, body: short }), "short");
      ok(
        await srv.call("/api/fast/order", {
          token: demo,
          body: { symbol: "BTCUSDT", direction: "up", duration: 60, stake: "100" },
        }),
        "fast",
      );
      type Exp = {
        items: Record<string, string | number | null>[];
        total: Record<string, string>;
      };
      const x = ok(
        await srv.call<Exp>("/api/admin/reports/exposure?move=5", { token: op }),
        "exposure",
      );
      const btc = x.items.find((i) => i.symbol === "BTCUSDT")!;
      assertEquals([btc.longLots, btc.shortLots], [10, 4]);
      assert(parseDecimal(String(btc.longNotional)) > parseDecimal(String(btc.shortNotional)));
      // net long: the house loses if the market rises and gains if it falls
      assert(parseDecimal(String(btc.houseUp), { allowNegative: true }) < 0n, JSON.stringify(btc));
      assert(
        parseDecimal(String(btc.houseDown), { allowNegative: true }) > 0n,
        JSON.stringify(btc),
      );
      // an open fast contract up: the house pays 85 if the market rises, keeps 100 if it falls
      const fast = (x as unknown as { fast: Record<string, string | number>[] }).fast;
      assertEquals(fast.map((f) => [f.symbol, f.orders, f.upStake, f.downStake]), [[
        "BTCUSDT",
        1,
        "100",
        "0",
      ]]);
      assertEquals([fast[0]!.houseUp, fast[0]!.houseDown], ["-85", "100"]);
      const bad = await srv.call("/api/admin/reports/exposure?move=500", { token: op });
      assertEquals(bad.status, 400);
    });

    await t.step("roles: audit or funds reach the reports; identity does not", async () => {
      const funds = await operatorWithRoles(srv, "cashier", ["funds"]);
      const kyc = await operatorWithRoles(srv, "kyc", ["identity"]);
      const path = `/api/admin/reports/daily?from=${day}&to=${day}`;
      assertEquals((await srv.call(path, { token: funds })).body.code, 0);
      assertEquals((await srv.call(path, { token: kyc })).status, 403);
      assertEquals((await srv.call("/api/admin/reports/exposure", { token: kyc })).status, 403);
      assertEquals((await srv.call("/api/admin/reports/exposure", { token: funds })).body.code, 0);
    });
  } finally {
    await srv.close();
  }
});

Deno.test("exposure answers for every book shape: empty, one-sided, two-sided and hedged", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const a = await customer(srv); // 10,000 USDT in the contract wallet
    const b = await customer(srv, "+12025550124"); // 1,000 USDT in spot
    ok(
      await srv.call("/api/account/transfer", {
        token: b,
        body: { from: "spot", to: "contract", currency: "USDT", amount: "1000" },
      }),
      "transfer",
    );
    type Item = Record<string, string | number | null>;
    const report = async () =>
      ok(
        await srv.call<{ items: Item[]; total: Record<string, string> }>(
          "/api/admin/reports/exposure?move=5",
          { token: op },
        ),
        "exposure",
      );
    const row = (items: Item[], symbol: string) => {
      const i = items.find((x) => x.symbol === symbol)!;
      return [i.longLots, i.shortLots, i.longNotional, i.shortNotional];
    };
    const order = (token: string, symbol: string, side: string, lots: number) =>
      srv.call<{ orderNo: string }>("/api/contract/order", {
        token,
        body: { symbol, side, lots, leverage: 10, type: "market" },
      });
    await tick(srv, "60000");
    srv.advance(1000);
    await srv.deps.market.tape.ingest({
      symbol: "ETHUSDT",
      time: srv.deps.now(),
      price: parseDecimal("3000"),
      qty: U,
    });

    await t.step("empty book: no items, totals zero", async () => {
      const x = await report();
      assertEquals(x.items, []);
      assertEquals(x.total, { houseNow: "0", houseUp: "0", houseDown: "0" });
    });

    await t.step("one-sided: a BTC long and an ETH short on one customer", async () => {
      ok(await order(a, "BTCUSDT", "long", 10), "btc long");
      ok(await order(a, "ETHUSDT", "short", 10), "eth short");
      const x = await report();
      // 10 lots = 0.01 BTC x 60,000; 10 lots = 0.1 ETH x 3,000: the empty side is zero
      assertEquals(row(x.items, "BTCUSDT"), [10, 0, "600", "0"]);
      assertEquals(row(x.items, "ETHUSDT"), [0, 10, "0", "300"]);
      assertEquals(x.total.houseNow, "0");
      // net long BTC (600) and short ETH (300): +5 % costs the house 30 - 15
      assertEquals([x.total.houseUp, x.total.houseDown], ["-15", "15"]);
    });

    await t.step("two-sided and hedged: another customer's longs and shorts", async () => {
      ok(await order(b, "BTCUSDT", "short", 4), "b btc short");
      ok(await order(b, "BTCUSDT", "long", 4), "b btc long (hedged pair)");
      ok(await order(b, "ETHUSDT", "long", 5), "b eth long");
      const x = await report();
      assertEquals(row(x.items, "BTCUSDT"), [14, 4, "840", "240"]);
      assertEquals(row(x.items, "ETHUSDT"), [5, 10, "150", "300"]);
      // 50 % either way: the hedged pair's P&L cancels (its short's loss beyond its own margin
      // is covered by its long, not by the house); the lone long wins 300 or loses its 60 margin
      const wide = ok(
        await srv.call<{ items: Item[] }>("/api/admin/reports/exposure?move=50", { token: op }),
        "exposure 50",
      );
      const btc = wide.items.find((i) => i.symbol === "BTCUSDT")!;
      assertEquals([btc.houseUp, btc.houseDown], ["-300", "60"]);
    });

    await t.step("every position closed: the book is empty again", async () => {
      for (const token of [a, b]) {
        const open = ok(
          await srv.call<{ items: { orderNo: string }[] }>("/api/contract/positions", { token }),
          "positions",
        );
        for (const p of open.items) {
          await srv.call(`/api/contract/positions/${p.orderNo}/close`, { token, body: {} });
        }
      }
      assertEquals((await report()).items, []);
    });
  } finally {
    await srv.close();
  }
});

Deno.test("console: the audit page shows the chain status and export links; the reports section (audit or funds)", async () => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const page = async (path: string, token: string) => {
      const r = await srv.page(path, { headers: { cookie: `tw_op=${token}` } });
      return { status: r.status, url: r.url, html: await r.text() };
    };
    const audit = await page("/admin/audit", op);
    assertEquals(audit.status, 200);
    assertMatch(audit.html, /data-testid="audit-chain"[^>]*>Audit chain verified up to seq 1</);
    assertMatch(
      audit.html,
      /href="\/api\/admin\/audit\/export\?from=[\d-]+&amp;to=[\d-]+&amp;format=csv"/,
    );
    // broken: the page says where
    const e = await chainEntry(srv, 1);
    await srv.kv.set(e.key, { ...e.value!, action: "nothing.happened" });
    assertMatch((await page("/admin/audit", op)).html, /broken at seq 1 \(hash\)/);
    await srv.kv.set(e.key, e.value!);

    const reports = await page("/admin/reports?from=2026-01-01&to=2026-01-03", op);
    assertEquals(reports.status, 200);
    assertMatch(reports.html, /data-testid="daily-table"/);
    assertMatch(reports.html, /2026-01-03/);
    assertMatch(
      reports.html,
      /href="\/api\/admin\/reports\/daily\?from=2026-01-01&amp;to=2026-01-03&amp;format=csv"/,
    );
    assertMatch(reports.html, /Live exposure/);
    const zh = await srv.page("/admin/reports", {
      headers: { cookie: `tw_op=${op}`, "accept-language": "zh-CN" },
    });
    assertMatch(await zh.text(), /每日数据/);
    // a funds operator opens it too; an identity operator is sent to their own section
    const funds = await operatorWithRoles(srv, "cashier", ["funds"]);
    assertEquals((await page("/admin/reports", funds)).status, 200);
    const kyc = await operatorWithRoles(srv, "kyc", ["identity"]);
    const r = await srv.page("/admin/reports", { headers: { cookie: `tw_op=${kyc}` } });
    assert(r.status === 302 || !/daily-table/.test(await r.text()), "identity refused");
  } finally {
    await srv.close();
  }
});
