/**
 * Many instances on one store: two app servers on two SQLite connections to one KV file take
 * concurrent money requests. Contention is not an error: every request either commits or is
 * told 503 STORE_BUSY (try again), never 500, and the books still balance.
 */
import { assert, assertEquals } from "../assert.ts";
import { formatDecimal, parseDecimal } from "../../core-wasm/mod.ts";
import { formatReport, verifyLedger } from "../../edge/ledger/invariants.ts";
import { kvStats } from "../../edge/platform/kvstore.ts";
import { type Reply, type TestServer, twoInstancesTest } from "../server.ts";

const CUSTOMERS = ["+12025550123", "+12025550124"];

async function usdt(srv: TestServer, token: string) {
  const a = await srv.call<
    { rows: { wallet: string; currency: string; available: string; frozen: string }[] }
  >("/api/account/assets", { token });
  const row = (w: string) => a.body.data.rows.find((r) => r.wallet === w && r.currency === "USDT");
  return {
    spot: parseDecimal(row("spot")?.available ?? "0"),
    contract: parseDecimal(row("contract")?.available ?? "0"),
  };
}

twoInstancesTest(
  "two instances on one KV file: concurrent transfers never answer 500, books balance",
  async (a, b) => {
    const servers = [a, b];
    // sessions live in the store: a token from one instance is good on the other
    const tokens: string[] = [];
    for (const phone of CUSTOMERS) {
      const r = await a.call("/api/login", { body: { phone, password: "Demo-2026" } });
      tokens.push(r.headers.get("authorization")!);
    }
    const before = await Promise.all(tokens.map((t) => usdt(b, t)));

    // 120 transfers at once, alternating instance, customer and direction
    type Job = { srv: TestServer; who: number; toContract: boolean; amount: string };
    const jobs: Job[] = Array.from({ length: 120 }, (_, i) => ({
      srv: servers[i % 2]!,
      who: Math.floor(i / 2) % 2,
      toContract: Math.floor(i / 4) % 2 === 0,
      amount: `${1 + (i % 7)}.25`,
    }));
    // customer 2 holds USDT on spot only: move some to the contract wallet first
    const seedMove = await a.call("/api/account/transfer", {
      token: tokens[1]!,
      body: { from: "spot", to: "contract", currency: "USDT", amount: "300" },
    });
    assertEquals(seedMove.body.code, 0, JSON.stringify(seedMove.body));
    const replies: Reply[] = await Promise.all(jobs.map((j) =>
      j.srv.call("/api/account/transfer", {
        token: tokens[j.who]!,
        body: {
          from: j.toContract ? "spot" : "contract",
          to: j.toContract ? "contract" : "spot",
          currency: "USDT",
          amount: j.amount,
        },
      })
    ));

    const busy = replies.filter((r) => r.status === 503);
    const bad = replies.filter((r) => r.status !== 200 && r.status !== 503);
    assertEquals(bad.map((r) => [r.status, r.body]), [], "only successes and 503 STORE_BUSY");
    for (const r of busy) {
      assertEquals(r.body, {
        code: 503,
        message: "The service is busy right now, please try again in a moment",
        data: { error: "STORE_BUSY", retryAfterSeconds: 1 },
      });
      assertEquals(r.headers.get("retry-after"), "1");
    }

    // every success moved its amount exactly once; a 503 moved nothing
    const after = await Promise.all(tokens.map((t) => usdt(a, t)));
    const moved = [0n, 0n];
    jobs.forEach((j, i) => {
      if (replies[i]!.status !== 200) return;
      const v = parseDecimal(j.amount);
      moved[j.who] = moved[j.who]! + (j.toContract ? v : -v);
    });
    moved[1] = moved[1]! + parseDecimal("300");
    for (const who of [0, 1]) {
      const x = before[who]!, y = after[who]!;
      assertEquals(y.spot + y.contract, x.spot + x.contract, "no money created or lost");
      assertEquals(formatDecimal(x.spot - y.spot), formatDecimal(moved[who]!));
    }
    const report = await verifyLedger(a.kv);
    assertEquals(report.breaches, [], formatReport(report));

    const stats = servers.map((s) => kvStats(s.kv)!);
    console.log(
      `${replies.length - busy.length} committed, ${busy.length} busy (503); busy retries: ${
        stats.map((s) => s.busyRetries).join(" + ")
      }`,
    );
    assert(replies.length - busy.length >= 100, "contention slows requests, it does not fail most");
  },
);
