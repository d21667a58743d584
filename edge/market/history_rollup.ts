/**
 * History back-fill's arithmetic: minute candles (oldest first, in chunks of whole UTC days, or
 * chunks of day candles) rolled up through the core into every interval. Minutes stay in core
 * memory: every chunk gives its days; the newest chunks (enough for `keep` hours) give the finer
 * intervals (5m, 15m, 30m, 1h) at the end; days roll up into weeks, months, quarters and years.
 * Intervals up to 1h keep their newest `keep` candles, days and longer the whole history.
 */
import { type Candle, CandleBuffer, type Interval, rollupCandles } from "../../core-wasm/mod.ts";
import type { HistoryChunk } from "./feeds/feed.ts";

/** Every interval's candles of the history, and how many minutes it had; null when empty. */
export async function rollupHistory(
  chunks: Iterable<HistoryChunk> | AsyncIterable<HistoryChunk>,
  keep: number,
): Promise<{ minutes: number; out: Map<Interval, Candle[]> } | null> {
  const fine = [["1m", 1], ["5m", 5], ["15m", 15], ["30m", 30], ["1h", 60]] as const;
  // minutes stay in core memory: every chunk gives its days; the newest (enough for `keep`
  // hours) give the finer intervals at the end
  const tail: CandleBuffer[] = [];
  let tailMinutes = 0;
  const days: Candle[] = [];
  let minutes = 0;
  let all: CandleBuffer | null = null;
  const out = new Map<Interval, Candle[]>();
  try {
    for await (const chunk of chunks) {
      if ("days" in chunk) {
        days.push(...chunk.days);
        continue;
      }
      const buf = chunk instanceof CandleBuffer ? chunk : CandleBuffer.from(chunk);
      if (!buf.length) {
        buf.free();
        continue;
      }
      minutes += buf.length;
      days.push(...rollupCandles(buf, "1d"));
      tail.push(buf);
      tailMinutes += buf.length;
      while (tail.length > 1 && tailMinutes - tail[0]!.length >= (keep + 1) * 60) {
        tailMinutes -= tail[0]!.length;
        tail.shift()!.free();
      }
    }
    if (!minutes && !days.length) return null;
    all = CandleBuffer.concat(tail);
    for (const [iv, m] of fine) {
      const from = Math.max(0, all.length - (keep + 1) * m);
      out.set(iv, all.length ? rollupCandles(all, iv, { from }).slice(-keep) : []);
    }
  } finally {
    for (const b of tail) b.free();
    all?.free();
  }
  // a day split across two chunks comes out twice: rolling the days up again merges it
  const merged = rollupCandles(days, "1d");
  out.set("1d", merged);
  out.set("1w", rollupCandles(merged, "1w"));
  const months = rollupCandles(merged, "1M");
  out.set("1M", months);
  const quarters = rollupCandles(months, "1Q");
  out.set("1Q", quarters);
  out.set("1Y", rollupCandles(quarters, "1Y"));
  return { minutes, out };
}
