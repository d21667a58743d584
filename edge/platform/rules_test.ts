import fc from "fast-check";
import { assertEquals } from "../../tests/assert.ts";
import { stopsValid } from "../../core-wasm/mod.ts";
import { fastStakeRules, stopRules, withdrawAmountRules } from "./rules.ts";

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
