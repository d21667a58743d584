/** Spot orders through HTTP: market fills at the tick, limits hold funds and fill on the cross. */
import { assertEquals } from "../assert.ts";
import { signIn, startServer, type TestServer, tick } from "../server.ts";

async function spot(srv: TestServer, token: string) {
  const a = await srv.call<
    { rows: { wallet: string; currency: string; available: string; frozen: string }[] }
  >(
    "/api/account/assets",
    { token },
  );
  return Object.fromEntries(
    a.body.data.rows.filter((r) => r.wallet === "spot" && r.currency !== "ETH").map((
      r,
    ) => [r.currency, `${r.available}/${r.frozen}`]),
  );
}
type O = { orderNo: string; status: string; price: string; fee: string; amount: string };

Deno.test("spot: market buy and sell with fees, limit orders held and filled, cancel", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await signIn(srv);
    const order = (body: Record<string, unknown>) =>
      srv.call<O>("/api/spot/order", { token, body: { symbol: "BTCUSDT", ...body } });
    await tick(srv, "60000");
    // buy 0.01 BTC: 600 + 0.6 fee
    const buy = await order({ side: "buy", type: "market", qty: "0.01" });
    assertEquals([buy.body.data.status, buy.body.data.amount, buy.body.data.fee], [
      "filled",
      "600",
      "0.6",
    ]);
    assertEquals(await spot(srv, token), { BTC: "0.51/0", USDT: "9399.4/0" });
    // sell 0.51 BTC: 30,600 - 30.6 fee
    await order({ side: "sell", type: "market", qty: "0.51" });
    assertEquals(await spot(srv, token), { BTC: "0/0", USDT: "39968.8/0" });
    // limit buy 0.1 at 59,000 holds 5,900 + 5.9
    const lim = await order({ side: "buy", type: "limit", qty: "0.1", price: "59000" });
    assertEquals(lim.body.data.status, "open");
    assertEquals(await spot(srv, token), { BTC: "0/0", USDT: "34062.9/5905.9" });
    assertEquals(
      (await order({ side: "buy", type: "limit", qty: "0.1", price: "61000" })).status,
      400,
    );
    assertEquals(
      (await order({ side: "sell", type: "market", qty: "1" })).body.data.error,
      "INSUFFICIENT_BALANCE",
    );
    assertEquals((await order({ side: "buy", type: "market", qty: "0.0000001" })).status, 400);
    await tick(srv, "59500");
    await tick(srv, "58900"); // crosses: filled at 59,000
    const filled = await srv.call<{ items: O[] }>("/api/spot/orders?status=filled", { token });
    assertEquals(filled.body.data.items[0]!.price, "59000");
    assertEquals(await spot(srv, token), { BTC: "0.1/0", USDT: "34062.9/0" });
    // a sell limit above, cancelled: the coins come back
    const sell = await order({ side: "sell", type: "limit", qty: "0.1", price: "65000" });
    assertEquals(await spot(srv, token), { BTC: "0/0.1", USDT: "34062.9/0" });
    const c = await srv.call<O>(`/api/spot/orders/${sell.body.data.orderNo}/cancel`, {
      token,
      body: {},
    });
    assertEquals(c.body.data.status, "cancelled");
    assertEquals(await spot(srv, token), { BTC: "0.1/0", USDT: "34062.9/0" });
    const twice = await srv.call(`/api/spot/orders/${sell.body.data.orderNo}/cancel`, {
      token,
      body: {},
      headers: { "idempotency-key": "cancel-twice" },
    });
    assertEquals([twice.status, twice.body.data.error], [409, "ORDER_CANCELLED"]);
  } finally {
    await srv.close();
  }
});
