/**
 * The round-trip budget (issue 26) of the customers' routes in the states the budget test's world
 * does not reach (tests/api/round_trips_test.ts measures every route, but with no published
 * epoch, no settled order and a one-tick tape): a published proof of liabilities, a settled fast
 * contract read by its owner and through its share link, a tape range of many ticks, and a
 * signed-out session reading nothing private. Far from the store (simulated, as there), each
 * answers after at most one strong round trip in sequence, warm (the second of two requests).
 */
import { assert, assertEquals } from "../assert.ts";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { tickHash } from "../../contract/chain.ts";
import { DESKTOP_UA, MOBILE_UA, startServer, type TestServer, tick } from "../server.ts";
import { operatorToken } from "../operator.ts";
import { sha256Hex } from "../../edge/platform/hashing.ts";
import { userOfToken } from "../../edge/customers/sessions.ts";
import { keys as accountKeys } from "../../edge/customers/store.ts";

const SIM = { KV_SIM_RTT_MS: "25", KV_SIM_EVENTUAL_MS: "2" };
const CUSTOMER = { phone: "+12025550123", password: "Demo-2026" };

async function login(srv: TestServer) {
  const r = await srv.call("/api/login", { body: CUSTOMER });
  return r.headers.get("authorization")!;
}

/**
 * GET `path` twice (the second with the caches warm) as the customer of `token` (or a visitor),
 * on the layout of `mobile`: the second answer's status, body and strong round trips in sequence.
 */
async function measured(srv: TestServer, path: string, token?: string, mobile = false) {
  let last = { status: 0, trips: -1, text: "" };
  for (let i = 0; i < 2; i++) {
    const headers: Record<string, string> = {
      "user-agent": mobile ? MOBILE_UA : DESKTOP_UA,
      "accept-language": "en",
    };
    if (token) {
      headers.cookie = `tw_session=${token}`;
      if (path.startsWith("/api/")) headers.authorization = token;
    }
    const r = await fetch(srv.base + path, { headers, redirect: "manual" });
    const h = r.headers.get("x-kv-round-trips");
    assert(h, `${path}: the server reports its round trips`);
    last = { status: r.status, trips: Number(h.split("/")[0]), text: await r.text() };
  }
  return last;
}

Deno.test("round-trip budget: a published proof of liabilities, its pages and epoch at 1", async () => {
  const srv = await startServer({ seed: true, env: SIM });
  try {
    const token = await login(srv);
    const op = await operatorToken(srv);
    const e = await srv.call<{ epoch: string }>("/api/admin/liabilities/epoch", {
      token: op,
      body: {},
    });
    assertEquals(e.body.code, 0, JSON.stringify(e.body));
    const proof = await measured(srv, "/api/liabilities/proof", token);
    assertEquals(proof.status, 200, proof.text);
    const p = JSON.parse(proof.text).data as { epoch: string; shares: unknown[] };
    assertEquals(p.epoch, e.body.data.epoch);
    assert(p.shares.length > 0, "the customer's shares");
    assert(proof.trips <= 1, `the proof: ${proof.trips} round trips`);
    const epoch = await measured(srv, "/api/liabilities");
    assertEquals(epoch.status, 200);
    assertEquals(JSON.parse(epoch.text).data.epoch, e.body.data.epoch);
    assert(epoch.trips <= 1, `the epoch: ${epoch.trips}`);
    for (const [path, mobile] of [["/wp/liabilities", true], ["/pc/liabilities", false]] as const) {
      const page = await measured(srv, path, token, mobile);
      assertEquals(page.status, 200);
      assert(page.text.includes(e.body.data.epoch), `${path} shows the epoch`);
      assert(page.trips <= 1, `${path}: ${page.trips}`);
    }
  } finally {
    await srv.close();
  }
});

Deno.test("round-trip budget: a settled contract's proof, by its owner and through its share link, at 1", async () => {
  const srv = await startServer({ seed: true, env: SIM });
  try {
    const token = await login(srv);
    await tick(srv, "20000");
    const f = await srv.call<{ orderNo: string }>("/api/fast/order", {
      token,
      body: { symbol: "BTCUSDT", direction: "up", duration: 30, stake: "100" },
    });
    assertEquals(f.body.code, 0, JSON.stringify(f.body));
    const orderNo = f.body.data.orderNo;
    await tick(srv, "20020", 29_000);
    await tick(srv, "20030", 5_000);
    const share = await srv.call<{ token: string }>(`/api/settlements/${orderNo}/share`, {
      token,
      method: "POST",
    });
    assertEquals(share.body.code, 0, JSON.stringify(share.body));
    const link = `?share=${share.body.data.token}`;
    for (
      const [path, who, mobile] of [
        [`/api/settlements/${orderNo}`, token, false],
        [`/api/settlements/${orderNo}${link}`, undefined, false],
        [`/wp/verify/${orderNo}`, token, true],
        [`/pc/verify/${orderNo}`, token, false],
        [`/wp/verify/${orderNo}${link}`, undefined, true],
        [`/pc/verify/${orderNo}${link}`, undefined, false],
      ] as const
    ) {
      const r = await measured(srv, path, who, mobile);
      assertEquals(r.status, 200, `${path}: ${r.text.slice(0, 200)}`);
      assert(r.trips <= 1, `${path} (${who ? "owner" : "share link"}): ${r.trips} round trips`);
    }
  } finally {
    await srv.close();
  }
});

Deno.test("round-trip budget: a tape range of many ticks at 1, its chain whole", async () => {
  const srv = await startServer({ seed: true, env: SIM });
  try {
    for (let i = 0; i < 30; i++) await tick(srv, String(20000 + i), 200);
    const r = await measured(srv, "/api/tape/BTCUSDT?limit=25");
    assertEquals(r.status, 200);
    assert(r.trips <= 1, `the tape: ${r.trips} round trips`);
    const range = JSON.parse(r.text).data as {
      items: { seq: number; time: number; price: string; qty: string; hash: string }[];
      prevHash: string;
      head: { seq: number; hash: string };
    };
    assertEquals(range.items.length, 25);
    assertEquals(range.items.at(-1)!.seq, range.head.seq, "up to the head");
    assertEquals(range.items.at(-1)!.hash, range.head.hash);
    // every hash chains from the one before the range
    let prev = range.prevHash;
    for (const t of range.items) {
      const hash = tickHash(prev, t.seq, t.time, parseDecimal(t.price), parseDecimal(t.qty));
      assertEquals(hash, t.hash, `tick ${t.seq}`);
      prev = t.hash;
    }
  } finally {
    await srv.close();
  }
});

Deno.test("round-trip budget: a signed-out session reads nothing private at once", async () => {
  const srv = await startServer({ seed: true, env: SIM });
  try {
    const token = await login(srv);
    const paths = ["/api/user/sessions", "/api/message", "/api/account/export"];
    for (const path of paths) assertEquals((await srv.call(path, { token })).body.code, 0, path);
    assertEquals((await srv.call("/api/logout", { token, body: {} })).body.code, 0);
    for (const path of paths) {
      const r = await srv.call(path, { token });
      assertEquals([r.status, r.body.code], [401, -99], `${path} after logout`);
    }
  } finally {
    await srv.close();
  }
});

Deno.test("a signed-out session moves no money: a logout that lands between a transfer's read and its commit refuses it (-99), nothing moved", async () => {
  // far from the store: the transfer reads its session and balances one round trip after it is
  // sent and commits one round trip later
  const rtt = 400;
  // (seeded near the store: the seed's hundreds of commits would take minutes from far away;
  // then a `web` instance, as an edge region runs it)
  const dir = await Deno.makeTempDir();
  await (await startServer({ seed: true, kvPath: `${dir}/store.kv` })).close();
  const srv = await startServer({
    kvPath: `${dir}/store.kv`,
    env: { KV_SIM_RTT_MS: String(rtt), KV_SIM_EVENTUAL_MS: "2", APP_ROLE: "web" },
  });
  try {
    const token = await login(srv);
    const assets = async (tk: string) =>
      JSON.stringify((await srv.call("/api/account/assets", { token: tk })).body.data);
    const before = await assets(token);
    const transfer = (tk: string) =>
      srv.call("/api/account/transfer", {
        token: tk,
        body: { from: "contract", to: "spot", currency: "USDT", amount: "10" },
      });
    const tokenHash = await sha256Hex(token), owner = userOfToken(token)!;
    const sent = transfer(token);
    // the logout's commit (the keys /api/logout deletes) on this store, started half a round
    // trip after the transfer: it lands between the transfer's read and its commit
    await new Promise((r) => setTimeout(r, rtt / 2));
    const logout = await srv.kv.atomic().delete(accountKeys.session("demo", tokenHash))
      .delete(accountKeys.userSession("demo", owner, tokenHash)).commit();
    assert(logout.ok, "signed out");
    const r = await sent;
    assertEquals([r.status, r.body.code], [401, -99], JSON.stringify(r.body));
    // refused by the ledger, not at the session's read (the logout did land after it): the
    // read, the commit that failed its check, the read that found the session gone
    const trips = Number(r.headers.get("x-kv-round-trips")?.split("/")[0]);
    assert(trips >= 3, `refused after ${trips} round trips in sequence: not by the commit's check`);
    // signed in again: nothing moved, and a transfer of the new session goes through
    const again = await login(srv);
    assertEquals(await assets(again), before);
    assertEquals((await transfer(again)).body.code, 0);
    assert(await assets(again) !== before, "the new session's transfer moved the funds");
  } finally {
    await srv.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("round-trip budget: a cold instance's first home page reads public data from a replica; a change made here is read back strongly", async () => {
  // the store as another instance seeded it (its writes are not this instance's)
  const dir = await Deno.makeTempDir();
  const seeded = await startServer({ seed: true, kvPath: `${dir}/store.kv`, env: SIM });
  await seeded.close();
  const srv = await startServer({ kvPath: `${dir}/store.kv`, env: SIM });
  try {
    const home = async () => {
      const r = await fetch(srv.base + "/wp/home", {
        headers: { "user-agent": MOBILE_UA, "accept-language": "en" },
      });
      return {
        text: await r.text(),
        trips: r.headers.get("x-kv-round-trips"),
        replica: Number(r.headers.get("x-kv-replica-reads")),
      };
    };
    // a fresh instance (an isolate just started): its public caches are empty; a visitor's home
    // (content, wealth figures) waits no far round trip, a replica's copy is read instead
    const cold = await home();
    assertEquals(cold.trips, "0/0", `cold: ${cold.trips}, ${cold.replica} replica reads`);
    assert(cold.replica > 0, `replica reads: ${cold.replica}`);
    // an operator publishes a notice through this instance: the cache forgets it, and the next
    // load reads the store strongly (a replica may not have the write yet), so it shows at once
    const op = await operatorToken(srv);
    const made = await srv.call<{ id: string }>("/api/admin/content", {
      token: op,
      body: {
        kind: "notice",
        variants: { en: { title: "Maintenance tonight", summary: "Short", body: "Body" } },
      },
    });
    assertEquals(made.body.code, 0, JSON.stringify(made.body));
    const pub = await srv.call(`/api/admin/content/${made.body.data.id}/publish`, {
      method: "POST",
      token: op,
    });
    assertEquals(pub.body.code, 0, JSON.stringify(pub.body));
    const after = await home();
    assert(after.text.includes("Maintenance tonight"), "the published notice is on the home page");
    assert(
      Number(after.trips?.split("/")[0]) >= 1,
      `read from the store, not a replica: ${after.trips}`,
    );
  } finally {
    await srv.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("round-trip budget: a contract order with open legs reads their holds in the first wave, even when the replica is slower than the store", async () => {
  // a replica slower than the write region: a read that waits for its copy of the index to name
  // the keys starts after the first wave ended, one more round trip in sequence
  const srv = await startServer({
    seed: true,
    env: { KV_SIM_RTT_MS: "20", KV_SIM_EVENTUAL_MS: "60" },
  });
  try {
    const token = await login(srv);
    await tick(srv, "60000");
    const open = () =>
      srv.call("/api/contract/order", {
        token,
        body: { symbol: "BTCUSDT", side: "long", lots: 1, leverage: 10, type: "market" },
      });
    const seq = (r: { headers: Headers }) => r.headers.get("x-kv-round-trips")?.split("/")[0];
    const first = await open();
    assertEquals(first.body.code, 0, JSON.stringify(first.body));
    // its open legs (and their holds, beside the index) are what this instance wrote: the next
    // order reads them with the session
    for (let i = 0; i < 2; i++) {
      const next = await open();
      assertEquals(next.body.code, 0, JSON.stringify(next.body));
      assertEquals(seq(next), "2", `order ${i + 2}: ${next.headers.get("x-kv-round-trips")}`);
    }
  } finally {
    await srv.close();
  }
});

Deno.test("round-trip budget: the page that refreshes the session's last-seen time still reads in one round trip", async () => {
  const srv = await startServer({ seed: true, env: { ...SIM, SESSION_IDLE_MINUTES: "2" } });
  try {
    const token = await login(srv);
    const home = async () => {
      const r = await fetch(srv.base + "/wp/home", {
        headers: {
          "user-agent": MOBILE_UA,
          cookie: `tw_session=${token}`,
          "accept-language": "en",
        },
      });
      await r.text();
      return r.headers.get("x-kv-round-trips");
    };
    await home();
    // a minute on: this request writes the last-seen time; the page does not wait for it, nor
    // read its other records again after it (it made 5 round trips in sequence before)
    srv.advance(61_000);
    const touched = await home();
    assertEquals(touched?.split("/")[0], "1", `touched: ${touched}`);
    // the write landed: 90 s after it (151 s after sign-in, past the 2 minutes' idle limit
    // had it not) the session is alive
    srv.advance(90_000);
    assertEquals((await srv.call("/api/user/info", { token })).body.code, 0);
    srv.advance(121_000);
    assertEquals((await srv.call("/api/user/info", { token })).body.code, -99);
  } finally {
    await srv.close();
  }
});
