/**
 * Chart indicators through the core facade on 10,000 candles (a random walk around 20,000
 * USDT): each indicator alone, and all six at their usual settings, as the chart computes
 * them after a load. `deno task bench`; the browser's time of the same call is measured by
 * `deno run -A bench/indicators_browser.ts`.
 */
import * as core from "../core-wasm/mod.ts";

export const N = 10_000;

/** Rows of (openTime, o, h, l, c, v) in units, a seeded random walk (also used in the browser). */
export function walk(n: number): Float64Array {
  let seed = 7;
  const rnd = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
  const rows = new Float64Array(n * 6);
  let c = 2_000_000; // cents
  for (let i = 0; i < n; i++) {
    const o = c;
    c = Math.max(100, c + Math.round((rnd() - 0.5) * 2_000));
    const h = Math.max(o, c) + Math.round(rnd() * 500),
      l = Math.min(o, c) - Math.round(rnd() * 500);
    rows.set([Date.UTC(2024, 0, 1) + i * 60_000, o * 1e6, h * 1e6, l * 1e6, c * 1e6, 1e8], i * 6);
  }
  return rows;
}

// Deno.bench does nothing outside `deno bench` (the browser run imports walk() from here).
{
  const buf = core.CandleBuffer.fromUnits(walk(N));
  const all = Object.values(core.DEFAULT_INDICATORS);
  for (const spec of all) {
    Deno.bench(`${spec.kind} over ${N} candles`, { group: "one" }, () => {
      core.indicator(buf, spec);
    });
  }
  Deno.bench(
    `all six (MA, EMA, BOLL, MACD, RSI, KDJ) over ${N} candles`,
    { baseline: true },
    () => {
      for (const spec of all) core.indicator(buf, spec);
    },
  );
}
