/** The operators' roll-up command, run as a subprocess like an operator would. */
import { assertEquals, assertMatch } from "../assert.ts";
import { formatDecimal, type Tick } from "../../core-wasm/mod.ts";
import { rollupRef } from "../reference/core_ref.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

async function run(csv: string, args: string[], env: Record<string, string> = {}) {
  const file = await Deno.makeTempFile({ suffix: ".csv" });
  await Deno.writeTextFile(file, csv);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "tools/rollup.ts", file, ...args],
    cwd: ROOT,
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  await Deno.remove(file);
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

Deno.test("rollup command: candles equal the reference, across batch boundaries", async () => {
  // deterministic pseudo-random trades over three days, with quiet hours
  let seed = 7;
  const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const ticks: Tick[] = [];
  let t = Date.UTC(2024, 1, 28, 22);
  let price = 5_000_000_000_000n;
  for (let i = 0; i < 2000; i++) {
    t += Math.floor(rnd() * (rnd() < 0.02 ? 4 * 3_600_000 : 90_000));
    price += BigInt(Math.floor((rnd() - 0.5) * 1e9));
    ticks.push({ time: t, price, qty: BigInt(Math.floor(rnd() * 1e8)) });
  }
  const csv = "time_ms,price,qty\n" +
    ticks.map((x) => `${x.time},${formatDecimal(x.price)},${formatDecimal(x.qty)}`).join("\n") +
    "\n";
  for (const iv of ["1m", "1h", "1d"] as const) {
    const r = await run(csv, ["--interval", iv], { ROLLUP_BATCH: "37" });
    assertEquals(r.code, 0, r.stderr);
    const expected = "openTime,open,high,low,close,volume\n" +
      rollupRef(ticks, iv).map((c) =>
        [c.openTime, c.open, c.high, c.low, c.close, c.volume].map((v) =>
          typeof v === "bigint" ? formatDecimal(v) : v
        ).join(",")
      ).join("\n") + "\n";
    assertEquals(r.stdout, expected, iv);
  }
});

Deno.test("rollup command: clear errors for malformed rows and usage", async () => {
  const bad = [
    ["0,100,1\n5,abc,1\n", /line 2: price must be a decimal/],
    ["0,100,1\n5,100\n", /line 2: expected 3 columns/],
    ["0,100,1\n-5,100,1\n", /line 2: time_ms must be whole milliseconds/],
    ["-5,100,1\n", /line 1: time_ms must be whole milliseconds/],
    ["9000000000000000,100,1\n", /line 1: time_ms must be whole milliseconds/],
    ["10,100,1\n5,100,1\n", /line 2: time_ms goes backwards/],
    ["0,0,1\n", /line 1: price must be positive/],
    ["0,1.123456789,1\n", /line 1: price must be a decimal with at most 8 places/],
  ] as const;
  for (const [csv, re] of bad) {
    const r = await run(csv, ["--interval", "1h"]);
    assertEquals(r.code, 1, csv);
    assertMatch(r.stderr, re);
  }
  const usage = await run("0,1,1\n", ["--interval", "2h"]);
  assertEquals(usage.code, 2);
  assertMatch(usage.stderr, /usage: deno task rollup/);
});
