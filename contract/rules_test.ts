import fc from "fast-check";
import { assertEquals } from "../tests/assert.ts";
import { SCALE, stopsValid } from "../core-wasm/mod.ts";
import { DrawPassword, LoginPassword, SmsCode, TotpCode } from "./customers.ts";
import { allowedActions, allows, latestSpotOrder } from "./actions.ts";
import {
  codeProblem,
  drawPasswordProblem,
  isLoginPassword,
  passwordProblem,
} from "./credentials.ts";
import {
  amountRules,
  CURRENCIES,
  DECIMALS,
  fastStakeRules,
  stopRules,
  transferRules,
  withdrawAmountRules,
} from "./rules.ts";

Deno.test("rules: stop sides agree with the pricing core's stop validity", () => {
  const units = fc.bigInt({ min: 1n, max: 10_000_000n * 100_000_000n });
  fc.assert(
    fc.property(
      fc.constantFrom("long", "short" as const),
      units,
      units,
      units,
      (side, p, sl, tp) => {
        const core = stopsValid(side as "long" | "short", p, { stopLoss: sl, takeProfit: tp });
        const wrong = new Set(
          stopRules(side as "long" | "short", p, { stopLoss: sl, takeProfit: tp })
            .map((f) => f.field),
        );
        assertEquals(!wrong.has("stopLoss"), core.stopLoss);
        assertEquals(!wrong.has("takeProfit"), core.takeProfit);
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("rules: fast stake and withdrawal limits name the field, the error and the limits", () => {
  assertEquals(fastStakeRules({ stake: "5", min: "10", max: "5000" })[0], {
    field: "stake",
    error: "STAKE_OUT_OF_RANGE",
    key: "rules.stakeRange",
    params: { min: "10", max: "5000" },
  });
  assertEquals(
    fastStakeRules({ stake: "10", min: "10", max: "5000", available: 9n * 10n ** 8n })[0]
      ?.error,
    "INSUFFICIENT_BALANCE",
  );
  assertEquals(fastStakeRules({ stake: "10.001", min: "10", max: "5000" })[0]?.error, "VALIDATION");
  assertEquals(fastStakeRules({ stake: "10", min: "10", max: "5000" }), []);
  const rule = { currency: "USDT" as const, min: 10n * 10n ** 8n, max: 50_000n * 10n ** 8n };
  assertEquals(withdrawAmountRules({ ...rule, amount: "5" })[0]?.key, "rules.withdrawMin");
  assertEquals(withdrawAmountRules({ ...rule, amount: "50001" })[0]?.key, "rules.withdrawMax");
  assertEquals(
    withdrawAmountRules({ ...rule, amount: "20", available: 15n * 10n ** 8n })[0]?.error,
    "INSUFFICIENT_BALANCE",
  );
});

Deno.test("rules: the password and code rules are the request schemas' rules", () => {
  const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.success ? null : r.error!.issues[0]!.message;
  const text = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: "grapheme", maxLength: 40 }),
    fc.stringMatching(/^\d{0,8}$/),
  );
  fc.assert(
    fc.property(text, (p) => {
      assertEquals(passwordProblem(p), first(LoginPassword.safeParse(p)));
      assertEquals(drawPasswordProblem(p), first(DrawPassword.safeParse(p)));
      assertEquals(codeProblem(p, "code"), first(SmsCode.safeParse(p)));
      assertEquals(codeProblem(p, "totp"), first(TotpCode.safeParse(p)));
    }),
    { numRuns: 2000 },
  );
  for (const p of ["Demo-2026", "abcdef", "a".repeat(32)]) assertEquals(isLoginPassword(p), true);
  for (
    const p of ["abcde", "a".repeat(33), "abc def", "密码密码密码", "ａｂｃｄｅｆ", "abc\tdef"]
  ) {
    assertEquals(isLoginPassword(p), false, p);
  }
});

Deno.test("rules: amounts are checked in bigint units at the ledger's decimals", () => {
  const usdt = (amount: string, available?: bigint) =>
    amountRules({ amount, currency: "USDT", available })[0]?.key ?? null;
  assertEquals(usdt(""), "validation.amountRequired");
  assertEquals(usdt("  "), "validation.amountRequired");
  assertEquals(usdt("0"), "validation.amountZero");
  assertEquals(usdt("1.005"), "validation.amountTooPrecise");
  assertEquals(usdt("1.050"), null); // insignificant zeros are not precision
  assertEquals(usdt("1e3"), "validation.amountNotNumber");
  assertEquals(usdt("-1"), "validation.amountNegative");
  assertEquals(usdt("0.1", 10_000_000n), null); // exactly the balance
  assertEquals(usdt("0.11", 10_000_000n), "rules.insufficient");
  // exact at the top of the bound (10^8 whole units, the ledger's largest transfer)
  const top = 10_000_000_000_000_000n;
  assertEquals(usdt("100000000", top), null);
  assertEquals(usdt("100000000", top - 1n), "rules.insufficient");
  assertEquals(usdt("99999999.99", top - 1n), null);
  assertEquals(usdt("100000001", top * 2n), "validation.amountTooLong");
  assertEquals(usdt("92233720368.54", 9_223_372_036_854_000_000n), "validation.amountTooLong");
  for (const c of CURRENCIES) {
    const d = DECIMALS[c];
    assertEquals(amountRules({ amount: `1.${"1".repeat(d)}`, currency: c }), []);
    assertEquals(
      amountRules({ amount: `1.${"1".repeat(d + 1)}`, currency: c })[0]?.key,
      "validation.amountTooPrecise",
    );
  }
  assertEquals(transferRules({ amount: "1", currency: "USDT", available: 0n })[0], {
    field: "amount",
    error: "NO_TRANSFERABLE",
    key: "errors.NO_TRANSFERABLE",
    params: {},
  });
  assertEquals(
    transferRules({ amount: "", currency: "USDT", available: 1n })[0]?.key,
    "validation.amountRequired",
  );
  assertEquals(transferRules({ amount: "1", currency: "USDT", available: SCALE }), []);
});

Deno.test("rules: the actions a record allows follow its state", () => {
  assertEquals(allowedActions("position", { status: "pending" }), ["cancel", "chase"]);
  assertEquals(allowedActions("position", { status: "holding" }), [
    "close",
    "reverse",
    "hedge",
    "tpsl",
    "trailing",
    "oco",
  ]);
  assertEquals(allowedActions("position", { status: "closed" }), []);
  assertEquals(allowedActions("position", { status: "cancelled" }), []);
  assertEquals(allows("spot", { status: "open" }, "cancel"), true);
  assertEquals(allows("spot", { status: "filled" }, "cancel"), false);
  assertEquals(allows("spot", { status: "cancelled" }, "cancel"), false);
});

Deno.test("rules: a spot order filled or cancelled is not opened again by an older update", () => {
  type Order = { orderNo: string; status: "open" | "filled" | "cancelled" };
  const open: Order = { orderNo: "1", status: "open" };
  const cancelled: Order = { orderNo: "1", status: "cancelled" };
  const filled: Order = { orderNo: "1", status: "filled" };
  // the socket's event of the placing, after the reply to the cancel: still cancelled
  assertEquals(latestSpotOrder(cancelled, open), cancelled);
  assertEquals(latestSpotOrder(filled, open), filled);
  // the updates that move it on are taken
  assertEquals(latestSpotOrder(open, cancelled), cancelled);
  assertEquals(latestSpotOrder(open, filled), filled);
  assertEquals(latestSpotOrder(open, { ...open }), open);
});
