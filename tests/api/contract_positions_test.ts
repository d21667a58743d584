/** Leveraged contracts through HTTP: open, partial and full close, stops, liquidation by the engine. */
import { assert, assertEquals } from "../assert.ts";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { LONG_10X, otherInstance, startServer, type TestServer, tick } from "../server.ts";

const U = 100_000_000n;
type Pos = {
  orderNo: string;
  status: string;
  margin: string;
  openFee: string;
  liquidationPrice: string;
  closeReason: string | null;
  closePrice: string | null;
  realizedPnl: string;
  lots: number;
  unrealizedPnl: string | null;
};

async function usdt(srv: TestServer, token: string) {
  const a = await srv.call<{ rows: { wallet: string; available: string; frozen: string }[] }>(
    "/api/account/assets",
    { token },
  );
  const r = a.body.data.rows.find((x) => x.wallet === "contract")!;
  return [r.available, r.frozen];
}

async function setup() {
  const srv = await startServer({ seed: true });
  const r = await srv.call("/api/login", {
    body: { phone: "+12025550123", password: "Demo-2026" },
  });
  return { srv, token: r.headers.get("authorization")! };
}

Deno.test("open long 10 lots at 10x, partial close, full close with P&L and fees", async () => {
  const { srv, token } = await setup();
  try {
    await tick(srv, "20000");
    // 10 lots x 0.001 BTC = 0.01 BTC at 20,000: notional 200, margin 20, fee 0.1
    const open = await srv.call<Pos>("/api/contract/order", {
      token,
      body: { symbol: "BTCUSDT", side: "long", lots: 10, leverage: 10, type: "market" },
    });
    assertEquals(open.body.code, 0, JSON.stringify(open.body));
    assertEquals([open.body.data.margin, open.body.data.openFee], ["20", "0.1"]);
    assertEquals(await usdt(srv, token), ["9979.9", "20"]);
    await tick(srv, "21000");
    const id = open.body.data.orderNo;
    // close 4 lots at 21,000: pnl 0.004 x 1000 = 4, fee 0.004 x 21000 x 0.05% = 0.042
    const part = await srv.call<Pos>(`/api/contract/positions/${id}/close`, {
      token,
      body: { lots: 4 },
    });
    assertEquals([part.body.data.lots, part.body.data.realizedPnl, part.body.data.status], [
      6,
      "4",
      "holding",
    ]);
    assertEquals(await usdt(srv, token), ["9991.858", "12"]);
    const all = await srv.call<Pos>(`/api/contract/positions/${id}/close`, { token, body: {} });
    assertEquals([all.body.data.status, all.body.data.closeReason, all.body.data.closePrice], [
      "closed",
      "manual",
      "21000",
    ]);
    // + 12 margin + 6 pnl - 0.063 fee
    assertEquals(await usdt(srv, token), ["10009.795", "0"]);
    const again = await srv.call(`/api/contract/positions/${id}/close`, { token, body: {} });
    assertEquals(again.body.data.error, "POSITION_CLOSED");
  } finally {
    await srv.close();
  }
});

Deno.test("stops validated by side; the engine closes at stop-loss, take-profit and liquidation", async () => {
  const { srv, token } = await setup();
  try {
    await tick(srv, "20000");
    const order = (body: Record<string, unknown>) =>
      srv.call<Pos>("/api/contract/order", {
        token,
        body: { symbol: "BTCUSDT", lots: 5, leverage: 20, type: "market", ...body },
      });
    const wrong = await order({ side: "long", stopLoss: "21000" });
    assertEquals(wrong.status, 400);
    assert(wrong.body.data.fields?.stopLoss);
    assertEquals((await order({ side: "long", leverage: 7 })).status, 400);
    assertEquals((await order({ side: "long", type: "limit" })).status, 400);
    const sl = await order({ side: "long", stopLoss: "19500" });
    // the short is another customer's: one customer's long and short would be a hedged pair,
    // margined together (contract_risk_test.ts)
    const other = (await srv.call("/api/login", {
      body: { phone: "+12025550124", password: "Demo-2026" },
    })).headers.get("authorization")!;
    await srv.call("/api/account/transfer", {
      token: other,
      body: { from: "spot", to: "contract", currency: "USDT", amount: "10" },
    });
    const tp = await srv.call<Pos>("/api/contract/order", {
      token: other,
      body: {
        symbol: "BTCUSDT",
        lots: 5,
        leverage: 20,
        type: "market",
        side: "short",
        takeProfit: "19800",
      },
    });
    const liq = await order({ side: "long", leverage: 100 });
    // 100x long at 20,000, MMR 0.5%: liquidation near 19,899.5
    assertEquals(liq.body.data.liquidationPrice, "19899.49748743");
    await tick(srv, "19950"); // nothing crossed
    let holding = await srv.call<{ items: Pos[] }>("/api/contract/positions", { token });
    assertEquals(holding.body.data.items.length, 2);
    await tick(srv, "19700"); // crosses the liquidation level and the short's take-profit
    const closed = await srv.call<{ items: Pos[] }>("/api/contract/positions?status=closed", {
      token,
    });
    const theirs = await srv.call<{ items: Pos[] }>("/api/contract/positions?status=closed", {
      token: other,
    });
    const byId = new Map(
      [...closed.body.data.items, ...theirs.body.data.items].map((p) => [p.orderNo, p]),
    );
    assertEquals(byId.get(liq.body.data.orderNo)?.closeReason, "liquidation");
    assertEquals(byId.get(tp.body.data.orderNo)?.closeReason, "takeProfit");
    assertEquals(byId.get(liq.body.data.orderNo)?.closePrice, "19700");
    await tick(srv, "19400"); // the stop-loss
    holding = await srv.call<{ items: Pos[] }>("/api/contract/positions", { token });
    assertEquals(holding.body.data.items.length, 0);
    const done = await srv.call<{ items: Pos[] }>("/api/contract/positions?status=closed", {
      token,
    });
    assertEquals(
      done.body.data.items.find((p) => p.orderNo === sl.body.data.orderNo)?.closeReason,
      "stopLoss",
    );
    // the liquidated position lost more than its margin at 19,700: the customer lost only the margin (and fees)
    assertEquals((await usdt(srv, token))[1], "0");
  } finally {
    await srv.close(); // ledger checker: insurance shortfall journals balance
  }
});

Deno.test("tpsl can be changed and cleared; other customers cannot touch the position", async () => {
  const { srv, token } = await setup();
  try {
    await tick(srv, "20000");
    const p = (await srv.call<Pos>("/api/contract/order", {
      token,
      body: { symbol: "BTCUSDT", side: "short", lots: 1, leverage: 10, type: "market" },
    })).body.data;
    const set = await srv.call(`/api/contract/positions/${p.orderNo}/tpsl`, {
      token,
      body: { stopLoss: "20500", takeProfit: "19000" },
    });
    assertEquals(set.body.code, 0);
    const bad = await srv.call(`/api/contract/positions/${p.orderNo}/tpsl`, {
      token,
      body: { stopLoss: "19000" },
    });
    assertEquals(bad.status, 400);
    const clear = await srv.call<Pos & { stopLoss: string | null }>(
      `/api/contract/positions/${p.orderNo}/tpsl`,
      {
        token,
        body: { stopLoss: null },
      },
    );
    assertEquals(clear.body.data.stopLoss, null);
    const other = await srv.call("/api/login", {
      body: { phone: "+12025550124", password: "Demo-2026" },
    });
    const theirs = other.headers.get("authorization")!;
    assertEquals(
      (await srv.call(`/api/contract/positions/${p.orderNo}/close`, { token: theirs, body: {} }))
        .status,
      404,
    );
    assertEquals(
      (await srv.call(`/api/contract/positions/${p.orderNo}/tpsl`, {
        token: theirs,
        body: { stopLoss: null },
      })).status,
      404,
    );
  } finally {
    await srv.close();
  }
});

Deno.test("limit orders: pending with held funds, filled by the engine at the limit, cancel and chase", async () => {
  const { srv, token } = await setup();
  try {
    await tick(srv, "20000");
    const order = (body: Record<string, unknown>) =>
      srv.call<Pos & { openPrice: string }>("/api/contract/order", {
        token,
        body: { symbol: "BTCUSDT", lots: 10, leverage: 10, type: "limit", ...body },
      });
    assertEquals((await order({ side: "long", price: "20500" })).status, 400); // above the market
    assertEquals((await order({ side: "long" })).status, 400); // no price
    const a = await order({ side: "long", price: "19000" });
    assertEquals([a.body.data.status, a.body.data.margin, a.body.data.openFee], [
      "pending",
      "19",
      "0.095",
    ]);
    assertEquals(await usdt(srv, token), ["9980.905", "19.095"]);
    const b = await order({ side: "short", price: "21000" });
    const c = await order({ side: "long", price: "18000" });
    await tick(srv, "19500"); // nothing crossed
    let pending = await srv.call<{ items: Pos[] }>("/api/contract/positions?status=pending", {
      token,
    });
    assertEquals(pending.body.data.items.length, 3);
    await tick(srv, "18990"); // crosses the long limit: filled at 19,000, fee paid from the hold
    const holding = await srv.call<{ items: (Pos & { openPrice: string })[] }>(
      "/api/contract/positions",
      { token },
    );
    assertEquals(holding.body.data.items.map((p) => [p.orderNo, p.openPrice]), [[
      a.body.data.orderNo,
      "19000",
    ]]);
    // cancel the short: its hold comes back
    const cancelled = await srv.call<Pos>(`/api/contract/orders/${b.body.data.orderNo}/cancel`, {
      token,
      body: {},
    });
    assertEquals(cancelled.body.data.status, "cancelled");
    // cancelled again (another request): the refusal says it is already cancelled
    const twice = await srv.call(`/api/contract/orders/${b.body.data.orderNo}/cancel`, {
      token,
      body: {},
      headers: { "idempotency-key": "cancel-twice" },
    });
    assertEquals([twice.status, twice.body.data.error], [409, "ORDER_CANCELLED"]);
    // chase the other long to the market (18,990): filled there
    const chased = await srv.call<Pos & { openPrice: string }>(
      `/api/contract/orders/${c.body.data.orderNo}/chase`,
      {
        token,
        body: {},
      },
    );
    assertEquals([chased.body.data.status, chased.body.data.openPrice], ["holding", "18990"]);
    pending = await srv.call<{ items: Pos[] }>("/api/contract/positions?status=pending", { token });
    assertEquals(pending.body.data.items.length, 0);
    const again = await srv.call(`/api/contract/orders/${b.body.data.orderNo}/cancel`, {
      token,
      body: {},
    });
    assertEquals(again.body.code, 0); // same request, first reply
    const other = await srv.call(`/api/contract/orders/${a.body.data.orderNo}/cancel`, {
      token,
      body: {},
      headers: { "idempotency-key": "x1" },
    });
    assertEquals(other.body.data.error, "ORDER_FILLED");
  } finally {
    await srv.close();
  }
});

Deno.test("close and reverse; hedge keeps both sides", async () => {
  const { srv, token } = await setup();
  try {
    await tick(srv, "20000");
    const p = (await srv.call<Pos>("/api/contract/order", {
      token,
      body: { symbol: "BTCUSDT", side: "long", lots: 2, leverage: 10, type: "market" },
    })).body.data;
    const rev = await srv.call<{ closed: Pos; opened: Pos & { side: string }; reversed: boolean }>(
      `/api/contract/positions/${p.orderNo}/reverse`,
      { token, body: {} },
    );
    assertEquals([rev.body.data.reversed, rev.body.data.closed.status, rev.body.data.opened.side], [
      true,
      "closed",
      "short",
    ]);
    const hedge = await srv.call<{ opened: Pos & { side: string } }>(
      `/api/contract/positions/${rev.body.data.opened.orderNo}/hedge`,
      { token, body: {} },
    );
    assertEquals(hedge.body.data.opened.side, "long");
    const holding = await srv.call<{ items: (Pos & { side: string })[] }>(
      "/api/contract/positions",
      { token },
    );
    assertEquals(holding.body.data.items.map((x) => x.side).sort(), ["long", "short"]);
  } finally {
    await srv.close();
  }
});

Deno.test("daily holding fee: once per position and day, catching up missed days", async () => {
  const { srv, token } = await setup();
  try {
    await tick(srv, "20000");
    await srv.call("/api/contract/order", {
      token,
      body: { symbol: "BTCUSDT", side: "long", lots: 10, leverage: 10, type: "market" },
    });
    await srv.deps.holdingFees.run(); // the server's start-up run: nothing due yet
    const before = await usdt(srv, token);
    // two midnights later (the cron missed one): 2 days x 200 x 0.05 % = 0.2
    srv.advance(2 * 86_400_000);
    await srv.deps.holdingFees.run();
    await srv.deps.holdingFees.run(); // fired twice: nothing more
    const again = await srv.call("/api/login", {
      body: { phone: "+12025550123", password: "Demo-2026" },
    });
    const token2 = again.headers.get("authorization")!;
    const after = await usdt(srv, token2);
    assertEquals(parseDecimal(before[0]!) - parseDecimal(after[0]!), parseDecimal("0.2"));
    const fees = await srv.call<{ items: { type: string }[] }>("/api/account/flow?type=fee", {
      token: token2,
    });
    assertEquals(fees.body.data.items.length, 2);
  } finally {
    await srv.close();
  }
});

Deno.test("holding fee never overdraws the margin: an exhausted position is closed instead", async () => {
  const { srv } = await setup();
  try {
    const r = await srv.call("/api/login", {
      body: { phone: "+12025550124", password: "Demo-2026" },
    });
    const token = r.headers.get("authorization")!;
    await tick(srv, "20000");
    await srv.call("/api/account/transfer", {
      token,
      body: { from: "spot", to: "contract", currency: "USDT", amount: "1" },
    });
    // 1 lot at 100x: margin 0.2, open fee 0.01; then the rest goes back to spot
    const p = (await srv.call<Pos>("/api/contract/order", {
      token,
      body: { symbol: "BTCUSDT", side: "long", lots: 1, leverage: 100, type: "market" },
    })).body.data;
    await srv.call("/api/account/transfer", {
      token,
      body: { from: "contract", to: "spot", currency: "USDT", amount: "0.79" },
    });
    await srv.deps.holdingFees.run();
    // 25 midnights at 0.01 a day: 19 are paid from the margin, the 20th would exhaust it
    srv.advance(25 * 86_400_000);
    await tick(srv, "20000");
    await srv.deps.holdingFees.run();
    const again = await srv.call("/api/login", {
      body: { phone: "+12025550124", password: "Demo-2026" },
    });
    const t2 = again.headers.get("authorization")!;
    const closed = await srv.call<{ items: Pos[] }>("/api/contract/positions?status=closed", {
      token: t2,
    });
    assertEquals(closed.body.data.items.map((x) => [x.orderNo, x.closeReason]), [[
      p.orderNo,
      "liquidation",
    ]]);
    assertEquals((await usdt(srv, t2))[1], "0");
  } finally {
    await srv.close();
  }
});

Deno.test("a fast contract open across a restart settles at the stored tick at or before expiry", async () => {
  const { srv, token } = await setup();
  try {
    const t0 = srv.deps.now();
    await srv.deps.market.tape.ingest({
      symbol: "BTCUSDT",
      time: t0,
      price: parseDecimal("20000"),
      qty: U,
    });
    const order = await srv.call<{ orderNo: string }>("/api/fast/order", {
      token,
      body: { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "100" },
    });
    srv.advance(20_000);
    await srv.deps.market.tape.ingest({
      symbol: "BTCUSDT",
      time: t0 + 20_000,
      price: parseDecimal("20100"),
      qty: U,
    });
    // a new instance on the same store: nothing in memory
    const fresh = await otherInstance(srv);
    // the first instance is gone (its engine lease released)
    await srv.deps.engine.stop();
    await fresh.events.start();
    await fresh.engine.start({ events: fresh.events });
    srv.advance(20_000);
    await fresh.market.tape.ingest({
      symbol: "BTCUSDT",
      time: t0 + 40_000,
      price: parseDecimal("19000"),
      qty: U,
    });
    await fresh.engine.idle();
    await fresh.engine.stop();
    fresh.events.stop();
    const o =
      (await srv.call<{ items: { orderNo: string; outcome: string; exit: { price: string } }[] }>(
        "/api/fast/orders?status=settled",
        { token },
      )).body.data.items.find((x) => x.orderNo === order.body.data.orderNo)!;
    assertEquals([o.outcome, o.exit.price], ["win", "20100"]);
  } finally {
    await srv.close();
  }
});

Deno.test("a stop or take-profit of zero is refused", async () => {
  const { srv, token } = await setup();
  try {
    await tick(srv, "20000");
    const r = await srv.call("/api/contract/order", {
      token,
      body: { ...LONG_10X, side: "short", lots: 1, stopLoss: "0" },
    });
    assertEquals(r.status, 400);
  } finally {
    await srv.close();
  }
});
