/**
 * Many instances, one market: three app processes on one KV file. Every instance shows the
 * same stored ticks; orders are placed through every instance; the holder of the market and
 * engine leases is SIGKILLed mid-run; another instance takes over; every fast contract settles
 * at the stored tick at or before its expiry, within the staleness limit after it; stops fire;
 * the sockets on the surviving instances hear every event of their customer; no reply is a
 * 5xx; the ledger checker is clean. Prints the takeover time and the cross-instance event delay.
 */
import { assert, assertEquals } from "../assert.ts";
import { formatDecimal, parseDecimal } from "../../core-wasm/mod.ts";
import { marketKeys } from "../../edge/market/store.ts";
import type { FastOrderJson } from "../../contract/trading.ts";
import type { PositionJson } from "../../contract/trading.ts";
import {
  assertLedgerBalanced,
  type Cluster,
  clusterTest,
  DEMO_LOGIN,
  type Instance,
  socket,
  until,
} from "./cluster.ts";

const STALE_MS = 10_000;

async function signIn(c: Cluster, inst: Instance): Promise<string> {
  const r = await c.call(inst, "/api/login", { body: DEMO_LOGIN });
  assertEquals(r.body.code, 0, JSON.stringify(r.body));
  return r.headers.get("authorization")!;
}

/** The stored tick at or before `time` (what settlement must have used). */
async function storedAtOrBefore(kv: Deno.Kv, symbol: string, time: number) {
  for await (
    const e of kv.list<{ price: bigint }>(
      { prefix: marketKeys.ticks(symbol), end: marketKeys.tick(symbol, time + 1, 0) },
      { reverse: true, limit: 1 },
    )
  ) return { time: e.key[3] as number, price: e.value.price };
  return null;
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

clusterTest(
  "three instances on one KV: one market, orders survive a SIGKILLed lease holder",
  async (c, kv) => {
    const sockets: Awaited<ReturnType<typeof socket>>[] = [];
    try {
      const a = await c.start("A");
      const [b, d] = await Promise.all([c.start("B"), c.start("C")]);
      const all = [a, b, d];
      const marketHolder = await until(() => c.holder(kv, "market"), 10_000, "market lease");
      const engineHolder = await until(() => c.holder(kv, "engine"), 10_000, "engine lease");
      // the victim: the market's writer (and the engine's, when the same instance holds both)
      const victim = marketHolder;
      const survivors = all.filter((i) => i !== victim);
      const tokens = new Map<Instance, string>();
      for (const i of all) tokens.set(i, await signIn(c, i));

      // the customer watches from every survivor
      for (const i of survivors) sockets.push(await socket(i, tokens.get(i)!, ["user", "ticker"]));

      // 1. one market: every price any instance shows is a stored tick of that time
      await new Promise((r) => setTimeout(r, 3_000));
      const seen = new Map<string, bigint>();
      for (const s of sockets) {
        for (const { msg } of s.got) {
          if (msg.ch !== "ticker") continue;
          for (const q of msg.data) seen.set(`${q.symbol}|${q.time}|${q.price}`, 0n);
        }
      }
      assert(seen.size > 10, `ticker messages seen: ${seen.size}`);
      let checked = 0;
      for (const k of seen.keys()) {
        const [symbol, time, price] = k.split("|") as [string, string, string];
        const stored: bigint[] = [];
        for await (
          const e of kv.list<{ price: bigint }>({
            prefix: [...marketKeys.ticks(symbol), Number(time)],
          })
        ) stored.push(e.value.price);
        // the quote shows a tick of its millisecond (several may share one)
        assert(
          stored.includes(parseDecimal(price)),
          `${symbol} at ${time}: shown ${price}, stored ${stored.map((p) => formatDecimal(p))}`,
        );
        checked++;
      }

      // 2. orders through every instance: fast contracts both ways, positions with tight stops
      const fast: FastOrderJson[] = [];
      for (const i of all) {
        for (const direction of ["up", "down"] as const) {
          const r = await c.call<FastOrderJson>(i, "/api/fast/order", {
            token: tokens.get(i)!,
            body: { symbol: "BTCUSDT", direction, duration: 30, stake: "10" },
          });
          assertEquals(r.body.code, 0, JSON.stringify(r.body));
          fast.push(r.body.data);
        }
      }
      const positions: string[] = [];
      for (const i of all) {
        for (const side of ["long", "short"] as const) {
          // stops 0.003 % either side of the market: the walk crosses one within seconds (at
          // 0.02 % a quiet walk after a takeover could stay inside the band for two minutes)
          const r = await until(
            async () => {
              const q = await c.call<{ items: { symbol: string; price: string }[] }>(
                i,
                "/api/market/symbols",
              );
              const px = Number(q.body.data.items.find((x) => x.symbol === "BTCUSDT")?.price);
              const lo = (px * 0.99997).toFixed(2), hi = (px * 1.00003).toFixed(2);
              const res = await c.call<PositionJson>(i, "/api/contract/order", {
                token: tokens.get(i)!,
                body: {
                  symbol: "BTCUSDT",
                  side,
                  lots: 1,
                  leverage: 10,
                  type: "market",
                  stopLoss: side === "long" ? lo : hi,
                  takeProfit: side === "long" ? hi : lo,
                },
              });
              return res.body.code === 0 ? res : null;
            },
            10_000,
            `position ${side} on ${i.name}`,
          );
          positions.push(r.body.data.orderNo);
        }
      }

      // 3. the lease holder dies mid-run
      await new Promise((r) => setTimeout(r, 2_000));
      const killedAt = Date.now();
      await c.kill(victim);
      const takeover = await until(
        () =>
          survivors.flatMap((i) => i.lines).find((l) =>
            l.at >= killedAt && /writes the simulated tape/.test(l.line)
          ),
        20_000,
        "market takeover",
      );
      const engineTakeover = engineHolder === victim
        ? await until(
          () =>
            survivors.flatMap((i) => i.lines).find((l) =>
              l.at >= killedAt && /runs the trigger engine/.test(l.line)
            ),
          20_000,
          "engine takeover",
        )
        : null;
      console.log(
        `takeover after SIGKILL: market ${takeover.at - killedAt} ms` +
          (engineTakeover ? `, engine ${engineTakeover.at - killedAt} ms` : ""),
      );

      // 4. every fast contract settles at the stored tick at or before its expiry
      const survivor = survivors[0]!;
      const token = tokens.get(survivor)!;
      const settled = await until(
        async () => {
          const r = await c.call<{ items: FastOrderJson[] }>(
            survivor,
            "/api/fast/orders?status=settled&limit=50",
            { token },
          );
          const mine = r.body.data.items.filter((o) => fast.some((f) => f.orderNo === o.orderNo));
          return mine.length === fast.length ? mine : null;
        },
        60_000,
        "every fast contract settled",
      );
      for (const o of settled) {
        assert(o.exit, `${o.orderNo} settled without an exit (refunded)`);
        const stored = await storedAtOrBefore(kv, o.symbol, o.expiryTime);
        assertEquals(o.exit.time, stored?.time, `${o.orderNo}: exit time`);
        assertEquals(o.exit.price, formatDecimal(stored!.price), `${o.orderNo}: exit price`);
        assert(
          o.settlementTime! - o.expiryTime <= STALE_MS,
          `${o.orderNo} settled ${o.settlementTime! - o.expiryTime} ms after expiry`,
        );
      }

      // 5. stops fire (on the surviving engine)
      await until(
        async () => {
          const r = await c.call<{ items: PositionJson[] }>(
            survivor,
            "/api/contract/positions?status=closed",
            { token },
          );
          return positions.every((id) => r.body.data.items.some((p) => p.orderNo === id));
        },
        90_000,
        "every stop-loss or take-profit fired",
      );

      // 6. every survivor's socket heard every settlement and every closed position
      for (const s of sockets) {
        await until(
          () => {
            const events = s.got.filter((g) => g.msg.ch === "user").map((g) =>
              g.msg.data as { type: string; order?: { orderNo: string }; position?: PositionJson }
            );
            return fast.every((f) =>
              events.some((e) => e.type === "fast.settled" && e.order?.orderNo === f.orderNo)
            ) &&
              positions.every((id) =>
                events.some((e) =>
                  e.type === "position" && e.position?.orderNo === id &&
                  e.position.status === "closed"
                )
              );
          },
          10_000,
          "socket events for every order",
        );
      }

      // 7. event delay across instances: an order through one survivor, heard on the other
      if (survivors.length >= 2) {
        const [from, to] = [survivors[0]!, survivors[1]!];
        const s = sockets[1]!;
        const delays: number[] = [];
        for (let n = 0; n < 20; n++) {
          const before = s.got.length;
          const sent = Date.now();
          const r = await c.call(from, "/api/fast/order", {
            token: tokens.get(from)!,
            body: { symbol: "ETHUSDT", direction: "up", duration: 30, stake: "10" },
          });
          assertEquals(r.body.code, 0, JSON.stringify(r.body));
          const got = await until(
            () =>
              s.got.slice(before).find((g) =>
                g.msg.ch === "user" && (g.msg.data as { type: string }).type === "balance"
              ),
            5_000,
            `balance event on ${to.name}`,
          );
          delays.push(got.at - sent);
        }
        console.log(
          `event delay across instances (order reply start -> socket): p50 ${
            pct(delays, 50)
          } ms, p99 ${pct(delays, 99)} ms`,
        );
      }
      assertEquals(c.failures, [], "no 5xx replies");
      assertEquals(c.serverErrors, 0, "no 5xx replies");
      console.log(`prices checked against the tape: ${checked}`);
    } finally {
      for (const s of sockets) s.close();
    }
  },
  // the books of every instance balance
  assertLedgerBalanced,
);

clusterTest("restarting an instance twice does not repeat prices", async (c, kv) => {
  const runs: string[] = [];
  for (let run = 0; run < 3; run++) {
    const before = (await kv.get<{ time: number }>(marketKeys.last("BTCUSDT"))).value?.time ??
      0;
    const inst = await c.start(`run${run}`);
    await until(
      async () => {
        let n = 0;
        for await (
          const _ of kv.list({
            prefix: marketKeys.ticks("BTCUSDT"),
            start: marketKeys.tick("BTCUSDT", before + 1, 0),
          })
        ) n++;
        return n >= 12;
      },
      20_000,
      "twelve new ticks",
    );
    await c.kill(inst, "SIGTERM");
    // the moves of this run's first ticks (price steps, not levels: a run continues the last)
    const prices: bigint[] = [];
    for await (
      const e of kv.list<{ price: bigint }>({
        prefix: marketKeys.ticks("BTCUSDT"),
        start: marketKeys.tick("BTCUSDT", before + 1, 0),
      }, { limit: 12 })
    ) prices.push(e.value.price);
    runs.push(prices.slice(1).map((p, i) => String(p - prices[i]!)).join(","));
  }
  assertEquals(new Set(runs).size, 3, `runs repeated a path:\n${runs.join("\n")}`);
});
