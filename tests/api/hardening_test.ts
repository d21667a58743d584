/**
 * Issue 11 item 13 (smaller defects): malformed cursors are 400, a failed holding-fee charge is
 * retried and counted once, unattached uploads expire. Issue 25 item 7: a body trickled slower
 * than the deadline is answered 408 and its connection closed.
 */
import { assert, assertEquals } from "../assert.ts";
import { makePng, uploadForm } from "../images.ts";
import { freshTick, LONG_10X, startServer, type TestServer } from "../server.ts";
import { rechargeBody } from "./funds_helpers.ts";

const U = 100_000_000n;
const DAY = 86_400_000;

async function login(srv: TestServer, phone: string) {
  const r = await srv.call("/api/login", { body: { phone, password: "Demo-2026" } });
  assertEquals(r.body.code, 0, JSON.stringify(r.body));
  return r.headers.get("authorization")!;
}

Deno.test("a malformed cursor on a paged list is a validation error, not a crash", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await login(srv, "+12025550123");
    for (
      const path of [
        "/api/account/flow",
        "/api/fast/orders",
        "/api/message",
        "/api/recharge/history",
        "/api/withdraw/history",
      ]
    ) {
      // "%%%" is not base64; the second decodes but is no key KV ever wrote
      for (const cursor of ["%%%", "AAECAwQFBgcICQoLDA0ODw"]) {
        const r = await srv.call(`${path}?cursor=${encodeURIComponent(cursor)}`, { token });
        if (r.status === 200) continue; // a cursor that happens to decode may just end the list
        assertEquals([r.status, r.body.data.error], [400, "VALIDATION"], `${path} ${cursor}`);
        assert(r.body.data.fields?.cursor, `${path}: a message for the cursor field`);
      }
      const bad = await srv.call(`${path}?cursor=${encodeURIComponent("garbage!!")}`, { token });
      assertEquals([bad.status, bad.body.data.error], [400, "VALIDATION"], path);
    }
  } finally {
    await srv.close();
  }
});

Deno.test("a holding-fee charge that fails is retried by the next run and counted once", async () => {
  const srv = await startServer({ seed: true });
  // fresh ticks on the server's clock (older or future ticks are refused)
  const tick = (price: string) => freshTick(srv, price, "BTCUSDT", U / 100n);
  type Pos = { orderNo: string; status: string; closeReason: string | null };
  try {
    await tick("20000");
    const rich = await login(srv, "+12025550123");
    const poor = await login(srv, "+12025550124");
    // a well-funded position: 200 notional, 0.1 a day
    const a = await srv.call<Pos>("/api/contract/order", {
      token: rich,
      body: LONG_10X,
    });
    assertEquals(a.body.code, 0, JSON.stringify(a.body));
    // a position with nothing but its margin (0.2): 19 days are paid from it, the 20th would
    // exhaust it, so on that day the position must be closed at the market
    await srv.call("/api/account/transfer", {
      token: poor,
      body: { from: "spot", to: "contract", currency: "USDT", amount: "1" },
    });
    const b = await srv.call<Pos>("/api/contract/order", {
      token: poor,
      body: { ...LONG_10X, lots: 1, leverage: 100 },
    });
    assertEquals(b.body.code, 0, JSON.stringify(b.body));
    await srv.call("/api/account/transfer", {
      token: poor,
      body: { from: "contract", to: "spot", currency: "USDT", amount: "0.79" },
    });
    await srv.deps.holdingFees.run();

    // 25 midnights pass while the feed is down: closing the exhausted position fails
    srv.advance(25 * DAY);
    await srv.deps.holdingFees.run();
    await srv.deps.holdingFees.run();
    const p1 = await login(srv, "+12025550124");
    let held = await srv.call<{ items: Pos[] }>("/api/contract/positions", { token: p1 });
    assertEquals(held.body.data.items.map((p) => p.orderNo), [b.body.data.orderNo]);

    // the feed is back (the price went up: the engine has no reason to liquidate); the next run
    // retries the failed day and closes the position as the fee rule says
    await tick("21000");
    held = await srv.call<{ items: Pos[] }>("/api/contract/positions", { token: p1 });
    assertEquals(held.body.data.items.length, 1, "still open before the retry");
    await srv.deps.holdingFees.run();
    await srv.deps.holdingFees.run();
    const closed = await srv.call<{ items: Pos[] }>("/api/contract/positions?status=closed", {
      token: p1,
    });
    assertEquals(closed.body.data.items.map((p) => [p.orderNo, p.closeReason]), [[
      b.body.data.orderNo,
      "liquidation",
    ]]);
    const poorFees = await srv.call<{ items: unknown[] }>(
      "/api/account/flow?type=fee&limit=100",
      { token: p1 },
    );
    // 19 days from the margin; none twice
    assertEquals(poorFees.body.data.items.length, 19);

    // the healthy position paid each of the 25 days exactly once through all those runs
    const r1 = await login(srv, "+12025550123");
    const richFees = await srv.call<{ items: { available: string; ref: string }[] }>(
      "/api/account/flow?type=fee&limit=100",
      { token: r1 },
    );
    const daily = richFees.body.data.items.filter((l) => l.available === "-0.1");
    assertEquals(daily.length, 25);
  } finally {
    await srv.close();
  }
});

Deno.test("uploads not attached within 24 hours expire; attached ones stay", async () => {
  const srv = await startServer({ seed: true });
  try {
    let token = await login(srv, "+12025550123");
    const upload = async () => {
      const r = await srv.call<{ imageId: string }>("/api/upload", {
        method: "POST",
        raw: uploadForm(await makePng(8, 8)),
        token,
      });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
      return r.body.data.imageId;
    };
    const status = async (id: string) => {
      const r = await fetch(`${srv.base}/api/image/${id}`, { headers: { authorization: token } });
      await r.body?.cancel();
      return r.status;
    };
    const sweep = async () => {
      await srv.deps.images.sweep(srv.deps.tenants.byId.keys());
      token = await login(srv, "+12025550123"); // hours passed: the session idled out
    };
    const loose = await upload();
    const receipt = await upload();
    const rc = await srv.call("/api/recharge", {
      token,
      body: rechargeBody("100", receipt),
    });
    assertEquals(rc.body.code, 0, JSON.stringify(rc.body));

    srv.advance(23 * 3600_000);
    await sweep();
    assertEquals([await status(loose), await status(receipt)], [200, 200], "younger than a day");

    srv.advance(2 * 3600_000);
    await sweep();
    assertEquals([await status(loose), await status(receipt)], [404, 200]);
    // its bytes are gone too, not just hidden
    const left = [];
    for await (const e of srv.kv.list({ prefix: ["demo", "images", "chunk", loose] })) {
      left.push(e.key);
    }
    assertEquals(left, []);
    // an expired upload cannot back a recharge any more
    const late = await srv.call("/api/recharge", {
      token,
      body: rechargeBody("100", loose),
    });
    assertEquals([late.status, late.body.data.error], [400, "VALIDATION"]);

    // the attached receipt survives any number of later sweeps
    srv.advance(30 * 86_400_000);
    await sweep();
    assertEquals(await status(receipt), 200);
  } finally {
    await srv.close();
  }
});

/** Everything the server sends on a raw connection until it closes it (null: still open). */
async function readUntilClosed(conn: Deno.Conn, writer: Promise<void>) {
  const parts: Uint8Array[] = [];
  const buf = new Uint8Array(4096);
  const done = writer.then(() => "writerDone" as const);
  for (;;) {
    const n = await Promise.race([conn.read(buf), done]);
    if (n === "writerDone" || n === null) {
      return { text: new TextDecoder().decode(concat(parts)), closed: n === null };
    }
    parts.push(buf.slice(0, n));
  }
}

function concat(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), at += p.length);
  return out;
}

Deno.test("a body trickled slower than the deadline gets 408 and its connection is closed", async () => {
  // a short deadline for the test (production: 15 s); the trickle would take 60 s to finish
  const srv = await startServer({ env: { BODY_TIMEOUT_MS: "300" } });
  const port = new URL(srv.base).port;
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(port) });
  try {
    const head = "POST /api/login HTTP/1.1\r\nHost: localhost\r\n" +
      "Content-Type: application/json\r\nContent-Length: 6000\r\n\r\n";
    await conn.write(new TextEncoder().encode(head));
    let stop = false;
    // 10 bytes every 100 ms (the probe's trickle), until the server hangs up or 60 s pass
    const writer = (async () => {
      for (let i = 0; i < 600 && !stop; i++) {
        await new Promise((r) => setTimeout(r, 100));
        try {
          await conn.write(new TextEncoder().encode(" ".repeat(10)));
        } catch {
          return;
        }
      }
    })();
    const { text, closed } = await readUntilClosed(conn, writer);
    stop = true;
    await writer;
    assert(text.startsWith("HTTP/1.1 408"), text);
    assert(/connection: close/i.test(text), text);
    assert(text.includes('"REQUEST_TIMEOUT"'), text);
    assert(closed, "the server closed the connection");
  } finally {
    try {
      conn.close();
    } catch { /* closed by the server */ }
    await srv.close();
  }
});
