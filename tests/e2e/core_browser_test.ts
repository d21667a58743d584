/**
 * The pricing core runs in the browser from the built assets (content-hashed directory, CSP
 * with wasm-unsafe-eval) and gives the same numbers as on the server.
 */
import { assertEquals } from "../assert.ts";
import { browserTest } from "./session.ts";

/** The same computation, run by the browser (bundled facade) and by Deno (source facade). */
async function computeWith(src: string): Promise<string> {
  const m = await import(src);
  const U = m.SCALE;
  const pos = m.position(
    {
      side: "short",
      qty: U / 4n,
      entry: 27_123n * U,
      leverage: 25,
      mmr: 500_000n,
      feeRate: 40_000n,
    },
    26_999n * U,
  );
  const candles = m.rollup(
    [
      { time: Date.UTC(2024, 1, 29, 23, 59), price: 5n * U, qty: 1n },
      { time: Date.UTC(2024, 2, 1, 0, 1), price: 6n * U, qty: 2n },
    ],
    "1M",
    { fill: true },
  );
  // every chart indicator over 60 minutes of a zigzag: the browser draws what the server computes
  const minutes = Array.from({ length: 60 }, (_, i) => {
    const c = (27_000n + BigInt((i * 37) % 23) * 10n) * U;
    return { openTime: i * 60_000, open: c, high: c + U, low: c - U, close: c, volume: U };
  });
  const indicators = Object.values(m.DEFAULT_INDICATORS).map((spec) =>
    Object.values(m.indicator(minutes, spec)).map((s) => Array.from(s as BigInt64Array))
  );
  return JSON.stringify(
    { pos, candles, indicators },
    (_, v) => typeof v === "bigint" ? `${v}n` : v,
  );
}

browserTest(
  "browser: the core facade loads core.wasm and matches the server",
  async (srv, browser) => {
    const page = await browser.newPage({
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/156",
    });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(srv.base + "/pc/home");
    const manifest = await (await fetch(srv.base + "/static/build/manifest.json")).json();
    const wasm = await fetch(`${srv.base}${manifest.base}core.wasm`);
    assertEquals(wasm.headers.get("content-type"), "application/wasm");
    assertEquals(wasm.headers.get("cache-control"), "public, max-age=31536000, immutable");
    await wasm.body?.cancel();
    const inBrowser = await page.evaluate(computeWith, manifest.base + manifest.core);
    const expected = await computeWith(new URL("../../core-wasm/mod.ts", import.meta.url).href);
    assertEquals(inBrowser, expected);
    assertEquals(errors, []);
  },
  {},
);
