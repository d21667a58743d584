/**
 * Feed clocks (domain rules, market data): staleness is the age of the latest tick's own time
 * against wall time, so a feed delivering 60-s-old trades stops new orders and pauses triggers;
 * a tick from the future or earlier than the latest is refused and never stored.
 */
import { assert, assertEquals } from "../assert.ts";
import { parseDecimal } from "../../core-wasm/mod.ts";
import type { Feed, RawTick } from "../../edge/market/feeds/feed.ts";
import { startServer, type TestServer } from "../server.ts";

/** A feed the test drives: every push goes through the market service into the tape. */
class DrivenFeed implements Feed {
  readonly kind = "exchange" as const;
  private emit: ((t: RawTick) => void | Promise<void>) | null = null;
  start(emit: (t: RawTick) => void | Promise<void>) {
    this.emit = emit;
  }
  stop() {}
  async push(srv: TestServer, time: number, price: string, symbol = "BTCUSDT") {
    await this.emit!({ symbol, time, price: parseDecimal(price), qty: 1_000_000n });
    await srv.deps.engine.idle();
  }
}

async function setup() {
  const srv = await startServer({ seed: true });
  const feed = new DrivenFeed();
  await srv.deps.market.start(feed);
  const r = await srv.call("/api/login", {
    body: { phone: "+12025550123", password: "Demo-2026" },
  });
  return { srv, feed, token: r.headers.get("authorization")! };
}

const orders = {
  fast: ["/api/fast/order", { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "10" }],
  leveraged: ["/api/contract/order", {
    symbol: "BTCUSDT",
    side: "long",
    lots: 1,
    leverage: 10,
    type: "market",
  }],
  spot: ["/api/spot/order", { symbol: "BTCUSDT", side: "buy", type: "market", qty: "0.001" }],
} as const;

async function quote(srv: TestServer) {
  srv.advance(250); // past the quotes cache's 200 ms
  const r = await srv.call<{ items: { symbol: string; price: string; stale: boolean }[] }>(
    "/api/market/symbols",
  );
  return r.body.data.items.find((q) => q.symbol === "BTCUSDT")!;
}

Deno.test("a feed delivering 60-s-old trades is stale: new orders refused, triggers paused", async () => {
  const { srv, feed, token } = await setup();
  try {
    const now = () => srv.deps.now();
    await feed.push(srv, now(), "60000");
    // fresh: every product takes orders; a 100x long to watch its liquidation
    for (const [path, body] of Object.values(orders)) {
      const r = await srv.call(path, { token, body });
      assertEquals(r.body.code, 0, `${path}: ${JSON.stringify(r.body)}`);
    }
    const liq = await srv.call<{ orderNo: string; liquidationPrice: string }>(
      "/api/contract/order",
      { token, body: { ...orders.leveraged[1], leverage: 100 } },
    );
    assertEquals(liq.body.code, 0);
    assertEquals((await quote(srv)).stale, false);

    // the feed keeps delivering, but each trade is a minute old when it arrives
    srv.advance(60_000);
    for (let i = 1; i <= 5; i++) {
      srv.advance(1000);
      await feed.push(srv, now() - 60_000, i === 5 ? "59000" : "60010");
    }
    const q = await quote(srv);
    assertEquals(q.price, "59000", "old trades are stored: they are real trades");
    assertEquals(q.stale, true, "clients show market data delayed");
    for (const [path, body] of Object.values(orders)) {
      for (const lang of ["en", "de"]) {
        const r = await srv.call(path, { token, body, headers: { "accept-language": lang } });
        assertEquals([r.status, r.body.data.error], [503, "MARKET_STALE"], path);
        assert(r.body.message.length > 10 && !r.body.message.includes("MARKET_STALE"));
        if (lang === "de") assert(!r.body.message.startsWith("Market data"), "localized");
      }
    }
    // triggers pause: 59,000 is below the 100x long's liquidation price, yet it still holds
    assert(parseDecimal(liq.body.data.liquidationPrice) > parseDecimal("59000"));
    const holding = await srv.call<{ items: { orderNo: string }[] }>("/api/contract/positions", {
      token,
    });
    assert(holding.body.data.items.some((p) => p.orderNo === liq.body.data.orderNo));

    // the feed catches up: fresh trades, orders open again and the due liquidation fires once
    await feed.push(srv, now(), "59000");
    assertEquals((await quote(srv)).stale, false);
    const closed = await srv.call<{ items: { orderNo: string; closeReason: string }[] }>(
      "/api/contract/positions?status=closed",
      { token },
    );
    assertEquals(
      closed.body.data.items.find((p) => p.orderNo === liq.body.data.orderNo)?.closeReason,
      "liquidation",
    );
    for (const [path, body] of Object.values(orders)) {
      const r = await srv.call(path, { token, body });
      assertEquals(r.body.code, 0, `${path}: ${JSON.stringify(r.body)}`);
    }
  } finally {
    await srv.close();
  }
});

Deno.test("a tick from the future or out of order is refused, never stored, never a clock", async () => {
  const { srv, feed } = await setup();
  try {
    const now = () => srv.deps.now();
    const t0 = now();
    await feed.push(srv, t0, "60000");
    const stored = async () => {
      const ticks: number[] = [];
      for await (const e of srv.kv.list({ prefix: ["market", "tick", "BTCUSDT"] })) {
        ticks.push(e.key[3] as number);
      }
      return ticks;
    };
    // 5 s ahead of wall time: refused (2 s is the limit)
    await feed.push(srv, t0 + 5_000, "61000");
    // earlier than the latest tick: refused
    await feed.push(srv, t0 - 1, "62000");
    assertEquals(await stored(), [t0]);
    assertEquals((await quote(srv)).price, "60000");
    const k = await srv.call<{ candles: [number, string, string, string, string, string][] }>(
      "/api/market/kline?symbol=BTCUSDT&interval=1m&limit=5",
    );
    assertEquals(k.body.data.candles.at(-1)!.slice(1, 5), ["60000", "60000", "60000", "60000"]);
    assertEquals(srv.deps.market.tape.stats.future, 1);
    assertEquals(srv.deps.market.tape.stats.outOfOrder, 1);
    // the refused future tick set no clock: 11 s later the symbol is stale
    srv.advance(11_000);
    assertEquals((await quote(srv)).stale, true);
    // 1 s ahead (within the 2 s allowance) and the same time as the latest are fine
    await feed.push(srv, now() + 1_000, "60100");
    await feed.push(srv, now() + 1_000, "60200");
    assertEquals((await stored()).length, 3);
    assertEquals((await quote(srv)).price, "60200");
  } finally {
    await srv.close();
  }
});
