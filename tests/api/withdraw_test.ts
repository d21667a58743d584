/**
 * Withdrawals through HTTP: rules first, freeze, review steps once, refund, payout, races.
 */
import { parseDecimal } from "../../core-wasm/mod.ts";
import { assert, assertEquals } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import { registerUser, startServer } from "../server.ts";
import {
  balance,
  bankCard,
  bindMethod,
  feedPrices,
  fmt,
  PAYOUT_REF,
  recharge,
  setDrawPassword,
  verifyJunior,
} from "./funds_helpers.ts";

Deno.test("withdrawal: rules first, freeze, review steps once, refund, payout, races", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const { token } = await registerUser(srv, "+12025550180");
    await setDrawPassword(srv, token, "135790");
    const body = (methodId: string, amount: string, drawPassword = "135790") => ({
      methodId,
      amount,
      drawPassword,
    });

    await t.step("junior verification is required", async () => {
      const r = await srv.call("/api/withdraw", { token, body: body("x", "10") });
      assertEquals(r.body.data.error, "CERTIFY_REQUIRED");
    });
    await verifyJunior(srv, token, op, "Ada Lovelace");
    const m = await bindMethod(srv, token, bankCard());
    const methodId = m.id;
    const id = await recharge(srv, token, "1000");
    await srv.call(`/api/admin/recharges/${id}/pass`, { token: op, method: "POST" });

    await t.step("turnover: what remains is shown; trading clears it", async () => {
      const r = await srv.call("/api/withdraw", { token, body: body(methodId, "100") });
      assertEquals([r.status, r.body.data.error], [403, "TURNOVER_REQUIRED"]);
      assert(r.body.message.includes("1000"), r.body.message);
      const p = await srv.call<{ turnover: { remaining: string }; fee: string; net: string }>(
        `/api/withdraw/preview?methodId=${methodId}&amount=100`,
        { token },
      );
      assertEquals(p.body.data.turnover.remaining, "1000");
      assertEquals([p.body.data.fee, p.body.data.net], ["1", "99"]);
      await feedPrices(srv);
      // trade 1,000 USDT: buy BTC with 600, then 400 more through the exchange
      for (const amount of ["600", "400"]) {
        const q = await srv.call<{ quoteId: string }>("/api/exchange/quote", {
          token,
          body: { from: "USDT", to: "BTC", amount },
        });
        const c = await srv.call("/api/exchange/confirm", {
          token,
          body: { quoteId: q.body.data.quoteId },
        });
        assertEquals(c.body.code, 0, JSON.stringify(c.body));
      }
      const after = await srv.call<{ turnover: { remaining: string } }>(
        `/api/withdraw/preview?methodId=${methodId}`,
        { token },
      );
      assertEquals(after.body.data.turnover.remaining, "0");
      // sell the BTC back: spot holds USDT again
      // BTC input has 6 decimals: sell what that precision allows
      const btc = (await balance(srv, token, "BTC")).available.replace(/(\.\d{6})\d+$/, "$1");
      const q = await srv.call<{ quoteId: string }>("/api/exchange/quote", {
        token,
        body: { from: "BTC", to: "USDT", amount: btc },
      });
      const sold = await srv.call("/api/exchange/confirm", {
        token,
        body: { quoteId: q.body.data.quoteId },
      });
      assertEquals(sold.body.code, 0, JSON.stringify(sold.body));
    });

    const usdt = (await balance(srv, token)).available;
    await t.step("limits, wrong password, nothing frozen", async () => {
      for (
        const [amount, error] of <[string, string][]> [
          ["5", "WITHDRAW_LIMITS"],
          ["50001", "WITHDRAW_LIMITS"],
          ["1.001", "VALIDATION"],
          ["-3", "VALIDATION"],
        ]
      ) {
        const r = await srv.call("/api/withdraw", { token, body: body(methodId, amount) });
        assertEquals(r.body.data.error, error, amount);
      }
      const wrong = await srv.call("/api/withdraw", {
        token,
        body: body(methodId, "10", "000000"),
      });
      assertEquals(wrong.body.data.error, "DRAW_PASSWORD_INCORRECT");
      const other = await srv.call("/api/withdraw", { token, body: body("0000-nope", "10") });
      assertEquals(other.body.data.error, "VALIDATION");
      assertEquals(await balance(srv, token), { available: usdt, frozen: "0" });
    });

    await t.step(
      "password guesses racing: at most 5 failures answered, then even the right one waits",
      async () => {
        // a fresh 15-minute window (fixed windows: one turning mid-step would reset the count)
        const windowMs = 15 * 60_000;
        srv.advance(windowMs - (srv.deps.now() % windowMs) + 1000);
        const guesses = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            srv.call("/api/withdraw", {
              token,
              body: body(methodId, "10", `00000${i}`),
            })),
        );
        const answers = guesses.map((r) => r.body.data.error).sort();
        assertEquals(answers, [
          ...Array(5).fill("DRAW_PASSWORD_INCORRECT"),
          ...Array(3).fill("RATE_LIMITED"),
        ]);
        const right = await srv.call("/api/withdraw", { token, body: body(methodId, "10") });
        assertEquals(right.body.data.error, "RATE_LIMITED");
        assertEquals(await balance(srv, token), { available: usdt, frozen: "0" });
        // the next window: the right password passes again (the steps below)
        srv.advance(windowMs);
      },
    );

    let wid = "";
    await t.step("request: fee shown, amount frozen, auditing", async () => {
      const r = await srv.call<{ id: string; status: string; fee: string; net: string }>(
        "/api/withdraw",
        { token, body: body(methodId, "200"), headers: { "idempotency-key": "w-1" } },
      );
      assertEquals([r.body.data.status, r.body.data.fee, r.body.data.net], [
        "auditing",
        "2",
        "198",
      ], JSON.stringify(r.body));
      wid = r.body.data.id;
      const replay = await srv.call<{ id: string }>("/api/withdraw", {
        token,
        body: body(methodId, "200"),
        headers: { "idempotency-key": "w-1" },
      });
      assertEquals(replay.body.data.id, wid);
      const b = await balance(srv, token);
      assertEquals(b.frozen, "200");
      assertEquals(parseDecimal(b.available), parseDecimal(usdt) - parseDecimal("200"));
    });

    await t.step("freeze blocks decisions; thaw restores; reject refunds once", async () => {
      const fr = await srv.call<{ status: string }>(`/api/admin/withdrawals/${wid}/freeze`, {
        token: op,
        method: "POST",
      });
      assertEquals(fr.body.data.status, "frozen");
      const blocked = await srv.call(`/api/admin/withdrawals/${wid}/pass`, {
        token: op,
        method: "POST",
      });
      assertEquals(blocked.body.data.error, "ALREADY_DECIDED");
      const th = await srv.call<{ status: string }>(`/api/admin/withdrawals/${wid}/thaw`, {
        token: op,
        method: "POST",
      });
      assertEquals(th.body.data.status, "auditing");
      const [a, b] = await Promise.all([
        srv.call(`/api/admin/withdrawals/${wid}/reject`, {
          token: op,
          body: { reason: "Name mismatch at the bank" },
        }),
        srv.call(`/api/admin/withdrawals/${wid}/reject`, {
          token: op,
          body: { reason: "Name mismatch at the bank" },
        }),
      ]);
      assertEquals([a.body.code, b.body.code], [0, 0]); // the same click twice: one journal
      assertEquals(await balance(srv, token), { available: usdt, frozen: "0" });
      const h = await srv.call<{ items: { status: string; reason: string; history: unknown[] }[] }>(
        "/api/withdraw/history",
        { token },
      );
      assertEquals(h.body.data.items[0]!.status, "rejected");
      assertEquals(h.body.data.items[0]!.reason, "Name mismatch at the bank");
    });

    /** which decision won the complete-vs-reject race (the audit log must show that one) */
    let raceWinner: "withdrawal.complete" | "withdrawal.reject" = "withdrawal.reject";
    await t.step("pass -> withdrawing -> complete (paid out) vs reject: one wins", async () => {
      const r = await srv.call<{ id: string }>("/api/withdraw", {
        token,
        body: body(methodId, "100"),
      });
      const id = r.body.data.id;
      const p = await srv.call<{ status: string }>(`/api/admin/withdrawals/${id}/pass`, {
        token: op,
        method: "POST",
      });
      assertEquals(p.body.data.status, "withdrawing");
      const op2 = await operatorToken(srv);
      const [c, j] = await Promise.all([
        srv.call<{ status: string }>(`/api/admin/withdrawals/${id}/complete`, {
          token: op,
          body: { reference: PAYOUT_REF.bank },
        }),
        srv.call(`/api/admin/withdrawals/${id}/reject`, { token: op2, body: { reason: "late" } }),
      ]);
      assertEquals([c.body.code, j.body.code].sort(), [0, 409]);
      if (c.body.code === 0) raceWinner = "withdrawal.complete";
      const b = await balance(srv, token);
      assertEquals(b.frozen, "0");
      const expected = parseDecimal(usdt) - (c.body.code === 0 ? parseDecimal("100") : 0n);
      assertEquals(parseDecimal(b.available), expected);
    });

    await t.step("50 concurrent withdrawals on a balance for 10: exactly 10", async () => {
      const avail = parseDecimal((await balance(srv, token)).available);
      // leave exactly 10 x 20 USDT available: move the rest to the contract wallet
      const cent = 1_000_000n; // transfers carry USDT with 2 decimals
      const excess = (avail - parseDecimal("200")) / cent * cent;
      if (excess > 0n) {
        const tr = await srv.call("/api/account/transfer", {
          token,
          body: { from: "spot", to: "contract", currency: "USDT", amount: fmt(excess) },
        });
        assertEquals(tr.body.code, 0, JSON.stringify(tr.body));
      }
      const rs = await Promise.all(
        Array.from(
          { length: 50 },
          () => srv.call("/api/withdraw", { token, body: body(methodId, "20") }),
        ),
      );
      const ok = rs.filter((r) => r.body.code === 0).length;
      assertEquals(ok, 10, JSON.stringify(rs.filter((r) => r.body.code !== 0)[0]?.body));
      assert(rs.every((r) => r.body.code === 0 || r.body.data.error === "INSUFFICIENT_BALANCE"));
      const left = await balance(srv, token);
      assertEquals(left.frozen, "200");
      assert(parseDecimal(left.available) < cent, left.available);
    });

    await t.step("operators close withdrawals: channel under maintenance", async () => {
      const cur = await srv.call<Record<string, unknown>>("/api/admin/withdraw-settings", {
        token: op,
      });
      assertEquals(cur.body.data.turnoverRatio, "1");
      const closed = { ...cur.body.data, enabled: false };
      const bad = await srv.call("/api/admin/withdraw-settings", {
        token: op,
        method: "PUT",
        body: {
          ...closed,
          rules: {
            ...(cur.body.data.rules as Record<string, unknown>),
            USDT: { min: "10", max: "5", feeRate: "0.01", minFee: "1" },
          },
        },
      });
      assertEquals(bad.body.data.error, "VALIDATION");
      const asCustomer = await srv.call("/api/admin/withdraw-settings", {
        token,
        method: "PUT",
        body: closed,
      });
      assertEquals(asCustomer.body.code, -99);
      const put = await srv.call("/api/admin/withdraw-settings", {
        token: op,
        method: "PUT",
        body: closed,
      });
      assertEquals(put.body.code, 0, JSON.stringify(put.body));
      const r = await srv.call("/api/withdraw", { token, body: body(methodId, "10") });
      assertEquals([r.status, r.body.data.error], [503, "WITHDRAW_CLOSED"]);
      assert(/maintenance/.test(r.body.message));
      // a retry of an accepted request still gets its first reply
      const retry = await srv.call<{ id: string }>("/api/withdraw", {
        token,
        body: body(methodId, "200"),
        headers: { "idempotency-key": "w-1" },
      });
      assertEquals(retry.body.data.id, wid);
      await srv.call("/api/admin/withdraw-settings", {
        token: op,
        method: "PUT",
        body: cur.body.data,
      });
    });

    await t.step("24 h after a password reset withdrawals are refused", async () => {
      const phone = "+12025550180";
      await srv.call("/api/sms/code", { body: { phone, purpose: "reset" } });
      const { lastCode } = await import("../server.ts");
      const code = await lastCode(srv, phone, "reset");
      const reset = await srv.call("/api/user/password/reset", {
        body: { phone, code, newPassword: "Another-2026" },
      });
      assertEquals(reset.body.code, 0, JSON.stringify(reset.body));
      const login = await srv.call("/api/login", { body: { phone, password: "Another-2026" } });
      const t2 = login.headers.get("authorization")!;
      const r = await srv.call("/api/withdraw", { token: t2, body: body(methodId, "10") });
      assertEquals([r.status, r.body.data.error], [403, "WITHDRAW_RESET_BAN"]);
      assert(r.body.message.includes("24"), r.body.message);
    });

    await t.step("withdrawal audit trail and messages", async () => {
      // the whole log, page by page (the races above write many entries)
      const actions: string[] = [];
      let cursor = "";
      do {
        const audit = await srv.call<
          { items: { action: string; before: unknown; after: unknown }[]; cursor: string | null }
        >(
          `/api/admin/audit?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
          { token: op },
        );
        assertEquals(audit.body.code, 0, JSON.stringify(audit.body));
        actions.push(...audit.body.data.items.map((e) => e.action));
        cursor = audit.body.data.cursor ?? "";
      } while (cursor);
      for (
        const a of [
          "withdrawal.freeze",
          "withdrawal.thaw",
          "withdrawal.reject",
          "withdrawal.pass",
          raceWinner,
          "withdrawSettings.update",
        ]
      ) {
        assert(actions.includes(a), a);
      }
    });
  } finally {
    await srv.close();
  }
});
