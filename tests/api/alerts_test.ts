/**
 * Price alerts and account notifications through HTTP: alerts set, listed, edited and deleted
 * with their bounds (at most 50), one firing once at the right stored tick (its tape sequence
 * recorded) and arriving as a notification; a stop-loss fired, a recharge credited and a
 * withdrawal paid make notifications; a sign-in from a new device does, from a known one not;
 * preferences respected (in-app off: nothing stored).
 */
import { assert, assertEquals } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import {
  LONG_10X,
  registerUser,
  settleNotifications,
  startServer,
  type TestServer,
  tick as nextTick,
} from "../server.ts";
import {
  balance,
  bankCard,
  bindMethod,
  feedPrices,
  PAYOUT_REF,
  recharge,
  setDrawPassword,
  verifyJunior,
} from "./funds_helpers.ts";

type Alert = {
  id: string;
  symbol: string;
  kind: string;
  value: string;
  status: string;
  fired: { seq: number | null; time: number; price: string } | null;
};
type Notification = {
  id: string;
  kind: string;
  title: string;
  body: string;
  url: string | null;
  read: boolean;
};

/** A stored tick on the server's clock, then everything the engine and notifier queued. */
/** A tick (see tests/server.ts), then the notifications it makes, stored and sent. */
async function tick(srv: TestServer, price: string) {
  await nextTick(srv, price);
  await settleNotifications(srv);
}

/** The customer's notifications; `signIns: false` leaves out those of sign-ins (new devices). */
async function notifications(srv: TestServer, token: string, signIns = false) {
  const r = await srv.call<{ items: Notification[]; unread: number }>("/api/notifications", {
    token,
  });
  assertEquals(r.body.code, 0, JSON.stringify(r.body));
  const items = r.body.data.items.filter((n) => signIns || n.kind !== "signIn");
  const unreadLeftOut = r.body.data.items.filter((n) => !items.includes(n) && !n.read).length;
  return { items, unread: r.body.data.unread - unreadLeftOut };
}

async function signIn(srv: TestServer) {
  const r = await srv.call("/api/login", {
    body: { phone: "+12025550123", password: "Demo-2026" },
  });
  return r.headers.get("authorization")!;
}

Deno.test("price alerts: set, list, edit, delete, at most 50, validated", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await signIn(srv);
    const other = (await registerUser(srv, "+12025550190")).token;
    const bad = await srv.call("/api/alerts", {
      token,
      body: { symbol: "BTCUSDT", kind: "move", value: "0" },
    });
    assertEquals(bad.status, 400);
    assert(bad.body.data.fields?.value, JSON.stringify(bad.body));
    const wrong = await srv.call("/api/alerts", {
      token,
      body: { symbol: "NOPE", kind: "above", value: "1" },
    });
    assertEquals(wrong.status, 400);
    const a = await srv.call<Alert>("/api/alerts", {
      token,
      body: { symbol: "BTCUSDT", kind: "above", value: "70000" },
    });
    assertEquals(a.body.code, 0, JSON.stringify(a.body));
    assertEquals([a.body.data.kind, a.body.data.value, a.body.data.status], [
      "above",
      "70000",
      "active",
    ]);
    const m = await srv.call<Alert>("/api/alerts", {
      token,
      body: { symbol: "ETHUSDT", kind: "move", value: "5" },
    });
    assertEquals(m.body.data.value, "5");
    // edit: a PUT of the whole alert
    const e = await srv.call<Alert>(`/api/alerts/${a.body.data.id}`, {
      method: "PUT",
      token,
      body: { symbol: "BTCUSDT", kind: "below", value: "60000.5" },
    });
    assertEquals([e.body.data.id, e.body.data.kind, e.body.data.value], [
      a.body.data.id,
      "below",
      "60000.5",
    ]);
    // another customer sees none of them and cannot edit or delete them
    const theirs = await srv.call<{ items: Alert[] }>("/api/alerts", { token: other });
    assertEquals(theirs.body.data.items, []);
    const steal = await srv.call(`/api/alerts/${a.body.data.id}`, {
      method: "DELETE",
      token: other,
    });
    assertEquals(steal.status, 404);
    const del = await srv.call(`/api/alerts/${m.body.data.id}`, { method: "DELETE", token });
    assertEquals(del.body.code, 0);
    const list = await srv.call<{ items: Alert[]; max: number }>("/api/alerts", { token });
    assertEquals(list.body.data.items.map((x) => x.id), [a.body.data.id]);
    assertEquals(list.body.data.max, 50);
    // up to 50: 47 one after another, then 6 at once: exactly 3 more stored, 3 refused
    for (let i = 0; i < 46; i++) {
      const r = await srv.call("/api/alerts", {
        token,
        body: { symbol: "BTCUSDT", kind: "above", value: String(80000 + i) },
      });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
    }
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        srv.call("/api/alerts", {
          token,
          body: { symbol: "ETHUSDT", kind: "below", value: String(1000 + i) },
        })),
    );
    const refused = replies.filter((r) => r.body.data.error === "ALERT_LIMIT");
    assertEquals(refused.length, 3, replies.map((r) => r.body.data.error ?? "ok").join());
    assertEquals(refused[0]!.status, 400);
    assert(refused[0]!.body.message.includes("50"), refused[0]!.body.message);
    const full = await srv.call<{ items: Alert[] }>("/api/alerts", { token });
    assertEquals(full.body.data.items.length, 50);
  } finally {
    await srv.close();
  }
});

Deno.test("an alert fires once at the first tick that crosses it and arrives in-app", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await signIn(srv);
    await tick(srv, "65000");
    const set = async (kind: string, value: string, symbol = "BTCUSDT") =>
      (await srv.call<Alert>("/api/alerts", { token, body: { symbol, kind, value } })).body.data;
    const above = await set("above", "70000");
    const below = await set("below", "60000");
    const move = await set("move", "10");
    await tick(srv, "69999.99");
    await tick(srv, "70000");
    const headSeq = srv.deps.market.tape.lastTick("BTCUSDT")!.seq;
    await tick(srv, "70500");
    const list = async () =>
      new Map(
        (await srv.call<{ items: Alert[] }>("/api/alerts", { token })).body.data.items.map((a) => [
          a.id,
          a,
        ]),
      );
    let alerts = await list();
    assertEquals(alerts.get(above.id)!.status, "fired");
    // the tick at 70,000 fired it (not the one before, not the one after), its sequence recorded
    assertEquals(alerts.get(above.id)!.fired!.price, "70000");
    assertEquals(alerts.get(above.id)!.fired!.seq, headSeq);
    assertEquals(alerts.get(below.id)!.status, "active");
    assertEquals(alerts.get(move.id)!.status, "active");
    let n = await notifications(srv, token);
    assertEquals(n.items.map((x) => x.kind), ["priceAlert"]);
    assertEquals(n.items[0]!.title, "BTC/USDT above 70,000.00");
    assertEquals(n.items[0]!.url, "/wp/product/detail/BTCUSDT");
    assertEquals(n.unread, 1);
    // up 10 % from the 24 h open (65,000): 71,500 moves it
    await tick(srv, "71499");
    assertEquals((await list()).get(move.id)!.status, "active");
    await tick(srv, "71500");
    assertEquals((await list()).get(move.id)!.status, "fired");
    // crossing 70,000 again does not fire it again; editing arms it again
    await tick(srv, "69000");
    await tick(srv, "70001");
    n = await notifications(srv, token);
    assertEquals(n.items.map((x) => x.kind), ["priceAlert", "priceAlert"]);
    await srv.call(`/api/alerts/${above.id}`, {
      method: "PUT",
      token,
      body: { symbol: "BTCUSDT", kind: "above", value: "70002" },
    });
    await tick(srv, "70002");
    alerts = await list();
    assertEquals(alerts.get(above.id)!.fired!.price, "70002");
    n = await notifications(srv, token);
    assertEquals(n.items.length, 3);
    // opening the tab reads them all
    await srv.call("/api/notifications/read", { token, method: "POST" });
    assertEquals((await notifications(srv, token)).unread, 0);
  } finally {
    await srv.close();
  }
});

Deno.test("preferences: in-app off for a kind stores nothing of it; others still arrive", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await signIn(srv);
    const prefs = await srv.call<Record<string, { inApp: boolean; push: boolean }>>(
      "/api/notifications/preferences",
      { token },
    );
    assertEquals(prefs.body.data.priceAlert, { inApp: true, push: true });
    const off = await srv.call("/api/notifications/preferences", {
      method: "PUT",
      token,
      body: { ...prefs.body.data, priceAlert: { inApp: false, push: true } },
    });
    assertEquals(off.body.code, 0, JSON.stringify(off.body));
    const partial = await srv.call("/api/notifications/preferences", {
      method: "PUT",
      token,
      body: { priceAlert: { inApp: false, push: false } },
    });
    assertEquals(partial.status, 400);
    await tick(srv, "20000");
    await srv.call("/api/alerts", {
      token,
      body: { symbol: "BTCUSDT", kind: "below", value: "19000" },
    });
    // a leveraged position with a stop-loss: its stop firing is another kind, still on
    const open = await srv.call<{ orderNo: string }>("/api/contract/order", {
      token,
      body: { ...LONG_10X, stopLoss: "19500" },
    });
    assertEquals(open.body.code, 0, JSON.stringify(open.body));
    await tick(srv, "18900");
    const n = await notifications(srv, token);
    assertEquals(n.items.map((x) => x.kind), ["stopFired"]);
    assert(n.items[0]!.title.includes("Stop-loss"), n.items[0]!.title);
  } finally {
    await srv.close();
  }
});

Deno.test("a recharge credited and a withdrawal paid make notifications", async () => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const { token } = await registerUser(srv, "+12025550191");
    await setDrawPassword(srv, token, "135790");
    await verifyJunior(srv, token, op, "Ada Lovelace");
    const m = await bindMethod(srv, token, bankCard());
    const rid = await recharge(srv, token, "1000");
    await srv.call(`/api/admin/recharges/${rid}/pass`, { token: op, method: "POST" });
    await settleNotifications(srv);
    let n = await notifications(srv, token);
    assertEquals(n.items.map((x) => x.kind), ["recharge"]);
    assertEquals(n.items[0]!.title, "Recharge credited");
    // the turnover rule: trade the deposit once (through the exchange), then sell back
    await feedPrices(srv);
    for (const [from, to, amount] of [["USDT", "BTC", "1000"]]) {
      const q = await srv.call<{ quoteId: string }>("/api/exchange/quote", {
        token,
        body: { from, to, amount },
      });
      await srv.call("/api/exchange/confirm", { token, body: { quoteId: q.body.data.quoteId } });
    }
    const btc = (await balance(srv, token, "BTC")).available.replace(/(\.\d{6})\d+$/, "$1");
    const q = await srv.call<{ quoteId: string }>("/api/exchange/quote", {
      token,
      body: { from: "BTC", to: "USDT", amount: btc },
    });
    await srv.call("/api/exchange/confirm", { token, body: { quoteId: q.body.data.quoteId } });
    const w = await srv.call<{ id: string }>("/api/withdraw", {
      token,
      body: { methodId: m.id, amount: "100", drawPassword: "135790" },
    });
    assertEquals(w.body.code, 0, JSON.stringify(w.body));
    await srv.call(`/api/admin/withdrawals/${w.body.data.id}/pass`, { token: op, method: "POST" });
    const done = await srv.call(`/api/admin/withdrawals/${w.body.data.id}/complete`, {
      token: op,
      body: { reference: PAYOUT_REF.bank },
    });
    assertEquals(done.body.code, 0, JSON.stringify(done.body));
    await settleNotifications(srv);
    n = await notifications(srv, token);
    assertEquals(n.items.map((x) => x.kind), ["withdrawal", "recharge"]);
    assertEquals(n.items[0]!.title, "Withdrawal paid");
    assert(n.items[0]!.body.includes("100"), n.items[0]!.body);
  } finally {
    await srv.close();
  }
});

Deno.test("a sign-in from a device the account never used makes a notification; a known one not", async () => {
  const srv = await startServer({ seed: true });
  try {
    const first = await srv.call("/api/login", {
      body: { phone: "+12025550123", password: "Demo-2026" },
    });
    const token = first.headers.get("authorization")!;
    const device = first.headers.get("x-device-token")!;
    assert(device, "a device token is handed out");
    await settleNotifications(srv);
    let n = await notifications(srv, token, true);
    assertEquals(n.items.map((x) => x.kind), ["signIn"]);
    assertEquals(n.items[0]!.title, "Sign-in from a new device");
    assertEquals(n.items[0]!.url, "/wp/user/setSafe/devices");
    // the same device again: nothing new
    const again = await srv.call("/api/login", {
      body: { phone: "+12025550123", password: "Demo-2026" },
      headers: { "x-device-token": device },
    });
    assertEquals(again.body.code, 0, JSON.stringify(again.body));
    await settleNotifications(srv);
    n = await notifications(srv, token, true);
    assertEquals(n.items.length, 1);
  } finally {
    await srv.close();
  }
});

Deno.test("a wealth order's daily payouts and its maturity make notifications", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await signIn(srv);
    const placed = await srv.call("/api/wealth/order", {
      token,
      body: { productId: "usdt-5d", amount: "1000" },
    });
    assertEquals(placed.body.code, 0, JSON.stringify(placed.body));
    srv.advance(7 * 86_400_000);
    assertEquals(await srv.deps.wealth.payDue("demo"), 5);
    await settleNotifications(srv);
    // sessions idled out over the days: sign in again
    const n = await notifications(srv, await signIn(srv));
    assertEquals(n.items.map((x) => x.kind), Array(5).fill("wealth"));
    assertEquals(n.items[0]!.title, "Financing matured");
    assertEquals(n.items.filter((x) => x.title.startsWith("Financing payout")).length, 4);
    assert(n.items.at(-1)!.body.startsWith("Day 1 of your"), n.items.at(-1)!.body);
  } finally {
    await srv.close();
  }
});
