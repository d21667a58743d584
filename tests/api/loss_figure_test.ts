/**
 * The loss figure (issue 30, section 5): computed by the daily job from the live book's
 * settlements, it equals a recomputation from what each customer sees of their own settled
 * trades (fast: payout - stake; leveraged: realized P&L - opening, closing and holding fees),
 * and it is published on the rates page and under each ticket.
 */
import { assert, assertEquals } from "../assert.ts";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { DESKTOP_UA, startServer, type TestServer, tick } from "../server.ts";

type Figure = { product: string; percent: string | null; accounts: number; losing: number };

async function login(srv: TestServer, phone: string) {
  const r = await srv.call("/api/login", { body: { phone, password: "Demo-2026" } });
  return r.headers.get("authorization")!;
}

/** The share of losing accounts from the customers' own records, as the method states it. */
async function recompute(srv: TestServer, tokens: string[]) {
  const fast = new Map<string, bigint>(), lev = new Map<string, bigint>();
  for (const [i, token] of tokens.entries()) {
    const orders = await srv.call<{ items: { stake: string; payout: string }[] }>(
      "/api/fast/orders?status=settled&limit=100",
      { token },
    );
    for (const o of orders.body.data.items) {
      fast.set(`${i}`, (fast.get(`${i}`) ?? 0n) + parseDecimal(o.payout) - parseDecimal(o.stake));
    }
    const closed = await srv.call<{
      items: { realizedPnl: string; openFee: string; closeFee: string; holdingFees: string }[];
    }>("/api/contract/positions?status=closed", { token });
    for (const p of closed.body.data.items) {
      const net = parseDecimal(p.realizedPnl.replace("-", "")) *
          (p.realizedPnl.startsWith("-") ? -1n : 1n) -
        parseDecimal(p.openFee) -
        parseDecimal(p.closeFee) - parseDecimal(p.holdingFees);
      lev.set(`${i}`, (lev.get(`${i}`) ?? 0n) + net);
    }
  }
  const share = (m: Map<string, bigint>) => {
    const losing = [...m.values()].filter((v) => v < 0n).length;
    return {
      accounts: m.size,
      losing,
      percent: m.size ? (Math.round((losing / m.size) * 1000) / 10).toFixed(1) : null,
    };
  };
  return { fast: share(fast), leveraged: share(lev) };
}

Deno.test("loss figure: the daily job's figure equals a recomputation from the customers' settlements", async () => {
  const srv = await startServer({ seed: true });
  try {
    const a = await login(srv, "+12025550123");
    const b = await login(srv, "+12025550124");
    // the second customer moves money to the contract wallet
    const moved = await srv.call("/api/account/transfer", {
      token: b,
      body: { from: "spot", to: "contract", currency: "USDT", amount: "900" },
    });
    assertEquals(moved.body.code, 0, JSON.stringify(moved.body));
    await tick(srv, "60000");
    const order = async (token: string, body: unknown) => {
      const r = await srv.call("/api/fast/order", { token, body });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
    };
    // A: up 100 (loses), up 10 (loses); B: down 100 (wins)
    await order(a, { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "100" });
    await order(a, { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "10" });
    await order(b, { symbol: "BTCUSDT", direction: "down", duration: 30, stake: "100" });
    // leveraged: A long, B short, both closed at 59000 (A loses, B gains)
    for (const [token, side] of [[a, "long"], [b, "short"]] as const) {
      const r = await srv.call("/api/contract/order", {
        token,
        body: { symbol: "BTCUSDT", side, lots: 10, leverage: 10, type: "market" },
      });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
    }
    await tick(srv, "59000", 20_000);
    await tick(srv, "59000", 15_000);
    for (const token of [a, b]) {
      const open = await srv.call<{ items: { orderNo: string }[] }>("/api/contract/positions", {
        token,
      });
      for (const p of open.body.data.items) {
        const r = await srv.call(`/api/contract/positions/${p.orderNo}/close`, {
          token,
          body: {},
        });
        assertEquals(r.body.code, 0, JSON.stringify(r.body));
      }
    }
    // the next day's run publishes the figure (the start-up run found nothing yet)
    const before = await srv.call<{ items: Figure[] }>("/api/loss-figures");
    assertEquals(before.body.data.items.map((f) => f.accounts), [0, 0]);
    srv.advance(86_400_000);
    assert(await srv.deps.lossFigures.runDue("demo"));
    assertEquals(await srv.deps.lossFigures.runDue("demo"), false, "once a day");
    const published = await srv.call<{ items: Figure[]; computedAt: number }>("/api/loss-figures");
    const [a2, b2] = [await login(srv, "+12025550123"), await login(srv, "+12025550124")];
    const expected = await recompute(srv, [a2, b2]);
    const got = Object.fromEntries(
      published.body.data.items.map((f) => [f.product, {
        accounts: f.accounts,
        losing: f.losing,
        percent: f.percent,
      }]),
    );
    assertEquals(got, expected);
    assertEquals(expected.fast, { accounts: 2, losing: 1, percent: "50.0" });
    assertEquals(expected.leveraged.accounts, 2);
    // published on the rates page with its method
    const rates = await (await srv.page("/page/rates", { ua: DESKTOP_UA })).text();
    assert(
      rates.includes(
        "50.0 % of accounts lost money on fast contracts in the last 12 months (2 accounts).",
      ),
      "the rates page shows the figure",
    );
    assert(rates.includes('data-testid="loss-figure-method"'), "and its method");
    // and under the ticket
    const ticket = await (await srv.page("/pc/trade/fast", {
      ua: DESKTOP_UA,
      headers: { cookie: `tw_session=${a2}` },
    })).text();
    assert(ticket.includes('data-testid="loss-figure-fast"'), "the ticket shows the figure");
  } finally {
    await srv.close();
  }
});
