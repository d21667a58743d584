/**
 * Order placement through HTTP: 50 concurrent clients placing fast contracts (each a durable KV
 * commit: the frozen stake's journal, balances, order, indexes and idempotency record) against
 * the raw KV atomic-commit rate on the same store, in the same run (measured before the app
 * starts and after it stops; the mean is the base). The app runs in its own process on a KV
 * file (simulated feed on); `deno run -A bench/orders_load.ts`. `INSTANCES=2`: two app processes
 * on the one KV file, the 50 clients split across them. `SECONDS`: length of the measured load
 * (10), after `WARMUP` seconds (3) of the same load that are not counted.
 * Prints orders/s, p50/p99 of all requests, the ratio to the raw rate, the app threads' CPU and
 * the CPU per request. `APP_DENO_FLAGS="--cpu-prof --cpu-prof-dir=DIR"` profiles the app process
 * (bench/server.ts); `deno run -A bench/cpu_top.ts DIR/*.cpuprofile 40 --after=place` lists the
 * order path's heaviest functions.
 */
import { house, user } from "../edge/ledger/accounts.ts";
import { buildDeps } from "../edge/http/boot.ts";
import { loadConfig } from "../edge/platform/config.ts";
import { startAppProcess } from "./server.ts";
import { seededUser, seedIfEmpty } from "../tools/seed.ts";
import { hashPassword } from "../edge/customers/passwords.ts";
import { keys as accountKeys } from "../edge/customers/store.ts";

const CLIENTS = 50;
const SECONDS = Number(Deno.env.get("SECONDS") ?? 10);
const dir = await Deno.makeTempDir();
const kv = await Deno.openKv(`${dir}/orders.kv`);
// TRUST_PROXY: each simulated customer logs in from its own address (login is throttled per IP)
const env: Record<string, string> = { KV_PATH: `${dir}/orders.kv`, TRUST_PROXY: "1" };
const deps = await buildDeps(loadConfig((k) => env[k]), kv, {
  log: () => {},
});
console.log = ((orig) => (...a: unknown[]) => String(a[0]).startsWith("[seed]") || orig(...a))(
  console.log,
);
await seedIfEmpty(deps);
// 50 customers (one per client, as in real traffic), each funded through a journal
const passwordHash = await hashPassword("Bench-pass1");
const phones: string[] = [];
for (let i = 0; i < CLIENTS; i++) {
  const userId = String(20_000_000 + i), phone = `+1202555${String(1000 + i)}`;
  phones.push(phone);
  await kv.atomic()
    .set(
      accountKeys.user("demo", userId),
      seededUser({ userId, phone, passwordHash, inviteCode: `B${i}` }, Date.now()),
    )
    .set(accountKeys.phone("demo", phone), userId)
    .commit();
  await deps.ledger.post("demo", { key: `bench:deposit:${i}`, request: i }, () => ({
    type: "deposit",
    ref: "bench",
    postings: [
      { account: house("external", "USDT"), available: -(10n ** 15n) },
      { account: user(userId, "contract", "USDT"), available: 10n ** 15n },
    ],
    result: () => null,
  }));
}
kv.close();

// raw KV atomic commits (a check and two writes), 50 concurrent writers, same store; measured
// before the app starts and after it stops (the machine is shared: the mean of both is the base)
async function rawCommitRate(seconds: number) {
  const kv2 = await Deno.openKv(`${dir}/orders.kv`);
  let commits = 0;
  const rawEnd = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: CLIENTS }, async (_, i) => {
    const k = ["bench", "raw", i];
    while (performance.now() < rawEnd) {
      const e = await kv2.get<number>(k);
      const r = await kv2.atomic().check(e).set(k, (e.value ?? 0) + 1).set(
        ["bench", "raw2", i],
        commits,
      ).commit();
      if (r.ok) commits++;
    }
  }));
  kv2.close();
  return commits / seconds;
}
const rawBefore = await rawCommitRate(3);

// INSTANCES app processes on the one KV file (each with the simulated feed, as deployed)
const INSTANCES = Number(Deno.env.get("INSTANCES") ?? 1);
const PORT = 8767;
const apps = await Promise.all(
  Array.from({ length: INSTANCES }, (_, n) =>
    startAppProcess(PORT + n, {
      KV_PATH: `${dir}/orders.kv`,
      TRUST_PROXY: "1",
      SIM_SYMBOLS: "BTCUSDT",
    })),
);
const bases = apps.map((_, n) => `http://127.0.0.1:${PORT + n}`);
const tokens: string[] = [];
for (const [i, phone] of phones.entries()) {
  // (a sign-in may meet a busy database while the instances start: tried again)
  for (let attempt = 1;; attempt++) {
    const login = await fetch(`${bases[i % INSTANCES]}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${i + 1}` },
      body: JSON.stringify({ phone, password: "Bench-pass1" }),
    });
    await login.body?.cancel();
    const token = login.headers.get("authorization");
    if (token) {
      tokens.push(token);
      break;
    }
    if (attempt === 5) throw new Error(`sign-in of ${phone} failed: HTTP ${login.status}`);
  }
}

// wrk (as the quality bar names) drives the load: 50 connections in all (2 threads on one
// instance; one wrk of 1 thread per instance otherwise). Each thread takes its own share of the
// customers' tokens in turn (25 connections, 25 customers), so a customer seldom has two orders
// in flight, as in real traffic. A Lua hook counts replies whose code is not 0 and writes the
// latency histogram, so the percentiles of several wrk runs are those of all their requests.
const script = (n: number, own: string[], threads: number) =>
  `local tokens = {${own.map((t) => JSON.stringify(t)).join(",")}}
local per = ${own.length / threads}
refused = 0 -- global, so done() can read each thread's count
i = 0
local threads = {}
local body = '{"symbol":"BTCUSDT","direction":"up","duration":300,"stake":"10"}'
function setup(thread)
  thread:set("first", #threads * per)
  table.insert(threads, thread)
end
function request()
  i = i % per + 1
  return wrk.format("POST", "/api/fast/order",
    { ["Content-Type"] = "application/json", ["Authorization"] = tokens[first + i] }, body)
end
function response(status, headers, b)
  if not string.find(b, '"code":0', 1, true) then
    refused = refused + 1
    if refused <= 3 then io.stderr:write(status .. " " .. b .. "\\n") end
  end
end
function done(summary, latency, requests)
  local n = 0
  for _, t in ipairs(threads) do n = n + t:get("refused") end
  io.write(string.format("refused %d\\n", n))
  local f = io.open("${dir}/latency-${n}.txt", "w")
  for j = 1, #latency do
    local v, c = latency(j)
    f:write(string.format("%d %d\\n", v, c))
  end
  f:close()
end
`;
// CPU of the app processes' threads while wrk runs (where the time goes: JS, the KV worker)
async function threadTimes(pid: number) {
  const out = new Map<string, number>();
  for await (const t of Deno.readDir(`/proc/${pid}/task`)) {
    const stat = await Deno.readTextFile(`/proc/${pid}/task/${t.name}/stat`).catch(() => "");
    const m = /\((.*)\) \S+ (?:\S+ ){10}(\d+) (\d+)/.exec(stat);
    if (m) out.set(`${m[1]}#${t.name}`, Number(m[2]) + Number(m[3]));
  }
  return out;
}
/** `seconds` of the load on every instance (one wrk each), as configured above. */
const load = (seconds: number) =>
  Promise.all(bases.map(async (base, n) => {
    const threads = INSTANCES === 1 ? 2 : 1;
    const share = CLIENTS / INSTANCES;
    const own = tokens.slice(n * share, (n + 1) * share);
    await Deno.writeTextFile(`${dir}/orders-${n}.lua`, script(n, own, threads));
    return await new Deno.Command("wrk", {
      args: [
        `-t${threads}`,
        `-c${CLIENTS / INSTANCES}`,
        `-d${seconds}s`,
        "--latency",
        "-s",
        `${dir}/orders-${n}.lua`,
        `${base}/`,
      ],
      stdout: "piped",
      stderr: "piped",
    }).output().catch(() => null);
  }));
// a warm-up of the same load first, not counted: a freshly started process compiles its order
// path during its first second of orders (those took up to 140 ms, steady-state ones about 40),
// which is start-up, not the serving path the bar is about; `WARMUP=0` counts from the start
const WARMUP = Number(Deno.env.get("WARMUP") ?? 3);
if (WARMUP > 0) await load(WARMUP);
const cpuBefore = await Promise.all(apps.map((a) => threadTimes(a.proc.pid)));
const wrkStart = performance.now();
const runs = await load(SECONDS);
const cpuAfter = await Promise.all(apps.map((a) => threadTimes(a.proc.pid)));
const wrkSeconds = (performance.now() - wrkStart) / 1000;
const cpu = cpuAfter.map((after, n) => {
  const busy = [...after].map(([k, v]) =>
    [k.split("#")[0]!, v - (cpuBefore[n]!.get(k) ?? 0)] as const
  )
    .filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]).slice(0, 3);
  return busy.map(([k, v]) => `${k} ${(v / wrkSeconds).toFixed(0)}%`).join(", ");
});
// CPU (ms) of the app processes per request, main thread and all threads: what a change of the
// request path saves, less sensitive than the rates to other load on a shared machine
const cpuMs = (main: boolean) =>
  cpuAfter.reduce((sum, after, n) => {
    for (const [k, v] of after) {
      if (!main || k.endsWith(`#${apps[n]!.proc.pid}`)) sum += v - (cpuBefore[n]!.get(k) ?? 0);
    }
    return sum;
  }, 0) * 10; // clock ticks of 10 ms
await Promise.all(apps.map((a) => a.stop()));
const failed = runs.find((w) => !w?.success);
if (failed !== undefined) {
  console.log(
    failed ? new TextDecoder().decode(failed.stderr) : "wrk not installed (apt-get install -y wrk)",
  );
  Deno.exit(0);
}
let orderRate = 0, failures = 0;
const decoder = new TextDecoder();
const histogram: [number, number][] = [];
for (const [n, w] of runs.entries()) {
  const out = decoder.decode(w!.stdout);
  orderRate += Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const refused = Number(/refused (\d+)/.exec(out)?.[1]);
  // the first refused replies of each thread, for a look at what went wrong
  if (refused > 0) console.info(decoder.decode(w!.stderr).trim());
  failures += refused;
  for (const line of (await Deno.readTextFile(`${dir}/latency-${n}.txt`)).trim().split("\n")) {
    const [v, c] = line.split(" ").map(Number);
    histogram.push([v!, c!]);
  }
}
histogram.sort((a, b) => a[0] - b[0]);
const total = histogram.reduce((s, [, c]) => s + c, 0);
/** A latency percentile (ms) of all requests of all wrk runs. */
const pct = (p: number) => {
  let seen = 0;
  for (const [v, c] of histogram) {
    seen += c;
    if (seen >= total * p / 100) return `${(v / 1000).toFixed(2)}ms`;
  }
  return "?";
};
const rawAfter = await rawCommitRate(3);
const rawRate = (rawBefore + rawAfter) / 2;
console.info(
  `orders through HTTP, ${INSTANCES} instance(s): ${
    orderRate.toFixed(0)
  }/s at ${CLIENTS} clients (${failures} refused), p50 ${pct(50)}, p99 ${pct(99)}`,
);
console.info(
  `raw KV atomic commits (same store, ${CLIENTS} writers): ${rawRate.toFixed(0)}/s (before ${
    rawBefore.toFixed(0)
  }, after ${rawAfter.toFixed(0)}); orders = ${(orderRate / rawRate * 100).toFixed(0)}% of raw`,
);
console.info(`app threads' CPU (share of one core) during the load: ${cpu.join(" | ")}`);
console.info(
  `app CPU per request: ${(cpuMs(true) / total).toFixed(2)} ms main thread, ${
    (cpuMs(false) / total).toFixed(2)
  } ms all threads`,
);
await Deno.remove(dir, { recursive: true });
