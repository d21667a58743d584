/**
 * A customer's day through the client the islands use (islands/lib/api.ts: openapi-fetch over the
 * types generated from /api/doc), against a real server: sign in, move money to the contract
 * wallet, a fast contract and its settlement, then a withdrawal request. Every call names its
 * documented path; a path, a body or a reply that left the document would not type-check here,
 * and a server that answered other than the document says would fail the assertions.
 */
import { envelopeOf, typedClient } from "../../islands/lib/api.ts";
import { assert, assertEquals } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import { startServer, type TestServer, tick } from "../server.ts";
import { endHold, securityCode } from "./funds_helpers.ts";

/** The generated client against `srv`, carrying `token()` like the islands carry theirs. */
function clientOf(srv: TestServer, token: () => string | null) {
  return typedClient({
    baseUrl: `${srv.base}/api`,
    headers: () => {
      const t = token();
      return { "Accept-Language": "en", appKey: "demo", ...(t ? { Authorization: t } : {}) };
    },
    timeoutMs: 30_000,
  });
}

Deno.test("a customer's day through the generated client: login, transfer, fast order and its settlement, a withdrawal", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    let token: string | null = null;
    const api = clientOf(srv, () => token);

    await t.step("login: the session comes back in the authorization header", async () => {
      const r = await api.POST("/login", {
        body: { phone: "+12025550123", password: "Demo-2026" },
      });
      const env = envelopeOf(r);
      assertEquals(env.code, 0, JSON.stringify(env));
      token = r.response.headers.get("authorization");
      assert(token, "no session token");
      const me = envelopeOf(await api.GET("/user/info"));
      assertEquals(me.data.userId, env.data.userId);
    });

    await t.step(
      "transfer 500 USDT spot -> contract; a retry with its key moves nothing",
      async () => {
        const header = { "idempotency-key": "day-transfer-1" };
        const body = { from: "spot" as const, to: "contract" as const, currency: "USDT" as const };
        const first = envelopeOf(
          await api.POST("/account/transfer", {
            body: { ...body, amount: "500" },
            params: { header },
          }),
        );
        assertEquals(first.code, 0, JSON.stringify(first));
        const again = envelopeOf(
          await api.POST("/account/transfer", {
            body: { ...body, amount: "500" },
            params: { header },
          }),
        );
        assertEquals(again.data, first.data);
        const assets = envelopeOf(await api.GET("/account/assets"));
        const usdt = (wallet: string) =>
          assets.data.rows.find((r) => r.wallet === wallet && r.currency === "USDT")!.available;
        assertEquals([usdt("spot"), usdt("contract")], ["9500", "10500"]);
      },
    );

    let orderNo = "";
    await t.step("fast order: 100 USDT up for 30 s at the last tick", async () => {
      await tick(srv, "60000", 1000, "BTCUSDT", 1n);
      const r = envelopeOf(
        await api.POST("/fast/order", {
          body: { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "100" },
          params: { header: { "idempotency-key": "day-fast-1" } },
        }),
      );
      assertEquals(r.code, 0, JSON.stringify(r));
      assertEquals([r.data.status, r.data.entry.price], ["open", "60000"]);
      orderNo = r.data.orderNo;
    });

    await t.step("its settlement: the last tick at or before expiry wins it", async () => {
      await tick(srv, "60100", 20_000, "BTCUSDT", 1n);
      await tick(srv, "59000", 15_000, "BTCUSDT", 1n); // after expiry: not the exit
      const settled = envelopeOf(
        await api.GET("/fast/orders", { params: { query: { status: "settled" } } }),
      );
      const o = settled.data.items.find((x) => x.orderNo === orderNo)!;
      assertEquals([o.status, o.outcome, o.exit?.price], ["settled", "win", "60100"]);
      const proof = envelopeOf(
        await api.GET("/settlements/{orderNo}", { params: { path: { orderNo } } }),
      );
      assertEquals(proof.code, 0, JSON.stringify(proof));
    });

    await t.step("a withdrawal request: verified, a bound method, the amount frozen", async () => {
      const junior = envelopeOf(
        await api.POST("/certify/junior", {
          body: {
            name: "Demo Customer",
            docType: "passport",
            docNumber: "P20260123",
            country: "US",
          },
        }),
      );
      assertEquals(junior.code, 0, JSON.stringify(junior));
      // the operator passes it through the same client with the operator's token
      const opToken = await operatorToken(srv);
      const ops = clientOf(srv, () => opToken);
      const queue = envelopeOf(
        await ops.GET("/admin/certifications", { params: { query: { status: "authenticating" } } }),
      );
      const item = queue.data.items.find((i) => i.junior?.docNumber === "P20260123")!;
      const pass = envelopeOf(
        await ops.POST("/admin/certifications/{id}/{action}", {
          params: { path: { id: item.id, action: "pass" } },
          body: {},
        }),
      );
      assertEquals(pass.code, 0, JSON.stringify(pass));

      const code = await securityCode(srv, token!);
      const bound = envelopeOf(
        await api.POST("/payment-methods", {
          body: {
            kind: "crypto",
            type: "BTC",
            address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
            code,
          },
        }),
      );
      assertEquals(bound.code, 0, JSON.stringify(bound));
      await endHold(srv, token!, bound.data.id);

      const w = envelopeOf(
        await api.POST("/withdraw", {
          body: { methodId: bound.data.id, amount: "0.01", drawPassword: "246810" },
          params: { header: { "idempotency-key": "day-withdraw-1" } },
        }),
      );
      assertEquals(w.code, 0, JSON.stringify(w));
      const mine = envelopeOf(
        await api.GET("/withdraw/{id}", { params: { path: { id: w.data.id } } }),
      );
      assertEquals([mine.data.id, mine.data.amount], [w.data.id, "0.01"]);
    });

    await t.step("a signed-out client gets -99 as the document says", async () => {
      const anonymous = clientOf(srv, () => null);
      const r = envelopeOf(await anonymous.GET("/withdraw/history"));
      assertEquals([r.code, r.data.error], [-99, "UNAUTHORIZED"]);
    });
  } finally {
    await srv.close();
  }
});
