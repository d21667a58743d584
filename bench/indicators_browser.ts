/**
 * The chart's indicators in Chromium: the built core facade (static/build, as islands load it)
 * computes MA, EMA, BOLL, MACD, RSI and KDJ over 10,000 candles; median and worst of 30 runs
 * after 5 warm-up runs, timed inside the page with performance.now(). Needs `deno task build`.
 * `deno run -A bench/indicators_browser.ts`.
 */
import { launch } from "../tests/e2e/browser.ts";
import { startServer } from "../tests/server.ts";
import { N, walk } from "./indicators_bench.ts";

const srv = await startServer({});
const browser = await launch();
try {
  const page = await browser.newPage();
  await page.goto(srv.base + "/pc/home");
  const manifest = await (await fetch(srv.base + "/static/build/manifest.json")).json();
  const ms = await page.evaluate(async ([src, rows]) => {
    // deno-lint-ignore no-explicit-any
    const core: any = await import(src as string);
    const buf = core.CandleBuffer.fromUnits(new Float64Array(rows as number[]));
    const specs = Object.values(core.DEFAULT_INDICATORS);
    const times: number[] = [];
    for (let run = 0; run < 35; run++) {
      const t0 = performance.now();
      for (const spec of specs) core.indicator(buf, spec);
      if (run >= 5) times.push(performance.now() - t0);
    }
    buf.free();
    return times.sort((a, b) => a - b);
  }, [manifest.base + manifest.core, Array.from(walk(N))] as const);
  const median = ms[Math.floor(ms.length / 2)]!;
  console.log(
    `Chromium: all six indicators over ${N} candles: median ${median.toFixed(2)} ms, ` +
      `worst ${ms.at(-1)!.toFixed(2)} ms (one frame at 60 Hz: 16.7 ms)`,
  );
} finally {
  await browser.close();
  await srv.close();
}
