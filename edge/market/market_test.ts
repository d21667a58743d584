import { assert, assertEquals } from "../../tests/assert.ts";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { parseCandleCsv, ReplayFeed, shiftToToday } from "./feeds/replay.ts";
import { SymbolWalk } from "./feeds/simulated.ts";
import { Quotes } from "./quotes.ts";
import { SYMBOLS } from "../../contract/symbols.ts";
import { DEFAULT_TAPE, Tape } from "./tape.ts";
import { marketKeys } from "./store.ts";

const U = 100_000_000n;
const BTC = SYMBOLS[0]!;

Deno.test("simulated feed: deterministic by seed, on the price grid, sizes bounded", () => {
  const a = new SymbolWalk(BTC, 42), b = new SymbolWalk(BTC, 42), c = new SymbolWalk(BTC, 43);
  const sa = Array.from({ length: 500 }, () => a.trade());
  const sb = Array.from({ length: 500 }, () => b.trade());
  const sc = Array.from({ length: 500 }, () => c.trade());
  assertEquals(sa, sb);
  const text = (xs: unknown) => JSON.stringify(xs, (_, v) => typeof v === "bigint" ? `${v}` : v);
  assert(text(sa) !== text(sc));
  for (const t of sa) {
    assertEquals(t.price % BTC.tick, 0n);
    assert(t.qty > 0n && t.qty <= BTC.sim.maxQty);
  }
  // symbols move differently (volatility and sizes differ by symbol)
  const eth = new SymbolWalk(SYMBOLS[1]!, 42).trade();
  assert(eth.price < 10_000n * U);
});

const CSV = `open_time,open,high,low,close,volume
2023-03-01 00:00:00+00:00,100,110,95,105,4
2023-03-01 00:01:00+00:00,105,106,90,91,9e-05
2023-03-01 00:02:00+00:00,91,93,91,92,1.5
`;

Deno.test("replay: file timestamps, 4 ticks a candle, paced by speed, candles equal the rows", async () => {
  const candles = parseCandleCsv(CSV);
  let clock = 1_000_000;
  const emitted: [number, number][] = []; // [wall time, tick time]
  const feed = new ReplayFeed(candles, {
    symbol: "BTCUSDT",
    speed: 60,
    shiftDays: 0,
    now: () => clock,
    sleep: (ms) => {
      clock += ms;
      return Promise.resolve();
    },
  });
  const kv = await Deno.openKv(":memory:");
  const tape = new Tape(kv, { ...DEFAULT_TAPE, now: () => clock });
  // a replay runs on its own clock (the market service wires it the same way)
  tape.setClock(() => feed.clock());
  feed.start(async (t) => {
    emitted.push([clock, t.time]);
    await tape.ingest(t);
    assertEquals(tape.isStale("BTCUSDT"), false, "fresh while it plays");
  });
  await feed.finished();
  assertEquals(emitted.length, 12);
  const first = emitted[0]![1];
  for (const [wall, t] of emitted) assertEquals(wall, 1_000_000 + (t - first) / 60);
  assertEquals(emitted[11]![1], Date.UTC(2023, 2, 1, 0, 2, 45));
  assertEquals(await tape.candles("BTCUSDT", "1m", { limit: 10 }), candles);
  assertEquals(shiftToToday(candles, Date.UTC(2023, 2, 5, 13)), 4);
  clock += 10_001; // the replay ended: stale 10 s later
  assertEquals(tape.isStale("BTCUSDT"), true);
  kv.close();
});

Deno.test("tape: an outlier is held until the next tick confirms or contradicts it", async () => {
  let now = 1_700_000_000_000;
  const kv = await Deno.openKv(":memory:");
  const tape = new Tape(kv, { ...DEFAULT_TAPE, now: () => now });
  const tick = (price: string, dt = 1000) => {
    now += dt;
    return tape.ingest({ symbol: "BTCUSDT", time: now, price: parseDecimal(price), qty: U });
  };
  await tick("100");
  await tick("130"); // +30 %: suspect
  assertEquals(tape.lastTick("BTCUSDT")!.price, 100n * U);
  await tick("101"); // back near 100: the suspect is dropped, 101 accepted
  assertEquals(tape.lastTick("BTCUSDT")!.price, 101n * U);
  assertEquals(tape.stats.dropped, 1);
  await tick("70"); // -31 %: suspect
  await tick("71"); // confirms the move: both stored
  assertEquals(tape.lastTick("BTCUSDT")!.price, 71n * U);
  assertEquals(tape.stats.confirmed, 1);
  const prices: bigint[] = [];
  for await (const e of kv.list<{ price: bigint }>({ prefix: marketKeys.ticks("BTCUSDT") })) {
    prices.push(e.value.price / U);
  }
  assertEquals(prices, [100n, 101n, 70n, 71n]);
  // staleness: wall time without ticks
  assertEquals(tape.isStale("BTCUSDT"), false);
  now += 10_001;
  assertEquals(tape.isStale("BTCUSDT"), true);
  assertEquals(tape.isStale("ETHUSDT"), true);
  await tick("71.5", 1);
  assertEquals(tape.isStale("BTCUSDT"), false);
  kv.close();
});

Deno.test("tape: candles persist with every tick and are rebuilt from the tape when missing", async () => {
  let now = Date.UTC(2024, 0, 1);
  const kv = await Deno.openKv(":memory:");
  const tape = new Tape(kv, { ...DEFAULT_TAPE, now: () => now });
  for (let i = 0; i < 200; i++) {
    now += 17_000;
    await tape.ingest({ symbol: "ETHUSDT", time: now, price: (3000n + BigInt(i % 7)) * U, qty: U });
  }
  const before = await tape.candles("ETHUSDT", "5m", { limit: 100 });
  assert(before.length > 5);
  // lose every 5m candle, as after a crash between versions
  for await (const e of kv.list({ prefix: marketKeys.candles("ETHUSDT", "5m") })) {
    await kv.delete(e.key);
  }
  const reloaded = new Tape(kv, { ...DEFAULT_TAPE, now: () => now });
  await reloaded.load(["ETHUSDT"]);
  assertEquals(await reloaded.candles("ETHUSDT", "5m", { limit: 100 }), before);
  assertEquals(reloaded.lastTick("ETHUSDT")!.price, tape.lastTick("ETHUSDT")!.price);
  // a time window
  const mid = before[2]!.openTime;
  assertEquals(
    (await reloaded.candles("ETHUSDT", "5m", { from: mid, to: mid, limit: 10 })).length,
    1,
  );
  kv.close();
});

Deno.test("quotes: 24 h open, high, low, volume, change from the tape", async () => {
  let now = Date.UTC(2024, 0, 1);
  const kv = await Deno.openKv(":memory:");
  const tape = new Tape(kv, { ...DEFAULT_TAPE, now: () => now });
  const quotes = new Quotes(tape, SYMBOLS, () => now);
  tape.onTicks((e) => quotes.onTicks(e));
  for (const p of ["100", "112", "95", "110"]) {
    now += 60_000;
    await tape.ingest({ symbol: "BTCUSDT", time: now, price: parseDecimal(p), qty: 2n * U });
  }
  const q = quotes.quote(BTC)!;
  assertEquals([q.price, q.open, q.high, q.low, q.volume24h], ["110", "100", "112", "95", "8"]);
  assertEquals([q.change, q.changePct], ["10", "0.1"]);
  assertEquals(q.turnover, "834");
  assertEquals(quotes.list().list.map((x) => x.symbol), ["BTCUSDT"]);
  kv.close();
});

Deno.test("tape: one writer under the market lease; a follower sees the same ticks and candles; a former writer cannot write", async () => {
  const { Lease } = await import("../platform/lease.ts");
  const kv = await Deno.openKv(":memory:");
  try {
    let clock = Date.now();
    const now = () => clock;
    const tapeOf = () => new Tape(kv, { ...DEFAULT_TAPE, now, log: () => {} });
    const [w1, w2, f] = [tapeOf(), tapeOf(), tapeOf()];
    for (const t of [w1, w2, f]) await t.load(["BTCUSDT"]);
    const l1 = new Lease(kv, "market", "h:1:a", { ttlMs: 3_000, now });
    const l2 = new Lease(kv, "market", "h:2:b", { ttlMs: 3_000, now });
    assert(await l1.tryAcquire());
    let fenced = 0;
    w1.lead(l1, () => void fenced++);
    const seen: string[] = [];
    f.onTicks((e) => seen.push(...e.ticks.map((t) => `${t.time}:${t.price}`)));
    // two ticks in one millisecond keep their order
    for (const p of ["100", "101", "102"]) {
      await w1.ingest({ symbol: "BTCUSDT", time: clock, price: parseDecimal(p), qty: U });
      if (p !== "100") clock += 1;
    }
    assertEquals(await f.pull("BTCUSDT"), 3);
    assertEquals(seen.length, 3);
    assertEquals(f.lastTick("BTCUSDT")?.price, parseDecimal("102"));
    assertEquals(f.openCandle("BTCUSDT", "1m"), w1.openCandle("BTCUSDT", "1m"));
    assertEquals(await f.pull("BTCUSDT"), 0, "nothing new");
    // w1 stalls past its lease; w2 takes over and continues from the stored tape
    clock += 3_500;
    assert(await l2.tryAcquire());
    await w2.load(["BTCUSDT"]);
    w2.lead(l2);
    await w2.ingest({ symbol: "BTCUSDT", time: clock, price: parseDecimal("103"), qty: U });
    // w1 wakes up with a renewed-looking clock: its commit is refused by the fence
    const stale = (l1 as unknown as { held: { expiresAt: number } }).held;
    stale.expiresAt = clock + 10_000;
    await w1.ingest({ symbol: "BTCUSDT", time: clock + 1, price: parseDecimal("104"), qty: U });
    assertEquals(fenced, 1, "the former writer learns it lost the market");
    assertEquals(w1.stats.fenced, 1);
    assertEquals(await f.pull("BTCUSDT"), 1);
    assertEquals(seen[seen.length - 1], `${clock}:${parseDecimal("103")}`);
    const stored: bigint[] = [];
    for await (const e of kv.list<{ price: bigint }>({ prefix: marketKeys.ticks("BTCUSDT") })) {
      stored.push(e.value.price);
    }
    assertEquals(stored, ["100", "101", "102", "103"].map((p) => parseDecimal(p)));
  } finally {
    kv.close();
  }
});

Deno.test("tape: a follower takes the one new tick from the head it read, without a range read", async () => {
  const { Lease } = await import("../platform/lease.ts");
  const kv = await Deno.openKv(":memory:");
  // the follower's store, counting range reads (far from the store each is a round trip)
  let lists = 0;
  const counted = new Proxy(kv, {
    get(t, p) {
      const v = Reflect.get(t, p, t);
      if (p === "list") {
        return (...a: Parameters<Deno.Kv["list"]>) => (lists++, t.list(...a));
      }
      return typeof v === "function" ? v.bind(t) : v;
    },
  });
  try {
    let clock = Date.now();
    const now = () => clock;
    const w = new Tape(kv, { ...DEFAULT_TAPE, now, log: () => {} });
    const f = new Tape(counted, { ...DEFAULT_TAPE, now, log: () => {} });
    await w.load(["BTCUSDT"]);
    const lease = new Lease(kv, "market", "h:1:a", { ttlMs: 3_000, now });
    assert(await lease.tryAcquire());
    w.lead(lease);
    const seen: number[] = [];
    f.onTicks((e) => seen.push(...e.ticks.map((t) => t.seq!)));
    const tick = (p: string) =>
      w.ingest({ symbol: "BTCUSDT", time: ++clock, price: parseDecimal(p), qty: U });
    const head = async () => (await w.heads(["BTCUSDT"])).get("BTCUSDT")!;
    await tick("100");
    await f.load(["BTCUSDT"]);
    await tick("101");
    lists = 0;
    assertEquals(await f.pull("BTCUSDT", await head(), "eventual"), 1);
    assertEquals(lists, 0, "one new tick: taken from the head");
    // two new ticks: the head is only the second, so the range is read
    await tick("102");
    await tick("103");
    assertEquals(await f.pull("BTCUSDT", await head(), "eventual"), 2);
    assertEquals(lists, 1);
    assertEquals(seen, [2, 3, 4]);
    assertEquals(f.chainHead("BTCUSDT"), w.chainHead("BTCUSDT"));
    assertEquals(f.openCandle("BTCUSDT", "1m"), w.openCandle("BTCUSDT", "1m"));
    assertEquals(f.lastTick("BTCUSDT"), w.lastTick("BTCUSDT"));
  } finally {
    kv.close();
  }
});
