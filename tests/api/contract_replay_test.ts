/**
 * Leveraged positions on the replayed March 2023 tape: positions opened on the 8th are
 * liquidated at the first tick at or through their liquidation price (computed here from the
 * domain formula), those with room survive the crash to 19,565.40 on the 10th, and the books
 * balance afterwards.
 */
import { assertEquals } from "../assert.ts";
import { candleTicks, formatDecimal, type Tick } from "../../core-wasm/mod.ts";
import { parseCandleCsv } from "../../edge/market/feeds/replay.ts";
import { signIn, startServer } from "../server.ts";

const FILE = new URL("../fixtures/btcusdt-1m-2023-03-01_21.csv", import.meta.url);
const S = 100_000_000n;

Deno.test({
  name: "positions opened before 2023-03-10 are liquidated at the right tick",
  async fn() {
    const candles = parseCandleCsv(await Deno.readTextFile(FILE))
      .filter((c) => c.openTime >= Date.UTC(2023, 2, 8) && c.openTime < Date.UTC(2023, 2, 11));
    const ticks: Tick[] = candles.flatMap(candleTicks);
    const srv = await startServer({ seed: true });
    try {
      const token = await signIn(srv);
      // the server's wall clock follows the replayed tape, so its ticks are fresh
      srv.advance(ticks[0]!.time - srv.deps.now());
      await srv.deps.market.tape.ingest({ symbol: "BTCUSDT", ...ticks[0]! });
      const entry = ticks[0]!.price;
      const opened: { id: string; leverage: number; lp: bigint }[] = [];
      for (const leverage of [5, 10, 20, 50, 100]) {
        const r = await srv.call<{ orderNo: string; liquidationPrice: string }>(
          "/api/contract/order",
          {
            token,
            body: { symbol: "BTCUSDT", side: "long", lots: 10, leverage, type: "market" },
          },
        );
        assertEquals(r.body.code, 0, JSON.stringify(r.body));
        // independent: margin rounds up; LP = (qE - m) / (q (1 - MMR)), floored
        const q = 10n * (S / 1000n), mmr = 500_000n;
        const m = -((-(q * entry)) / (S * BigInt(leverage)));
        const lp = (q * entry * S - m * S * S) / (q * (S - mmr));
        assertEquals(r.body.data.liquidationPrice, formatDecimal(lp));
        opened.push({ id: r.body.data.orderNo, leverage, lp });
      }
      for (const tk of ticks.slice(1)) {
        srv.advance(tk.time - srv.deps.now());
        await srv.deps.market.tape.ingest({ symbol: "BTCUSDT", ...tk });
        await srv.deps.engine.idle();
      }
      const closed = await srv.call<
        { items: { orderNo: string; closeReason: string; closePrice: string; closeTime: number }[] }
      >(
        "/api/contract/positions?status=closed",
        { token },
      );
      const byId = new Map(closed.body.data.items.map((p) => [p.orderNo, p]));
      for (const o of opened) {
        const hit = ticks.slice(1).find((t) => t.price <= o.lp);
        const p = byId.get(o.id);
        if (!hit) {
          assertEquals(p, undefined, `${o.leverage}x survives`);
          continue;
        }
        assertEquals([p?.closeReason, p?.closePrice, p?.closeTime], [
          "liquidation",
          formatDecimal(hit.price),
          hit.time,
        ], `${o.leverage}x`);
      }
      // with the 10th's low of 19,565.40, 10x and above go; 5x (about -20 %) survives
      assertEquals(opened.filter((o) => byId.has(o.id)).map((o) => o.leverage), [10, 20, 50, 100]);
    } finally {
      await srv.close();
    }
  },
});
