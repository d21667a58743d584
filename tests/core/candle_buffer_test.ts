/** CandleBuffer: candles written into core memory from numbers roll up like candle objects. */
import { assertEquals, assertThrows } from "../assert.ts";
import { type Candle, CandleBuffer, rollupCandles } from "../../core-wasm/mod.ts";

const T0 = Date.UTC(2026, 0, 5); // a Monday
const minutes: Candle[] = Array.from({ length: 3 * 1440 }, (_, i) => {
  const p = 6_000_000_000_000 + ((i * 7919) % 1000) * 1_000_000;
  return {
    openTime: T0 + i * 60_000,
    open: BigInt(p),
    high: BigInt(p + 5_000_000),
    low: BigInt(p - 3_000_000),
    close: BigInt(p + 1_000_000),
    volume: BigInt(123_456_789 + i),
  };
});

Deno.test("CandleBuffer: fromUnits, from, concat and get agree with candle objects", () => {
  const rows = new Float64Array(minutes.length * 6);
  minutes.forEach((c, i) => {
    rows.set(
      [
        c.openTime,
        Number(c.open),
        Number(c.high),
        Number(c.low),
        Number(c.close),
        Number(c.volume),
      ],
      i * 6,
    );
  });
  const a = CandleBuffer.fromUnits(rows);
  const b = CandleBuffer.from(minutes.slice(0, 1440));
  const c = CandleBuffer.from(minutes.slice(1440));
  const joined = CandleBuffer.concat([b, c]);
  try {
    for (const iv of ["5m", "1h", "1d", "1w"] as const) {
      const want = rollupCandles(minutes, iv);
      assertEquals(rollupCandles(a, iv), want, iv);
      assertEquals(rollupCandles(joined, iv), want, iv);
    }
    assertEquals(a.get(1500), minutes[1500]);
    assertEquals(rollupCandles(a, "1d", { from: 1440 }), rollupCandles(minutes.slice(1440), "1d"));
    assertThrows(() => a.get(a.length));
    assertThrows(() => CandleBuffer.fromUnits(new Float64Array([1, 2, 3, 4, 5, -6])));
    assertThrows(() => CandleBuffer.fromUnits(new Float64Array([1, 2, 3, 4, 5, 2 ** 53])));
  } finally {
    for (const x of [a, b, c, joined]) x.free();
  }
  assertThrows(() => a.get(0));
});
