/**
 * A position's own orders through HTTP: the trailing stop (it follows the best price and fires at
 * the first stored tick that falls back to its level) and the one-cancels-other pair (the first
 * leg reached closes its lots, the other is cancelled, nothing fires twice); the settlement
 * verifier re-derives both from the tape, and finds an edited record.
 */
import { parseDecimal } from "../../core-wasm/mod.ts";
import { verifyStore } from "../../edge/settlements/rederive.ts";
import { assert, assertEquals } from "../assert.ts";
import { otherInstance, startServer, type TestServer, tick } from "../server.ts";

type Pos = {
  orderNo: string;
  status: string;
  lots: number;
  closeReason: string | null;
  closePrice: string | null;
  closeTime: number | null;
  realizedPnl: string;
  trailing: { callbackRate: string; fromPrice: string } | null;
  oco: { lots: number; stopLoss: string; takeProfit: string } | null;
  ocoFired: { leg: string; lots: number; price: string; time: number; pnl: string }[];
};

async function setup() {
  const srv = await startServer({ seed: true });
  const r = await srv.call("/api/login", {
    body: { phone: "+12025550123", password: "Demo-2026" },
  });
  const token = r.headers.get("authorization")!;
  await tick(srv, "20000");
  const open = await srv.call<Pos>("/api/contract/order", {
    token,
    body: { symbol: "BTCUSDT", side: "long", lots: 10, leverage: 10, type: "market" },
  });
  assertEquals(open.body.code, 0, JSON.stringify(open.body));
  return { srv, token, id: open.body.data.orderNo };
}

async function position(srv: TestServer, token: string, id: string) {
  for (const status of ["holding", "closed"]) {
    const r = await srv.call<{ items: Pos[] }>(`/api/contract/positions?status=${status}`, {
      token,
    });
    const p = r.body.data.items.find((x) => x.orderNo === id);
    if (p) return p;
  }
  throw new Error(`position ${id} not found`);
}

/** The store's settlements verified from the tape, and a copy with one position edited. */
async function verified(srv: TestServer) {
  const tenants = [...srv.deps.tenants.byId.keys()];
  return await verifyStore(srv.deps.kv, tenants, { staleMs: srv.deps.market.tape.opts.staleMs });
}

async function editedCopy(srv: TestServer, id: string, edit: (p: Record<string, unknown>) => void) {
  const copy = await Deno.openKv(":memory:");
  for await (const e of srv.deps.kv.list({ prefix: [] })) await copy.set(e.key, e.value);
  const key = ["demo", "trading", "pos", id];
  const p = (await copy.get<Record<string, unknown>>(key)).value!;
  edit(p);
  await copy.set(key, p);
  return copy;
}

Deno.test("trailing stop: refused outside 0.1-10 %, follows the best price, fires at the first tick back at its level; the verifier re-derives it", async () => {
  const { srv, token, id } = await setup();
  try {
    const set = (callbackRate: string | null) =>
      srv.call<Pos>(`/api/contract/positions/${id}/trailing`, {
        token,
        body: { callbackRate },
      });
    for (const bad of ["0.5", "0.0001", "0.00125"]) {
      const r = await set(bad);
      assertEquals([r.status, r.body.data.error], [400, "TRAILING_RATE"], bad);
      assert(r.body.data.fields?.callbackRate);
    }
    const ok = await set("0.01"); // 1 % behind the best price from 20,000 on
    assertEquals(ok.body.code, 0, JSON.stringify(ok.body));
    assertEquals(ok.body.data.trailing, { callbackRate: "0.01", fromPrice: "20000" });
    // best 20,100 (level 19,899), best 20,300 (level 20,097): a fixed 1 % stop (19,800)
    // would never fire here
    for (const p of ["20100", "20300", "20200", "20098"]) await tick(srv, p);
    assertEquals((await position(srv, token, id)).status, "holding");
    const firing = await tick(srv, "20097");
    await tick(srv, "20050");
    const p = await position(srv, token, id);
    assertEquals(
      [p.status, p.closeReason, p.closePrice, p.closeTime],
      ["closed", "trailingStop", "20097", firing],
    );
    // 10 lots x 0.001 BTC x (20,097 - 20,000)
    assertEquals(p.realizedPnl, "0.97");

    const clean = await verified(srv);
    assertEquals(clean.mismatches, []);
    assert(clean.checked.position >= 1);
    // the record says 0.5 %: the tape reaches that level at 20,098, one tick earlier
    const copy = await editedCopy(srv, id, (x) => {
      (x.trailing as { callback: bigint }).callback = 500_000n;
    });
    try {
      const r = await verifyStore(copy, [...srv.deps.tenants.byId.keys()], {
        staleMs: srv.deps.market.tape.opts.staleMs,
      });
      assertEquals(r.mismatches.map((m) => [m.id, m.what]), [[id, "trailing stop tick"]]);
    } finally {
      copy.close();
    }
  } finally {
    await srv.close();
  }
});

Deno.test("one-cancels-other pair: the take-profit closes its lots, the stop-loss is cancelled, nothing fires twice; the verifier re-derives it", async () => {
  const { srv, token, id } = await setup();
  try {
    const set = (body: Record<string, unknown>) =>
      srv.call<Pos>(`/api/contract/positions/${id}/oco`, { token, body });
    const tooMany = await set({ lots: 11, stopLoss: "19500", takeProfit: "20500" });
    assertEquals([tooMany.status, tooMany.body.data.error], [400, "OCO_LOTS"]);
    const wrongSide = await set({ lots: 4, stopLoss: "20100", takeProfit: "20500" });
    assertEquals(wrongSide.status, 400);
    assert(wrongSide.body.data.fields?.stopLoss);
    const ok = await set({ lots: 4, stopLoss: "19500", takeProfit: "20500" });
    assertEquals(ok.body.code, 0, JSON.stringify(ok.body));
    assertEquals(ok.body.data.oco, { lots: 4, stopLoss: "19500", takeProfit: "20500" });

    await tick(srv, "20400"); // neither leg
    assertEquals((await position(srv, token, id)).lots, 10);
    const tp = await tick(srv, "20600"); // the take-profit leg
    let p = await position(srv, token, id);
    assertEquals([p.status, p.lots, p.oco], ["holding", 6, null]);
    // 4 lots x 0.001 BTC x 600
    assertEquals(p.ocoFired, [{
      leg: "takeProfit",
      lots: 4,
      price: "20600",
      time: tp,
      pnl: "2.4",
    }]);
    // the stop-loss leg was cancelled with it: crossing it closes nothing, nor does the
    // take-profit's level again
    await tick(srv, "19400");
    await tick(srv, "20700");
    p = await position(srv, token, id);
    assertEquals([p.status, p.lots, p.ocoFired.length, p.realizedPnl], ["holding", 6, 1, "2.4"]);

    // cancelled by the customer: a new pair, then DELETE
    await set({ lots: 6, stopLoss: "20000", takeProfit: "21000" });
    const gone = await srv.call<Pos>(`/api/contract/positions/${id}/oco`, {
      token,
      method: "DELETE",
    });
    assertEquals(gone.body.data.oco, null);
    await tick(srv, "21100");
    assertEquals((await position(srv, token, id)).lots, 6);

    assertEquals((await verified(srv)).mismatches, []);
    // the record says the stop-loss fired at that tick: the tape's price reached the other leg
    const copy = await editedCopy(srv, id, (x) => {
      (x.ocoFired as { leg: string }[])[0]!.leg = "stopLoss";
    });
    try {
      const r = await verifyStore(copy, [...srv.deps.tenants.byId.keys()], {
        staleMs: srv.deps.market.tape.opts.staleMs,
      });
      assertEquals(r.mismatches.map((m) => [m.id, m.what]), [[id, "pair leg"]]);
    } finally {
      copy.close();
    }
  } finally {
    await srv.close();
  }
});

Deno.test("trailing stop across an engine takeover: the ticks it missed are read from the tape, it fires at the first that reached its level", async () => {
  const { srv, token, id } = await setup();
  try {
    const set = await srv.call<Pos>(`/api/contract/positions/${id}/trailing`, {
      token,
      body: { callbackRate: "0.01" },
    });
    assertEquals(set.body.code, 0, JSON.stringify(set.body));
    await tick(srv, "20300"); // seen by the first engine: level 20,097
    await srv.deps.engine.stop();
    // no engine: the best price 20,400 (level 20,196), then 20,150 reaches it, then 20,300
    const missed: number[] = [];
    for (const p of ["20400", "20150", "20300"]) {
      srv.advance(1000);
      missed.push(srv.deps.now());
      await srv.deps.market.tape.ingest({
        symbol: "BTCUSDT",
        time: srv.deps.now(),
        price: parseDecimal(p),
        qty: 1_000_000n,
      });
    }
    // a new instance on the same store takes the engine over
    const fresh = await otherInstance(srv);
    await fresh.events.start();
    await fresh.engine.start({ events: fresh.events });
    await fresh.engine.idle();
    await fresh.engine.idle();
    await fresh.engine.stop();
    fresh.events.stop();
    const p = await position(srv, token, id);
    assertEquals(
      [p.status, p.closeReason, p.closePrice, p.closeTime],
      ["closed", "trailingStop", "20150", missed[1]],
    );
    assertEquals((await verified(srv)).mismatches, []);
  } finally {
    await srv.close();
  }
});
