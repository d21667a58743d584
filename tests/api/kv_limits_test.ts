/**
 * KV limits: every atomic commit stays within the smallest backend's limits (self-hosted denokv:
 * 10 checks per atomic operation; every backend: 1000 mutations). The heaviest money flows run
 * through HTTP on one store; the store's handle measures every commit (`kvStats`).
 */
import { bankCard, bindMethod, PAYOUT_REF } from "./funds_helpers.ts";
import { assert, assertEquals } from "../assert.ts";
import { kvStats } from "../../edge/platform/kvstore.ts";
import { operatorToken } from "../operator.ts";
import { LONG_10X, startServer, type TestServer, tick } from "../server.ts";
import { demoToken } from "../e2e/session.ts";

async function both(srv: TestServer, btc: string, dt = 1000) {
  await tick(srv, btc, dt);
  await tick(srv, "3000", 0, "ETHUSDT");
}

/** self-hosted denokv's checks per atomic operation; every backend's mutations */
const MAX_CHECKS = 10;
const MAX_MUTATIONS = 1000;

type Pos = { orderNo: string; status: string; closeReason: string | null };

Deno.test("the heaviest flows commit within 10 checks and 1000 mutations", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const token = await demoToken(srv);
    const ok = (r: { body: { code: number } }) =>
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
    await both(srv, "60000");

    await t.step("transfer", async () => {
      ok(
        await srv.call("/api/account/transfer", {
          token,
          body: { from: "spot", to: "contract", currency: "USDT", amount: "2000" },
        }),
      );
    });

    await t.step("exchange: quote and confirm", async () => {
      const q = await srv.call<{ quoteId: string }>("/api/exchange/quote", {
        token,
        body: { from: "ETH", to: "BTC", amount: "1" },
      });
      ok(q);
      ok(
        await srv.call("/api/exchange/confirm", { token, body: { quoteId: q.body.data.quoteId } }),
      );
    });

    await t.step("spot: market buy, limit buy held and filled on the cross", async () => {
      const order = (body: Record<string, unknown>) =>
        srv.call<{ status: string }>("/api/spot/order", {
          token,
          body: { symbol: "BTCUSDT", ...body },
        });
      ok(await order({ side: "buy", type: "market", qty: "0.01" }));
      const lim = await order({ side: "buy", type: "limit", qty: "0.1", price: "59000" });
      assertEquals(lim.body.data.status, "open");
      await both(srv, "58900");
      const filled = await srv.call<{ items: unknown[] }>("/api/spot/orders?status=filled", {
        token,
      });
      assertEquals(filled.body.data.items.length, 2);
    });

    await t.step("fast contracts: orders and their settlement", async () => {
      for (const direction of ["up", "down"]) {
        ok(
          await srv.call("/api/fast/order", {
            token,
            body: { symbol: "BTCUSDT", direction, duration: 30, stake: "100" },
          }),
        );
      }
      await both(srv, "59000", 20_000);
      await both(srv, "59100", 15_000);
      const settled = await srv.call<{ items: unknown[] }>("/api/fast/orders?status=settled", {
        token,
      });
      assertEquals(settled.body.data.items.length, 2);
    });

    await t.step(
      "leveraged: open with a stop, partial close, the engine stops it out",
      async () => {
        const open = await srv.call<Pos>("/api/contract/order", {
          token,
          body: { ...LONG_10X, stopLoss: "58000" },
        });
        ok(open);
        ok(
          await srv.call(`/api/contract/positions/${open.body.data.orderNo}/close`, {
            token,
            body: { lots: 4 },
          }),
        );
        await both(srv, "57900");
        const closed = await srv.call<{ items: Pos[] }>("/api/contract/positions?status=closed", {
          token,
        });
        assertEquals(closed.body.data.items[0]?.closeReason, "stopLoss");
      },
    );

    await t.step("hedged group of six legs liquidated together in one commit", async () => {
      await both(srv, "60000");
      const order = (side: string, lots: number) =>
        srv.call<Pos>("/api/contract/order", {
          token,
          body: { symbol: "BTCUSDT", side, lots, leverage: 50, type: "market" },
        });
      for (const [side, lots] of [["long", 300], ["long", 300], ["long", 400]] as const) {
        ok(await order(side, lots));
      }
      for (const [side, lots] of [["short", 200], ["short", 150], ["short", 150]] as const) {
        ok(await order(side, lots));
      }
      const held = async () =>
        (await srv.call<{ items: Pos[] }>("/api/contract/positions?status=holding", { token }))
          .body.data.items;
      assertEquals((await held()).length, 6);
      await both(srv, "55000"); // far through the group's level
      assertEquals(await held(), []);
    });

    await t.step("withdrawal: freeze, operator pass and completion (payout)", async () => {
      const op = await operatorToken(srv);
      const docNumber = `P${crypto.getRandomValues(new Uint32Array(1))[0]}`;
      ok(
        await srv.call("/api/certify/junior", {
          token,
          body: { name: "Demo Customer", docType: "passport", docNumber, country: "US" },
        }),
      );
      const q = await srv.call<{ items: { id: string; junior: { docNumber: string } }[] }>(
        "/api/admin/certifications?status=authenticating&limit=100",
        { token: op },
      );
      const sub = q.body.data.items.find((i) => i.junior?.docNumber === docNumber)!;
      ok(await srv.call(`/api/admin/certifications/${sub.id}/pass`, { token: op, method: "POST" }));
      const m = await bindMethod(srv, token, bankCard("Demo Customer"));
      const w = await srv.call<{ id: string }>("/api/withdraw", {
        token,
        body: { methodId: m.id, amount: "100", drawPassword: "246810" },
      });
      ok(w);
      const id = w.body.data.id;
      ok(await srv.call(`/api/admin/withdrawals/${id}/pass`, { token: op, method: "POST" }));
      ok(
        await srv.call(`/api/admin/withdrawals/${id}/complete`, {
          token: op,
          body: { reference: PAYOUT_REF.bank },
        }),
      );
    });

    const s = kvStats(srv.kv)!;
    const most = s.maxChecks!, biggest = s.maxMutations!;
    console.log(
      `${s.commits} commits; most checks: ${most.checks} checks, ${most.mutations} mutations ` +
        `(${most.label}); most mutations: ${biggest.mutations} mutations, ${biggest.checks} ` +
        `checks (${biggest.label})`,
    );
    assert(most.checks <= MAX_CHECKS, `a commit with ${most.checks} checks: ${most.label}`);
    assert(
      biggest.mutations <= MAX_MUTATIONS,
      `a commit with ${biggest.mutations} mutations: ${biggest.label}`,
    );
  } finally {
    await srv.close();
  }
});
