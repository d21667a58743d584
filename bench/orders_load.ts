/**
 * Order placement through HTTP: 50 concurrent clients placing fast contracts (each a durable KV
 * commit: the frozen stake's journal, balances, order, indexes and idempotency record) against
 * the raw KV atomic-commit rate on the same store, in the same run. The app runs in its own
 * process on a KV file (simulated feed on); `deno run -A bench/orders_load.ts`.
 */
import { house, user } from "../edge/ledger/accounts.ts";
import { buildDeps } from "../edge/platform/boot.ts";
import { loadConfig } from "../edge/platform/config.ts";
import { startAppProcess } from "./server.ts";
import { seedIfEmpty } from "../tools/seed.ts";
import { hashPassword } from "../edge/accounts/passwords.ts";
import { keys as accountKeys } from "../edge/accounts/store.ts";

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
  const now = Date.now();
  await kv.atomic()
    .set(accountKeys.user("demo", userId), {
      userId,
      phone,
      passwordHash,
      drawPasswordHash: null,
      inviteCode: `B${i}`,
      invitedBy: null,
      certifyLevel: "none",
      createdAt: now,
      passwordChangedAt: now,
      passwordResetAt: null,
      locale: null,
    })
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
const PORT = 8767;
const app = await startAppProcess(PORT, {
  KV_PATH: `${dir}/orders.kv`,
  TRUST_PROXY: "1",
  SIM_SYMBOLS: "BTCUSDT",
});
const base = `http://127.0.0.1:${PORT}`;
const tokens: string[] = [];
for (const [i, phone] of phones.entries()) {
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${i + 1}` },
    body: JSON.stringify({ phone, password: "Bench-pass1" }),
  });
  tokens.push(login.headers.get("authorization")!);
  await login.body?.cancel();
}

// wrk (as the quality bar names) drives the load: 2 threads, 50 connections, the 50 customers'
// tokens taken in turn; a Lua hook counts replies whose code is not 0.
const script = `${dir}/orders.lua`;
await Deno.writeTextFile(
  script,
  `local tokens = {${tokens.map((t) => JSON.stringify(t)).join(",")}}
local i = 0
refused = 0 -- global, so done() can read each thread's count
local threads = {}
local body = '{"symbol":"BTCUSDT","direction":"up","duration":300,"stake":"10"}'
function setup(thread) table.insert(threads, thread) end
function request()
  i = i % #tokens + 1
  return wrk.format("POST", "/api/fast/order",
    { ["Content-Type"] = "application/json", ["Authorization"] = tokens[i] }, body)
end
function response(status, headers, b)
  if not string.find(b, '"code":0', 1, true) then refused = refused + 1 end
end
function done(summary, latency, requests)
  local n = 0
  for _, t in ipairs(threads) do n = n + t:get("refused") end
  io.write(string.format("refused %d\\n", n))
end
`,
);
const wrk = await new Deno.Command("wrk", {
  args: ["-t2", `-c${CLIENTS}`, `-d${SECONDS}s`, "--latency", "-s", script, `${base}/`],
  stdout: "piped",
  stderr: "piped",
}).output().catch(() => null);
await app.stop();
if (!wrk?.success) {
  console.log(
    wrk ? new TextDecoder().decode(wrk.stderr) : "wrk not installed (apt-get install -y wrk)",
  );
  Deno.exit(0);
}
const out = new TextDecoder().decode(wrk.stdout);
const orderRate = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
const pct = (p: string) => new RegExp(`\\s${p}%\\s+([\\d.]+\\w+)`).exec(out)?.[1];
const failures = Number(/refused (\d+)/.exec(out)?.[1]);

// raw KV atomic commits (a check and two writes), 50 concurrent writers, same store
const kv2 = await Deno.openKv(`${dir}/orders.kv`);
let commits = 0;
const rawEnd = performance.now() + 3000;
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
const rawRate = commits / 3;
console.info(
  `orders through HTTP: ${
    orderRate.toFixed(0)
  }/s at ${CLIENTS} clients (${failures} refused), p50 ${pct("50")}, p99 ${pct("99")}`,
);
console.info(
  `raw KV atomic commits (same store, ${CLIENTS} writers): ${rawRate.toFixed(0)}/s; orders = ${
    (orderRate / rawRate * 100).toFixed(0)
  }% of raw`,
);
kv2.close();
await Deno.remove(dir, { recursive: true });
