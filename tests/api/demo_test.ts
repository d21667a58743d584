/**
 * Demo mode through HTTP: a visitor's demo account, a customer's switch, trades that settle
 * like live ones at the same ticks while live money stays put to the unit, refusals, reset,
 * cleanup, adoption at registration; the checker checks both books.
 */
import { assert, assertEquals } from "../assert.ts";
import { house, HOUSE_ACCOUNTS, user } from "../../edge/ledger/accounts.ts";
import { formatReport, verifyLedger } from "../../edge/ledger/invariants.ts";
import { lastCode, startServer, type TestServer, tick } from "../server.ts";
import { operatorToken, operatorWithRoles } from "../operator.ts";

type Row = { wallet: string; currency: string; available: string; frozen: string };
type Fast = { orderNo: string; status: string; outcome: string | null; payout: string | null };
type Pos = { orderNo: string; status: string; realizedPnl: string; closePrice: string | null };

async function login(srv: TestServer) {
  const r = await srv.call("/api/login", {
    body: { phone: "+12025550123", password: "Demo-2026" },
  });
  return r.headers.get("authorization")!;
}

async function visitor(srv: TestServer) {
  const r = await srv.call<{ accountId: string; visitor: boolean }>("/api/demo/session", {
    body: {},
  });
  assertEquals(r.body.code, 0, r.body.message);
  return { token: r.headers.get("authorization")!, id: r.body.data.accountId };
}

async function rows(srv: TestServer, token: string) {
  const a = await srv.call<{ rows: Row[] }>("/api/account/assets", { token });
  return a.body.data.rows.filter((r) => r.available !== "0" || r.frozen !== "0")
    .map((r) => `${r.wallet}:${r.currency}:${r.available}:${r.frozen}`).sort();
}

/** Every live house account's balance, and the live demo customer's. */
async function liveMoney(srv: TestServer, liveUserId: string) {
  const refs = [
    ...HOUSE_ACCOUNTS.filter((h) => h !== "mint").flatMap((h) =>
      (["USDT", "BTC", "ETH"] as const).map((c) => house(h, c))
    ),
    ...(["USDT", "BTC", "ETH"] as const).map((c) => user(liveUserId, "spot", c)),
    user(liveUserId, "contract", "USDT"),
  ];
  const b = await srv.deps.ledger.balances("demo", refs);
  return JSON.stringify(
    [...b.entries()].map(([k, v]) => [k, String(v.available), String(v.frozen)]),
  );
}

Deno.test("demo: a visitor's account trades like live at the same ticks; live money unchanged to the unit", async () => {
  const srv = await startServer({ seed: true });
  try {
    const live = await login(srv);
    await tick(srv, "60000");
    const { token, id } = await visitor(srv);
    assert(id.startsWith("D"), id);
    const info = await srv.call<{ book: string }>("/api/user/info", { token });
    assertEquals(info.body.data.book, "demo");
    assertEquals(await rows(srv, token), ["contract:USDT:5000:0", "spot:USDT:5000:0"]);

    // the same fast contract, live and demo, on the same ticks
    const order = { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "100" };
    const l = await srv.call<Fast>("/api/fast/order", { token: live, body: order });
    const d = await srv.call<Fast>("/api/fast/order", { token, body: order });
    assertEquals([l.body.code, d.body.code], [0, 0], d.body.message);
    // and the same leveraged round trip (opened on the same tick)
    const pos = { symbol: "BTCUSDT", side: "long", lots: 10, leverage: 10, type: "market" };
    const lp = await srv.call<Pos>("/api/contract/order", { token: live, body: pos });
    const dp = await srv.call<Pos>("/api/contract/order", { token, body: pos });
    assertEquals([lp.body.code, dp.body.code], [0, 0], dp.body.message);
    await tick(srv, "60500", 10_000);
    await tick(srv, "61000", 20_000);
    await tick(srv, "61000", 5_000);
    const lc = await srv.call<Pos>(`/api/contract/positions/${lp.body.data.orderNo}/close`, {
      token: live,
      body: {},
    });
    const dc = await srv.call<Pos>(`/api/contract/positions/${dp.body.data.orderNo}/close`, {
      token,
      body: {},
    });
    const settled = async (tk: string) =>
      (await srv.call<{ items: Fast[] }>("/api/fast/orders?status=settled", { token: tk })).body
        .data.items[0]!;
    const [lf, df] = [await settled(live), await settled(token)];
    assertEquals([df.outcome, df.payout], [lf.outcome, lf.payout]);
    assertEquals(
      [dc.body.data.realizedPnl, dc.body.data.closePrice],
      [lc.body.data.realizedPnl, lc.body.data.closePrice],
    );
    assertEquals(df.outcome, "win");
    const report = await verifyLedger(srv.deps.kv);
    assertEquals(report.breaches, [], formatReport(report));
    assert(report.books.demo.journals >= 3, "demo journals");
  } finally {
    await srv.close();
  }
});

Deno.test("demo: demo trades alone leave every live balance and house account as it was", async () => {
  const srv = await startServer({ seed: true });
  try {
    const live = await login(srv);
    const liveId = (await srv.call<{ userId: string }>("/api/user/info", { token: live })).body
      .data.userId;
    await tick(srv, "60000");
    const before = await liveMoney(srv, liveId);
    const { token } = await visitor(srv);
    await srv.call("/api/fast/order", {
      token,
      body: { symbol: "BTCUSDT", direction: "down", duration: 30, stake: "250" },
    });
    const p = await srv.call<Pos>("/api/contract/order", {
      token,
      body: { symbol: "BTCUSDT", side: "short", lots: 20, leverage: 20, type: "market" },
    });
    assertEquals(p.body.code, 0, p.body.message);
    const sp = await srv.call("/api/spot/order", {
      token,
      body: { symbol: "BTCUSDT", side: "buy", type: "market", qty: "0.01" },
    });
    assertEquals(sp.body.code, 0, sp.body.message);
    await tick(srv, "61000", 40_000);
    await srv.call(`/api/contract/positions/${p.body.data.orderNo}/close`, { token, body: {} });
    assertEquals(await liveMoney(srv, liveId), before);
    // the demo side really moved
    assert((await rows(srv, token)).some((r) => r.startsWith("spot:BTC:")));
  } finally {
    await srv.close();
  }
});

Deno.test("demo: money in and out, payment methods, identity, security and wealth are refused, nothing changed", async () => {
  const srv = await startServer({ seed: true });
  try {
    const { token } = await visitor(srv);
    const before = await rows(srv, token);
    const tries: [string, string, unknown][] = [
      ["POST", "/api/recharge", { channelId: "x", amount: "100" }],
      ["GET", "/api/recharge/history", undefined],
      ["POST", "/api/withdraw", { methodId: "x", amount: "10", drawPassword: "123456" }],
      ["GET", "/api/withdraw/preview?methodId=x&amount=10", undefined],
      ["POST", "/api/payment-methods", { kind: "bank" }],
      ["GET", "/api/payment-methods", undefined],
      ["GET", "/api/certify", undefined],
      ["POST", "/api/certify/junior", { name: "A", idNumber: "1" }],
      ["POST", "/api/user/password", { oldPassword: "a", newPassword: "b" }],
      ["POST", "/api/user/draw-password", { password: "135790", confirm: "135790" }],
      ["GET", "/api/user/sessions", undefined],
      ["POST", "/api/wealth/order", { productId: "usdt-5d", amount: "1000" }],
      ["POST", "/api/demo/reset", {}],
    ];
    for (const [method, path, body] of tries.slice(0, -1)) {
      const r = await srv.call(path, {
        token,
        method,
        body: body as Record<string, unknown>,
        headers: { "accept-language": "de" },
      });
      assertEquals([r.status, r.body.data?.error], [403, "DEMO_LIVE_ONLY"], `${method} ${path}`);
      assert(r.body.message.includes("Echtgeldkonto"), r.body.message);
    }
    assertEquals(await rows(srv, token), before);
    // a live customer cannot reset (there is nothing to reset) nor leave demo as a visitor
    const live = await login(srv);
    const reset = await srv.call("/api/demo/reset", { token: live, body: {} });
    assertEquals(reset.body.data.error, "DEMO_ONLY");
    const leave = await srv.call("/api/demo/session", { token, method: "DELETE" });
    assertEquals(leave.body.data.error, "DEMO_VISITOR");
  } finally {
    await srv.close();
  }
});

Deno.test("demo: a customer switches to their own demo account and back; reset closes everything and restores the start", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await login(srv);
    const liveRows = await rows(srv, token);
    await tick(srv, "60000");
    const on = await srv.call<{ accountId: string; period: number }>("/api/demo/session", {
      token,
      body: {},
    });
    assertEquals([on.body.code, on.body.data.period], [0, 1]);
    // the same token now acts as the demo account
    assertEquals(
      (await srv.call<{ book: string }>("/api/user/info", { token })).body.data.book,
      "demo",
    );
    assertEquals(await rows(srv, token), ["contract:USDT:5000:0", "spot:USDT:5000:0"]);
    await srv.call("/api/fast/order", {
      token,
      body: { symbol: "BTCUSDT", direction: "up", duration: 60, stake: "100" },
    });
    const p = await srv.call<Pos>("/api/contract/order", {
      token,
      body: { symbol: "BTCUSDT", side: "long", lots: 10, leverage: 10, type: "market" },
    });
    const pending = await srv.call<Pos>("/api/contract/order", {
      token,
      body: {
        symbol: "BTCUSDT",
        side: "long",
        lots: 5,
        leverage: 5,
        type: "limit",
        price: "50000",
      },
    });
    assertEquals([p.body.code, pending.body.code], [0, 0], pending.body.message);
    await srv.call("/api/spot/order", {
      token,
      body: { symbol: "BTCUSDT", side: "buy", type: "market", qty: "0.005" },
    });
    await tick(srv, "59000");
    // two resets at once: one new period each time one was read, never two from one period (if
    // the second only started after the first had finished, it is a reset of its own)
    const [r1, r2] = await Promise.all([
      srv.call<{ period: number }>("/api/demo/reset", { token, body: {} }),
      srv.call<{ period: number }>("/api/demo/reset", { token, body: {} }),
    ]);
    assert(r1.body.code === 0 || r2.body.code === 0, JSON.stringify([r1.body, r2.body]));
    const periods = new Set(
      [r1, r2].filter((r) => r.body.code === 0).map((r) => r.body.data.period),
    );
    const st = await srv.call<{ demo: { period: number; resets: number } }>("/api/demo", { token });
    assertEquals([st.body.data.demo.period, st.body.data.demo.resets], [
      1 + periods.size,
      periods.size,
    ]);
    assertEquals(await rows(srv, token), ["contract:USDT:5000:0", "spot:USDT:5000:0"]);
    const holding = await srv.call<{ items: Pos[] }>("/api/contract/positions?status=holding", {
      token,
    });
    assertEquals(holding.body.data.items.length, 0);
    // the history stays with the demo account
    const fast = await srv.call<{ items: Fast[] }>("/api/fast/orders?status=settled", { token });
    assertEquals(fast.body.data.items[0]?.outcome, "refund");
    // back to live: the live wallets as they were
    const off = await srv.call("/api/demo/session", { token, method: "DELETE" });
    assertEquals(off.body.code, 0);
    assertEquals(await rows(srv, token), liveRows);
    // and into demo again: the same demo account
    const again = await srv.call<{ accountId: string }>("/api/demo/session", { token, body: {} });
    assertEquals(again.body.data.accountId, on.body.data.accountId);
    const report = await verifyLedger(srv.deps.kv);
    assertEquals(report.breaches, [], formatReport(report));
  } finally {
    await srv.close();
  }
});

Deno.test("demo: a visitor who registers keeps the demo history; the live account starts empty", async () => {
  const srv = await startServer({ seed: true });
  try {
    await tick(srv, "60000");
    const v = await visitor(srv);
    await srv.call("/api/fast/order", {
      token: v.token,
      body: { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "100" },
    });
    await tick(srv, "60100", 20_000);
    await tick(srv, "60100", 11_000);
    const sent = await srv.call("/api/sms/code", {
      body: { phone: "+12025550199", purpose: "register" },
    });
    assertEquals(sent.body.code, 0);
    const code = await lastCode(srv, "+12025550199");
    const reg = await srv.call<{ userId: string; book: string }>("/api/register", {
      token: v.token,
      body: { phone: "+12025550199", code, password: "Passw0rd!", agree: true },
    });
    assertEquals([reg.body.code, reg.body.data.book], [0, "live"], reg.body.message);
    const token = reg.headers.get("authorization")!;
    assertEquals(await rows(srv, token), []);
    // the visitor session ended
    assertEquals((await srv.call("/api/user/info", { token: v.token })).body.code, -99);
    const on = await srv.call<{ accountId: string; visitor: boolean }>("/api/demo/session", {
      token,
      body: {},
    });
    assertEquals([on.body.data.accountId, on.body.data.visitor], [v.id, false]);
    const fast = await srv.call<{ items: Fast[] }>("/api/fast/orders?status=settled", { token });
    assertEquals(fast.body.data.items[0]?.outcome, "win");
  } finally {
    await srv.close();
  }
});

Deno.test("demo: visitors idle 7 days are cleaned up; the checker stays clean", async () => {
  const srv = await startServer({ seed: true });
  try {
    await tick(srv, "60000");
    const gone = await visitor(srv);
    await srv.call("/api/contract/order", {
      token: gone.token,
      body: { symbol: "BTCUSDT", side: "long", lots: 10, leverage: 10, type: "market" },
    });
    srv.advance(3 * 24 * 3600_000);
    const stays = await visitor(srv);
    assertEquals(await srv.deps.demo.cleanup("demo"), 0);
    srv.advance(4 * 24 * 3600_000 + 60_000);
    // the second visitor comes back within their 7 days
    assertEquals((await srv.call("/api/user/info", { token: stays.token })).body.code, 0);
    await tick(srv, "60000");
    assertEquals(await srv.deps.demo.cleanup("demo"), 1);
    assertEquals((await srv.call("/api/user/info", { token: gone.token })).body.code, -99);
    assertEquals(await srv.deps.demo.account("demo", gone.id), null);
    const left = await srv.deps.ledger.balances("demo", [
      user(gone.id, "spot", "USDT"),
      user(gone.id, "contract", "USDT"),
    ]);
    for (const b of left.values()) assertEquals([b.available, b.frozen], [0n, 0n]);
    assert(await srv.deps.demo.account("demo", stays.id));
    const report = await verifyLedger(srv.deps.kv);
    assertEquals(report.breaches, [], formatReport(report));
  } finally {
    await srv.close();
  }
});

Deno.test("demo: operators see demo activity apart, with its balances; no money queue holds it", async () => {
  const srv = await startServer({ seed: true });
  try {
    const v = await visitor(srv);
    const live = await login(srv);
    await srv.call("/api/demo/session", { token: live, body: {} });
    const ops = await operatorToken(srv);
    const list = await srv.call<
      { items: { accountId: string; of: string | null; balances: Row[] }[]; total: number }
    >("/api/admin/demo", { token: ops });
    assertEquals(list.body.code, 0, list.body.message);
    assertEquals(list.body.data.total, 2);
    const mine = list.body.data.items.find((a) => a.accountId === v.id)!;
    assertEquals(mine.of, null);
    assertEquals(
      mine.balances.map((b) => `${b.wallet}:${b.currency}:${b.available}`).sort(),
      ["contract:USDT:5000", "spot:USDT:5000"],
    );
    assert(list.body.data.items.some((a) => a.of !== null));
    // an operator without the audit role cannot read it
    const kyc = await operatorWithRoles(srv, "kyc", ["identity"]);
    assertEquals((await srv.call("/api/admin/demo", { token: kyc })).status, 403);
    // the money queues hold nothing of demo accounts (they cannot ask)
    for (const q of ["recharges", "withdrawals"]) {
      const r = await srv.call<{ items: { userId: string }[] }>(`/api/admin/${q}`, { token: ops });
      assert(r.body.data.items.every((x) => !x.userId.startsWith("D")), q);
    }
  } finally {
    await srv.close();
  }
});

Deno.test("demo: one source opens at most 20 visitor accounts an hour", async () => {
  const srv = await startServer({ seed: true });
  try {
    for (let i = 0; i < 20; i++) await visitor(srv);
    const r = await srv.call("/api/demo/session", { body: {} });
    assertEquals([r.status, r.body.data.error], [429, "RATE_LIMITED"]);
    srv.advance(3600_000);
    await visitor(srv);
  } finally {
    await srv.close();
  }
});

Deno.test("demo: the engine triggers a demo stop-loss and a liquidation on the tape, in the demo book", async () => {
  const srv = await startServer({ seed: true });
  try {
    await tick(srv, "20000");
    const { token } = await visitor(srv);
    const order = (body: Record<string, unknown>) =>
      srv.call<Pos & { liquidationPrice: string }>("/api/contract/order", {
        token,
        body: { symbol: "BTCUSDT", lots: 5, type: "market", side: "long", ...body },
      });
    const sl = await order({ leverage: 20, stopLoss: "19800" });
    const liq = await order({ leverage: 100 });
    assertEquals([sl.body.code, liq.body.code], [0, 0], liq.body.message);
    const houseBefore = await srv.deps.ledger.balances("demo", [
      house("insurance", "USDT"),
      house("pnl", "USDT"),
      house("fees", "USDT"),
    ]);
    await tick(srv, "19700");
    const closed = await srv.call<{ items: (Pos & { closeReason: string })[] }>(
      "/api/contract/positions?status=closed",
      { token },
    );
    assertEquals(closed.body.data.items.map((p) => p.closeReason).sort(), [
      "liquidation",
      "stopLoss",
    ]);
    // the live house accounts did not move; the demo book's did
    const houseAfter = await srv.deps.ledger.balances("demo", [
      house("insurance", "USDT"),
      house("pnl", "USDT"),
      house("fees", "USDT"),
    ]);
    assertEquals([...houseAfter.entries()], [...houseBefore.entries()]);
    const demoFees = await srv.deps.ledger.balance("demo", house("fees", "USDT", "demo"));
    assert(demoFees.available > 0n);
    const report = await verifyLedger(srv.deps.kv);
    assertEquals(report.breaches, [], formatReport(report));
  } finally {
    await srv.close();
  }
});

Deno.test("demo: a reset that loses a race says the account was just reset", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await login(srv);
    await tick(srv, "60000");
    await srv.call("/api/demo/session", { token, body: {} });
    const refusals: string[] = [];
    for (let round = 0; round < 6; round++) {
      if (round % 2) {
        // money moved, so that a reset posts a journal (else it only starts a period)
        await srv.call("/api/spot/order", {
          token,
          body: { symbol: "BTCUSDT", side: "buy", type: "market", qty: "0.001" },
        });
      }
      const replies = await Promise.all(
        Array.from({ length: 6 }, () => srv.call("/api/demo/reset", { token, body: {} })),
      );
      for (const r of replies) if (r.body.code !== 0) refusals.push(r.body.data.error!);
    }
    // six at once, six times: some lose (one period restarts once)
    assert(refusals.length > 0, "no reset lost a race");
    assertEquals(new Set(refusals), new Set(["DEMO_ALREADY_RESET"]));
  } finally {
    await srv.close();
  }
});
