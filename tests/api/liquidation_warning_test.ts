/**
 * The liquidation warning (issue 29) through HTTP: a long position opened, ticks moving the price
 * toward its liquidation price; the warning arrives once (in the notifications list and as a push
 * to a local push service) when the margin ratio (the share of the way from the entry price to
 * the liquidation price) reaches the customer's level, not again on the next ticks, again after
 * the price recovered 10 points and came back; a new level applies at once; a customer who turned
 * the kind off gets none; bad preference values are refused with a localized 400 and change
 * nothing; a hedged group is warned as one; a warning is not given again after another instance
 * took the engine over.
 */
import { parseDecimal } from "../../core-wasm/mod.ts";
import { assert, assertEquals } from "../assert.ts";
import { browserKeys, open, PUSH_CA_FILE, startPushService } from "../push_service.ts";
import { settleNotifications, startServer, type TestServer } from "../server.ts";

type Prefs = Record<string, { inApp: boolean; push: boolean; ratio?: number }>;
type Notification = { kind: string; title: string; body: string; url: string | null };

/** A stored tick on the server's clock, then everything the engine and the notifier queued. */
async function tick(srv: TestServer, price: string) {
  srv.advance(1000);
  await srv.deps.market.tape.ingest({
    symbol: "BTCUSDT",
    time: srv.deps.now(),
    price: parseDecimal(price),
    qty: 1_000_000n,
  });
  await settleNotifications(srv);
}

/**
 * The price where a net long's margin ratio is `pct` % of the way from `entry` (a hedged group:
 * its break-even price) to `liq`, rounded to the cent away from the entry (the ratio is `pct` %
 * or a hair more).
 */
const priceAt = (entry: bigint, liq: bigint) => (pct: bigint) => {
  let p = entry - ((entry - liq) * pct + 99n) / 100n;
  p -= p % 1_000_000n;
  return `${p / 100_000_000n}.${String(p % 100_000_000n).padStart(8, "0")}`;
};

async function warnings(srv: TestServer, token: string, lang = "en") {
  const r = await srv.call<{ items: Notification[] }>("/api/notifications", {
    token,
    headers: { "accept-language": lang },
  });
  assertEquals(r.body.code, 0, JSON.stringify(r.body));
  return r.body.data.items.filter((n) => n.kind === "liquidationWarning");
}

async function signIn(srv: TestServer) {
  const r = await srv.call("/api/login", {
    body: { phone: "+12025550123", password: "Demo-2026" },
  });
  return r.headers.get("authorization")!;
}

async function setPrefs(srv: TestServer, token: string, change: Partial<Prefs>) {
  const now = await srv.call<Prefs>("/api/notifications/preferences", { token });
  const r = await srv.call<Prefs>("/api/notifications/preferences", {
    method: "PUT",
    token,
    body: { ...now.body.data, ...change },
  });
  assertEquals(r.body.code, 0, JSON.stringify(r.body));
  // the engine hears of it through the event log
  await settleNotifications(srv);
}

Deno.test("liquidation warning: once at the customer's level, again after a recovery, pushed; off: none", async () => {
  const push = await startPushService();
  const srv = await startServer({ seed: true, env: { PUSH_CA_FILE } });
  try {
    const token = await signIn(srv);
    const prefs = await srv.call<Prefs>("/api/notifications/preferences", { token });
    // on by default, at 80 %
    assertEquals(prefs.body.data.liquidationWarning, { inApp: true, push: true, ratio: 80 });
    const keys = browserKeys();
    const sub = await srv.call("/api/push/subscriptions", {
      token,
      body: {
        endpoint: `${push.base}/push/phone`,
        expirationTime: null,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      },
    });
    assertEquals(sub.body.code, 0, JSON.stringify(sub.body));
    await settleNotifications(srv);
    const pushed = () =>
      push.received.filter((r) => r.path === "/push/phone").map((r) => JSON.parse(open(r, keys)))
        .filter((n) => n.kind === "liquidationWarning");
    /** the pushes of warnings, once `n` arrived (a delivery runs after the notifier stored it) */
    const pushes = async (n: number) => {
      for (let i = 0; i < 400 && pushed().length < n; i++) {
        await new Promise((r) => setTimeout(r, 25));
      }
      return pushed();
    };

    await tick(srv, "20000");
    const open1 = await srv.call<{ orderNo: string; liquidationPrice: string }>(
      "/api/contract/order",
      {
        token,
        body: { symbol: "BTCUSDT", side: "long", lots: 10, leverage: 10, type: "market" },
      },
    );
    assertEquals(open1.body.code, 0, JSON.stringify(open1.body));
    const at = priceAt(parseDecimal("20000"), parseDecimal(open1.body.data.liquidationPrice));
    await tick(srv, at(50n));
    await tick(srv, at(79n));
    assertEquals((await warnings(srv, token)).length, 0, "under the level: nothing");

    await tick(srv, at(82n));
    let got = await warnings(srv, token);
    assertEquals(got.length, 1);
    const w = got[0]!;
    assertEquals(w.title, "Liquidation warning: BTC/USDT long");
    assert(w.body.includes("82.00%"), w.body);
    assert(w.body.includes("80%"), w.body);
    // the liquidation price the position shows, in the price's 2 decimals
    const [whole, cents = ""] = open1.body.data.liquidationPrice.split(".");
    const liqShown = `${Number(whole).toLocaleString("en")}.${cents.padEnd(2, "0").slice(0, 2)}`;
    assert(w.body.includes(liqShown), `${w.body} names ${liqShown}`);
    assertEquals(w.url, "/wp/product/leveragedDeals?symbol=BTCUSDT");
    // in the customer's language too
    const zh = await warnings(srv, token, "zh-CN");
    assert(zh[0]!.title.startsWith("强平预警"), zh[0]!.title);
    // pushed once
    assertEquals((await pushes(1)).map((n) => n.title), ["Liquidation warning: BTC/USDT long"]);

    // further ticks beyond the level: nothing more
    await tick(srv, at(88n));
    await tick(srv, at(83n));
    assertEquals((await warnings(srv, token)).length, 1, "warned once");

    // back to 71 %: not yet armed again (10 points under 80 is 70 %); back over 80: nothing
    await tick(srv, at(71n));
    await tick(srv, at(85n));
    assertEquals((await warnings(srv, token)).length, 1, "not armed again above 70 %");
    // recovered to 69 %, then over the level again: warned again
    await tick(srv, at(69n));
    await tick(srv, at(81n));
    got = await warnings(srv, token);
    assertEquals(got.length, 2);
    assert(got[0]!.body.includes("81.00%"), got[0]!.body);
    assertEquals((await pushes(2)).length, 2);

    // a new level (50 %) applies at once: the position is beyond it
    await setPrefs(srv, token, { liquidationWarning: { inApp: true, push: true, ratio: 50 } });
    await tick(srv, at(60n));
    got = await warnings(srv, token);
    assertEquals(got.length, 3);
    assert(got[0]!.body.includes("60.00%") && got[0]!.body.includes("50%"), got[0]!.body);

    // turned off: no warning, however the price moves
    await setPrefs(srv, token, { liquidationWarning: { inApp: false, push: false, ratio: 50 } });
    await tick(srv, at(20n));
    await tick(srv, at(90n));
    assertEquals((await warnings(srv, token)).length, 3, "off: none");
    assertEquals((await pushes(3)).length, 3);

    // the liquidation itself is a notification (kind `liquidation`)
    await tick(srv, at(101n));
    const all = await srv.call<{ items: Notification[] }>("/api/notifications", { token });
    assertEquals(all.body.data.items[0]!.kind, "liquidation");
  } finally {
    await srv.close();
    await push.close();
  }
});

Deno.test("liquidation warning preferences: bad levels refused with a localized 400, nothing changed", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await signIn(srv);
    const before = await srv.call<Prefs>("/api/notifications/preferences", { token });
    for (const ratio of [75, 100, 0, "80", null]) {
      const r = await srv.call("/api/notifications/preferences", {
        method: "PUT",
        token,
        headers: { "accept-language": "de" },
        body: { ...before.body.data, liquidationWarning: { inApp: true, push: true, ratio } },
      });
      assertEquals([r.status, r.body.data.error], [400, "VALIDATION"], JSON.stringify(ratio));
      assertEquals(
        r.body.data.fields?.["liquidationWarning.ratio"],
        "Wählen Sie eine Warnschwelle von 50, 60, 70, 80 oder 90 %",
      );
    }
    const missing = await srv.call("/api/notifications/preferences", {
      method: "PUT",
      token,
      body: { ...before.body.data, liquidationWarning: { inApp: true, push: true } },
    });
    assertEquals(missing.status, 400);
    const after = await srv.call<Prefs>("/api/notifications/preferences", { token });
    assertEquals(after.body.data, before.body.data);
  } finally {
    await srv.close();
  }
});

Deno.test("liquidation warning: a hedged group is warned as one, at the group's liquidation price", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await signIn(srv);
    await tick(srv, "20000");
    for (const [side, lots] of [["long", 10], ["short", 5]] as const) {
      const r = await srv.call("/api/contract/order", {
        token,
        body: { symbol: "BTCUSDT", side, lots, leverage: 10, type: "market" },
      });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
    }
    const held = await srv.call<{ items: { hedged: boolean; liquidationPrice: string }[] }>(
      "/api/contract/positions",
      { token },
    );
    const legs = held.body.data.items;
    assertEquals(legs.map((l) => l.hedged), [true, true]);
    // the group's level (both legs show it); net long 5 lots, break-even at 20,000
    const at = priceAt(parseDecimal("20000"), parseDecimal(legs[0]!.liquidationPrice));
    await tick(srv, at(79n));
    assertEquals((await warnings(srv, token)).length, 0);
    await tick(srv, at(85n));
    await tick(srv, at(90n));
    const got = await warnings(srv, token);
    assertEquals(got.map((n) => n.title), ["Liquidation warning: BTC/USDT (hedged)"]);
    assert(got[0]!.body.includes("85.00%"), got[0]!.body);
  } finally {
    await srv.close();
  }
});

Deno.test("liquidation warning: given once across a takeover (the next engine reads the warnings given)", async () => {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/liq.kv`;
  try {
    let at = (_pct: bigint) => "";
    const a = await startServer({ seed: true, kvPath });
    try {
      const token = await signIn(a);
      await tick(a, "20000");
      const r = await a.call<{ liquidationPrice: string }>("/api/contract/order", {
        token,
        body: { symbol: "BTCUSDT", side: "long", lots: 10, leverage: 10, type: "market" },
      });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
      at = priceAt(parseDecimal("20000"), parseDecimal(r.body.data.liquidationPrice));
      await tick(a, at(85n));
      assertEquals((await warnings(a, token)).length, 1);
    } finally {
      await a.close();
    }
    // another instance on the same store takes the engine over and rebuilds it from KV
    const b = await startServer({ kvPath });
    try {
      for (let i = 0; i < 400 && !b.deps.engine.running; i++) {
        await new Promise((r) => setTimeout(r, 25));
      }
      assert(b.deps.engine.running, "the second instance runs the engine");
      b.advance(60_000); // after the first instance's ticks
      const token = await signIn(b);
      await tick(b, at(86n));
      await tick(b, at(90n));
      assertEquals((await warnings(b, token)).length, 1, "not again after the takeover");
      // armed again by a recovery, as on the first instance
      await tick(b, at(60n));
      await tick(b, at(82n));
      assertEquals((await warnings(b, token)).length, 2);
    } finally {
      await b.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
