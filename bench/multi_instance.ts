/**
 * Many instances: lease takeover after SIGKILL of the holder (median of runs) and the delay of a
 * private event from an order placed on one instance to a socket on another (p50/p99).
 * `deno run -A bench/multi_instance.ts` (RUNS=5, EVENTS=100).
 */
import { Cluster, type Instance, socket, until } from "../tests/multi/cluster.ts";

const RUNS = Number(Deno.env.get("RUNS") ?? 5);
const EVENTS = Number(Deno.env.get("EVENTS") ?? 100);
const DEMO = { phone: "+12025550123", password: "Demo-2026" };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

const c = await Cluster.create();
const kv = await Deno.openKv(c.kvPath);
try {
  await c.start("A");
  await c.start("B");
  // takeover: kill whoever writes the market, time until another instance writes it
  const takeovers: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const holder = await until(() => c.holder(kv, "market"), 20_000, "market lease");
    const killedAt = Date.now();
    await c.kill(holder);
    const line = await until(
      () =>
        c.instances.filter((i) => i.alive).flatMap((i) => i.lines).find((l) =>
          l.at >= killedAt && /writes the simulated tape/.test(l.line)
        ),
      20_000,
      "takeover",
    );
    takeovers.push(line.at - killedAt);
    await c.start(`R${run}`);
  }
  console.log(
    `takeover after SIGKILL: median ${pct(takeovers, 50)} ms (runs: ${takeovers.join(", ")})`,
  );
  // events across instances
  const [from, to] = c.instances.filter((i) => i.alive) as [Instance, Instance];
  const token = async (i: Instance) =>
    (await c.call(i, "/api/login", { body: DEMO })).headers.get("authorization")!;
  const tFrom = await token(from), tTo = await token(to);
  const s = await socket(to, tTo, ["user"]);
  const delays: number[] = [];
  for (let n = 0; n < EVENTS; n++) {
    const before = s.got.length;
    const sent = Date.now();
    const r = await c.call(from, "/api/account/transfer", {
      token: tFrom,
      body: {
        from: n % 2 ? "spot" : "contract",
        to: n % 2 ? "contract" : "spot",
        currency: "USDT",
        amount: "1",
      },
    });
    if (r.body.code !== 0) throw new Error(JSON.stringify(r.body));
    const got = await until(
      () => s.got.slice(before).find((g) => g.msg.ch === "user"),
      5_000,
      "event",
    );
    delays.push(got.at - sent);
  }
  s.close();
  console.log(
    `event on instance A -> socket on instance B: p50 ${pct(delays, 50)} ms, p99 ${
      pct(delays, 99)
    } ms (${EVENTS} events, request start to socket message)`,
  );
} finally {
  await c.stop();
  kv.close();
}
