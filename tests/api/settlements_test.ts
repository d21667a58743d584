/**
 * Per-order proof through HTTP: the settlement of a fast contract and of a liquidated position,
 * readable by the owner and by the share link's holder only, with ticks that are the public
 * tape's (sequence numbers, times, prices) and a verifier run against that tape.
 */
import { assert, assertEquals, assertMatch, assertNotEquals } from "../assert.ts";
import {
  DESKTOP_UA,
  fastAndLong,
  MOBILE_UA,
  startServer,
  type TestServer,
  tick,
} from "../server.ts";
import type { SettlementJson } from "../../contract/settlements.ts";
import { type TapeItem, verifySettlement } from "../../contract/settlement_check.ts";

async function login(srv: TestServer, phone: string) {
  const r = await srv.call("/api/login", { body: { phone, password: "Demo-2026" } });
  return r.headers.get("authorization")!;
}

/** A settled fast contract (up, 30 s) and a liquidated 100x long of the first customer. */
async function settled(srv: TestServer, token: string) {
  await tick(srv, "20000");
  const placed = await fastAndLong(srv, token);
  await tick(srv, "20010", 10_000);
  await tick(srv, "20020", 19_000); // the last at or before expiry
  await tick(srv, "19700", 5_000); // after expiry, and past the liquidation level
  await tick(srv, "19690", 1_000);
  return placed;
}

Deno.test("settlements: owner reads, others get NOT_FOUND, share link opens one order", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const owner = await login(srv, "+12025550123");
    const other = await login(srv, "+12025550124");
    const ids = await settled(srv, owner);

    await t.step("the owner reads both settlements", async () => {
      const f = await srv.call<SettlementJson>(`/api/settlements/${ids.fast}`, { token: owner });
      assertEquals(f.body.code, 0, JSON.stringify(f.body));
      const s = f.body.data;
      assert(s.kind === "fast");
      assertEquals([s.symbol, s.terms.direction, s.terms.stake, s.terms.rate], [
        "BTCUSDT",
        "up",
        "100",
        "0.85",
      ]);
      assertEquals([s.outcome.result, s.outcome.payout], ["win", "185"]);
      assertEquals([s.ticks.entry.price, s.ticks.exit?.price], ["20000", "20020"]);
      assertEquals(s.ruleVersion, 1);
      const p = await srv.call<SettlementJson>(`/api/settlements/${ids.position}`, {
        token: owner,
      });
      assertEquals(p.body.code, 0, JSON.stringify(p.body));
      const q = p.body.data;
      assert(q.kind === "position");
      assertEquals([q.terms.side, q.terms.leverage, q.outcome.closeReason], [
        "long",
        100,
        "liquidation",
      ]);
      assertEquals([q.ticks.fill.price, q.ticks.trigger.price], ["20000", "19700"]);
    });

    await t.step("another customer, a visitor, an open order: NOT_FOUND or -99", async () => {
      for (const id of [ids.fast, ids.position]) {
        const r = await srv.call(`/api/settlements/${id}`, { token: other });
        assertEquals([r.status, r.body.data.error], [404, "NOT_FOUND"]);
        const s = await srv.call(`/api/settlements/${id}/share`, { token: other, body: {} });
        assertEquals([s.status, s.body.data.error], [404, "NOT_FOUND"]);
      }
      const anon = await srv.call(`/api/settlements/${ids.fast}`);
      assertEquals([anon.status, anon.body.code], [401, -99]);
      const none = await srv.call(`/api/settlements/0000000000-nothing`, { token: owner });
      assertEquals(none.status, 404);
      await tick(srv, "19690");
      const open = await srv.call<{ orderNo: string }>("/api/fast/order", {
        token: owner,
        body: { symbol: "BTCUSDT", direction: "down", duration: 60, stake: "10" },
      });
      const r = await srv.call(`/api/settlements/${open.body.data.orderNo}`, { token: owner });
      assertEquals(r.status, 404);
      const s = await srv.call(`/api/settlements/${open.body.data.orderNo}/share`, {
        token: owner,
        body: {},
      });
      assertEquals(s.status, 404);
    });

    await t.step("share: the same link each time, readable without a session", async () => {
      const a = await srv.call<{ url: string; token: string }>(
        `/api/settlements/${ids.fast}/share`,
        { token: owner, body: {} },
      );
      assertEquals(a.body.code, 0, JSON.stringify(a.body));
      const b = await srv.call<{ url: string; token: string }>(
        `/api/settlements/${ids.fast}/share`,
        { token: owner, body: {} },
      );
      assertEquals(b.body.data.url, a.body.data.url);
      assertMatch(a.body.data.url, new RegExp(`/verify/${ids.fast}\\?share=[A-Za-z0-9_-]{22}$`));
      const token = a.body.data.token;
      const shared = await srv.call<SettlementJson>(`/api/settlements/${ids.fast}?share=${token}`);
      assertEquals(shared.body.code, 0, JSON.stringify(shared.body));
      assertEquals(shared.body.data.orderNo, ids.fast);
      // the other customer holding the link reads it too
      const theirs = await srv.call(`/api/settlements/${ids.fast}?share=${token}`, {
        token: other,
      });
      assertEquals(theirs.body.code, 0);
      // only for that order, and a made-up token opens nothing
      const wrong = await srv.call(`/api/settlements/${ids.position}?share=${token}`);
      assertEquals([wrong.status, wrong.body.data.error], [404, "NOT_FOUND"]);
      const made = await srv.call(`/api/settlements/${ids.fast}?share=${"A".repeat(22)}`);
      assertEquals(made.status, 404);
      const p = await srv.call<{ token: string }>(`/api/settlements/${ids.position}/share`, {
        token: owner,
        body: {},
      });
      assertNotEquals(p.body.data.token, token);
    });

    await t.step("pages: the owner's Verify view, the shared one, the redirect", async () => {
      const cookie = (tok: string) => ({ cookie: `tw_session=${tok}` });
      for (const [ua, layout] of [[MOBILE_UA, "wp"], [DESKTOP_UA, "pc"]] as const) {
        const mine = await srv.page(`/${layout}/verify/${ids.position}`, {
          ua,
          headers: cookie(owner),
        });
        const html = await mine.text();
        assertEquals(mine.status, 200, html.slice(0, 300));
        assertMatch(html, /data-testid="verify-share"/);
        assertMatch(html, /data-name="VerifyPanel"/);
        const theirs = await srv.page(`/${layout}/verify/${ids.position}`, {
          ua,
          headers: cookie(other),
        });
        await theirs.body?.cancel();
        assertEquals(theirs.status, 404);
      }
      const link = await srv.call<{ url: string }>(`/api/settlements/${ids.fast}/share`, {
        token: owner,
        body: {},
      });
      const path = new URL(link.body.data.url).pathname + new URL(link.body.data.url).search;
      const hop = await srv.page(path, { ua: MOBILE_UA });
      await hop.body?.cancel();
      assertEquals(hop.status, 302);
      const to = hop.headers.get("location")!;
      assertMatch(to, new RegExp(`^/wp/verify/${ids.fast}\\?share=`));
      const visitor = await srv.page(to, { ua: MOBILE_UA });
      const html = await visitor.text();
      assertEquals(visitor.status, 200);
      assert(!html.includes('data-testid="verify-share"'), "a visitor cannot share it again");
      const bare = await srv.page(`/wp/verify/${ids.fast}`, { ua: MOBILE_UA });
      await bare.body?.cancel();
      assertEquals(bare.status, 302);
    });
  } finally {
    await srv.close();
  }
});

Deno.test("settlements: the ticks used are the public tape's, and verify in full", async () => {
  const srv = await startServer({ seed: true });
  try {
    const owner = await login(srv, "+12025550123");
    const ids = await settled(srv, owner);
    const read = async (from: number, to: number) => {
      const r = await srv.call<{ items: TapeItem[] }>(
        `/api/tape/BTCUSDT?from=${from}&to=${to}&limit=1000`,
      );
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
      return r.body.data.items;
    };
    for (const id of [ids.fast, ids.position]) {
      const s = (await srv.call<SettlementJson>(`/api/settlements/${id}`, { token: owner })).body
        .data;
      const used = s.kind === "fast"
        ? [s.ticks.entry, s.ticks.exit!]
        : [s.ticks.fill, s.ticks.trigger];
      for (const u of used) {
        assert(u.seq !== null, `${id}: no sequence number`);
        const [item] = await read(u.seq, u.seq);
        assertEquals([item?.seq, item?.time, item?.price], [u.seq, u.time, u.price], id);
      }
      const report = await verifySettlement(s, read);
      assertEquals(report.verdict, "verified", JSON.stringify(report.findings));
      assert(report.hashed > 0);
    }
    const f = (await srv.call<SettlementJson>(`/api/settlements/${ids.fast}`, { token: owner }))
      .body.data;
    assert(f.kind === "fast");
    // entry: the first tick (#1); exit: the third (the last at or before expiry)
    assertEquals([f.ticks.entry.seq, f.ticks.exit?.seq], [1, 3]);
  } finally {
    await srv.close();
  }
});
