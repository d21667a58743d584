/**
 * The settlement verifier on a store made through the product's doors: every settlement
 * re-derives from the tape; an edited tick or an edited settlement in a copy of the store is
 * found with a precise message; the tape API serves the same chain.
 */
import { parseDecimal } from "../../core-wasm/mod.ts";
import { genesisHash, tickHash } from "../../contract/chain.ts";
import { exportOrders, formatVerifyReport, verifyStore } from "../../edge/settlements/rederive.ts";
import { readArchives } from "../../edge/market/archive.ts";
import { archiveTape } from "../../edge/jobs/tape_archive.ts";
import type { FastContracts } from "../../edge/trading/fast.ts";
import { assert, assertEquals } from "../assert.ts";
import { startServer, type TestServer, tick } from "../server.ts";

async function login(srv: TestServer) {
  const r = await srv.call("/api/login", {
    body: { phone: "+12025550123", password: "Demo-2026" },
  });
  return r.headers.get("authorization")!;
}

/** A copy of every entry of a store in a fresh in-memory store. */
async function copyOf(kv: Deno.Kv) {
  const copy = await Deno.openKv(":memory:");
  let op = copy.atomic(), n = 0;
  for await (const e of kv.list({ prefix: [] })) {
    op.set(e.key, e.value);
    if (++n % 500 === 0) {
      await op.commit();
      op = copy.atomic();
    }
  }
  await op.commit();
  return copy;
}

Deno.test("verifier: every settlement re-derives from the tape; an edited tick or settlement is found", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await login(srv);
    await tick(srv, "60000");
    await tick(srv, "60000", 0, "ETHUSDT");
    const fast = (direction: string, duration = 30) =>
      srv.call<{ orderNo: string }>("/api/fast/order", {
        token,
        body: { symbol: "BTCUSDT", direction, duration, stake: "100" },
      });
    const up = await fast("up"), down = await fast("down");
    assertEquals([up.body.code, down.body.code], [0, 0]);
    // a long with a stop-loss, a short closed by hand, a limit long filled later
    const order = (body: Record<string, unknown>) =>
      srv.call<{ orderNo: string }>("/api/contract/order", {
        token,
        body: { symbol: "BTCUSDT", lots: 1, leverage: 20, type: "market", ...body },
      });
    const stopped = await order({ side: "long", stopLoss: "59500" });
    const manual = await order({ side: "short" });
    const limit = await order({ side: "long", type: "limit", price: "59800" });
    assertEquals([stopped.body.code, manual.body.code, limit.body.code], [0, 0, 0]);
    const spot = await srv.call("/api/spot/order", {
      token,
      body: { symbol: "BTCUSDT", side: "buy", type: "market", qty: "0.01" },
    });
    assertEquals(spot.body.code, 0, JSON.stringify(spot.body));
    for (const p of ["60010", "60020", "59900", "59700", "60030"]) await tick(srv, p, 5000);
    await srv.call(`/api/contract/positions/${manual.body.data.orderNo}/close`, {
      token,
      body: {},
    });
    for (const p of ["59400", "59450"]) await tick(srv, p, 5000); // the stop-loss
    for (let i = 0; i < 8; i++) await tick(srv, "59500", 2000); // past every expiry

    const tenants = [...srv.deps.tenants.byId.keys()];
    const staleMs = srv.deps.market.tape.opts.staleMs;
    const clean = await verifyStore(srv.deps.kv, tenants, { staleMs });
    assertEquals(clean.mismatches, [], formatVerifyReport(clean));
    assertEquals(clean.legacy, 0, formatVerifyReport(clean));
    assertEquals(clean.checked.fast, 2);
    assert(clean.checked.position >= 3, formatVerifyReport(clean));
    assertEquals(clean.checked.spot, 1);
    assertEquals(clean.chainBreaks, []);

    // fairness: the two contracts, counted once each, shares of the decided
    // the statistics as the service computes them (JSON-safe: numbers and decimal strings)
    type Fair = Awaited<ReturnType<FastContracts["fairness"]>>;
    const fair = (await srv.call<Fair>("/api/fairness")).body.data.items;
    assertEquals(fair.map((f) => [f.symbol, f.duration, f.won + f.lost + f.tied]), [[
      "BTCUSDT",
      30,
      2,
    ]]);
    const f0 = fair[0]!;
    assertEquals(
      parseDecimal(f0.wonShare) + parseDecimal(f0.lostShare) + parseDecimal(f0.tiedShare),
      parseDecimal("1"),
    );

    // the tape API serves the same chain: from the genesis, hash by hash
    const head = await srv.call<{ seq: number; hash: string }>("/api/tape/BTCUSDT/head");
    const all = await srv.call<
      {
        items: { seq: number; time: number; price: string; qty: string; hash: string }[];
        prevHash: string;
      }
    >(`/api/tape/BTCUSDT?from=1&limit=1000`);
    assertEquals(all.body.data.prevHash, genesisHash("BTCUSDT"));
    let h = genesisHash("BTCUSDT");
    for (const t of all.body.data.items) {
      h = tickHash(h, t.seq, t.time, parseDecimal(t.price), parseDecimal(t.qty));
      assertEquals(h, t.hash);
    }
    assertEquals([all.body.data.items.length, h], [head.body.data.seq, head.body.data.hash]);

    // one stored tick edited (in a copy): the chain breaks at that tick, precisely
    const copy = await copyOf(srv.deps.kv);
    try {
      const third = all.body.data.items[2]!;
      for await (
        const e of copy.list<{ seq: number; price: bigint }>({
          prefix: ["market", "tick", "BTCUSDT", third.time],
        })
      ) {
        if (e.value.seq === third.seq) {
          await copy.set(e.key, { ...e.value, price: e.value.price + 1n });
        }
      }
      const r = await verifyStore(copy, tenants, { staleMs });
      assertEquals(r.chainBreaks.map((b) => [b.symbol, b.seq, b.reason]), [[
        "BTCUSDT",
        third.seq,
        "hash",
      ]]);
      assert(formatVerifyReport(r).includes(`chain BTCUSDT: tick #${third.seq} hash`));

      // and one settlement edited: its payout
      const key = ["demo", "trading", "fast", up.body.data.orderNo];
      const o = (await copy.get<{ payout: bigint }>(key)).value!;
      await copy.set(key, { ...o, payout: o.payout + 1n });
      const r2 = await verifyStore(copy, tenants, { staleMs });
      const m = r2.mismatches.find((x) => x.kind === "fast");
      assertEquals([m?.id, m?.what], [up.body.data.orderNo, "payout"]);

      // a market order's entry price worsened for the customer: not a limit fill, found
      const pkey = ["demo", "trading", "pos", manual.body.data.orderNo];
      const pos = (await copy.get<{ entry: { price: bigint } }>(pkey)).value!;
      await copy.set(pkey, { ...pos, entry: { ...pos.entry, price: pos.entry.price - 100n } });
      const r4 = await verifyStore(copy, tenants, { staleMs });
      assertEquals(
        r4.mismatches.filter((x) => x.kind === "position").map((x) => [x.id, x.what]),
        // the fill no longer the tape's tick, and the P&L no longer follows from it
        [[manual.body.data.orderNo, "fill tick"], [manual.body.data.orderNo, "realized P&L"]],
      );
      await copy.set(pkey, pos);

      // an export of the records, checked by someone else against the tape: the same finding
      const file = await Deno.makeTempFile({ suffix: ".jsonl" });
      try {
        await Deno.writeTextFile(file, await exportOrders(copy, tenants));
        const r3 = await verifyStore(copy, tenants, { staleMs, ordersFile: file });
        assertEquals(r3.checked, r2.checked);
        assertEquals(
          r3.mismatches.filter((x) => x.kind === "fast").map((x) => [x.id, x.what]),
          [[up.body.data.orderNo, "payout"]],
        );
      } finally {
        await Deno.remove(file);
      }
    } finally {
      copy.close();
    }
  } finally {
    await srv.close();
  }
});

Deno.test("tape retention: old ticks archived to files that verify; an open position's ticks stay", async () => {
  const dir = await Deno.makeTempDir();
  const srv = await startServer({ seed: true, env: { TAPE_ARCHIVE_DIR: dir } });
  try {
    const token = await login(srv);
    await tick(srv, "60000");
    const f = await srv.call<{ orderNo: string }>("/api/fast/order", {
      token,
      body: { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "100" },
    });
    assertEquals(f.body.code, 0);
    for (let i = 0; i < 20; i++) await tick(srv, String(60000 + i * 5), 2000);
    // eight days later a position opens; its entry tick must stay
    srv.advance(8 * 86_400_000);
    await tick(srv, "61000");
    const p = await srv.call<{ orderNo: string }>("/api/contract/order", {
      token: await login(srv), // a new session: the first one has expired
      body: { symbol: "BTCUSDT", lots: 1, leverage: 10, type: "market", side: "long" },
    });
    assertEquals(p.body.code, 0);
    const done = await archiveTape(srv.deps);
    assertEquals(done.map((d) => [d.symbol, d.from, d.to]), [["BTCUSDT", 1, 21]]);
    // the store keeps the rest; its chain continues from the archive's end
    const head = await srv.call<{ seq: number }>("/api/tape/BTCUSDT/head");
    assertEquals(head.body.data.seq, 22);
    const rest = await srv.call<{ items: { seq: number }[]; prevHash: string | null }>(
      "/api/tape/BTCUSDT?from=1&to=22",
    );
    assertEquals(rest.body.data.items.map((t) => t.seq), [22]);
    assert(rest.body.data.prevHash !== null);
    const tenants = [...srv.deps.tenants.byId.keys()];
    const staleMs = srv.deps.market.tape.opts.staleMs;
    // without the archive the settled contract's ticks are missing; with it, all verifies
    const without = await verifyStore(srv.deps.kv, tenants, { staleMs });
    assert(without.mismatches.some((m) => m.what === "entry tick not on the tape"));
    const withArchive = await verifyStore(srv.deps.kv, tenants, {
      staleMs,
      archived: await readArchives(dir),
    });
    assertEquals(withArchive.mismatches, [], formatVerifyReport(withArchive));
    assertEquals([withArchive.checked.fast, withArchive.checked.position], [1, 1]);
    // nothing else is old enough now
    assertEquals(await archiveTape(srv.deps), []);
  } finally {
    await srv.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("migration: a tape and settlements from before the chain get their numbers and verify", async () => {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/old.kv`;
  try {
    const a = await startServer({ seed: true, kvPath });
    let orderNo = "";
    try {
      const token = await login(a);
      // (a first tick far from the seeded history's last close waits for the next to confirm it)
      await tick(a, "60000");
      await tick(a, "60000");
      const r = await a.call<{ orderNo: string }>("/api/fast/order", {
        token,
        body: { symbol: "BTCUSDT", direction: "down", duration: 30, stake: "50" },
      });
      orderNo = r.body.data.orderNo;
      for (let i = 0; i < 8; i++) await tick(a, String(59990 - i), 5000);
    } finally {
      await a.close();
    }
    // the store as the product wrote it before the chain: ticks, head and records without
    // sequence numbers or hashes, no sequence index
    const kv = await Deno.openKv(kvPath);
    let stripped = 0;
    for await (const e of kv.list<Record<string, unknown>>({ prefix: ["market", "tick"] })) {
      const { seq: _s, hash: _h, ...old } = e.value;
      await kv.set(e.key, old);
      stripped++;
    }
    for await (const e of kv.list({ prefix: ["market", "seq"] })) await kv.delete(e.key);
    for await (const e of kv.list<Record<string, unknown>>({ prefix: ["market", "last"] })) {
      const { seq: _s, hash: _h, ...old } = e.value;
      await kv.set(e.key, old);
    }
    const key = ["demo", "trading", "fast", orderNo];
    const o = (await kv.get<{ entry: { seq?: number }; exit: { seq?: number } }>(key)).value!;
    await kv.set(key, {
      ...o,
      entry: { ...o.entry, seq: undefined },
      exit: { ...o.exit, seq: undefined },
    });
    await kv.delete(["demo", "trading", "tickRefsMigrated"]);
    kv.close();
    assert(stripped >= 10);

    const b = await startServer({ kvPath }); // loads (migrating the tape), runs the job
    try {
      const head = await b.call<{ seq: number }>("/api/tape/BTCUSDT/head");
      assertEquals(head.body.data.seq, stripped);
      const r = await verifyStore(b.deps.kv, [...b.deps.tenants.byId.keys()], {
        staleMs: b.deps.market.tape.opts.staleMs,
      });
      assertEquals([r.legacy, r.checked.fast, r.mismatches.length], [0, 1, 0]);
    } finally {
      await b.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
