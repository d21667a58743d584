/**
 * History back-fill on first start: the replay feed from its CSV before the replay position,
 * the exchange feed from its kline REST endpoint (a local server speaking that protocol); both
 * rolled up through the core into every interval, the live part continuing after them.
 */
import { assert, assertEquals } from "../../tests/assert.ts";
import { type Candle, parseDecimal, rollupCandles } from "../../core-wasm/mod.ts";
import { fakeExchange } from "../../tests/fixtures/exchange.ts";
import { parseCandleCsv, ReplayFeed } from "./feeds/replay.ts";
import { ReferencePrices } from "./prices.ts";
import { MarketService } from "./service.ts";
import { SYMBOLS } from "../../contract/symbols.ts";

const DAY = 86_400_000;
const MINUTE = 60_000;
const CSV = new URL("../../tests/fixtures/btcusdt-1m-2023-03-01_21.csv", import.meta.url);

Deno.test("replay: rows before the replay position are history, the rest is played", async () => {
  const rows = parseCandleCsv(await Deno.readTextFile(CSV));
  const startAt = Date.UTC(2023, 2, 10);
  const feed = new ReplayFeed(rows, {
    symbol: "BTCUSDT",
    speed: 1,
    shiftDays: 0,
    startAt,
    sleep: () => new Promise((r) => setTimeout(r, 20)), // a tick every 20 ms: stops quickly
  });
  const kv = await Deno.openKv(":memory:");
  const clock = Date.UTC(2023, 2, 10, 0, 0, 1);
  const market = new MarketService(kv, SYMBOLS, new ReferencePrices(), () => clock);
  try {
    await market.start(feed);
    const before = rows.filter((r) => r.openTime < startAt);
    // (the replay plays from the position meanwhile: look before it)
    const to = startAt - 1;
    const days = await market.tape.candles("BTCUSDT", "1d", { to, limit: 100 });
    assertEquals(days, rollupCandles(before, "1d"));
    assertEquals(days.length, 9);
    const hours = await market.tape.candles("BTCUSDT", "1h", { to, limit: 1000 });
    assertEquals(hours, rollupCandles(before, "1h"));
    // weeks too (the week of the position goes on with the played ticks)
    assertEquals(
      (await market.tape.candles("BTCUSDT", "1w", { limit: 10 })).slice(0, -1),
      rollupCandles(before, "1w").slice(0, -1),
    );
    const minutes = await market.tape.candles("BTCUSDT", "1m", { to, limit: 1000 });
    assertEquals(minutes, before.slice(-1000));
    // play starts at the position
    assertEquals(feed.ticks()[0]!.time, startAt);
    // other symbols of a single-symbol replay get nothing
    assertEquals((await market.tape.candles("ETHUSDT", "1d", { limit: 10 })).length, 0);
  } finally {
    await market.stop();
    kv.close();
  }
});

/** Deterministic klines: price follows the bucket index, so any range is reproducible. */
function kline(openTime: number, len: number) {
  const k = Math.floor(openTime / len);
  const base = 50_000 + (k % 997) * 3;
  return [
    openTime,
    `${base}.00`,
    `${base + 20}.50`,
    `${base - 15}.25`,
    `${base + 5}.00`,
    `${(k % 13) + 1}.125`,
    openTime + len - 1,
    "0",
    1,
    "0",
    "0",
    "0",
  ];
}

Deno.test("exchange: history from kline REST (days, then minutes) before the live stream", async () => {
  const now = Date.UTC(2024, 4, 20, 10, 30, 20);
  const requests: URLSearchParams[] = [];
  const { server, feed } = fakeExchange((req) => {
    const url = new URL(req.url);
    if (url.pathname === "/stream") return Deno.upgradeWebSocket(req).response;
    if (url.pathname !== "/api/v3/klines") return new Response("not found", { status: 404 });
    const q = url.searchParams;
    requests.push(q);
    const len = q.get("interval") === "1d" ? DAY : MINUTE;
    const start = Number(q.get("startTime")), end = Number(q.get("endTime"));
    const limit = Math.min(1000, Number(q.get("limit") ?? 500));
    const out = [];
    for (let t = Math.ceil(start / len) * len; t <= end && out.length < limit; t += len) {
      if (t + len - 1 > now && len === DAY) continue; // the exchange's open day is not asked for
      out.push(kline(t, len));
    }
    return Response.json(out);
  }, { now: () => now, historyDays: 365, historyMinuteDays: 2 });
  const kv = await Deno.openKv(":memory:");
  const market = new MarketService(kv, SYMBOLS, new ReferencePrices(), () => now);
  try {
    await market.start(feed);
    const firstMinuteDay = Date.UTC(2024, 4, 19);
    const days = await market.tape.candles("BTCUSDT", "1d", { limit: 1000 });
    assertEquals(days.length, 367); // 365 from daily klines, then yesterday and today from minutes
    assertEquals(days[0]!.openTime, firstMinuteDay - 365 * DAY);
    const minutes = await market.tape.candles("BTCUSDT", "1m", { limit: 1000 });
    const lastMinute = Date.UTC(2024, 4, 20, 10, 29);
    assertEquals(minutes[minutes.length - 1]!.openTime, lastMinute);
    // a day from minutes is their roll-up; a day from daily klines is the exchange's row
    const todayMinutes: Candle[] = [];
    for (let t = Date.UTC(2024, 4, 20); t <= lastMinute; t += MINUTE) {
      const r = kline(t, MINUTE);
      todayMinutes.push({
        openTime: t,
        open: parseDecimal(r[1] as string),
        high: parseDecimal(r[2] as string),
        low: parseDecimal(r[3] as string),
        close: parseDecimal(r[4] as string),
        volume: parseDecimal(r[5] as string),
      });
    }
    assertEquals(days[days.length - 1], rollupCandles(todayMinutes, "1d")[0]);
    assertEquals(days[0]!.open, parseDecimal(kline(days[0]!.openTime, DAY)[1] as string));
    const weeks = await market.tape.candles("BTCUSDT", "1w", { limit: 100 });
    assertEquals(weeks, rollupCandles(days, "1w"));
    assert(weeks.length >= 52);
    // paged: one daily request, minutes 1000 at a time (yesterday + today to 10:29 = 2070)
    assertEquals(requests.filter((q) => q.get("interval") === "1d").length, 1);
    assertEquals(requests.filter((q) => q.get("interval") === "1m").length, 3);
    assertEquals(
      market.tape.lastTick("BTCUSDT")!.price,
      todayMinutes[todayMinutes.length - 1]!.close,
    );
  } finally {
    await market.stop();
    kv.close();
    await server.shutdown();
  }
});
