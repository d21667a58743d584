/** Currency exchange through HTTP: quote, confirm once, expiry, refusals, balanced books. */
import { assertEquals } from "../assert.ts";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { startServer, type TestServer } from "../server.ts";

type Q = { quoteId: string; rate: string; fee: string; receive: string };

async function feed(srv: TestServer) {
  const t = srv.deps.now();
  await srv.deps.market.tape.ingest({
    symbol: "BTCUSDT",
    time: t,
    price: parseDecimal("60000"),
    qty: 1n,
  });
  await srv.deps.market.tape.ingest({
    symbol: "ETHUSDT",
    time: t,
    price: parseDecimal("3000"),
    qty: 1n,
  });
}

async function spot(srv: TestServer, token: string) {
  const a = await srv.call<{ rows: { wallet: string; currency: string; available: string }[] }>(
    "/api/account/assets",
    { token },
  );
  return Object.fromEntries(
    a.body.data.rows.filter((r) => r.wallet === "spot").map((r) => [r.currency, r.available]),
  );
}

Deno.test("exchange: quote at the ticks, confirm once, fee to the house", async () => {
  const srv = await startServer({ seed: true });
  try {
    const login = await srv.call("/api/login", {
      body: { phone: "+12025550123", password: "Demo-2026" },
    });
    const token = login.headers.get("authorization")!;
    await feed(srv);
    // 0.1 BTC -> USDT: 6,000 gross, 0.1 % fee = 6, receive 5,994
    const q = await srv.call<Q>("/api/exchange/quote", {
      token,
      body: { from: "BTC", to: "USDT", amount: "0.1" },
    });
    assertEquals([q.body.data.rate, q.body.data.fee, q.body.data.receive], ["60000", "6", "5994"]);
    const c1 = await srv.call("/api/exchange/confirm", {
      token,
      body: { quoteId: q.body.data.quoteId },
    });
    assertEquals(c1.body.code, 0);
    const c2 = await srv.call("/api/exchange/confirm", {
      token,
      body: { quoteId: q.body.data.quoteId },
    });
    assertEquals(c2.body, c1.body); // the same request again: the first reply
    assertEquals(await spot(srv, token), { BTC: "0.4", ETH: "5", USDT: "15994" });
    // ETH -> BTC crosses through USDT: 1 ETH = 0.05 BTC
    const x = await srv.call<Q>("/api/exchange/quote", {
      token,
      body: { from: "ETH", to: "BTC", amount: "1" },
    });
    assertEquals([x.body.data.rate, x.body.data.receive], ["0.05", "0.04995"]);
    // expiry
    srv.advance(11_000);
    await feed(srv);
    const late = await srv.call("/api/exchange/confirm", {
      token,
      body: { quoteId: x.body.data.quoteId },
    });
    assertEquals(late.body.data.error, "QUOTE_EXPIRED");
    // refusals
    for (
      const body of [
        { from: "BTC", to: "BTC", amount: "1" },
        { from: "BTC", to: "USDT", amount: "0.0000001" },
        { from: "USDT", to: "BTC", amount: "-1" },
        { from: "DOGE", to: "USDT", amount: "1" },
      ]
    ) {
      assertEquals(
        (await srv.call("/api/exchange/quote", { token, body })).status,
        400,
        JSON.stringify(body),
      );
    }
    // beyond the balance (0.4 BTC): no quote, the message beside the amount
    const tooMuch = await srv.call<Q>("/api/exchange/quote", {
      token,
      body: { from: "BTC", to: "USDT", amount: "1" },
    });
    assertEquals(tooMuch.body.data.error, "INSUFFICIENT_BALANCE");
    assertEquals(tooMuch.body.data.fields?.amount, "More than your available 0.4 BTC");
    // two quotes that fit one at a time: confirming the second is refused
    const quote = async () =>
      (await srv.call<Q>("/api/exchange/quote", {
        token,
        body: { from: "BTC", to: "USDT", amount: "0.3" },
      })).body.data.quoteId;
    const [first, second] = [await quote(), await quote()];
    assertEquals(
      (await srv.call("/api/exchange/confirm", { token, body: { quoteId: first } })).body.code,
      0,
    );
    const refused = await srv.call("/api/exchange/confirm", {
      token,
      body: { quoteId: second },
    });
    assertEquals(refused.body.data.error, "INSUFFICIENT_BALANCE");
    const other = await srv.call("/api/login", {
      body: { phone: "+12025550124", password: "Demo-2026" },
    });
    const theirs = await srv.call("/api/exchange/confirm", {
      token: other.headers.get("authorization")!,
      body: { quoteId: second },
    });
    assertEquals(theirs.status, 404);
  } finally {
    await srv.close();
  }
});
