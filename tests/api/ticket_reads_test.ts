/**
 * The ticket pages far from the store (issue 26): the customer's open orders and positions under
 * a ticket come from the by-customer index alone, read with the session in the first wave; the
 * index entries carry the records (edge/trading/store.ts `saveFast`), so no record is read after
 * the index (far from the store that read waited on the index: about 40 ms more for a nearby
 * replica's copy, or a round trip). Entries written before the change only name their record:
 * it is read then, and the ticket still shows it.
 */
import { assert, assertEquals } from "../assert.ts";
import { lossFigureKey } from "../../edge/trading/loss_figure.ts";
import { withRoundTrips } from "../../edge/platform/kv_round_trips.ts";
import {
  DESKTOP_UA,
  freshTick,
  LONG_10X,
  MOBILE_UA,
  priceAll,
  signIn,
  startServer,
  type TestServer,
  tick,
} from "../server.ts";

/** the same proportions as the round-trip budget test: a replica much nearer than the store */
const SIM = { KV_SIM_RTT_MS: "25", KV_SIM_EVENTUAL_MS: "2" };

/** Every ticket page of both layouts (components/TradeNav.tsx), with its device. */
const TICKETS: [path: string, ua: string][] = [
  ["/wp/product/order?symbol=BTCUSDT", MOBILE_UA],
  ["/pc/trade/fast", DESKTOP_UA],
  ["/wp/product/leveragedDeals?symbol=BTCUSDT", MOBILE_UA],
  ["/pc/trade/future", DESKTOP_UA],
  ["/wp/product/bibi?symbol=BTCUSDT", MOBILE_UA],
  ["/pc/trade/bibi", DESKTOP_UA],
];

/** The page's HTML and its strong store calls (`X-KV-Round-Trips: <in sequence>/<calls>`). */
async function ticket(srv: TestServer, token: string, [path, ua]: [string, string]) {
  let strong = Infinity, html = "";
  // the first answer fills the instance's caches of public data: the second is the steady state
  for (let i = 0; i < 2; i++) {
    const r = await srv.page(path, { ua, headers: { cookie: `tw_session=${token}` } });
    html = await r.text();
    assertEquals(r.status, 200, path);
    const [sequential, calls] = r.headers.get("x-kv-round-trips")!.split("/").map(Number);
    assertEquals(sequential, 1, `${path}: one round trip`);
    strong = calls!;
  }
  return { strong, html };
}

async function order(srv: TestServer, token: string, path: string, body: unknown) {
  const r = await srv.call<{ orderNo?: string; id?: string }>(path, { token, body });
  assertEquals(r.body.code, 0, `${path}: ${JSON.stringify(r.body)}`);
  return (r.body.data.orderNo ?? r.body.data.id)!;
}

Deno.test("ticket pages: the open orders and positions come with the index, no record read after it; entries from before are read", async () => {
  const srv = await startServer({ seed: true, env: SIM });
  try {
    const token = await signIn(srv);
    await priceAll(srv);
    const empty = new Map<string, number>();
    for (const p of TICKETS) empty.set(p[0], (await ticket(srv, token, p)).strong);

    const fast: string[] = [];
    for (let i = 0; i < 3; i++) {
      const stake = String(10 + i);
      const body = { symbol: "BTCUSDT", direction: "up", duration: 60, stake };
      fast.push(await order(srv, token, "/api/fast/order", body));
    }
    const position = await order(srv, token, "/api/contract/order", {
      symbol: "BTCUSDT",
      side: "long",
      lots: 1,
      leverage: 10,
      type: "market",
    });
    const spot = await order(srv, token, "/api/spot/order", {
      symbol: "BTCUSDT",
      side: "buy",
      type: "limit",
      price: "50000",
      qty: "0.001",
    });
    const shown: Record<string, string[]> = {
      fast: [...fast, '"stake":"10"', '"stake":"11"', '"stake":"12"'],
      leveraged: [position],
      spot: [spot],
    };
    const productOf = (path: string) =>
      /order|fast/.test(path) ? "fast" : /leveraged|future/.test(path) ? "leveraged" : "spot";
    const check = async (extra: number) => {
      for (const p of TICKETS) {
        const { strong, html } = await ticket(srv, token, p);
        // as many strong calls as with no orders at all: the records come with the index
        assertEquals(strong, empty.get(p[0])! + extra, `${p[0]}: strong store calls`);
        for (const s of shown[productOf(p[0])]!) assert(html.includes(s), `${p[0]} shows ${s}`);
      }
    };
    await check(0);

    // index entries written before they carried the record (value `true`): the record is read
    const kv = srv.deps.kv;
    const named = async (index: string, id: string) => {
      for await (const e of kv.list({ prefix: ["demo", "trading", index] })) {
        if (e.key.at(-1) === id) return e.key;
      }
      throw new Error(`${index}: no entry of ${id}`);
    };
    await kv.set(await named("fastByUser", fast[0]!), true);
    await kv.set(await named("posByUser", position), true);
    await kv.set(await named("spotByUser", spot), true);
    await check(1);
  } finally {
    await srv.close();
  }
});

/*
 * The loss figure under every ticket was an eventual read of its own after the customer's lists
 * (about 40 ms more far from the store): it comes from the instance's cache of public data now,
 * and a figure this instance stores shows at once.
 */
Deno.test("ticket pages: the loss figure is read once per instance, not per page", async () => {
  const srv = await startServer({ seed: true, env: SIM });
  try {
    const figures = srv.deps.lossFigures;
    const reads = async () => (await withRoundTrips(() => figures.published("demo"))).trips;
    await reads();
    const again = await reads();
    assertEquals(again.eventual + again.strong, 0, "the second page reads no store");
    // the figure as this instance removes and stores it again (the daily job ran at start)
    await srv.kv.delete(lossFigureKey("demo"));
    assertEquals((await figures.published("demo")).computedAt, null, "removed: none shown");
    assert(await figures.runDue("demo"));
    assert((await figures.published("demo")).computedAt !== null, "the stored figure is shown");
  } finally {
    await srv.close();
  }
});

/** Every by-customer index entry that carries a record, against the record (none may differ). */
async function stale(srv: TestServer) {
  const out: string[] = [];
  const carried: string[] = [];
  for (
    const [index, records] of [["fastByUser", "fast"], ["posByUser", "pos"], ["spotByUser", "spot"]]
  ) {
    for await (const e of srv.kv.list({ prefix: ["demo", "trading", index!] })) {
      if (e.value === true) continue;
      carried.push(`${records} ${(e.value as { status: string }).status}`);
      const id = e.key.at(-1) as string;
      const record = (await srv.kv.get(["demo", "trading", records!, id])).value;
      try {
        assertEquals(e.value, record);
      } catch {
        out.push(`${index} ${id}`);
      }
    }
  }
  return { out, carried: carried.sort() };
}

Deno.test("ticket pages: the index carries each record exactly, through every kind of change", async () => {
  const srv = await startServer({ seed: true });
  try {
    let token = await signIn(srv);
    const call = async (path: string, body: unknown = {}) => {
      const r = await srv.call<{ orderNo: string }>(path, { token, body });
      assertEquals(r.body.code, 0, `${path}: ${JSON.stringify(r.body)}`);
      return r.body.data.orderNo;
    };
    await freshTick(srv, "20000");
    // fast: placed, then settled by the engine after expiry
    await call("/api/fast/order", {
      symbol: "BTCUSDT",
      direction: "up",
      duration: 30,
      stake: "10",
    });
    await tick(srv, "20010", 31_000);
    await tick(srv, "20020", 1_000);
    // leveraged: opened, stops set, partly closed; a limit order filled, one cancelled, one chased
    const p = await call("/api/contract/order", { ...LONG_10X });
    await call(`/api/contract/positions/${p}/tpsl`, { stopLoss: "19000", takeProfit: "21000" });
    await call(`/api/contract/positions/${p}/close`, { lots: 4 });
    const limit = { symbol: "BTCUSDT", lots: 1, leverage: 10, type: "limit" };
    await call("/api/contract/order", { ...limit, side: "long", price: "19990" });
    const b = await call("/api/contract/order", { ...limit, side: "short", price: "21000" });
    const c = await call("/api/contract/order", { ...limit, side: "long", price: "18000" });
    await tick(srv, "19980");
    await call(`/api/contract/orders/${b}/cancel`);
    await call(`/api/contract/orders/${c}/chase`);
    // a day's holding fee, then the take-profit closes the first position
    srv.advance(86_400_000);
    await freshTick(srv, "20000");
    await srv.deps.holdingFees.run();
    await tick(srv, "21000");
    token = await signIn(srv); // a day later: signed in again
    await call(`/api/contract/positions/${c}/tpsl`, { stopLoss: "15000" });
    // spot: a limit order filled, one cancelled, a market order
    const spot = { symbol: "BTCUSDT", type: "limit", qty: "0.001" };
    await call("/api/spot/order", { ...spot, side: "buy", price: "20990" });
    const s = await call("/api/spot/order", { ...spot, side: "buy", price: "15000" });
    await tick(srv, "20980");
    await call(`/api/spot/orders/${s}/cancel`);
    await call("/api/spot/order", {
      symbol: "BTCUSDT",
      side: "sell",
      type: "market",
      qty: "0.001",
    });
    const { out, carried } = await stale(srv);
    assertEquals(carried, [
      "fast settled",
      "pos cancelled",
      "pos closed",
      "pos holding",
      "pos holding",
      "spot cancelled",
      "spot filled",
      "spot filled",
    ], "every record carried, every change made");
    assertEquals(out, [], "index entries that differ from their record");
  } finally {
    await srv.close();
  }
});
