/**
 * Crash: the app (its own process, KV file) is killed with SIGKILL in the middle of a burst of
 * idempotent transfers, twice, and restarted. Every request is then retried with its key:
 * answers that were received before the crash come back identical, and the ledger checker is
 * clean on the store afterwards.
 */
import { assertEquals } from "../assert.ts";
import { formatReport, verifyLedger } from "../../edge/ledger/invariants.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const PORT = 8791;
const base = `http://127.0.0.1:${PORT}`;

async function start(kvPath: string) {
  const proc = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    cwd: ROOT,
    env: {
      KV_PATH: kvPath,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      MARKET_FEED: "off",
      // the signing key beside the store, not in the developer's .data/
      CHECKPOINT_KEY_FILE: kvPath.replace(/[^/]*$/, "checkpoint-key.jwk"),
    },
    stdout: "null",
    stderr: "null",
  }).spawn();
  for (let i = 0; i < 300; i++) {
    try {
      const r = await fetch(`${base}/api/config?identify=isClose`);
      await r.body?.cancel();
      if (r.ok) return proc;
    } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("app did not start");
}

Deno.test({
  name:
    "SIGKILL during a burst of money operations: retries return the first replies, books balance",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir();
    const kvPath = `${dir}/crash.kv`;
    let proc = await start(kvPath);
    const login = async () => {
      const r = await fetch(`${base}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ phone: "+12025550123", password: "Demo-2026" }),
      });
      await r.body?.cancel();
      return r.headers.get("authorization")!;
    };
    const requests = Array.from({ length: 300 }, (_, i) => ({
      key: `crash-${i}`,
      body: {
        from: i % 2 ? "contract" : "spot",
        to: i % 2 ? "spot" : "contract",
        currency: "USDT",
        amount: String(1 + (i % 7)),
      },
    }));
    const send = async (token: string, r: typeof requests[number]) => {
      try {
        const res = await fetch(`${base}/api/account/transfer`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: token,
            "idempotency-key": r.key,
          },
          body: JSON.stringify(r.body),
        });
        return await res.text();
      } catch {
        return null; // the connection died with the server
      }
    };
    const first = new Map<string, string>();
    for (const killAfterMs of [250, 600]) {
      const token = await login();
      const burst = Promise.all(requests.map(async (r) => {
        const reply = await send(token, r);
        if (reply && !first.has(r.key) && JSON.parse(reply).code === 0) first.set(r.key, reply);
      }));
      await new Promise((r) => setTimeout(r, killAfterMs));
      proc.kill("SIGKILL");
      await proc.status;
      await burst;
      proc = await start(kvPath);
    }
    // retry everything with the same keys: the answers received before are repeated exactly
    const token = await login();
    for (const r of requests) {
      const reply = await send(token, r);
      const seen = first.get(r.key);
      if (seen) assertEquals(reply, seen, r.key);
    }
    proc.kill("SIGTERM");
    await proc.status;
    const kv = await Deno.openKv(kvPath);
    const report = await verifyLedger(kv);
    kv.close();
    await Deno.remove(dir, { recursive: true });
    assertEquals(report.breaches, [], formatReport(report));
    console.log(
      `crash test: ${first.size} replies before the kills, ${report.journals} journals, books clean`,
    );
  },
});
