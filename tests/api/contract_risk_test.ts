/**
 * Leverage brackets and hedged pairs (domain rules, leveraged contracts). The exploit this
 * guards against: 1,000 lots long at 100x plus a hedge (short 1,000 lots); a 3 % jump liquidated
 * the short alone at a loss beyond its margin, paid by the insurance account, while the long kept
 * the gain. Now the bracket refuses 100x at that size, and with an allowed leverage the pair is
 * margined together: not liquidated leg by leg, and the long's profit covers the short's loss.
 */
import { assert, assertEquals } from "../assert.ts";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { house } from "../../edge/ledger/accounts.ts";
import { signIn, startServer, tick } from "../server.ts";

type Pos = {
  orderNo: string;
  side: string;
  status: string;
  margin: string;
  liquidationPrice: string;
  hedged: boolean;
  closeReason: string | null;
};

async function setup(env?: Record<string, string>) {
  const srv = await startServer({ seed: true, env });
  const token = await signIn(srv);
  const order = (body: Record<string, unknown>, lang = "en") =>
    srv.call<Pos & { maxLeverage?: number }>("/api/contract/order", {
      token,
      headers: { "accept-language": lang },
      body: { symbol: "BTCUSDT", side: "long", type: "market", ...body },
    });
  const list = async (status = "holding") =>
    (await srv.call<{ items: Pos[] }>(`/api/contract/positions?status=${status}`, { token }))
      .body.data.items;
  const insurance = async () =>
    (await srv.deps.ledger.balance("demo", house("insurance", "USDT"))).available;
  const wallet = async () => {
    const a = await srv.call<{ rows: { wallet: string; available: string; frozen: string }[] }>(
      "/api/account/assets",
      { token },
    );
    const w = a.body.data.rows.find((x) => x.wallet === "contract")!;
    return [w.available, w.frozen];
  };
  return { srv, token, order, list, insurance, wallet };
}

Deno.test("brackets: 100x is refused at a size that allows 50x, naming the maximum", async () => {
  const { srv, order, list } = await setup();
  try {
    await tick(srv, "60000");
    // 1,000 lots = 1 BTC = 60,000 USDT: above 50,000 the maximum is 50x
    const refused = await order({ lots: 1000, leverage: 100 });
    assertEquals([refused.status, refused.body.data.error], [400, "LEVERAGE_BRACKET"]);
    assertEquals(refused.body.data.maxLeverage, 50);
    assert(refused.body.message.includes("50x"), refused.body.message);
    assert(refused.body.data.fields?.leverage);
    const de = await order({ lots: 1000, leverage: 100 }, "de");
    assert(de.body.message.includes("50x") && de.body.message !== refused.body.message);
    // the customer's total on the symbol and side counts: 800 lots (48,000) fit at 100x, 200
    // more (60,000 in all) do not; the other side is a separate total
    assertEquals((await order({ lots: 800, leverage: 100 })).body.code, 0);
    const more = await order({ lots: 200, leverage: 100 });
    assertEquals([more.status, more.body.data.maxLeverage], [400, 50]);
    const at50 = await order({ lots: 200, leverage: 50 });
    assertEquals(at50.body.code, 0);
    // the bracket's MMR is the position's: 60,000 in all -> 1 %; long LP at 50x =
    // 60,000 x (1 - 1/50) / (1 - 1 %) = 59,393.93...
    assertEquals(at50.body.data.liquidationPrice.slice(0, 8), "59393.93");
    assertEquals((await order({ side: "short", lots: 800, leverage: 100 })).body.code, 0);
    assertEquals((await list()).length, 3);
    // the table is in the API
    const opts = await srv.call<
      { brackets: { upTo: string | null; maxLeverage: number; mmr: string }[] }
    >("/api/contract/options?symbol=BTCUSDT");
    assertEquals(opts.body.data.brackets, [
      { upTo: "50000", maxLeverage: 100, mmr: "0.005" },
      { upTo: "250000", maxLeverage: 50, mmr: "0.01" },
      { upTo: "1000000", maxLeverage: 20, mmr: "0.025" },
      { upTo: null, maxLeverage: 10, mmr: "0.05" },
    ]);
  } finally {
    await srv.close();
  }
});

Deno.test("hedged pair: a 3 % jump liquidates nothing, insurance pays nothing, the profit covers the loss", async () => {
  const { srv, token, order, list, insurance, wallet } = await setup();
  try {
    await tick(srv, "60000");
    assertEquals((await order({ lots: 1000, leverage: 100 })).status, 400); // the bracket
    const long = await order({ lots: 1000, leverage: 50 });
    assertEquals(long.body.code, 0, JSON.stringify(long.body));
    // alone, the long has its own level: 60,000 x (1 - 1/50) / (1 - 1 %)
    assertEquals(long.body.data.liquidationPrice.slice(0, 8), "59393.93");
    const hedge = await srv.call<{ opened: Pos }>(
      `/api/contract/positions/${long.body.data.orderNo}/hedge`,
      { token, body: {} },
    );
    assertEquals(hedge.body.code, 0, JSON.stringify(hedge.body));
    assertEquals([hedge.body.data.opened.hedged, hedge.body.data.opened.liquidationPrice], [
      true,
      "0",
    ]);
    // margined together: equal lots, the P&L cancels and the net needs no maintenance: no level
    let held = await list();
    assertEquals(held.map((p) => [p.side, p.hedged, p.liquidationPrice]).sort(), [
      ["long", true, "0"],
      ["short", true, "0"],
    ]);
    const before = await insurance();
    assertEquals(await wallet(), ["7540", "2400"]); // 10,000 - 2 x (1,200 margin + 30 fee)

    // +3 %: the short alone would be 1,800 down on 1,200 of margin
    await tick(srv, "61800");
    held = await list();
    assertEquals(held.length, 2, "the pair is not liquidated leg by leg");
    assertEquals(await insurance(), before);

    // the customer closes the losing short: its loss beyond the margin is covered by the long's
    // profit, so the pair is settled together
    const short = held.find((p) => p.side === "short")!;
    const closed = await srv.call<Pos>(`/api/contract/positions/${short.orderNo}/close`, {
      token,
      body: {},
    });
    assertEquals(closed.body.code, 0, JSON.stringify(closed.body));
    assertEquals(await list(), []);
    assertEquals(await insurance(), before, "insurance paid nothing");
    // 7,540 + 2,400 margin + 1,800 - 1,800 P&L - 2 x 30.9 close fees
    assertEquals(await wallet(), ["9878.2", "0"]);
  } finally {
    await srv.close(); // the ledger checker stays clean
  }
});

Deno.test("hedged pair with unequal lots: liquidated together at the net exposure's level", async () => {
  const { srv, token, order, list, insurance } = await setup();
  try {
    await tick(srv, "60000");
    const long = await order({ lots: 1000, leverage: 50 });
    const short = await order({ side: "short", lots: 500, leverage: 50 });
    assertEquals([long.body.code, short.body.code], [0, 0]);
    const held = await list();
    const level = parseDecimal(held[0]!.liquidationPrice);
    assert(held.every((p) => p.hedged && parseDecimal(p.liquidationPrice) === level));
    // pooled margin 1,200 + 600 on a net 0.5 BTC long, its maintenance at the legs' highest MMR
    // (the long's bracket, 1 %): 1,800 + 0.5 (P - 60,000) = 0.5 P x 1 % -> 56,969.69..., below
    // the long's own 59,393.93
    assertEquals(held[0]!.liquidationPrice.slice(0, 8), "56969.69");
    const before = await insurance();
    await tick(srv, "59300"); // through the long's own level: the pair holds
    assertEquals((await list()).length, 2);
    await tick(srv, "57800");
    assertEquals((await list()).length, 2);
    await tick(srv, "56969.70"); // one tick above the group's level: still held
    assertEquals((await list()).length, 2);
    await tick(srv, "56969.69"); // at the group's level (56,969.69...): both closed together
    assertEquals(await list(), []);
    const closed = await list("closed");
    assertEquals(closed.map((p) => p.closeReason), ["liquidation", "liquidation"]);
    assertEquals(await insurance(), before);
    void token;
  } finally {
    await srv.close();
  }
});

Deno.test("brackets: concurrent orders cannot both pass on the same total", async () => {
  const { srv, order, list } = await setup();
  try {
    await tick(srv, "60000");
    // each 48,000 fits at 100x alone; together 96,000 needs 50x: exactly one is taken (the
    // positions are read under a per-customer, per-symbol version key checked in the commit)
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => order({ lots: 800, leverage: 100 })),
    );
    assertEquals(replies.filter((r) => r.body.code === 0).length, 1);
    assert(replies.every((r) => r.body.code === 0 || r.body.data.error === "LEVERAGE_BRACKET"));
    assertEquals((await list()).length, 1);
  } finally {
    await srv.close();
  }
});

/** Strong round trips in sequence the server waited on for a reply (X-KV-Round-Trips). */
const trips = (r: { headers: Headers }) => Number(r.headers.get("x-kv-round-trips")!.split("/")[0]);

Deno.test("brackets far from the store: every attempt reads once; the orders that lost the race read once more, then refuse", async () => {
  // a simulated far store (tests/api/round_trips_test.ts): the session and everything the order
  // decides on are read together, an attempt after a lost race reads it all again together
  const { srv, order, list } = await setup({ KV_SIM_RTT_MS: "25", KV_SIM_EVENTUAL_MS: "2" });
  try {
    await tick(srv, "60000");
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => order({ lots: 800, leverage: 100 })),
    );
    const taken = replies.filter((r) => r.body.code === 0);
    assertEquals(taken.length, 1);
    assertEquals((await list()).length, 1);
    // the one taken: the session's read and the commit
    assertEquals(trips(taken[0]!), 2);
    // the others: at most that, and one read of what changed before refusing
    for (const r of replies.filter((r) => r.body.code !== 0)) {
      assertEquals(r.body.data.error, "LEVERAGE_BRACKET");
      assert(trips(r) <= 3, `a refused order waited on ${trips(r)} round trips`);
    }
  } finally {
    await srv.close();
  }
});

Deno.test("hedged close far from the store: the legs it may settle are read once more, after their version", async () => {
  const { srv, token, order, list } = await setup({ KV_SIM_RTT_MS: "25", KV_SIM_EVENTUAL_MS: "2" });
  try {
    await tick(srv, "60000");
    const long = await order({ lots: 2, leverage: 10 });
    assertEquals(trips(long), 2);
    const short = await order({ side: "short", lots: 1, leverage: 10 });
    assertEquals(short.body.code, 0);
    await tick(srv, "60100");
    const closed = await srv.call<Pos>(`/api/contract/positions/${long.body.data.orderNo}/close`, {
      token,
      body: {},
    });
    assertEquals(closed.body.code, 0, JSON.stringify(closed.body));
    // the session's read (with the legs), the opposite leg's record again, the commit
    assertEquals(trips(closed), 3);
    assertEquals((await list()).map((p) => p.side), ["short"]);
  } finally {
    await srv.close();
  }
});

Deno.test("fully hedged pair (issue 25 #9): no liquidation price, and the engine does not liquidate it at ten times the market", async () => {
  const { srv, token, order, list, insurance } = await setup();
  try {
    await tick(srv, "60000");
    // the pair: a short of 2 lots at 20x hedged by a long
    const short = await order({ side: "short", lots: 2, leverage: 20 });
    assertEquals(short.body.code, 0, JSON.stringify(short.body));
    const hedge = await srv.call<{ opened: Pos }>(
      `/api/contract/positions/${short.body.data.orderNo}/hedge`,
      { token, body: {} },
    );
    assertEquals(hedge.body.code, 0, JSON.stringify(hedge.body));
    // equal lots: the P&L cancels at every price and the net exposure needs no maintenance, so
    // the group has no level ("0"), not the 600,000 (ten times the market) shown before
    const held = await list();
    assertEquals(held.map((p) => [p.side, p.hedged, p.liquidationPrice]).sort(), [
      ["long", true, "0"],
      ["short", true, "0"],
    ]);
    const before = await insurance();
    // the old level, confirmed by a second tick (a jump is held as suspect until then)
    await tick(srv, "600000");
    await tick(srv, "600001");
    assertEquals((await list()).length, 2, "a flat pair is not liquidated");
    assertEquals(await insurance(), before);
  } finally {
    await srv.close();
  }
});

Deno.test("hedged group with a net long (issue 25 #9): each leg shows the group's level and the engine liquidates there, not above", async () => {
  const { srv, order, list, token } = await setup();
  try {
    await tick(srv, "60000");
    const short = await order({ side: "short", lots: 2, leverage: 20 });
    await srv.call(`/api/contract/positions/${short.body.data.orderNo}/hedge`, { token, body: {} });
    assertEquals((await order({ lots: 1, leverage: 10 })).body.code, 0);
    // pooled margin 6 + 6 + 6 = 18 on a net 0.001 BTC long, maintenance on the net only:
    // 18 + 0.001 (P - 60,000) = 0.001 P x 0.5 % -> P = 42 / 0.000995 = 42,211.055...
    // (before: the three legs' gross maintenance, 0.005 P x 0.5 %, gave 43,076.92)
    const held = await list();
    assertEquals(held.length, 3);
    assert(held.every((p) => p.hedged && p.liquidationPrice === held[0]!.liquidationPrice));
    assertEquals(held[0]!.liquidationPrice.slice(0, 8), "42211.05");
    // between the two levels: the group stands (the old engine liquidated it here)
    await tick(srv, "43000");
    await tick(srv, "43000.5");
    assertEquals((await list()).length, 3, "not liquidated above the group's level");
    await tick(srv, "42211.06");
    assertEquals((await list()).length, 3);
    await tick(srv, "42211.05"); // at the level: every leg closed together
    assertEquals(await list(), []);
    assertEquals((await list("closed")).map((p) => p.closeReason), [
      "liquidation",
      "liquidation",
      "liquidation",
    ]);
  } finally {
    await srv.close();
  }
});
