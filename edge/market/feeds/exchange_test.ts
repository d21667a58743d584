/**
 * The exchange adapter against a local server speaking the exchange's protocol (combined trade
 * stream over WebSocket, minute klines over REST) with recorded-format messages, including a
 * dropped connection whose gap is back-filled from REST.
 */
import { assertEquals } from "../../../tests/assert.ts";
import { fakeExchange } from "../../../tests/fixtures/exchange.ts";
import type { RawTick } from "./feed.ts";

const T0 = Date.UTC(2024, 4, 1, 12, 0, 10);

function trade(symbol: string, id: number, price: string, qty: string, time: number) {
  // the shape the exchange sends on a combined stream
  return JSON.stringify({
    stream: `${symbol.toLowerCase()}@trade`,
    data: {
      e: "trade",
      E: time + 3,
      s: symbol,
      t: id,
      p: price,
      q: qty,
      T: time,
      m: false,
      M: true,
    },
  });
}

Deno.test({
  name: "exchange feed: trades, disconnect, gap back-filled from REST klines, reconnect",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    let now = T0;
    const sockets: WebSocket[] = [];
    const klineRequests: string[] = [];
    const { server, feed } = fakeExchange((req) => {
      const url = new URL(req.url);
      if (url.pathname === "/stream") {
        const { socket, response } = Deno.upgradeWebSocket(req);
        socket.onopen = () => sockets.push(socket);
        return response;
      }
      if (url.pathname === "/api/v3/klines") {
        klineRequests.push(url.search);
        const start = Number(url.searchParams.get("startTime"));
        // two closed minutes in the gap: 12:01 and 12:02
        const rows = [
          [
            start,
            "60100.00",
            "60150.00",
            "60050.00",
            "60120.00",
            "2.00000000",
            start + 59_999,
            "0",
            10,
            "0",
            "0",
            "0",
          ],
          [
            start + 60_000,
            "60120.00",
            "60130.00",
            "59900.00",
            "59950.00",
            "4.00000000",
            start + 119_999,
            "0",
            12,
            "0",
            "0",
            "0",
          ],
        ];
        return Response.json(rows);
      }
      return new Response("not found", { status: 404 });
    }, { now: () => now, backoffMs: 20 });
    const got: RawTick[] = [];
    feed.start((t) => void got.push(t));
    const waitFor = async (cond: () => boolean) => {
      for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
      if (!cond()) throw new Error("timed out waiting");
    };
    await waitFor(() => sockets.length === 1 && sockets[0]!.readyState === WebSocket.OPEN);
    sockets[0]!.send(trade("BTCUSDT", 1, "60000.10", "0.015", T0));
    sockets[0]!.send(trade("BTCUSDT", 2, "60001.00", "1e-3", T0 + 500));
    await waitFor(() => got.length === 2);
    // the connection drops; time passes (12:00:10 -> 12:03:05)
    now = T0 + 175_000;
    sockets[0]!.close();
    await waitFor(() => sockets.length === 2 && sockets[1]!.readyState === WebSocket.OPEN);
    await waitFor(() => got.length === 10);
    sockets[1]!.send(trade("BTCUSDT", 3, "59960.00", "0.2", T0 + 176_000));
    await waitFor(() => got.length === 11);
    feed.stop();
    await server.shutdown();

    assertEquals(got.slice(0, 2).map((t) => [t.time, t.price, t.qty]), [
      [T0, 6_000_010_000_000n, 1_500_000n],
      [T0 + 500, 6_000_100_000_000n, 100_000n],
    ]);
    // back-fill asked for the closed minutes after the last trade's minute
    assertEquals(klineRequests.length, 1);
    const q = new URLSearchParams(klineRequests[0]);
    assertEquals([Number(q.get("startTime")), Number(q.get("endTime"))], [
      Date.UTC(2024, 4, 1, 12, 1),
      Date.UTC(2024, 4, 1, 12, 3) - 1,
    ]);
    // 2 minutes x 4 ticks (open, low, high, close for a rising candle), volume split exactly
    const filled = got.slice(2, 10);
    assertEquals(filled.map((t) => t.time - Date.UTC(2024, 4, 1, 12, 1)), [
      0,
      15_000,
      30_000,
      45_000,
      60_000,
      75_000,
      90_000,
      105_000,
    ]);
    assertEquals(filled.reduce((s, t) => s + t.qty, 0n), 600_000_000n);
    assertEquals(got[10]!.price, 5_996_000_000_000n);
    assertEquals(feed.stats.connects, 2);
  },
});
