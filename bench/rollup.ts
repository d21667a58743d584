/**
 * K-line roll-up throughput on one synthetic 5,000,000-trade stream, in one run:
 * the wasm core (exact fixed point), a plain floating-point TypeScript single pass, the bigint
 * TypeScript reference, ccxt's buildOHLCVC, pandas resample().ohlc() when Debian's
 * python3-pandas is installed, and a plain sequential read of the same buffer (the memory-
 * bandwidth limit). Then position maths evaluations per second. Medians of several runs.
 * `deno task bench` runs it; TRADES=... changes the stream size.
 */
import ccxt from "ccxt";
import * as core from "../core-wasm/mod.ts";
import { rollupRef } from "../tests/reference/core_ref.ts";

const N = Number(Deno.env.get("TRADES") ?? 5_000_000);
const RUNS = Number(Deno.env.get("RUNS") ?? 5);

// ---- the stream: times ascending (0-40 ms apart), a random-walk price, random sizes ---------
let seed = 42;
const rnd = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
const f64 = new Float64Array(N * 3);
const buf = new core.TickBuffer(N);
{
  let t = Date.UTC(2024, 0, 1);
  let cents = 2_700_000; // 27,000.00
  for (let i = 0; i < N; i++) {
    t += Math.floor(rnd() * 40);
    cents += Math.floor((rnd() - 0.5) * 100);
    const qtyUnits = 1 + Math.floor(rnd() * 100_000_000); // up to 1 BTC, 8 decimals
    f64[i * 3] = t;
    f64[i * 3 + 1] = cents / 100;
    f64[i * 3 + 2] = qtyUnits / 1e8;
  }
  // the same values as fixed-point words, written straight into WebAssembly memory
  const w = buf.view();
  for (let i = 0; i < N; i++) {
    w[i * 3] = BigInt(f64[i * 3]!);
    w[i * 3 + 1] = BigInt(Math.round(f64[i * 3 + 1]! * 100)) * 1_000_000n;
    w[i * 3 + 2] = BigInt(Math.round(f64[i * 3 + 2]! * 1e8));
  }
}

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(runs: number, f: () => unknown): number {
  const ms: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    f();
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

/** Plain floating-point single pass: 1m candles into typed arrays. */
function floatRollup1m(a: Float64Array, n: number) {
  const cap = Math.ceil((a[(n - 1) * 3]! - a[0]!) / 60_000) + 2;
  const t = new Float64Array(cap), o = new Float64Array(cap), h = new Float64Array(cap);
  const l = new Float64Array(cap), c = new Float64Array(cap), v = new Float64Array(cap);
  let k = -1;
  let end = -Infinity;
  for (let i = 0; i < n; i++) {
    const ts = a[i * 3]!, p = a[i * 3 + 1]!, q = a[i * 3 + 2]!;
    if (ts >= end) {
      k++;
      const start = ts - (ts % 60_000);
      end = start + 60_000;
      t[k] = start;
      o[k] =
        h[k] =
        l[k] =
        c[k] =
          p;
      v[k] = q;
    } else {
      if (p > h[k]!) h[k] = p;
      if (p < l[k]!) l[k] = p;
      c[k] = p;
      v[k]! += q;
    }
  }
  return k + 1;
}

/** Plain sequential read of the same Float64Array (JS). */
function floatRead(a: Float64Array) {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]!;
  return s;
}

const rows: { name: string; ms: number; note?: string }[] = [];
const add = (name: string, ms: number, note?: string) => rows.push({ name, ms, note });

// sanity: every contender builds the same number of 1m candles
const wasm1m = core.rollup(buf, "1m");
const floatCount = floatRollup1m(f64, N);
if (floatCount !== wasm1m.length) throw new Error(`float ${floatCount} != wasm ${wasm1m.length}`);

add("wasm core, exact fixed point (1m)", time(RUNS, () => core.rollup(buf, "1m")));
add("plain TypeScript float single pass (1m)", time(RUNS, () => floatRollup1m(f64, N)));
add(
  "wasm core, all 10 intervals (1m..1Y)",
  time(RUNS, () => core.rollupAll(buf, core.INTERVALS)),
);
add("sequential read, wasm (memory-bandwidth limit)", time(RUNS, () => core.readAll(buf)));
add("sequential read, JS Float64Array", time(RUNS, () => floatRead(f64)));

// bigint reference: measured on a 500,000-trade prefix (it allocates an object per trade)
{
  const m = Math.min(N, 500_000);
  const ticks: core.Tick[] = [];
  const w = buf.view();
  for (let i = 0; i < m; i++) {
    ticks.push({ time: Number(w[i * 3]), price: w[i * 3 + 1]!, qty: w[i * 3 + 2]! });
  }
  const ms = time(3, () => rollupRef(ticks, "1m"));
  add(
    "TypeScript bigint reference (1m)",
    (ms * N) / m,
    `measured on ${m.toLocaleString("en")} trades`,
  );
}

// ccxt buildOHLCVC on trade objects, as ccxt receives them
{
  const trades = new Array(N);
  for (let i = 0; i < N; i++) {
    trades[i] = { timestamp: f64[i * 3]!, price: f64[i * 3 + 1]!, amount: f64[i * 3 + 2]! };
  }
  const ex = new ccxt.Exchange();
  const out = ex.buildOHLCVC(trades, "1m") as unknown[];
  if (out.length !== wasm1m.length) throw new Error(`ccxt ${out.length} != ${wasm1m.length}`);
  add("ccxt buildOHLCVC (1m)", time(3, () => ex.buildOHLCVC(trades, "1m")));
}

// pandas resample().ohlc() + volume sum (Debian python3-pandas), timed inside Python
{
  const py = "/usr/bin/python3";
  const has = await new Deno.Command(py, { args: ["-c", "import pandas"], stderr: "null" })
    .output().then((o) => o.success, () => false);
  if (has) {
    const file = await Deno.makeTempFile({ suffix: ".f64" });
    await Deno.writeFile(file, new Uint8Array(f64.buffer));
    const script = `
import sys, time, numpy as np, pandas as pd
a = np.fromfile(sys.argv[1], dtype=np.float64).reshape(-1, 3)
df = pd.DataFrame({"price": a[:, 1], "qty": a[:, 2]}, index=pd.to_datetime(a[:, 0], unit="ms"))
runs = []
for _ in range(3):
    t0 = time.perf_counter()
    r = df["price"].resample("1min").ohlc()
    r["volume"] = df["qty"].resample("1min").sum()
    runs.append(time.perf_counter() - t0)
print(sorted(runs)[1] * 1000)
`;
    const out = await new Deno.Command(py, { args: ["-c", script, file], stdout: "piped" })
      .output();
    await Deno.remove(file);
    if (out.success) {
      add("pandas resample().ohlc() + volume (1m)", Number(new TextDecoder().decode(out.stdout)));
    }
  } else add("pandas resample().ohlc() (1m)", NaN, "python3-pandas not installed");
}

const wasmMs = rows[0]!.ms;
console.log(`\nK-line roll-up, ${N.toLocaleString("en")} trades, median of runs\n`);
console.log("| contender | ms | trades/s | time relative to the core |");
console.log("|---|---:|---:|---:|");
for (const r of rows) {
  const tps = Number.isFinite(r.ms) ? Math.round(N / (r.ms / 1000)).toLocaleString("en") : "-";
  const ratio = Number.isFinite(r.ms) ? (r.ms / wasmMs).toFixed(2) + "x" : "-";
  console.log(
    `| ${r.name}${r.note ? ` (${r.note})` : ""} | ${
      Number.isFinite(r.ms) ? r.ms.toFixed(1) : "-"
    } | ${tps} | ${ratio} |`,
  );
}

const read = rows.find((r) => r.name.startsWith("sequential read, wasm"))!;
console.log(
  `\ncore 1m roll-up runs at ${
    (read.ms / wasmMs * 100).toFixed(0)
  }% of the memory-bandwidth limit ` +
    `(a plain sequential read of the same buffer).`,
);

// ---- position maths through the facade ------------------------------------------------------
const U = core.SCALE;
const pos = {
  side: "long" as const,
  qty: U / 2n,
  entry: 27_000n * U,
  leverage: 20,
  mmr: 500_000n,
  feeRate: 50_000n,
};
const margin = core.margin(pos.qty, pos.entry, pos.leverage);
const K = 1_000_000;
const opsRows: [string, number][] = [];
const ops = (name: string, f: (i: number) => unknown) => {
  const ms = time(3, () => {
    for (let i = 0; i < K; i++) f(i);
  });
  opsRows.push([name, K / (ms / 1000)]);
};
ops(
  "liquidation price",
  (i) => core.liquidationPrice({ ...pos, margin, entry: pos.entry + BigInt(i) }),
);
ops("unrealized P&L", (i) => core.unrealizedPnl("long", pos.qty, pos.entry, pos.entry + BigInt(i)));
ops("whole position (11 figures)", (i) => core.position(pos, pos.entry + BigInt(i)));
ops(
  "trigger test",
  (i) =>
    core.trigger("long", pos.entry - BigInt(i), {
      liquidation: 25_000n * U,
      stopLoss: 26_000n * U,
    }),
);
console.log("\n| evaluation (through the facade) | per second |");
console.log("|---|---:|");
for (const [name, rate] of opsRows) {
  console.log(`| ${name} | ${Math.round(rate).toLocaleString("en")} |`);
}
buf.free();
