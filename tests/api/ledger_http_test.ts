/** The ledger through HTTP: assets, transfers, fund flow, races and idempotency. */
import { assert, assertEquals } from "../assert.ts";
import { dumpKv, startServer } from "../server.ts";

async function login(srv: Awaited<ReturnType<typeof startServer>>, phone = "+12025550123") {
  const r = await srv.call("/api/login", { body: { phone, password: "Demo-2026" } });
  assertEquals(r.body.code, 0, JSON.stringify(r.body));
  return r.headers.get("authorization")!;
}

type Row = { wallet: string; currency: string; available: string; frozen: string };

Deno.test("seeded demo customer: assets valued in USDT through journals", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await login(srv);
    const r = await srv.call<{ rows: Row[]; totals: Record<string, string>; priceSource: string }>(
      "/api/account/assets",
      { token },
    );
    assertEquals(r.body.code, 0);
    const get = (w: string, c: string) =>
      r.body.data.rows.find((x) => x.wallet === w && x.currency === c);
    assertEquals(get("contract", "USDT")?.available, "10000");
    assertEquals(get("spot", "USDT")?.available, "10000");
    assertEquals(get("spot", "BTC")?.available, "0.5");
    assertEquals(get("spot", "ETH")?.available, "5");
    // 20,000 USDT + 0.5 x 60,000 + 5 x 3,000 at the reference prices
    assertEquals(r.body.data.totals.totalUsdt, "65000");
    assertEquals(r.body.data.priceSource, "reference");
    const flow = await srv.call<{ items: { type: string; available: string }[] }>(
      "/api/account/flow?limit=10",
      { token },
    );
    assertEquals(flow.body.data.items.length, 4);
    assert(flow.body.data.items.every((i) => i.type === "deposit"));
    assertEquals((await srv.call("/api/account/assets")).body.code, -99);
  } finally {
    await srv.close();
  }
});

Deno.test("transfer: validation, no transferable amount, insufficient balance", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await login(srv);
    const t = (body: unknown, headers: Record<string, string> = {}) =>
      srv.call("/api/account/transfer", { token, body, headers });
    const ok = await t({ from: "spot", to: "contract", currency: "USDT", amount: "250.5" });
    assertEquals(ok.body.code, 0);
    assertEquals(ok.body.data.available, { from: "9749.5", to: "10250.5" });
    const bad: [unknown, string][] = [
      [{ from: "spot", to: "spot", currency: "USDT", amount: "1" }, "to"],
      [{ from: "spot", to: "contract", currency: "BTC", amount: "0.1" }, "currency"],
      [{ from: "spot", to: "contract", currency: "USDT", amount: "1.001" }, "amount"],
      [{ from: "spot", to: "contract", currency: "USDT", amount: "0" }, "amount"],
      [{ from: "spot", to: "contract", currency: "USDT", amount: "-5" }, "amount"],
      [{ from: "spot", to: "contract", currency: "USDT", amount: "1e3" }, "amount"],
      [{ from: "spot", to: "contract", currency: "USDT", amount: 5 }, "amount"],
      [{ from: "spot", to: "contract", currency: "USDT", amount: "999999999999" }, "amount"],
      [
        { from: "spot", to: "contract", currency: "USDT", amount: "1", userId: "10000002" },
        "userId",
      ],
    ];
    for (const [body, field] of bad) {
      const r = await t(body);
      assertEquals(r.status, 400, JSON.stringify(body));
      assert(Object.hasOwn(r.body.data.fields ?? {}, field), `${JSON.stringify(body)}: ${field}`);
    }
    const tooMuch = await t({ from: "contract", to: "spot", currency: "USDT", amount: "10250.51" });
    assertEquals(tooMuch.body.data.error, "INSUFFICIENT_BALANCE");
    assertEquals(tooMuch.body.message, "Insufficient balance");
    const badKey = await t({ from: "spot", to: "contract", currency: "USDT", amount: "1" }, {
      "idempotency-key": "not ok!",
    });
    assertEquals(badKey.status, 400);
    // the second customer has no contract balance: no transferable amount
    const other = await login(srv, "+12025550124");
    const none = await srv.call("/api/account/transfer", {
      token: other,
      body: { from: "contract", to: "spot", currency: "USDT", amount: "1" },
      headers: { "accept-language": "zh-CN" },
    });
    assertEquals(none.body.data.error, "NO_TRANSFERABLE");
    assert(!/[a-z]{4}/i.test(none.body.message), "localized");
  } finally {
    await srv.close();
  }
});

Deno.test("race: 50 concurrent debits against a balance that covers 10 -> exactly 10", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await login(srv, "+12025550124"); // 1,000 USDT in spot
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        srv.call("/api/account/transfer", {
          token,
          body: { from: "spot", to: "contract", currency: "USDT", amount: "100" },
        })),
    );
    assertEquals(replies.filter((r) => r.body.code === 0).length, 10);
    assert(
      replies.filter((r) => r.body.code !== 0).every((r) =>
        ["INSUFFICIENT_BALANCE", "NO_TRANSFERABLE"].includes(r.body.data.error!)
      ),
    );
    const a = await srv.call<{ rows: Row[] }>("/api/account/assets", { token });
    const spot = a.body.data.rows.find((r) => r.wallet === "spot" && r.currency === "USDT")!;
    const contract = a.body.data.rows.find((r) => r.wallet === "contract")!;
    assertEquals([spot.available, contract.available], ["0", "1000"]);
  } finally {
    await srv.close();
  }
});

Deno.test("idempotency: the same key 20 times concurrently -> one effect, identical replies", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await login(srv);
    const body = { from: "spot", to: "contract", currency: "USDT", amount: "10" };
    const replies = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          srv.call("/api/account/transfer", {
            token,
            body,
            headers: { "idempotency-key": "pay-42" },
          }),
      ),
    );
    assert(replies.every((r) => r.body.code === 0));
    assertEquals(new Set(replies.map((r) => JSON.stringify(r.body))).size, 1);
    const flow = await srv.call<{ items: unknown[] }>("/api/account/flow?type=transfer", { token });
    assertEquals(flow.body.data.items.length, 2); // one journal: spot -10, contract +10
    const before = await dumpKv(srv.kv, (k) => k[2] === "rate");
    const other = await srv.call("/api/account/transfer", {
      token,
      body: { ...body, amount: "11" },
      headers: { "idempotency-key": "pay-42" },
    });
    assertEquals(other.status, 409);
    assertEquals(other.body.data.error, "IDEMPOTENCY_CONFLICT");
    assertEquals(await dumpKv(srv.kv, (k) => k[2] === "rate"), before);
    // keys are per customer: another customer may use the same key
    const token2 = await login(srv, "+12025550124");
    const theirs = await srv.call("/api/account/transfer", {
      token: token2,
      body,
      headers: { "idempotency-key": "pay-42" },
    });
    assertEquals(theirs.body.code, 0);
  } finally {
    await srv.close();
  }
});

Deno.test("fund flow pages with a cursor and filters; other customers' lines stay private", async () => {
  const srv = await startServer({ seed: true });
  try {
    const token = await login(srv);
    for (let i = 1; i <= 5; i++) {
      await srv.call("/api/account/transfer", {
        token,
        body: { from: "spot", to: "contract", currency: "USDT", amount: String(i) },
      });
    }
    const seen: string[] = [];
    let cursor = "";
    for (let page = 0; page < 10; page++) {
      const r = await srv.call<
        { items: { journalId: string; available: string }[]; cursor: string | null }
      >(
        `/api/account/flow?limit=3&currency=USDT&wallet=contract&cursor=${
          encodeURIComponent(cursor)
        }`,
        { token },
      );
      seen.push(...r.body.data.items.map((i) => i.available));
      if (!r.body.data.cursor) break;
      cursor = r.body.data.cursor;
    }
    assertEquals(seen, ["5", "4", "3", "2", "1", "10000"]);
    const bad = await srv.call("/api/account/flow?limit=1000", { token });
    assertEquals(bad.status, 400);
    const badType = await srv.call("/api/account/flow?type=__proto__", { token });
    assertEquals(badType.status, 400);
    const token2 = await login(srv, "+12025550124");
    const theirs = await srv.call<{ items: unknown[] }>("/api/account/flow?limit=50", {
      token: token2,
    });
    assertEquals(theirs.body.data.items.length, 1);
  } finally {
    await srv.close();
  }
});
