/** Market data through HTTP and the realtime socket, with ticks fed through the tape. */
import { assert, assertEquals } from "../assert.ts";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { registerUser, startServer, type TestServer } from "../server.ts";

const U = 100_000_000n;

async function feed(
  srv: TestServer,
  symbol: string,
  prices: string[],
  start = Date.now() - 3_600_000,
) {
  let t = start;
  for (const p of prices) {
    t += 30_000;
    srv.advance(t - srv.deps.now()); // the server's wall clock at the tick: fresh data
    await srv.deps.market.tape.ingest({ symbol, time: t, price: parseDecimal(p), qty: U });
  }
  return t;
}

type Q = { symbol: string; price: string; changePct: string; stale: boolean };

Deno.test("quotes, rising list, search, recommend, kline", async (t) => {
  const srv = await startServer();
  try {
    await feed(srv, "BTCUSDT", ["60000", "60100", "60600"]);
    await feed(srv, "ETHUSDT", ["3000", "2970"]);
    await feed(srv, "SOLUSDT", ["150", "165"]);
    await t.step("symbols list from the cache", async () => {
      const r = await srv.call<{ items: Q[] }>("/api/market/symbols");
      assertEquals(r.body.code, 0);
      const btc = r.body.data.items.find((q) => q.symbol === "BTCUSDT")!;
      assertEquals([btc.price, btc.changePct], ["60600", "0.01"]);
      assertEquals(btc.stale, false);
    });
    await t.step("rising list: only what rose over 24 h, the most first (ETH fell)", async () => {
      const r = await srv.call<{ items: Q[] }>("/api/market/rising");
      assertEquals(r.body.data.items.map((q) => q.symbol), ["SOLUSDT", "BTCUSDT"]);
    });
    await t.step("search and recommend", async () => {
      const s = await srv.call<{ items: Q[] }>("/api/market/search?q=eth");
      assertEquals(s.body.data.items.map((q) => q.symbol), ["ETHUSDT"]);
      const r = await srv.call<{ items: Q[] }>("/api/product/recommend");
      assertEquals(r.body.data.items.map((q) => q.symbol), ["BTCUSDT", "ETHUSDT", "SOLUSDT"]);
    });
    await t.step("kline with filled gaps and a time cursor", async () => {
      const r = await srv.call<{ candles: [number, string, string, string, string, string][] }>(
        "/api/market/kline?symbol=BTCUSDT&interval=1m&limit=10",
      );
      assertEquals(r.body.code, 0);
      const closes = r.body.data.candles.map((k) => k[4]);
      assertEquals(closes.at(-1), "60600");
      assert(closes.length >= 2);
      const from = r.body.data.candles[1]![0];
      const page = await srv.call<{ candles: unknown[] }>(
        `/api/market/kline?symbol=BTCUSDT&interval=1m&from=${from}&limit=10`,
      );
      assertEquals(page.body.data.candles.length, r.body.data.candles.length - 1);
      for (const bad of ["interval=2m", "symbol=NOPE", "limit=5000", "from=-1"]) {
        const b = await srv.call(`/api/market/kline?symbol=BTCUSDT&interval=1m&${bad}`);
        assert(b.status === 400 || b.status === 404, bad);
      }
    });
  } finally {
    await srv.close();
  }
});

Deno.test("watch list: visitors get -99, customers add and remove favourites", async () => {
  const srv = await startServer();
  try {
    await feed(srv, "ETHUSDT", ["3000"]);
    assertEquals((await srv.call("/api/optional/product")).body.code, -99);
    const { token } = await registerUser(srv, "+12025550177");
    const add = await srv.call("/api/optional/product/ETHUSDT", { token, method: "POST" });
    assertEquals(add.body.data, { symbols: ["ETHUSDT"] });
    const list = await srv.call<{ items: Q[] }>("/api/optional/product", { token });
    assertEquals(list.body.data.items.map((q) => q.symbol), ["ETHUSDT"]);
    const del = await srv.call("/api/optional/product/ETHUSDT", { token, method: "DELETE" });
    assertEquals(del.body.data, { symbols: [] });
    assertEquals(
      (await srv.call("/api/optional/product/NOPEUSDT", { token, method: "POST" })).status,
      404,
    );
  } finally {
    await srv.close();
  }
});

function socket(srv: TestServer, headers: Record<string, string> = {}) {
  const url = srv.base.replace("http", "ws") + "/ws";
  // Deno's WebSocket client accepts headers (Origin for the check)
  return new WebSocket(url, { headers } as unknown as string[]);
}

function next(ws: WebSocket, ch: string): Promise<{ ch: string; data: unknown }> {
  return new Promise((resolve) => {
    const on = (e: MessageEvent) => {
      const m = JSON.parse(e.data);
      if (m.ch === ch) {
        ws.removeEventListener("message", on);
        resolve(m);
      }
    };
    ws.addEventListener("message", on);
  });
}

Deno.test({
  name:
    "socket: subscribe, receive ticker and candles, refuse foreign origins and private channels",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const srv = await startServer();
    try {
      const ws = socket(srv, { origin: srv.base });
      await new Promise((r) => ws.onopen = r);
      const first = next(ws, "ticker");
      ws.send(JSON.stringify({ op: "sub", ch: "ticker" }));
      await first;
      const kline = next(ws, "kline:BTCUSDT:1m");
      const tick = next(ws, "ticker");
      ws.send(JSON.stringify({ op: "sub", ch: "kline:BTCUSDT:1m" }));
      await new Promise((r) => setTimeout(r, 50));
      await feed(srv, "BTCUSDT", ["61000"], Date.now() - 60_000);
      const k = await kline;
      assertEquals((k.data as string[])[4], "61000");
      assertEquals(((await tick).data as Q[])[0]!.price, "61000");
      // the tape's head after every stored tick: its place in the chain and hash, as published
      const tapeHead = next(ws, "tape:BTCUSDT");
      ws.send(JSON.stringify({ op: "sub", ch: "tape:BTCUSDT" }));
      await new Promise((r) => setTimeout(r, 50));
      await feed(srv, "BTCUSDT", ["61005"], Date.now() - 30_000);
      const pushed = (await tapeHead).data as {
        seq: number;
        hash: string;
        symbol: string;
        ticks: { seq: number; price: string; qty: string; time: number }[];
      };
      // the stored ticks of the batch come along: the recent trades of the product page
      assertEquals(pushed.ticks.map((k) => [k.seq, k.price]), [[pushed.seq, "61005"]]);
      const head = await srv.call<{ seq: number; hash: string }>("/api/tape/BTCUSDT/head");
      assertEquals([pushed.symbol, pushed.seq, pushed.hash], [
        "BTCUSDT",
        head.body.data.seq,
        head.body.data.hash,
      ]);
      const err = next(ws, "error");
      ws.send(JSON.stringify({ op: "sub", ch: "user" }));
      assertEquals((await err).data, "login required");
      const bad = next(ws, "error");
      ws.send("{not json");
      assertEquals((await bad).data, "bad request");
      ws.close();
      const foreign = await fetch(srv.base + "/ws", {
        headers: { origin: "https://evil.example", upgrade: "websocket", connection: "upgrade" },
      });
      assertEquals(foreign.status, 403);
      await foreign.body?.cancel();
    } finally {
      await srv.close();
    }
  },
});

Deno.test("hub: a slow client is dropped, the others keep receiving", async () => {
  const { Hub, MAX_BUFFERED } = await import("../../edge/realtime/hub.ts");
  const srv = await startServer();
  try {
    const hub = new Hub(srv.deps.market.quotes, srv.deps.market.symbols);
    const fast = {
      bufferedAmount: 0,
      readyState: 1,
      got: 0,
      send() {
        this.got++;
      },
      close() {},
    };
    const slow = {
      bufferedAmount: MAX_BUFFERED + 1,
      readyState: 1,
      got: 0,
      closed: false,
      send() {
        this.got++;
      },
      close() {
        this.closed = true;
      },
    };
    const a = hub.add(fast, "demo", null);
    const b = hub.add(slow, "demo", null);
    hub.message(a, JSON.stringify({ op: "sub", ch: "kline:ETHUSDT:1m" }));
    hub.message(b, JSON.stringify({ op: "sub", ch: "kline:ETHUSDT:1m" }));
    srv.deps.market.onTicks((e) => hub.publish(e));
    await feed(srv, "ETHUSDT", ["3000", "3001", "3002"]);
    assertEquals(fast.got, 3);
    assertEquals(slow.got, 0);
    assertEquals(slow.closed, true);
    assertEquals(hub.stats.dropped, 1);
    assertEquals(hub.size, 1);
  } finally {
    await srv.close();
  }
});
