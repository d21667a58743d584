/**
 * Price alerts' cost to the trigger engine: 1,000 customers with 10 alerts each (price levels
 * above and below, spread ±30 % around the price, and 24 h moves of 5-50 %), against a baseline
 * in the same run. `deno run -A bench/alerts_bench.ts`.
 *
 * Two figures:
 * - the watcher's work per tick (what the engine runs on every stored tick for alerts), with
 *   10,000 alerts against none, over the same random walk of ticks;
 * - a stored tick end to end (tape commit, quotes, the engine with positions' triggers and
 *   alerts, the queued fires), before and after the 10,000 alerts are set, on an in-memory store.
 */
import { buildDeps } from "../edge/http/boot.ts";
import { loadConfig, openKv } from "../edge/platform/config.ts";
import { AlertWatcher } from "../edge/trading/alert_watch.ts";
import type { TapeTick } from "../edge/market/stored_tape.ts";

const CUSTOMERS = 1_000;
const PER_CUSTOMER = 10;
const TICKS = 2_000;
const U = 100_000_000n;
let seed = 11;
const rnd = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;

const dir = await Deno.makeTempDir({ prefix: "alerts-bench-" });
const env: Record<string, string> = {
  KV_PATH: ":memory:",
  CHECKPOINT_KEY_FILE: `${dir}/key.jwk`,
};
const config = loadConfig((k) => env[k]);
const kv = await openKv(config.kvPath, config.kvSim);
let offset = 0;
const deps = await buildDeps(config, kv, { now: () => Date.now() + offset, log: () => {} });
await deps.market.tape.load(deps.market.symbols.map((s) => s.code));
await deps.events.start();
await deps.engine.start({ events: deps.events });
const t = "demo";

/** A random walk of ticks around 60,000 (moves of up to ±5 USDT). */
let price = 60_000n * U;
let clock = Date.now();
function nextTick(seq: number): TapeTick {
  price += BigInt(Math.round((rnd() - 0.5) * 1000)) * (U / 100n);
  clock += 50;
  return { symbol: "BTCUSDT", time: clock, price, qty: U / 1000n, seq } as TapeTick;
}

async function endToEnd(n: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const tick = nextTick(0);
    offset = Math.max(offset, tick.time - Date.now());
    const start = performance.now();
    await deps.market.tape.ingest({
      symbol: "BTCUSDT",
      time: tick.time,
      price: tick.price,
      qty: tick.qty,
    });
    await deps.engine.idle();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

// warm up and baseline: the engine with no alerts
await deps.market.tape.ingest({ symbol: "BTCUSDT", time: clock, price, qty: U });
await endToEnd(1000);
const baseline = await endToEnd(1000);

// 1,000 customers x 10 alerts, through the service (as the API sets them)
const started = performance.now();
for (let c = 0; c < CUSTOMERS; c++) {
  for (let i = 0; i < PER_CUSTOMER; i++) {
    const move = i >= 8;
    const level = 42_000 + rnd() * 36_000;
    await deps.alerts.save(t, `bench-user-${c}`, {
      symbol: "BTCUSDT",
      kind: move ? "move" : level < 60_000 ? "below" : "above",
      value: move ? String(5 + Math.floor(rnd() * 45)) : level.toFixed(2),
    });
  }
}
const setMs = performance.now() - started;
await deps.engine.idle();
const indexed = deps.engine.alerts!.size;
const withAlerts = await endToEnd(1000);

// the watcher alone, in memory: the same ticks against 10,000 alerts and against none
const full = new AlertWatcher(deps.alerts, deps.market.quotes);
const empty = new AlertWatcher(deps.alerts, deps.market.quotes);
for await (const a of deps.alerts.all(t)) full.index(t, a);
const ticks = Array.from({ length: TICKS }, (_, i) => nextTick(i + 1));
// keep the walk inside the band where nothing fires, so every tick costs the same
const quiet = ticks.map((x) => ({ ...x, price: 60_000n * U + (x.price % (10n * U)) }));
function perTick(w: AlertWatcher): number {
  const start = performance.now();
  for (let r = 0; r < 10; r++) for (const x of quiet) w.onTick("BTCUSDT", x);
  return (performance.now() - start) / (10 * quiet.length);
}
// alternating runs, the best of each (JIT and GC noise out)
let none = Infinity, tenThousand = Infinity;
for (let r = 0; r < 7; r++) {
  none = Math.min(none, perTick(empty));
  tenThousand = Math.min(tenThousand, perTick(full));
}

const ms = (x: number) => `${x.toFixed(4)} ms`;
console.log(
  `alerts set: ${CUSTOMERS * PER_CUSTOMER} in ${
    (setMs / 1000).toFixed(1)
  } s; indexed by the engine: ${indexed}`,
);
console.log("| measure | baseline (no alerts) | 10,000 alerts | added per tick |");
console.log("|---|---|---|---|");
console.log(
  `| watcher per tick (in memory, ${TICKS} ticks x 10) | ${ms(none)} | ${ms(tenThousand)} | ${
    ms(tenThousand - none)
  } |`,
);
console.log(
  `| stored tick end to end, median of 1,000 | ${ms(baseline)} | ${ms(withAlerts)} | ${
    ms(withAlerts - baseline)
  } |`,
);

await deps.engine.stop();
deps.events.stop();
await deps.market.stop();
kv.close();
await Deno.remove(dir, { recursive: true });
