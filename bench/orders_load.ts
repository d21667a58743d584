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

const latencies: number[] = [];
let failures = 0;
const errorsSeen = new Map<string, number>();
const end = performance.now() + SECONDS * 1000;
await Promise.all(tokens.map(async (token) => {
  while (performance.now() < end) {
    const t0 = performance.now();
    const r = await fetch(`${base}/api/fast/order`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: JSON.stringify({ symbol: "BTCUSDT", direction: "up", duration: 300, stake: "10" }),
    });
    const body = await r.json();
    latencies.push(performance.now() - t0);
    if (body.code !== 0) {
      failures++;
      errorsSeen.set(body.data?.error, (errorsSeen.get(body.data?.error) ?? 0) + 1);
    }
  }
}));
await app.stop();
latencies.sort((a, b) => a - b);
const q = (p: number) => latencies[Math.floor(latencies.length * p)]!.toFixed(1);
const orderRate = latencies.length / SECONDS;

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
  }/s at ${CLIENTS} clients (${failures} refused), p50 ${q(0.5)} ms, p99 ${q(0.99)} ms`,
);
console.info(
  `raw KV atomic commits (same store, ${CLIENTS} writers): ${rawRate.toFixed(0)}/s; orders = ${
    (orderRate / rawRate * 100).toFixed(0)
  }% of raw`,
);
if (errorsSeen.size) console.info("refusals:", Object.fromEntries(errorsSeen));
kv2.close();
await Deno.remove(dir, { recursive: true });
