/**
 * Every figure adds up, every message fits (issue 28, section 5), through HTTP: the withdrawal
 * preview quotes a fee and a net only for an amount that could be withdrawn; a recharge says what
 * is wrong with its amount or its voucher, each case in its own words.
 */
import { assertEquals } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import { registerUser, startServer } from "../server.ts";
import { recharge, upload } from "./funds_helpers.ts";

Deno.test("figures: the withdrawal preview has no fee or net for an amount it would refuse", async () => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const { token } = await registerUser(srv, "+12025550291");
    const id = await recharge(srv, token, "1000");
    await srv.call(`/api/admin/recharges/${id}/pass`, { token: op, method: "POST" });
    const preview = async (amount: string) => {
      const r = await srv.call<{ fee: string | null; net: string | null }>(
        `/api/withdraw/preview?amount=${amount}`,
        { token },
      );
      return [r.body.data.fee, r.body.data.net];
    };
    // USDT: 10 to 50,000, 1 % with a minimum of 1; the balance is 1,000
    assertEquals(await preview("100"), ["1", "99"]);
    assertEquals(await preview("60000"), [null, null], "beyond the maximum");
    assertEquals(await preview("2000"), [null, null], "beyond the balance");
    assertEquals(await preview("5"), [null, null], "below the minimum");
  } finally {
    await srv.close();
  }
});

Deno.test("figures: a recharge says what is wrong with the amount and the voucher", async () => {
  const srv = await startServer({ seed: true });
  try {
    const { token } = await registerUser(srv, "+12025550292");
    const voucherImageId = await upload(srv, token);
    const send = async (amount: string, voucher: string | null = voucherImageId) => {
      const r = await srv.call<{ error: string; fields: Record<string, string> }>("/api/recharge", {
        token,
        body: {
          currency: "USDT",
          channelId: "bank-usdt",
          amount,
          remitterName: "Ada Lovelace",
          remitterAccount: "GB82WEST12345698765432",
          ...(voucher === null ? {} : { voucherImageId: voucher }),
        },
      });
      assertEquals(r.body.data.error, "VALIDATION", JSON.stringify(r.body));
      return r.body.data.fields;
    };
    const cases: [string, string][] = [
      ["12abc", "Enter the amount in digits, for example 100.5"],
      ["-5", "The amount cannot be negative"],
      ["0", "Enter an amount above zero"],
      ["0.00", "Enter an amount above zero"],
      ["1.005", "Too many decimal places: USDT takes 2, BTC 6, ETH 5"],
      ["12345678901234567", "Too many digits: the amount can be at most 100,000,000"],
    ];
    for (const [amount, message] of cases) {
      assertEquals((await send(amount)).amount, message, amount);
    }
    assertEquals(
      (await send("100", null)).voucherImageId,
      "Add the voucher image (a photo or screenshot of your transfer)",
    );
    assertEquals(
      (await send("100", "")).voucherImageId,
      (await send("100", null)).voucherImageId,
    );
  } finally {
    await srv.close();
  }
});
