/**
 * Recharges through HTTP: channels, evidence uploads, review once (races), credit, audit and
 * messages. Identity and payment methods: certify_test.ts; withdrawals: withdraw_test.ts.
 */
import { assert, assertEquals } from "../assert.ts";
import { operatorToken, operatorWithRoles } from "../operator.ts";
import { dumpKv, registerUser, startServer } from "../server.ts";
import { balance, recharge, rechargeBody, upload } from "./funds_helpers.ts";

Deno.test("recharge: channels, evidence, review once, credit, audit and message", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const { token } = await registerUser(srv, "+12025550150");
    const other = await registerUser(srv, "+12025550151");

    await t.step("channels are listed for signed-in customers only", async () => {
      const anon = await srv.call("/api/recharge/channels");
      assertEquals([anon.status, anon.body.code], [401, -99]);
      const r = await srv.call<{ items: { id: string; enabled: boolean }[] }>(
        "/api/recharge/channels",
        { token },
      );
      assert(r.body.data.items.some((c) => c.id === "bank-usdt" && c.enabled));
      assert(r.body.data.items.some((c) => c.id === "eth" && !c.enabled));
    });

    await t.step("refusals change nothing", async () => {
      const mine = await upload(srv, token);
      const theirs = await upload(srv, other.token);
      const base = {
        currency: "USDT",
        channelId: "bank-usdt",
        amount: "100",
        remitterName: "Ada",
        remitterAccount: "123",
        voucherImageId: mine,
      };
      // rate limits count attempts; the engine's lease is renewed every second meanwhile
      const skip = (k: Deno.KvKey) =>
        k.includes("rate") || k.includes("rechargeRate") || k[0] === "lease";
      const before = await dumpKv(srv.kv, skip);
      const cases: [Record<string, unknown>, number, string][] = [
        [{ ...base, channelId: "eth", currency: "ETH" }, 503, "RECHARGE_CLOSED"],
        [{ ...base, currency: "BTC" }, 400, "VALIDATION"],
        [{ ...base, voucherImageId: theirs }, 400, "VALIDATION"],
        [{ ...base, amount: "0" }, 400, "VALIDATION"],
        [{ ...base, amount: "1.001" }, 400, "VALIDATION"],
        [{ ...base, amount: "1e3" }, 400, "VALIDATION"],
        [{ ...base, remitterName: "<script>" }, 400, "VALIDATION"],
        [{ ...base, extra: 1 }, 400, "VALIDATION"],
        [{ ...base, channelId: "nope" }, 400, "VALIDATION"],
      ];
      for (const [body, status, error] of cases) {
        const r = await srv.call("/api/recharge", { token, body });
        assertEquals([r.status, r.body.data.error], [status, error], JSON.stringify(body));
      }
      const closed = await srv.call("/api/recharge", {
        token,
        body: { ...base, channelId: "eth", currency: "ETH" },
        headers: { "accept-language": "en" },
      });
      assert(/maintenance/i.test(closed.body.message), closed.body.message);
      assertEquals(await dumpKv(srv.kv, skip), before);
    });

    let id = "";
    await t.step("submitted -> auditing; visible to its owner only", async () => {
      id = await recharge(srv, token, "1000");
      const h = await srv.call<{ items: { id: string; status: string; decidedBy?: string }[] }>(
        "/api/recharge/history",
        { token },
      );
      assertEquals(h.body.data.items[0]!.id, id);
      assertEquals(h.body.data.items[0]!.status, "auditing");
      assertEquals(h.body.data.items[0]!.decidedBy, undefined);
      const theirs = await srv.call(`/api/recharge/${id}`, { token: other.token });
      assertEquals(theirs.status, 404);
      const asCustomer = await srv.call("/api/admin/recharges?status=auditing", { token });
      assertEquals([asCustomer.status, asCustomer.body.code], [401, -99]);
    });

    await t.step("one receipt backs one recharge", async () => {
      const r = await srv.call<{ items: { id: string; voucherImageId: string }[] }>(
        "/api/recharge/history",
        { token },
      );
      const again = await srv.call("/api/recharge", {
        token,
        body: rechargeBody("1000", r.body.data.items[0]!.voucherImageId),
      });
      assertEquals(
        again.body.data.fields?.voucherImageId,
        "This photo was already submitted; upload a new one",
      );
      const h = await srv.call<{ items: unknown[] }>("/api/recharge/history", { token });
      assertEquals(h.body.data.items.length, 1);
    });

    await t.step(
      "operator sees the queue and the voucher; the customer next door does not",
      async () => {
        const q = await srv.call<{ items: { id: string; voucherImageId: string }[] }>(
          "/api/admin/recharges?status=auditing",
          { token: op },
        );
        const item = q.body.data.items.find((i) => i.id === id)!;
        const img = await fetch(`${srv.base}/api/image/${item.voucherImageId}`, {
          headers: { authorization: op },
        });
        assertEquals(img.status, 200);
        assertEquals(img.headers.get("content-type"), "image/png");
        assertEquals(img.headers.get("x-content-type-options"), "nosniff");
        await img.arrayBuffer();
        const owner = await fetch(`${srv.base}/api/image/${item.voucherImageId}`, {
          headers: { authorization: token },
        });
        assertEquals(owner.status, 200);
        await owner.arrayBuffer();
        const stranger = await fetch(`${srv.base}/api/image/${item.voucherImageId}`, {
          headers: { authorization: other.token },
        });
        assertEquals(stranger.status, 404);
        await stranger.arrayBuffer();
        const anon = await fetch(`${srv.base}/api/image/${item.voucherImageId}`);
        assertEquals(anon.status, 401);
        await anon.arrayBuffer();
        // a voucher is funds evidence: an identity-only operator cannot read it
        const idOnly = await operatorWithRoles(srv, "kyc-only", ["identity"]);
        const denied = await fetch(`${srv.base}/api/image/${item.voucherImageId}`, {
          headers: { authorization: idOnly },
        });
        assertEquals(denied.status, 404);
        await denied.arrayBuffer();
        const queue = await srv.call("/api/admin/recharges", { token: idOnly });
        assertEquals([queue.status, queue.body.data.error], [403, "FORBIDDEN"]);
      },
    );

    await t.step("two operators pass and reject at once: exactly one decision", async () => {
      const op2 = await operatorToken(srv);
      const [a, b] = await Promise.all([
        srv.call(`/api/admin/recharges/${id}/pass`, { token: op, method: "POST" }),
        srv.call(`/api/admin/recharges/${id}/reject`, {
          token: op2,
          body: { reason: "No funds received" },
        }),
      ]);
      const codes = [a.body.code, b.body.code].sort();
      assertEquals(codes, [0, 409], JSON.stringify([a.body, b.body]));
      const passed = a.body.code === 0;
      assertEquals((await balance(srv, token)).available, passed ? "1000" : "0");
      // the same click again: no second credit
      const again = await srv.call(`/api/admin/recharges/${id}/pass`, {
        token: op,
        method: "POST",
      });
      assertEquals(again.body.code, passed ? 0 : 409);
      assertEquals((await balance(srv, token)).available, passed ? "1000" : "0");
      if (!passed) {
        // make the rest of the test deterministic: a second recharge, passed
        const id2 = await recharge(srv, token, "1000");
        const p = await srv.call(`/api/admin/recharges/${id2}/pass`, { token: op, method: "POST" });
        assertEquals(p.body.code, 0);
        id = id2;
      }
      assertEquals((await balance(srv, token)).available, "1000");
    });

    await t.step("double approval by two operators credits once", async () => {
      const id3 = await recharge(srv, token, "50");
      const op3 = await operatorToken(srv);
      const rs = await Promise.all([
        srv.call(`/api/admin/recharges/${id3}/pass`, { token: op, method: "POST" }),
        srv.call(`/api/admin/recharges/${id3}/pass`, { token: op3, method: "POST" }),
        srv.call(`/api/admin/recharges/${id3}/pass`, { token: op, method: "POST" }),
      ]);
      assert(rs.some((r) => r.body.code === 0));
      assert(rs.every((r) => r.body.code === 0 || r.body.data.error === "ALREADY_DECIDED"));
      assertEquals((await balance(srv, token)).available, "1050");
    });

    await t.step("every decision is in the audit log; the customer got messages", async () => {
      const audit = await srv.call<
        { items: { action: string; target: string; operator: string }[] }
      >(
        "/api/admin/audit?limit=100",
        { token: op },
      );
      const passes = audit.body.data.items.filter((e) => e.action === "recharge.pass");
      assertEquals(passes.length, 2);
      assert(passes.every((e) => e.operator === "ops"));
      const m = await srv.call<
        { items: { kind: string; title: string; body: string }[]; unread: number }
      >(
        "/api/message",
        { token },
      );
      const credited = m.body.data.items.filter((i) => i.kind === "rechargePassed");
      assertEquals(credited.length, 2);
      assert(credited[0]!.body.includes("50"), credited[0]!.body);
      assertEquals(m.body.data.unread, m.body.data.items.length);
      const theirs = await srv.call<{ items: unknown[] }>("/api/message", { token: other.token });
      assertEquals(theirs.body.data.items.length, 0);
    });
  } finally {
    await srv.close();
  }
});
