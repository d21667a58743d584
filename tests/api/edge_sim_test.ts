/**
 * The app far from its store, by simulation (KV_SIM_RTT_MS: every strong read, list batch and
 * commit waits a round trip; edge/platform/kvstore.ts). The tape writer must keep every symbol
 * within the staleness limit at 200 ms per commit, so a fast order is accepted (before the
 * writer batched, it wrote about 2 ticks/s at that distance, fell behind the feed and every
 * order was refused with 503 MARKET_STALE).
 */
import { assert, assertEquals } from "../assert.ts";
import { loadConfig } from "../../edge/platform/config.ts";
import { DESKTOP_UA, priceAll, signIn, startServer } from "../server.ts";
import { buildDeps } from "../../edge/http/boot.ts";
import { withRoundTrips } from "../../edge/platform/kv_round_trips.ts";

Deno.test({
  name: "far store (200 ms): the tape keeps up with the feed and a fast order is accepted",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    // seeded near the store; then the store moves 200 ms away
    const srv = await startServer({ seed: true, feed: true, env: { KV_SIM_RTT_MS: "0" } });
    const sim = srv.deps.config.kvSim!;
    try {
      const token = await signIn(srv);
      const tape = srv.deps.market.tape;
      const codes = srv.deps.market.symbols.map((s) => s.code);
      // the feed's first tick of every symbol, then the store moves away
      for (let i = 0; i < 100 && !codes.every((c) => tape.lastTick(c)); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      sim.rttMs = 200;
      const before = codes.reduce((n, c) => n + tape.chainHead(c).seq, 0);
      // 15 s of feed: the stored head of every symbol stays well within the staleness limit
      let worst = 0;
      for (let i = 0; i < 30; i++) {
        await new Promise((r) => setTimeout(r, 500));
        for (const c of codes) {
          worst = Math.max(worst, srv.deps.now() - (tape.lastTick(c)?.time ?? 0));
        }
      }
      const written = codes.reduce((n, c) => n + tape.chainHead(c).seq, 0) - before;
      assert(written > 100, `ticks stored in 15 s: ${written}`);
      assert(
        worst < tape.opts.staleMs / 2,
        `the stored tape fell ${worst} ms behind wall time (limit ${tape.opts.staleMs} ms)`,
      );
      const r = await srv.call<{ orderNo: string }>("/api/fast/order", {
        token,
        body: { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "10" },
      });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
    } finally {
      sim.rttMs = 0;
      await srv.close();
    }
  },
});

Deno.test("a web instance starts in a few round trips: every symbol's tape and day of quotes read side by side", async () => {
  const srv = await startServer({ seed: true });
  try {
    // every symbol traded: a head, candles of every interval and a day of minutes to read
    for (let i = 0; i < 3; i++) {
      srv.advance(60_000);
      await priceAll(srv);
    }
    // a `web` instance's market on the same store, started as main.ts starts it (no feed: it
    // follows the stored tape)
    const env: Record<string, string> = {
      KV_PATH: ":memory:",
      APP_ROLE: "web",
      CHECKPOINT_KEY_FILE: srv.deps.config.checkpointKeyFile!,
    };
    const web = await buildDeps(loadConfig((k) => env[k]), srv.kv, {
      log: () => {},
      now: () => srv.deps.now(),
    });
    const { trips } = await withRoundTrips(() => web.market.start(null));
    try {
      // the tape's heads and newest candles: one round trip; the quotes' day of minutes: the
      // batches of one list (before: 11 round trips a symbol, one after another, 28 s from Hong
      // Kong for the 8 symbols)
      assert(trips.sequential <= 4, `round trips in sequence: ${trips.sequential}`);
      for (const s of srv.deps.market.symbols) {
        assertEquals(web.market.tape.lastTick(s.code), srv.deps.market.tape.lastTick(s.code));
        assertEquals(web.market.tape.chainHead(s.code), srv.deps.market.tape.chainHead(s.code));
      }
      assertEquals(web.market.quotes.list().json, srv.deps.market.quotes.list().json);
    } finally {
      await web.market.stop();
    }
  } finally {
    await srv.close();
  }
});

Deno.test("the simulator and the roles are configuration: refused where they do not belong", () => {
  const prod = { APP_ENV: "production", SMS_SENDER: "dev", ALLOW_DEV_SMS: "1" };
  const load = (env: Record<string, string>) => () => loadConfig((k) => env[k]);
  const refused = (f: () => unknown, what: string) => {
    try {
      f();
    } catch (e) {
      return assert(String(e).includes(what), String(e));
    }
    throw new Error(`not refused (${what})`);
  };
  refused(load({ ...prod, KV_SIM_RTT_MS: "95" }), "APP_ENV=production");
  refused(load({ ...prod, KV_SIM_EVENTUAL_MS: "13" }), "APP_ENV=production");
  assertEquals(load(prod)().kvSim, null);
  assertEquals(load({ KV_SIM_RTT_MS: "95", KV_SIM_EVENTUAL_MS: "13" })().kvSim, {
    rttMs: 95,
    eventualMs: 13,
  });
  assertEquals(load({})().role, "all");
  assertEquals(load({ APP_ROLE: "core" })().role, "core");
  refused(load({ APP_ROLE: "edge" }), "APP_ROLE");
});

Deno.test("a price older than the staleness limit is labelled with its age", async () => {
  const srv = await startServer();
  try {
    // the last tick is 30 s old: beyond the 10 s limit, the quote is shown from memory
    await srv.deps.market.tape.ingest({
      symbol: "BTCUSDT",
      time: srv.deps.now() - 30_000,
      price: 60_000_00000000n,
      qty: 1_000_000n,
    });
    const html = await (await srv.page("/pc/market", { ua: DESKTOP_UA })).text();
    const label = /data-testid="delayed"[^>]*>([^<]*)</.exec(html)?.[1] ?? "";
    assert(/Market data delayed · 3\d sec\. ago/.test(label), `label: ${label}`);
    const zh = await (await srv.page("/pc/market", {
      ua: DESKTOP_UA,
      headers: { "accept-language": "zh-CN" },
    })).text();
    assert(/data-testid="delayed"[^>]*>[^<]*3\d\s*秒/.test(zh), "the age in Chinese");
  } finally {
    await srv.close();
  }
});
