/** Fast contracts through HTTP, settled by the engine on ticks fed through the tape. */
import { assert, assertEquals } from "../assert.ts";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { registerUser, serverTest, startServer, type TestServer, tick } from "../server.ts";
import { house, user } from "../../edge/ledger/accounts.ts";

const U = 100_000_000n;
type Order = {
  orderNo: string;
  status: string;
  outcome: string | null;
  payout: string | null;
  entry: { price: string; seq?: number };
  exit: { price: string; time: number; seq?: number } | null;
  expiryTime: number;
};

async function login(srv: TestServer, phone = "+12025550123") {
  const r = await srv.call("/api/login", { body: { phone, password: "Demo-2026" } });
  return r.headers.get("authorization")!;
}

async function contractUsdt(srv: TestServer, token: string) {
  const a = await srv.call<{ rows: { wallet: string; available: string; frozen: string }[] }>(
    "/api/account/assets",
    { token },
  );
  const r = a.body.data.rows.find((x) => x.wallet === "contract")!;
  return [r.available, r.frozen];
}

Deno.test("fast contract: stake frozen, settled at the last tick at or before expiry", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const token = await login(srv);
    await tick(srv, "60000");
    const opts = await srv.call<{ durations: { duration: number; rate: string }[] }>(
      "/api/fast/options?symbol=BTCUSDT",
    );
    assertEquals(opts.body.data.durations.map((d) => d.duration), [30, 60, 180, 300]);

    let up: Order, down: Order;
    await t.step("place: entry is the last tick, stake frozen", async () => {
      const r = await srv.call<Order>("/api/fast/order", {
        token,
        body: { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "100" },
      });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
      up = r.body.data;
      assertEquals([up.status, up.entry.price], ["open", "60000"]);
      // the entry tick's place on the public tape (the result card links it)
      const head = await srv.call<{ seq: number }>("/api/tape/BTCUSDT/head");
      assertEquals(up.entry.seq, head.body.data.seq);
      down = (await srv.call<Order>("/api/fast/order", {
        token,
        body: { symbol: "BTCUSDT", direction: "down", duration: 30, stake: "50" },
      })).body.data;
      assertEquals(await contractUsdt(srv, token), ["9850", "150"]);
    });

    await t.step("ticks up to and past expiry: exit = last tick at or before expiry", async () => {
      await tick(srv, "60010", 10_000);
      const before = await tick(srv, "60020", 19_000); // entry + 30 s exactly? entry at clock0
      void before;
      await tick(srv, "59000", 5_000); // after expiry: must not be the exit
      const list = await srv.call<{ items: Order[] }>("/api/fast/orders?status=settled", { token });
      const got = new Map(list.body.data.items.map((o) => [o.orderNo, o]));
      const u = got.get(up.orderNo)!, d = got.get(down.orderNo)!;
      assertEquals(u.exit!.price, "60020");
      // entry 60000, then 60010 and 60020 on the tape: the exit is two ticks after the entry
      assertEquals(u.exit!.seq, up.entry.seq! + 2);
      const onTape = await srv.call<{ items: { seq: number; price: string }[] }>(
        `/api/tape/BTCUSDT?from=${u.exit!.seq}&to=${u.exit!.seq}`,
      );
      assertEquals(onTape.body.data.items[0]!.price, "60020");
      assert(u.exit!.time <= u.expiryTime);
      assertEquals([u.outcome, u.payout], ["win", "185"]);
      assertEquals([d.outcome, d.payout], ["lose", "0"]);
      // 10,000 - 150 + 185
      assertEquals(await contractUsdt(srv, token), ["10035", "0"]);
    });
  } finally {
    await srv.close();
  }
});

Deno.test("fast contract: refusals, concurrency and idempotency", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await login(srv);
    const order = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      srv.call<Order>("/api/fast/order", {
        token,
        body: { symbol: "BTCUSDT", direction: "up", duration: 60, stake: "100", ...body },
        headers,
      });
    // no tick yet: the market is stale
    assertEquals((await order({})).body.data.error, "MARKET_STALE");
    await tick(srv, "60000");
    assertEquals((await order({ stake: "5" })).body.message, "Buy limit: 10 - 10000 USDT");
    assertEquals((await order({ duration: 45 })).status, 400);
    assertEquals((await order({ stake: "1.001" })).status, 400);
    assertEquals((await order({ symbol: "NOPEUSDT" })).status, 404);
    assertEquals((await order({ direction: "sideways" })).status, 400);
    assertEquals((await order({ extra: 1 })).status, 400);
    // the second customer holds no contract USDT
    const other = await login(srv, "+12025550124");
    const poor = await srv.call("/api/fast/order", {
      token: other,
      body: { symbol: "BTCUSDT", direction: "up", duration: 60, stake: "10" },
    });
    assertEquals(poor.body.data.error, "INSUFFICIENT_BALANCE");
    // 50 concurrent 300-USDT orders on 10,000: 33 fit
    const replies = await Promise.all(Array.from({ length: 50 }, () => order({ stake: "300" })));
    assertEquals(replies.filter((r) => r.body.code === 0).length, 33);
    // one idempotency key, three deliveries: one order
    const k = { "idempotency-key": "fast-1" };
    const a = await order({ stake: "10" }, k),
      b = await order({ stake: "10" }, k),
      c = await order({ stake: "10" }, k);
    assertEquals(new Set([a, b, c].map((r) => r.body.data.orderNo)).size, 1);
    const open = await srv.call<{ items: Order[] }>("/api/fast/orders?status=open&limit=100", {
      token,
    });
    assertEquals(open.body.data.items.length, 34);
  } finally {
    await srv.close();
  }
});

Deno.test("fast contract: an order without an idempotency key commits no idempotency record; with one it replays", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await login(srv);
    await tick(srv, "60000");
    const idemRecords = async () => {
      let n = 0;
      for await (const _ of srv.kv.list({ prefix: ["demo", "ledger", "idem"] })) n++;
      return n;
    };
    const order = (headers: Record<string, string> = {}) =>
      srv.call<Order>("/api/fast/order", {
        token,
        body: { symbol: "BTCUSDT", direction: "up", duration: 60, stake: "10" },
        headers,
      });
    const before = await idemRecords();
    // the server draws the key: nobody can replay it, so no record (a smaller commit: the
    // order's only check is its balance, twice the orders fit one group commit)
    const a = await order();
    assertEquals(a.body.code, 0, JSON.stringify(a.body));
    assertEquals(await idemRecords(), before);
    // the client's key: recorded, checked, replayed
    const k = { "idempotency-key": "fast-fresh-1" };
    const b = await order(k), c = await order(k);
    assertEquals(b.body.code, 0, JSON.stringify(b.body));
    assertEquals(c.body.data.orderNo, b.body.data.orderNo);
    assertEquals(await idemRecords(), before + 1);
    // every order is a journal of its own; the ledger checker (at close) finds them whole
    const open = await srv.call<{ items: Order[] }>("/api/fast/orders?status=open", { token });
    assertEquals(open.body.data.items.length, 2);
  } finally {
    await srv.close();
  }
});

Deno.test("fast contract: no tick after expiry within the staleness limit returns the stake", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await login(srv);
    await tick(srv, "60000");
    const r = await srv.call<Order>("/api/fast/order", {
      token,
      body: { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "100" },
    });
    assertEquals(r.body.code, 0);
    srv.advance(45_000); // wall clock past expiry + 10 s staleness, no ticks
    await new Promise((res) => setTimeout(res, 1300)); // the sweeper runs every second
    await srv.deps.engine.idle();
    const list = await srv.call<{ items: Order[] }>("/api/fast/orders", { token });
    assertEquals([list.body.data.items[0]!.outcome, list.body.data.items[0]!.payout], [
      "refund",
      "100",
    ]);
    assertEquals(await contractUsdt(srv, token), ["10000", "0"]);
  } finally {
    await srv.close();
  }
});

Deno.test("fast contract: two ticks in the millisecond of expiry: the later one is the exit", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await login(srv);
    await tick(srv, "60000");
    const placed = await srv.call<Order>("/api/fast/order", {
      token,
      body: { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "100" },
    });
    assertEquals(placed.body.code, 0, placed.body.message);
    const expiry = placed.body.data.expiryTime;
    srv.advance(expiry - srv.deps.now());
    for (const price of ["59990", "60010"]) {
      await srv.deps.market.tape.ingest({
        symbol: "BTCUSDT",
        time: expiry,
        price: parseDecimal(price),
        qty: U / 100n,
      });
      await srv.deps.engine.idle();
    }
    // not settled on the first tick of that millisecond
    const open = await srv.call<{ items: Order[] }>("/api/fast/orders?status=open", { token });
    assertEquals(open.body.data.items.length, 1);
    await tick(srv, "50000", 1);
    const done = await srv.call<{ items: Order[] }>("/api/fast/orders?status=settled", { token });
    const o = done.body.data.items[0]!;
    assertEquals([o.exit?.price, o.exit?.time, o.outcome], ["60010", expiry, "win"]);
  } finally {
    await srv.close();
  }
});

Deno.test("fast contract: an order makes two store calls: its one read (session, records, balance) and the commit (the loss limits' list only where the customer has a limit); no replica read", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await login(srv);
    await tick(srv, "60000");
    const place = () =>
      srv.call<Order>("/api/fast/order", {
        token,
        body: { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "10" },
      });
    // the first order of a session may refresh its last-seen time (a write of its own); this
    // instance has not seen the customer's limits yet, so it reads their month's results with
    // the session (the loss limits' list: no round trip more)
    const first = await place();
    assertEquals(first.body.code, 0);
    assertEquals(first.headers.get("X-KV-Round-Trips"), "2/3");
    const r = await place();
    assertEquals(r.body.code, 0, JSON.stringify(r.body));
    // X-KV-Round-Trips: <in sequence>/<strong calls>; the balance rides in the session's
    // getMany (the route names it in place of the wallets), not in a getMany of its own; the
    // customer set no loss limit, and the instance saw it: no results read
    assertEquals(r.headers.get("X-KV-Round-Trips"), "2/2");
    // and no replica's read: the order's second look at its customer (after the route's gate read
    // it with the session) takes the session's entry instead of waiting a replica (42 ms from Hong
    // Kong, in sequence before the commit)
    assertEquals(r.headers.get("X-KV-Replica-Reads"), "0");
    // with the customer's own key its replay record rides there too (was a getMany of its own)
    const keyed = await srv.call<Order>("/api/fast/order", {
      token,
      headers: { "idempotency-key": "three-calls-1" },
      body: { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "10" },
    });
    assertEquals(keyed.body.code, 0, JSON.stringify(keyed.body));
    assertEquals(keyed.headers.get("X-KV-Round-Trips"), "2/2");
  } finally {
    await srv.close();
  }
});

serverTest(
  "fast contract: orders placed at once by several customers, committed together, each count their own commit (2/2)",
  async (srv) => {
    // the group commit joins journals ready at the same time in one store commit; it commits
    // outside every request, and each member's request counts its commit and forgets its keys
    // (before, the group's commit counted in the request that started it, 3/3, and the others
    // counted none, 1/1)
    const tokens: string[] = [];
    for (let i = 0; i < 8; i++) {
      const { token, user: u } = await registerUser(srv, `+1202555${1300 + i}`);
      await srv.deps.ledger.post("demo", { key: `test:deposit:${i}`, request: i }, () => ({
        type: "deposit",
        ref: "test",
        postings: [
          { account: house("external", "USDT"), available: -1_000n * U },
          { account: user(u.userId, "contract", "USDT"), available: 1_000n * U },
        ],
        result: () => null,
      }));
      tokens.push(token);
    }
    await tick(srv, "60000");
    const place = (token: string) =>
      srv.call<Order>("/api/fast/order", {
        token,
        body: { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "10" },
      });
    // each customer's first order reads their month's results (this instance has not seen their
    // limits yet: 2/3, see above)
    for (const token of tokens) assertEquals((await place(token)).body.code, 0);
    // whether the orders of a round meet in one commit depends on timing (on a loaded machine
    // each can find the writer free); rounds go on until one did share a commit, 3 at least and
    // 30 at most, and every order of every round counts its own 2/2
    const stats = srv.deps.ledger.commits.stats;
    let rounds = 0, shared = 0;
    while (rounds < 3 || (shared === 0 && rounds < 30)) {
      const before = { ...stats };
      const replies = await Promise.all(tokens.map(place));
      for (const r of replies) assertEquals(r.body.code, 0, JSON.stringify(r.body));
      assertEquals(replies.map((r) => r.headers.get("X-KV-Round-Trips")), tokens.map(() => "2/2"));
      assertEquals(stats.members - before.members, tokens.length);
      // (the round's orders shared commits: fewer commits than orders)
      if (stats.commits - before.commits < tokens.length) shared++;
      rounds++;
    }
    assert(shared > 0, `no round of ${rounds} shared a commit`);
  },
);

Deno.test("fast contract: the order's body is read as sent (UTF-8 with a byte-order mark, a charset parameter, non-ASCII text)", async () => {
  // the buffered body reaches the routes through Hono's body cache (edge/http/middleware.ts
  // `bodyBounds`), decoded once: the same text a Request's `text()` gives
  const srv = await startServer({ seed: true });
  try {
    const token = await login(srv);
    await tick(srv, "60000");
    const sent = (body: string, type: string) =>
      srv.call<Order>("/api/fast/order", {
        token,
        raw: new TextEncoder().encode(body),
        headers: { "content-type": type },
      });
    const order = '{"symbol":"BTCUSDT","direction":"up","duration":30,"stake":"10"}';
    const bom = await sent(`\uFEFF${order}`, "application/json; charset=UTF-8");
    assertEquals(bom.body.code, 0, JSON.stringify(bom.body));
    assertEquals(bom.body.data.status, "open");
    // a field's non-ASCII text arrives as text (refused by the schema, named in the reply)
    const other = await sent(order.replace('"up"', '"上"'), "application/json");
    assertEquals(other.status, 400);
    assertEquals(other.body.data.fields?.direction !== undefined, true, JSON.stringify(other.body));
    // not JSON by its type: refused as such
    const plain = await sent(order, "text/plain");
    assertEquals([plain.status, plain.body.data.error], [415, "UNSUPPORTED_MEDIA_TYPE"]);
    assertEquals(await contractUsdt(srv, token), ["9990", "10"]);
  } finally {
    await srv.close();
  }
});
