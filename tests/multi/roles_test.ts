/**
 * Roles (APP_ROLE) far from the store: a `core` and a `web` process on one KV file, every strong
 * read, list batch and commit waiting 95 ms (KV_SIM_RTT_MS, a web region in Europe against the
 * write region). The web process never takes a lease; orders placed through it settle and
 * trigger on the core; the tape stays fresh; each answers its health; the ledger and settlement
 * verifiers are clean.
 */
import { assert, assertEquals } from "../assert.ts";
import { LONG_10X } from "../server.ts";
import { formatVerifyReport, verifyStore } from "../../edge/settlements/rederive.ts";
import { marketKeys } from "../../edge/market/store.ts";
import type { TapeHead } from "../../edge/market/stored_tape.ts";
import type { FastOrderJson, PositionJson } from "../../contract/trading.ts";
import { assertLedgerBalanced, clusterTest, DEMO_LOGIN, until } from "./cluster.ts";

const STALE_MS = 10_000;
const FAR = { KV_SIM_RTT_MS: "95", KV_SIM_EVENTUAL_MS: "13" };

clusterTest(
  "core and web at 95 ms: orders through web settle and trigger on core, tape fresh",
  async (c, kv) => {
    // seeded near the store, then the roles move away
    await c.seed();
    const core = await c.start("core", { APP_ROLE: "core", ...FAR });
    const web = await c.start("web", { APP_ROLE: "web", ...FAR });

    // health per role, without envelope or tenant
    for (const [inst, role] of [[core, "core"], [web, "web"]] as const) {
      const live = await fetch(`${inst.base}/health/live`, { headers: { appKey: "nope" } });
      assertEquals([live.status, (await live.json()).role], [200, role]);
      const ready = await fetch(`${inst.base}/health/ready`);
      const body = await ready.json();
      assertEquals(ready.status, 200, JSON.stringify(body));
      assertEquals(body.store, true);
      if (role === "core") assertEquals(body.leases, { market: true, engine: true });
      else assertEquals(body.leases, {});
    }
    // only the core holds the market and the engine
    assertEquals((await c.holder(kv, "market"))?.name, "core");
    assertEquals((await c.holder(kv, "engine"))?.name, "core");
    // a core serves no pages
    assertEquals(
      (await fetch(`${core.base}/wp/home`).then((r) => (r.body?.cancel(), r))).status,
      404,
    );

    const login = await c.call(web, "/api/login", { body: DEMO_LOGIN });
    assertEquals(login.body.code, 0, JSON.stringify(login.body));
    const token = login.headers.get("authorization")!;
    const placed = await c.call<FastOrderJson>(web, "/api/fast/order", {
      token,
      body: { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "10" },
    });
    assertEquals(placed.body.code, 0, JSON.stringify(placed.body));
    // a leveraged position with stops 0.003 % either side: the walk crosses one within seconds
    const position = await until(
      async () => {
        const q = await c.call<{ items: { symbol: string; price: string }[] }>(
          web,
          "/api/market/symbols",
        );
        const px = Number(q.body.data.items.find((x) => x.symbol === "BTCUSDT")?.price);
        const r = await c.call<PositionJson>(web, "/api/contract/order", {
          token,
          body: {
            ...LONG_10X,
            lots: 1,
            stopLoss: (px * 0.99997).toFixed(2),
            takeProfit: (px * 1.00003).toFixed(2),
          },
        });
        return r.body.code === 0 ? r.body.data : null;
      },
      10_000,
      "position opened through web",
    );

    const closed = await until(
      async () => {
        const r = await c.call<{ items: PositionJson[] }>(
          web,
          "/api/contract/positions?status=closed",
          { token },
        );
        return r.body.data.items.find((p) => p.orderNo === position.orderNo);
      },
      90_000,
      "the stop or take-profit fired on core",
    );
    assertEquals(closed.status, "closed");

    const settled = await c.settledFast(
      web,
      token,
      placed.body.data.orderNo,
      "the fast contract settled on core",
    );
    assert(settled.exit, "settled at a tick (not refunded)");
    const delay = settled.settlementTime! - settled.expiryTime;
    console.log(`fast contract settled ${delay} ms after expiry (through web, on core, 95 ms)`);
    assert(delay <= STALE_MS, `settled ${delay} ms after expiry`);

    // the tape is fresh: every symbol's stored head within the staleness limit
    for (const e of await kv.getMany<TapeHead[]>(["BTCUSDT", "ETHUSDT"].map(marketKeys.last))) {
      const lag = Date.now() - e.value!.time;
      assert(lag < STALE_MS, `${String(e.key[2])} head ${lag} ms old`);
    }
    assertEquals(c.failures, [], "no 5xx replies");
    assertEquals(c.serverErrors, 0, "no 5xx replies");
  },
  async (kv) => {
    await assertLedgerBalanced(kv);
    const settlements = await verifyStore(kv, ["demo"], { staleMs: STALE_MS });
    if (settlements.mismatches.length) throw new Error(formatVerifyReport(settlements));
  },
);
