/** The pricing core through its facade: worked examples from the domain rules. */
import { assertEquals, assertThrows } from "../assert.ts";
import * as core from "../../core-wasm/mod.ts";
import { formatDecimal, parseDecimal } from "../../core-wasm/mod.ts";

const U = core.SCALE;
const d = (s: string) => parseDecimal(s);

Deno.test("wealth: 1000 locked, 3 days left, 0.4% -> penalty 12, refund 988", () => {
  assertEquals(core.redemption(d("1000"), d("0.004"), 3), { penalty: d("12"), refund: d("988") });
  assertEquals(core.dailyPayout(d("1000"), d("0.003")), d("3"));
  assertEquals(core.expectedIncome(d("1000"), d("0.005"), 5), d("25"));
  assertThrows(() => core.redemption(0n, d("0.004"), 3));
});

Deno.test("fast contracts: win pays stake x (1 + rate), tie returns the stake, loss nothing", () => {
  const base = { entry: d("27000"), stake: d("100"), rate: d("0.85") };
  assertEquals(core.settleFast({ ...base, direction: "up", exit: d("27000.01") }), {
    outcome: "win",
    payout: d("185"),
  });
  assertEquals(core.settleFast({ ...base, direction: "down", exit: d("27000.01") }), {
    outcome: "lose",
    payout: 0n,
  });
  assertEquals(core.settleFast({ ...base, direction: "down", exit: d("27000") }), {
    outcome: "tie",
    payout: d("100"),
  });
});

Deno.test("leveraged: ticket numbers, liquidation price, triggers", () => {
  const pos = {
    side: "long" as const,
    qty: d("0.5"),
    entry: d("20000"),
    leverage: 10,
    mmr: d("0.005"),
    feeRate: d("0.0005"),
  };
  const f = core.position(pos, d("19000"));
  assertEquals(formatDecimal(f.notional), "10000");
  assertEquals(formatDecimal(f.margin), "1000");
  assertEquals(formatDecimal(f.fee), "5");
  assertEquals(formatDecimal(f.pnl), "-500");
  assertEquals(formatDecimal(f.equity), "500");
  assertEquals(formatDecimal(f.maintenanceMargin), "47.5");
  assertEquals(formatDecimal(f.marginRatio!), "0.095");
  assertEquals(formatDecimal(f.roe), "-0.5");
  // 20000 x 0.9 / 0.995 = 18090.4522613065...
  assertEquals(formatDecimal(f.liquidationPrice), "18090.4522613");
  assertEquals(f.liquidatable, false);
  assertEquals(core.isLiquidatable({ ...pos, margin: f.margin }, f.liquidationPrice), true);
  assertEquals(core.isLiquidatable({ ...pos, margin: f.margin }, f.liquidationPrice + 1n), false);
  assertEquals(
    core.trigger("long", f.liquidationPrice, { liquidation: f.liquidationPrice }),
    "liquidation",
  );
  assertEquals(
    core.trigger("long", d("19500"), { stopLoss: d("19600"), takeProfit: d("21000") }),
    "stopLoss",
  );
  assertEquals(
    core.trigger("short", d("19500"), { stopLoss: d("21000"), takeProfit: d("19600") }),
    "takeProfit",
  );
  assertEquals(core.stopsValid("long", d("20000"), { stopLoss: d("21000") }), {
    stopLoss: false,
    takeProfit: true,
  });
  assertEquals(core.shortfall(d("1000"), -d("1200")), d("200"));
  // short: 20000 x 1.1 / 1.005 = 21890.5472636815... rounded up
  const short = { side: "short" as const, qty: d("0.5"), entry: d("20000"), mmr: d("0.005") };
  assertEquals(
    formatDecimal(core.liquidationPrice({ ...short, margin: d("1000") })),
    "21890.54726369",
  );
  assertEquals(core.marginRatio(d("1"), 0n), null);
});

Deno.test("rounding: customer pays up, receives down; the remainder goes to the house", () => {
  assertEquals(core.mulDiv(10n, 1n, 3n, "up"), 4n);
  assertEquals(core.mulDiv(10n, 1n, 3n, "down"), 3n);
  assertEquals(core.roundingRemainder(10n, 1n, 3n), 1n);
  // fee 0.05% on 0.00000001 BTC at 1 USDT: the customer pays one unit
  assertEquals(core.fee(1n, U, d("0.0005")), 1n);
});

Deno.test("typed errors instead of magic numbers or wraps", () => {
  assertThrows(() => core.margin(0n, U, 10), core.InvalidInputError as never);
  assertThrows(() => core.margin(U, U, 101));
  assertThrows(() => core.notional(1n << 62n, 1n << 62n), core.OverflowError as never);
  assertThrows(() => core.mulDiv(1n, 1n, 0n, "up"), core.DivisionByZeroError as never);
  assertThrows(() => core.fee(1n << 64n, 1n, 1n), core.InvalidInputError as never);
  assertThrows(
    () => core.rollup([{ time: 5, price: 1n, qty: 1n }, { time: 4, price: 1n, qty: 1n }], "1m"),
    core.UnsortedError as never,
  );
  assertThrows(
    () => core.rollup([{ time: 0, price: 0n, qty: 1n }], "1m"),
    core.InvalidInputError as never,
  );
  assertThrows(
    () => core.bucketStart(Number.MAX_SAFE_INTEGER, "1M"),
    core.InvalidInputError as never,
  );
});

Deno.test("K-line buckets: Monday weeks, calendar months, quarters, years, leap days", () => {
  const t = Date.UTC(2024, 1, 29, 23, 59, 59, 999);
  assertEquals(core.bucketStart(t, "1w"), Date.UTC(2024, 1, 26));
  assertEquals(core.bucketStart(t, "1M"), Date.UTC(2024, 1, 1));
  assertEquals(core.nextBucket(Date.UTC(2024, 1, 1), "1M"), Date.UTC(2024, 2, 1));
  assertEquals(core.bucketStart(t, "1Q"), Date.UTC(2024, 0, 1));
  assertEquals(core.nextBucket(Date.UTC(2024, 9, 1), "1Q"), Date.UTC(2025, 0, 1));
  assertEquals(core.bucketStart(t, "1Y"), Date.UTC(2024, 0, 1));
  assertEquals(core.bucketStart(-1, "1d"), -86_400_000);
});

Deno.test("incremental candle update", () => {
  let r = core.updateCandle(null, "1m", { time: 61_000, price: 100n, qty: 2n });
  assertEquals(r.kind, "opened");
  r = core.updateCandle(r.candle, "1m", { time: 62_000, price: 105n, qty: 1n });
  assertEquals([r.kind, r.candle.high, r.candle.volume], ["updated", 105n, 3n]);
  assertEquals(
    core.updateCandle(r.candle, "1m", { time: 1_000, price: 1n, qty: 1n }).kind,
    "stale",
  );
  assertEquals(
    core.updateCandle(r.candle, "1m", { time: 121_000, price: 1n, qty: 1n }).kind,
    "opened",
  );
});

Deno.test("replay: a candle becomes four ticks that roll back up to it", () => {
  const c = { openTime: 120_000, open: 10n, high: 15n, low: 8n, close: 12n, volume: 7n };
  const ticks = core.candleTicks(c);
  assertEquals(ticks.map((t) => [t.time, t.price, t.qty]), [
    [120_000, 10n, 1n],
    [135_000, 8n, 1n],
    [150_000, 15n, 1n],
    [165_000, 12n, 4n],
  ]);
  assertEquals(core.rollup(ticks, "1m"), [c]);
});

Deno.test("decimals: parse and format amounts as strings", () => {
  assertEquals(parseDecimal("1234.5"), 123_450_000_000n);
  assertEquals(formatDecimal(123_450_000_000n), "1234.5");
  assertEquals(formatDecimal(-1n), "-0.00000001");
  assertEquals(formatDecimal(d("2.5"), 2), "2.50");
  for (const bad of ["1e5", "NaN", "Infinity", "-1", "1.123456789", "", " 1", "0x10", "1."]) {
    assertThrows(() => parseDecimal(bad), undefined);
  }
  assertThrows(() => parseDecimal("1.001", { maxDecimals: 2 }));
  assertEquals(parseDecimal("1.100", { maxDecimals: 2 }), d("1.1"));
  const x = (s: string) => formatDecimal(parseDecimal(s, { allowExponent: true }));
  assertEquals([x("9e-05"), x("0.5e-2"), x("1.5E3"), x("2e+2"), x("7")], [
    "0.00009",
    "0.005",
    "1500",
    "200",
    "7",
  ]);
  assertThrows(() => parseDecimal("1e-9", { allowExponent: true }));
  assertThrows(() => parseDecimal("9e-05"));
  assertEquals(x("1.00000000e-05"), "0.00001");
  assertEquals(formatDecimal(parseDecimal("1.500000000")), "1.5");
  assertEquals(formatDecimal(parseDecimal("0000000000000000000012.5")), "12.5");
  assertEquals(formatDecimal(parseDecimal("-0", { allowNegative: true })), "0");
  assertThrows(() => parseDecimal("99999999999999999999"));
});
