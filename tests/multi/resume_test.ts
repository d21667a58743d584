/**
 * Sockets survive eviction: a customer's socket on a `web` process that is killed in the middle
 * of a stream of ticks and private events reconnects to a fresh `web` process with where it
 * left off (the client side of `ResumePoints`, as the islands keep it) and receives exactly what
 * it missed: the tape's sequence numbers gap-free and each once, every transfer's balance event
 * once, in order.
 */
import { assert, assertEquals } from "../assert.ts";
import {
  ResumePoints,
  type ServerMessage,
  type TapeBatchJson,
  type UserEvent,
} from "../../contract/realtime.ts";
import { Cluster, type Instance, until } from "./cluster.ts";

const DEMO = { phone: "+12025550123", password: "Demo-2026" };

/** A socket that tracks its resume points and subscribes with them (as islands/lib/socket.ts). */
async function resumingSocket(
  inst: Instance,
  token: string,
  points: ResumePoints,
  got: ServerMessage[],
) {
  const ws = new WebSocket(
    inst.base.replace("http", "ws") + "/ws",
    { headers: { origin: inst.base, authorization: token } } as unknown as string[],
  );
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data) as ServerMessage;
    assert(points.track(m), "the private channel was replayed whole");
    got.push(m);
  };
  await new Promise((r, j) => {
    ws.onopen = r;
    ws.onerror = j;
  });
  for (const ch of ["tape:BTCUSDT", "user"] as const) {
    ws.send(JSON.stringify(points.subscription(ch)));
  }
  return ws;
}

const seqs = (got: ServerMessage[]) =>
  got.flatMap((m) =>
    m.ch === "tape:BTCUSDT" ? (m.data as TapeBatchJson).ticks.map((t) => t.seq) : []
  );
const spotBalances = (got: ServerMessage[]) =>
  got.flatMap((m) => {
    if (m.ch !== "user") return [];
    const e = m.data as UserEvent;
    if (e.type !== "balance") return [];
    return e.accounts.filter((a) => a.wallet === "spot" && a.currency === "USDT").map((a) =>
      a.available
    );
  });

Deno.test({
  name: "socket: a web process killed mid-stream; the reconnect resumes, gap-free and once",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const c = await Cluster.create();
    try {
      // the writer, engine and API (role all); the sockets on web processes
      const core = await c.start("all");
      await until(
        async () => (await c.call(core, "/api/login", { body: DEMO })).body.code === 0,
        60_000,
        "seeded",
      );
      const web1 = await c.start("web1", { APP_ROLE: "web" });
      const token = (await c.call(core, "/api/login", { body: DEMO })).headers.get(
        "authorization",
      )!;
      const start = Number(
        (await c.call<{ rows: { wallet: string; currency: string; available: string }[] }>(
          core,
          "/api/account/assets",
          { token },
        )).body.data.rows.find((a) => a.wallet === "spot" && a.currency === "USDT")
          ?.available ?? NaN,
      );

      const points = new ResumePoints();
      const first: ServerMessage[] = [];
      const ws1 = await resumingSocket(web1, token, points, first);
      await until(() => first.some((m) => m.ch === "resumed"), 10_000, "user subscribed");

      // a stream of private events: 1 USDT at a time from spot to contract, through the core
      let transfers = 0, streaming = true;
      const stream = (async () => {
        while (streaming) {
          const r = await c.call(core, "/api/account/transfer", {
            token,
            body: { from: "spot", to: "contract", currency: "USDT", amount: "1" },
          });
          assertEquals(r.body.code, 0, JSON.stringify(r.body));
          transfers++;
          await new Promise((r) => setTimeout(r, 50));
        }
      })();

      await until(
        () => seqs(first).length >= 10 && spotBalances(first).length >= 5,
        30_000,
        "ticks and events on the first socket",
      );
      // evicted: no goodbye, whatever was in flight is lost
      await c.kill(web1);
      await new Promise((r) => ws1.readyState === WebSocket.CLOSED ? r(null) : ws1.onclose = r);
      const seenBefore = { ticks: seqs(first).length, events: spotBalances(first).length };
      // the stream goes on while no web process runs, then a new one starts
      await new Promise((r) => setTimeout(r, 1_500));
      const web2 = await c.start("web2", { APP_ROLE: "web" });
      const second: ServerMessage[] = [];
      const ws2 = await resumingSocket(web2, token, points, second);
      await until(() => spotBalances(second).length >= 5, 30_000, "events on the new socket");
      streaming = false;
      await stream;
      const lastSeq = Number(
        (await c.call<{ seq: number }>(core, "/api/tape/BTCUSDT/head")).body.data.seq,
      );
      // the last transfer's balance and the tape's head have arrived (what is missing is not
      // waited for: the assertions below name it)
      await until(
        () =>
          spotBalances(second).at(-1) === String(start - transfers) &&
          seqs(second).at(-1)! >= lastSeq,
        30_000,
        "the last transfer and the tape up to its head",
      );
      ws2.close();

      // the tape: consecutive sequence numbers, none twice, across both sockets
      const all = [...seqs(first), ...seqs(second)];
      assert(seenBefore.ticks > 0 && seqs(second).length > 0);
      const gaps = all.slice(1).flatMap((s, i) => s === all[i]! + 1 ? [] : [`${all[i]} -> ${s}`]);
      assertEquals(gaps, [], "tape sequence gap-free and without duplicates");
      // the private events: every transfer's balance once, in order
      const balances = spotBalances([...first, ...second]).map(Number);
      const expected = Array.from({ length: transfers }, (_, i) => start - 1 - i);
      assertEquals(balances, expected, "each balance event once, none missed");
      assert(seenBefore.events < transfers, "transfers happened while the socket was away");
      console.log(
        `resumed: ${all.length} ticks (${seenBefore.ticks} before the kill), ${transfers} transfers (${seenBefore.events} before)`,
      );
    } finally {
      await c.stop();
    }
  },
});
