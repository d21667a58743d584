/**
 * Product switches over HTTP: a tenant that does not offer a product refuses its entries with
 * PRODUCT_DISABLED (after the sign-in check) and nothing changes: no balance, no journal, no
 * quote. Currency exchange is a product like the others.
 */
import { assertEquals } from "../assert.ts";
import { dumpKv, settleNotifications, signIn, startServer, type TestServer } from "../server.ts";
import { feedPrices } from "./funds_helpers.ts";

/** The demo tenant offers everything but the trading products (the seed gives it customers). */
const NO_TRADING = {
  defaultTenant: "demo",
  tenants: [{ id: "demo", name: "Demo Broker", products: ["wealth", "demo"] }],
};
const NO_EXCHANGE = {
  defaultTenant: "demo",
  tenants: [{ id: "demo", name: "Demo Broker", products: ["fast", "leveraged", "spot", "wealth"] }],
};

/** The customer's balances and journal lines as the API shows them. */
async function books(srv: TestServer, token: string) {
  const assets = await srv.call("/api/account/assets", { token });
  const flow = await srv.call("/api/account/flow", { token });
  return { rows: assets.body.data.rows, flow: flow.body.data.items };
}

/** The store without the market tape and sessions (what a refused request must not change). */
const storeState = (srv: TestServer) =>
  dumpKv(srv.kv, (k) => k[0] === "market" || k.includes("session") || k.includes("sessions"));

Deno.test("a tenant without currency exchange: quote and confirm refused, no balance changes", async () => {
  const srv = await startServer({ tenants: NO_EXCHANGE, seed: true });
  try {
    await feedPrices(srv);
    // anonymous: sign in first, as on every customer route
    const anon = await srv.call("/api/exchange/quote", {
      body: { from: "BTC", to: "USDT", amount: "0.1" },
    });
    assertEquals([anon.status, anon.body.code], [401, -99]);
    const token = await signIn(srv);
    // the sign-in's notice ("new device") is derived after its commit, on its own time
    await settleNotifications(srv);
    const before = await books(srv, token);
    const stored = await storeState(srv);
    const quote = await srv.call("/api/exchange/quote", {
      token,
      body: { from: "BTC", to: "USDT", amount: "0.1" },
    });
    assertEquals([quote.status, quote.body.data.error], [403, "PRODUCT_DISABLED"]);
    const confirm = await srv.call("/api/exchange/confirm", {
      token,
      body: { quoteId: crypto.randomUUID() },
    });
    assertEquals([confirm.status, confirm.body.data.error], [403, "PRODUCT_DISABLED"]);
    assertEquals(await books(srv, token), before);
    assertEquals(await storeState(srv), stored);
    // the products the tenant offers still trade
    const spot = await srv.call("/api/spot/order", {
      token,
      body: { symbol: "BTCUSDT", side: "sell", type: "market", qty: "0.01" },
    });
    assertEquals(spot.body.code, 0);
  } finally {
    await srv.close();
  }
});

Deno.test("a tenant without the trading products refuses every entry, keeps the records readable", async () => {
  const srv = await startServer({ tenants: NO_TRADING, seed: true });
  try {
    await feedPrices(srv);
    const token = await signIn(srv);
    // the sign-in's notice ("new device") is derived after its commit, on its own time
    await settleNotifications(srv);
    const before = await books(srv, token);
    const stored = await storeState(srv);
    const id = "0123456789abcdef";
    const entries: [string, unknown][] = [
      ["/api/fast/order", { symbol: "BTCUSDT", direction: "up", duration: 60, stake: "10" }],
      [
        "/api/contract/order",
        { symbol: "BTCUSDT", side: "long", lots: 1, leverage: 10, type: "market" },
      ],
      [`/api/contract/positions/${id}/reverse`, {}],
      [`/api/contract/positions/${id}/hedge`, {}],
      ["/api/spot/order", { symbol: "BTCUSDT", side: "buy", type: "market", qty: "0.01" }],
      ["/api/exchange/quote", { from: "USDT", to: "BTC", amount: "100" }],
      ["/api/exchange/confirm", { quoteId: crypto.randomUUID() }],
    ];
    for (const [path, body] of entries) {
      const anon = await srv.call(path, { body });
      assertEquals(anon.body.code, -99, path);
      const r = await srv.call(path, { token, body });
      assertEquals([r.status, r.body.data.error], [403, "PRODUCT_DISABLED"], path);
    }
    assertEquals(await books(srv, token), before);
    assertEquals(await storeState(srv), stored);
    // the customer's records stay readable
    for (const path of ["/api/fast/orders", "/api/contract/positions", "/api/spot/orders"]) {
      assertEquals((await srv.call(path, { token })).body.code, 0, path);
    }
  } finally {
    await srv.close();
  }
});
