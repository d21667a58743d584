/**
 * Real data: 30,240 BTC/USDT minute candles (2023-03-01..21, a crash and a rally), replayed as
 * ticks and rolled up by the core to 1m/5m/1h/1d/1w, checked against the reference and against
 * the file itself.
 */
import { assert, assertEquals } from "../assert.ts";
import * as core from "../../core-wasm/mod.ts";
import { btcusdtMinutes } from "../fixtures/candles.ts";
import { rollupCandlesRef, rollupRef } from "../reference/core_ref.ts";

Deno.test({
  name: "real BTC/USDT minutes: replayed ticks roll up like the reference and the file",
  fn: async () => {
    const minutes = await btcusdtMinutes();
    assertEquals(minutes.length, 30_240);
    const ticks = minutes.flatMap(core.candleTicks);
    const buf = core.TickBuffer.from(ticks);
    try {
      // the 1m roll-up of the replayed ticks is the file, row for row
      assertEquals(core.rollup(buf, "1m"), minutes);
      const all = core.rollupAll(buf, ["5m", "1h", "1d", "1w"] as const, { fill: true });
      for (const iv of ["5m", "1h", "1d", "1w"] as const) {
        assertEquals(all[iv], rollupRef(ticks, iv, true), iv);
        assertEquals(core.rollupCandles(minutes, iv), rollupCandlesRef(minutes, iv), iv);
      }
      assertEquals(all["1d"].length, 21);
      // 2023-03-01 was a Wednesday: the first week opens Monday 2023-02-27
      assertEquals(all["1w"][0]!.openTime, Date.UTC(2023, 1, 27));
      assertEquals(all["1w"].length, 4);
      const low = all["1d"].reduce((m, c) => c.low < m ? c.low : m, all["1d"][0]!.low);
      assertEquals(core.formatDecimal(low), "19565.4");
      const high = all["1w"].reduce((m, c) => c.high > m ? c.high : m, 0n);
      assertEquals(core.formatDecimal(high), "28461.22");
      const volume = minutes.reduce((s, c) => s + c.volume, 0n);
      assertEquals(all["1w"].reduce((s, c) => s + c.volume, 0n), volume);
      assert(volume > 0n);
    } finally {
      buf.free();
    }
  },
});
