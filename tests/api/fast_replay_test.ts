/**
 * Fast contracts on the real March 2023 tape (the crash day): orders placed while replaying
 * settle to the outcome computed independently here from the same ticks; the books balance.
 */
import { assertEquals } from "../assert.ts";
import { candleTicks, formatDecimal, type Tick } from "../../core-wasm/mod.ts";
import { parseCandleCsv } from "../../edge/market/feeds/replay.ts";
import { signIn, startServer } from "../server.ts";

const FILE = new URL("../fixtures/btcusdt-1m-2023-03-01_21.csv", import.meta.url);

Deno.test({
  name: "fast contracts settle on the replayed 2023-03-10 tape as computed independently",
  async fn() {
    const candles = parseCandleCsv(await Deno.readTextFile(FILE))
      .filter((c) =>
        c.openTime >= Date.UTC(2023, 2, 10, 0) && c.openTime < Date.UTC(2023, 2, 10, 2)
      );
    const ticks: Tick[] = candles.flatMap(candleTicks);
    const srv = await startServer({ seed: true });
    try {
      const token = await signIn(srv);
      const placed: { orderNo: string; direction: "up" | "down"; duration: number; entry: Tick }[] =
        [];
      for (let i = 0; i < ticks.length; i++) {
        const tk = ticks[i]!;
        // the server's wall clock follows the replayed tape, so its ticks are fresh
        srv.advance(tk.time - srv.deps.now());
        await srv.deps.market.tape.ingest({ symbol: "BTCUSDT", ...tk });
        await srv.deps.engine.idle();
        if (i % 37 === 5 && i < ticks.length - 40) {
          const direction = i % 2 ? "up" : "down";
          const duration = [30, 60, 180, 300][i % 4]!;
          const r = await srv.call<{ orderNo: string }>("/api/fast/order", {
            token,
            body: { symbol: "BTCUSDT", direction, duration, stake: "20" },
          });
          assertEquals(r.body.code, 0, JSON.stringify(r.body));
          placed.push({ orderNo: r.body.data.orderNo, direction, duration, entry: tk });
        }
      }
      const list = await srv.call<
        { items: { orderNo: string; outcome: string; payout: string; exit: { price: string } }[] }
      >(
        "/api/fast/orders?status=settled&limit=100",
        { token },
      );
      const got = new Map(list.body.data.items.map((o) => [o.orderNo, o]));
      assertEquals(got.size, placed.length);
      for (const p of placed) {
        // independent: the last tick at or before expiry, the rule of the domain
        const expiry = p.entry.time + p.duration * 1000;
        const exit = ticks.filter((t) => t.time <= expiry).at(-1)!;
        const outcome = exit.price === p.entry.price
          ? "tie"
          : (exit.price > p.entry.price) === (p.direction === "up")
          ? "win"
          : "lose";
        // rates per duration as offered: 85 %, 85 %, 88 %, 90 %
        const rate =
          ({ 30: 85n, 60: 85n, 180: 88n, 300: 90n } as Record<number, bigint>)[p.duration]!;
        const stake = 2_000_000_000n;
        const payout = outcome === "tie"
          ? stake
          : outcome === "win"
          ? stake + (stake * rate) / 100n
          : 0n;
        const o = got.get(p.orderNo)!;
        assertEquals([o.outcome, o.exit.price, o.payout], [
          outcome,
          formatDecimal(exit.price),
          formatDecimal(payout),
        ], p.orderNo);
      }
    } finally {
      await srv.close(); // the ledger checker runs here
    }
  },
});
