/**
 * The app far from its store, by simulation (`KV_SIM_RTT_MS`, `KV_SIM_EVENTUAL_MS`; see
 * edge/platform/kvstore.ts): real `main.ts` processes on one KV file, each in a simulated region,
 * measured from outside over HTTP (loopback: the latency is the server time).
 *
 *   deno run -A bench/edge_topology.ts                  the topology: core at 7 ms, web at 95 and
 *                                                       195 ms (eventual 13 and 42 ms)
 *   deno run -A bench/edge_topology.ts --all 0,95,200   one `all` process per round trip
 *   deno run -A bench/edge_topology.ts --tape 0,95,200  the tape writer alone, offered RATE
 *                                                       ticks/s (default 1000) across symbols
 *
 * Prints per region: page time p50/p99 and strong round trips in sequence (the
 * `X-KV-Round-Trips` header) for home, quotes, product detail, tickets and assets of both
 * layouts (visitor and signed in), fast order latency p50/p99 and refusals, and the tape's lag
 * behind wall time with the ticks per second written. N (default 8) requests per page.
 */
import { Cluster, type Instance, socket } from "../tests/multi/cluster.ts";
import type { FastOrderJson } from "../contract/trading.ts";
import type { TapeHead } from "../edge/market/stored_tape.ts";
import { marketKeys } from "../edge/market/store.ts";
import { SYMBOLS } from "../contract/symbols.ts";
import { DESKTOP_UA, MOBILE_UA } from "../tests/server.ts";
import { openKv } from "../edge/platform/config.ts";
import { DEFAULT_TAPE, Tape } from "../edge/market/tape.ts";
import { Lease } from "../edge/platform/lease.ts";
import { genesisHash, verifyChain } from "../contract/chain.ts";

const N = Number(Deno.env.get("N") ?? 8);
const DEMO = { phone: "+12025550123", password: "Demo-2026" };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

/** The pages measured: [name, path, layout]; each visitor and signed in. */
export const BENCH_PAGES: [string, string, "wp" | "pc"][] = [
  ["home", "/wp/home", "wp"],
  ["home", "/pc/home", "pc"],
  ["quotes", "/wp/quotes/list", "wp"],
  ["quotes", "/pc/market", "pc"],
  ["detail", "/wp/product/detail/BTCUSDT", "wp"],
  ["ticket", "/wp/product/order", "wp"],
  ["ticket", "/pc/trade/fast", "pc"],
  ["ticket", "/pc/trade/future", "pc"],
  ["assets", "/wp/trade/property", "wp"],
  ["assets", "/pc/userCenter/property", "pc"],
];

export interface RegionResult {
  region: string;
  rtt: number;
  pages: { name: string; path: string; who: string; p50: number; p99: number; trips: string }[];
  order: { p50: number; p99: number; refused: Record<string, number>; trips: string };
  tape: { lagMaxS: number; ticksPerS: number };
}

async function timed(f: () => Promise<Response>): Promise<[number, Response]> {
  const t0 = performance.now();
  const r = await f();
  await r.arrayBuffer();
  return [performance.now() - t0, r];
}

export async function measureRegion(
  c: Cluster,
  inst: Instance,
  region: string,
  rtt: number,
): Promise<RegionResult> {
  const login = await c.call(inst, "/api/login", { body: DEMO });
  const token = login.headers.get("authorization")!;
  const cookie = `tw_session=${token}`;
  const pages: RegionResult["pages"] = [];
  for (const [name, path, layout] of BENCH_PAGES) {
    for (const who of ["visitor", "signed-in"]) {
      const times: number[] = [];
      let trips = "";
      for (let i = 0; i < N; i++) {
        const [ms, r] = await timed(() =>
          fetch(inst.base + path, {
            headers: {
              "user-agent": layout === "wp" ? MOBILE_UA : DESKTOP_UA,
              "accept-language": "en",
              ...(who === "signed-in" ? { cookie } : {}),
            },
            redirect: "manual",
          })
        );
        times.push(ms);
        trips = r.headers.get("x-kv-round-trips") ?? "?";
        if (r.status >= 300 && r.status < 400) trips += ` (${r.status})`;
      }
      pages.push({ name, path, who, p50: pct(times, 50), p99: pct(times, 99), trips });
    }
  }
  const times: number[] = [];
  const refused: Record<string, number> = {};
  let trips = "";
  for (let i = 0; i < N * 2; i++) {
    const t0 = performance.now();
    const r = await c.call<{ error?: string }>(inst, "/api/fast/order", {
      token,
      body: { symbol: "BTCUSDT", direction: i % 2 ? "up" : "down", duration: 30, stake: "10" },
    });
    const ms = performance.now() - t0;
    trips = r.headers.get("x-kv-round-trips") ?? "?";
    if (r.body.code === 0) times.push(ms);
    else {
      const why = r.body.data?.error ?? String(r.status);
      refused[why] = (refused[why] ?? 0) + 1;
    }
  }
  return {
    region,
    rtt,
    pages,
    order: { p50: pct(times, 50), p99: pct(times, 99), refused, trips },
    tape: { lagMaxS: NaN, ticksPerS: NaN },
  };
}

/** The tape's lag behind wall time (worst symbol) and ticks written per second, over `ms`. */
export async function measureTape(kv: Deno.Kv, ms: number) {
  const heads = async () => {
    const got = await kv.getMany<TapeHead[]>(SYMBOLS.map((s) => marketKeys.last(s.code)));
    return got.map((e) => e.value);
  };
  const first = await heads();
  const t0 = Date.now();
  let lagMax = 0;
  while (Date.now() - t0 < ms) {
    await new Promise((r) => setTimeout(r, 500));
    const now = Date.now();
    for (const h of await heads()) if (h) lagMax = Math.max(lagMax, now - h.time);
  }
  const last = await heads();
  let ticks = 0;
  last.forEach((h, i) => ticks += (h?.seq ?? 0) - (first[i]?.seq ?? 0));
  return { lagMaxS: lagMax / 1000, ticksPerS: ticks / ((Date.now() - t0) / 1000) };
}

export function printRegion(r: RegionResult) {
  console.log(`\n## ${r.region} (strong round trip ${r.rtt} ms)`);
  console.log("| page | path | who | p50 ms | p99 ms | round trips (in sequence/strong) |");
  console.log("|---|---|---|---|---|---|");
  for (const p of r.pages) {
    console.log(
      `| ${p.name} | ${p.path} | ${p.who} | ${p.p50.toFixed(0)} | ${
        p.p99.toFixed(0)
      } | ${p.trips} |`,
    );
  }
  console.log(
    `fast order: p50 ${r.order.p50.toFixed(0)} ms, p99 ${
      r.order.p99.toFixed(0)
    } ms, round trips ${r.order.trips}, refused ${JSON.stringify(r.order.refused)}`,
  );
  console.log(
    `tape: worst lag ${r.tape.lagMaxS.toFixed(1)} s, ${
      r.tape.ticksPerS.toFixed(1)
    } ticks/s written`,
  );
}

/** A cluster whose store is seeded (at 0 ms: seeding far away would take minutes). */
async function seeded(): Promise<Cluster> {
  const c = await Cluster.create();
  await c.seed();
  return c;
}

/**
 * The tape writer alone on a KV file at `rtt`: `rate` ticks/s offered across every symbol for
 * `seconds`; returns the ticks stored per second, the worst lag of a symbol's stored head behind
 * wall time (after the first second), the largest commit, and whether every chain verifies.
 */
export async function tapeBench(rtt: number, rate = 1000, seconds = 10) {
  const dir = await Deno.makeTempDir({ prefix: "tradewind-tape-bench-" });
  const sim = { rttMs: 0, eventualMs: 0 };
  const kv = await openKv(`${dir}/tape.kv`, sim);
  const tape = new Tape(kv, { ...DEFAULT_TAPE, now: Date.now });
  const codes = SYMBOLS.map((s) => s.code);
  await tape.load(codes);
  const lease = new Lease(kv, "market");
  await lease.keep(() => {});
  tape.lead(lease);
  sim.rttMs = rtt;
  const price = new Map(codes.map((c) => [c, 100_00000000n]));
  const t0 = Date.now();
  let offered = 0, lag = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    const due = Math.floor(((now - t0) / 1000) * rate) - offered;
    for (let i = 0; i < due; i++, offered++) {
      const symbol = codes[offered % codes.length]!;
      const p = price.get(symbol)! + (Math.random() < 0.5 ? -1000n : 1000n);
      price.set(symbol, p);
      void tape.ingest({ symbol, time: now, price: p, qty: 1_000_000n });
    }
    if (now - t0 > 1000) {
      for (const c of codes) lag = Math.max(lag, now - (tape.lastTick(c)?.time ?? t0));
    }
  }, 20);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  clearInterval(timer);
  const stored = tape.stats.accepted;
  const elapsed = (Date.now() - t0) / 1000;
  await tape.ingest({ symbol: codes[0]!, time: 0, price: 1n, qty: 0n }).catch(() => {});
  sim.rttMs = 0;
  let broken = 0;
  for (const c of codes) {
    const head = tape.chainHead(c);
    const ticks = await tape.range(c, 1, head.seq, head.seq + 1);
    if (
      ticks.length !== head.seq ||
      verifyChain({ seq: 0, hash: genesisHash(c), time: 0 }, ticks)
    ) broken++;
  }
  const { kvStats } = await import("../edge/platform/kvstore.ts");
  const stats = kvStats(kv)!;
  await lease.stop();
  kv.close();
  await Deno.remove(dir, { recursive: true });
  return {
    rtt,
    offeredPerS: offered / elapsed,
    storedPerS: stored / elapsed,
    lagMaxS: lag / 1000,
    commits: stats.commits,
    maxChecks: stats.maxChecks?.checks ?? 0,
    maxMutations: stats.maxMutations?.mutations ?? 0,
    brokenChains: broken,
  };
}

/**
 * Ticker messages on a socket of `inst` for `ms`: delay from the tick's time to its arrival.
 * The first ticker message answers the subscription with every symbol's latest quote (ticks
 * made before the socket existed, some a feed interval or more ago): not a tick on its way, so
 * not counted (counting it put the p99 at about 340 ms whatever the region).
 */
async function tickToSocket(inst: Instance, ms: number): Promise<number[]> {
  const s = await socket(inst, null, ["ticker"]);
  await new Promise((r) => setTimeout(r, ms));
  s.close();
  const delays: number[] = [];
  let snapshot = true;
  for (const { at, msg } of s.got) {
    if (msg.ch !== "ticker") continue;
    if (snapshot) {
      snapshot = false;
      continue;
    }
    for (const q of msg.data as { time: number }[]) delays.push(at - q.time);
  }
  return delays;
}

/** Place a 30 s fast contract through `inst`; resolves with its settlement delay after expiry. */
async function settlementDelay(c: Cluster, inst: Instance): Promise<number> {
  const token = (await c.call(inst, "/api/login", { body: DEMO })).headers.get("authorization")!;
  const r = await c.call<FastOrderJson>(inst, "/api/fast/order", {
    token,
    body: { symbol: "ETHUSDT", direction: "up", duration: 30, stake: "10" },
  });
  if (r.body.code !== 0) return NaN;
  const o = await c.settledFast(inst, token, r.body.data.orderNo, "settled");
  return o.settlementTime! - o.expiryTime;
}

/** The topology: a core near the write region, web instances far from it. */
async function topology() {
  const c = await seeded();
  const kv = await Deno.openKv(c.kvPath);
  try {
    await c.start("core", { APP_ROLE: "core", KV_SIM_RTT_MS: "7", KV_SIM_EVENTUAL_MS: "2" });
    const regions = [
      { name: "web Frankfurt", rtt: 95, eventual: 13 },
      { name: "web Hong Kong", rtt: 195, eventual: 42 },
    ];
    const webs: Instance[] = [];
    for (const r of regions) {
      webs.push(
        await c.start(r.name.replace(/\s/g, "-"), {
          APP_ROLE: "web",
          KV_SIM_RTT_MS: String(r.rtt),
          KV_SIM_EVENTUAL_MS: String(r.eventual),
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 3_000));
    // settlements run in the background while the pages are measured
    const settling = webs.map((w) => settlementDelay(c, w));
    const tape = await measureTape(kv, 10_000);
    for (const [i, r] of regions.entries()) {
      const res = await measureRegion(c, webs[i]!, r.name, r.rtt);
      res.tape = tape;
      printRegion(res);
      // 15 s: about 300 ticks, so the p99 is not simply the slowest one
      const ticks = await tickToSocket(webs[i]!, 15_000);
      console.log(
        `tick to socket: p50 ${pct(ticks, 50)} ms, p99 ${
          pct(ticks, 99)
        } ms (${ticks.length} quotes)`,
      );
    }
    const delays = await Promise.all(settling);
    regions.forEach((r, i) =>
      console.log(`${r.name}: fast contract settled ${delays[i]} ms after expiry`)
    );
    // the machine may be shared: say how busy it was
    console.log(`load average at the end: ${Deno.loadavg().map((x) => x.toFixed(2)).join(", ")}`);
  } finally {
    kv.close();
    await c.stop();
  }
}

if (import.meta.main) {
  if (!Deno.args.length) await topology();
  const tapeArg = Deno.args.indexOf("--tape");
  if (tapeArg >= 0) {
    const rate = Number(Deno.env.get("RATE") ?? 1000);
    console.log(
      "| round trip | offered ticks/s | stored ticks/s | worst lag s | commits | max checks | max mutations | broken chains |",
    );
    console.log("|---|---|---|---|---|---|---|---|");
    for (const rtt of (Deno.args[tapeArg + 1] ?? "0,95,200").split(",").map(Number)) {
      const r = await tapeBench(rtt, rate);
      console.log(
        `| ${rtt} ms | ${r.offeredPerS.toFixed(0)} | ${r.storedPerS.toFixed(0)} | ${
          r.lagMaxS.toFixed(2)
        } | ${r.commits} | ${r.maxChecks} | ${r.maxMutations} | ${r.brokenChains} |`,
      );
    }
  }
  const all = Deno.args.indexOf("--all");
  if (all >= 0) {
    const rtts = (Deno.args[all + 1] ?? "0,95,200").split(",").map(Number);
    for (const rtt of rtts) {
      const c = await seeded();
      const kv = await Deno.openKv(c.kvPath);
      try {
        const inst = await c.start(`all-${rtt}`, { KV_SIM_RTT_MS: String(rtt) });
        await new Promise((r) => setTimeout(r, 5_000));
        const tape = await measureTape(kv, 10_000);
        const r = await measureRegion(c, inst, `all at ${rtt} ms`, rtt);
        r.tape = tape;
        printRegion(r);
      } finally {
        kv.close();
        await c.stop();
      }
    }
  }
}
