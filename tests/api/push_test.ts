/**
 * Web push through HTTP (issue 29, section 3): the VAPID key, subscriptions bounded and owned by
 * one customer, and a withdrawal paid or rejected delivered to a local push service (HTTPS, the
 * test CA) encrypted for the browser's keys and signed with the VAPID key the server publishes;
 * a subscription the push service says is gone (410) is removed.
 */
import { Buffer } from "node:buffer";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { assert, assertEquals } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import {
  registerUser,
  runMain,
  settleNotifications,
  startServer,
  type TestServer,
} from "../server.ts";
import {
  bankCard,
  bindMethod,
  decisionBody,
  recharge,
  setDrawPassword,
  verifyJunior,
} from "./funds_helpers.ts";
import {
  type BrowserKeys,
  browserKeys,
  open,
  PUSH_CA_FILE,
  type Received,
  startPushService,
} from "../push_service.ts";

const sub = (endpoint: string, k: BrowserKeys) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: k.p256dh, auth: k.auth },
});

/** Verify the request's VAPID header (RFC 8292): the published key signed a JWT for its origin. */
async function assertVapid(r: Received, publicKey: string, origin: string) {
  const m = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(
    r.headers.get("authorization") ?? "",
  );
  assert(m, `a VAPID authorization header: ${r.headers.get("authorization")}`);
  const [, head, claims, sig, k] = m;
  assertEquals(k, publicKey, "signed with the key GET /api/push/key publishes");
  const key = await crypto.subtle.importKey(
    "raw",
    Buffer.from(publicKey, "base64url"),
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["verify"],
  );
  const ok = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    Buffer.from(sig!, "base64url"),
    new TextEncoder().encode(`${head}.${claims}`),
  );
  assert(ok, "the JWT's signature verifies with the VAPID public key");
  const c = JSON.parse(Buffer.from(claims!, "base64url").toString("utf8"));
  assertEquals(c.aud, origin);
  assert(/^mailto:|^https:/.test(c.sub), c.sub);
  assert(c.exp * 1000 > Date.now(), "not expired");
  assertEquals(r.headers.get("content-encoding"), "aes128gcm");
  assert(Number(r.headers.get("ttl")) > 0, "a TTL");
}

/** A customer who can withdraw: verified, a bound card, 1,000 USDT credited, no turnover rule. */
async function withdrawer(srv: TestServer, op: string, phone: string) {
  const { token } = await registerUser(srv, phone);
  await setDrawPassword(srv, token, "135790");
  await verifyJunior(srv, token, op, "Ada Lovelace");
  const m = await bindMethod(srv, token, bankCard());
  const rid = await recharge(srv, token, "1000");
  const pass = await srv.call(`/api/admin/recharges/${rid}/pass`, { token: op, method: "POST" });
  assertEquals(pass.body.code, 0, JSON.stringify(pass.body));
  const withdraw = async (amount: string) => {
    const r = await srv.call<{ id: string }>("/api/withdraw", {
      token,
      body: { methodId: m.id, amount, drawPassword: "135790" },
    });
    assertEquals(r.body.code, 0, JSON.stringify(r.body));
    return r.body.data.id;
  };
  return { token, withdraw };
}

Deno.test("web push: key, bounded subscriptions, withdrawal paid and rejected pushed, gone removed", async (t) => {
  const push = await startPushService();
  const srv = await startServer({ seed: true, env: { PUSH_CA_FILE } });
  try {
    const op = await operatorToken(srv);
    const ws = await srv.call<Record<string, unknown>>("/api/admin/withdraw-settings", {
      token: op,
    });
    const put = await srv.call("/api/admin/withdraw-settings", {
      method: "PUT",
      token: op,
      body: { enabled: ws.body.data.enabled, turnoverRatio: "0", rules: ws.body.data.rules },
    });
    assertEquals(put.body.code, 0, JSON.stringify(put.body));
    const a = await withdrawer(srv, op, "+12025550301");
    // the notices of that set-up (identity approved, deposit credited) are derived after their
    // commits, on their own time: under load one could land after the subscriptions below
    await settleNotifications(srv);
    const keys = browserKeys();

    let publicKey = "";
    await t.step("GET /api/push/key: a P-256 public key, public", async () => {
      const r = await srv.call<{ publicKey: string }>("/api/push/key");
      assertEquals(r.body.code, 0);
      publicKey = r.body.data.publicKey;
      const raw = Buffer.from(publicKey, "base64url");
      assertEquals([raw.length, raw[0]], [65, 4], "an uncompressed P-256 point");
    });

    await t.step("a subscription is bounded before it is stored", async () => {
      const anon = await srv.call("/api/push/subscriptions", { body: sub(push.base + "/x", keys) });
      assertEquals(anon.body.code, -99);
      const bad: [unknown, string][] = [
        [sub("http://push.example/x", keys), "endpoint"],
        [sub("https://push.example/" + "a".repeat(1024), keys), "endpoint"],
        [sub("https://user:pw@push.example/x", keys), "endpoint"],
        [sub("not a url", keys), "endpoint"],
        [
          { ...sub(push.base + "/x", keys), keys: { p256dh: "AAAA", auth: keys.auth } },
          "keys.p256dh",
        ],
        [
          { ...sub(push.base + "/x", keys), keys: { p256dh: keys.p256dh, auth: "a+b/" } },
          "keys.auth",
        ],
        [{ ...sub(push.base + "/x", keys), extra: 1 }, "extra"],
      ];
      for (const [body, field] of bad) {
        const r = await srv.call("/api/push/subscriptions", { token: a.token, body });
        assertEquals([r.status, r.body.data.error], [400, "VALIDATION"], JSON.stringify(body));
        assert(r.body.data.fields?.[field], `${field}: ${JSON.stringify(r.body.data.fields)}`);
      }
    });

    const mine = push.base + "/push/a-phone";
    const gone = push.base + "/push/gone/a-laptop";
    await t.step("subscribe two browsers", async () => {
      for (const [endpoint, n] of [[mine, 1], [gone, 2]] as const) {
        const r = await srv.call<{ devices: number }>("/api/push/subscriptions", {
          token: a.token,
          body: sub(endpoint, keys),
        });
        assertEquals([r.body.code, r.body.data.devices], [0, n], JSON.stringify(r.body));
      }
    });

    await t.step(
      "a withdrawal paid: pushed, signed, readable only with the browser's keys",
      async () => {
        const id = await a.withdraw("100");
        for (const action of ["pass", "complete"]) {
          const r = await srv.call(`/api/admin/withdrawals/${id}/${action}`, {
            token: op,
            ...decisionBody(action),
          });
          assertEquals(r.body.code, 0, JSON.stringify(r.body));
        }
        const [got] = await push.waitFor("/push/a-phone");
        await assertVapid(got!, publicKey, push.base);
        const n = JSON.parse(open(got!, keys));
        assertEquals(n.kind, "withdrawal");
        assertEquals(n.title, "Withdrawal paid");
        assert(/100(\.00)? USDT/.test(n.body), n.body);
        assertEquals(n.url, "/wp/trade/property");
        assert(
          !new TextDecoder().decode(got!.body).includes("Withdrawal"),
          "encrypted on the wire",
        );
        // only the decision that settles pushes: the pass before it sent nothing
        assertEquals(push.received.filter((r) => r.path === "/push/a-phone").length, 1);
      },
    );

    await t.step("the push service said 410: that subscription is gone", async () => {
      await push.waitFor("/push/gone/a-laptop");
      // the removal follows the delivery: poll the count (re-storing the live one is harmless)
      let devices = 0;
      for (let i = 0; i < 200; i++) {
        const r = await srv.call<{ devices: number }>("/api/push/subscriptions", {
          token: a.token,
          body: sub(mine, keys),
        });
        devices = r.body.data.devices;
        if (devices === 1) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      assertEquals(devices, 1);
      const del = await srv.call<{ removed: boolean }>("/api/push/subscriptions", {
        method: "DELETE",
        token: a.token,
        body: { endpoint: gone },
      });
      assertEquals(del.body.data.removed, false);
    });

    await t.step("a withdrawal rejected: pushed with the reason", async () => {
      const id = await a.withdraw("50");
      const r = await srv.call(`/api/admin/withdrawals/${id}/reject`, {
        token: op,
        body: { reason: "Card closed" },
      });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
      const got = await push.waitFor("/push/a-phone", 2);
      const n = JSON.parse(open(got[1]!, keys));
      assertEquals([n.kind, n.title], ["withdrawal", "Withdrawal rejected"]);
      assert(n.body.includes("Card closed"), n.body);
      assertEquals(push.received.filter((r) => r.path === "/push/gone/a-laptop").length, 1);
    });

    await t.step("a price alert fires: pushed once, at the tick that crossed it", async () => {
      const tick = (price: string) => {
        srv.advance(1000);
        return srv.deps.market.tape.ingest({
          symbol: "BTCUSDT",
          time: srv.deps.now(),
          price: parseDecimal(price),
          qty: 1_000_000n,
        });
      };
      await tick("60000");
      const set = await srv.call("/api/alerts", {
        token: a.token,
        body: { symbol: "BTCUSDT", kind: "above", value: "70000" },
      });
      assertEquals(set.body.code, 0, JSON.stringify(set.body));
      await tick("69999.99");
      await tick("70000");
      const got = await push.waitFor("/push/a-phone", 3);
      const n = JSON.parse(open(got[2]!, keys));
      assertEquals(n.kind, "priceAlert");
      assert(/70,?000/.test(n.title), n.title);
      // once: later crossing ticks push nothing more (the engine's work, then the event log's
      // delivery of it on its poll, then the notifier's, all done before counting)
      await tick("70500");
      await tick("70600");
      await settleNotifications(srv);
      assertEquals(push.received.filter((r) => r.path === "/push/a-phone").length, 3);
    });

    await t.step("at most 10 devices: the oldest makes room", async () => {
      const b = await registerUser(srv, "+12025550302");
      const ends = Array.from({ length: 11 }, (_, i) => `${push.base}/push/b-${i}`);
      const counts: number[] = [];
      for (const e of ends) {
        const r = await srv.call<{ devices: number }>("/api/push/subscriptions", {
          token: b.token,
          body: sub(e, browserKeys()),
        });
        counts.push(r.body.data.devices);
      }
      assertEquals(counts, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10]);
      const del = async (endpoint: string) =>
        (await srv.call<{ removed: boolean }>("/api/push/subscriptions", {
          method: "DELETE",
          token: b.token,
          body: { endpoint },
        })).body.data.removed;
      assertEquals([await del(ends[0]!), await del(ends[10]!)], [false, true]);
    });

    await t.step("one browser, one account: subscribing it for another takes it over", async () => {
      const c = await registerUser(srv, "+12025550303");
      const r = await srv.call<{ devices: number }>("/api/push/subscriptions", {
        token: c.token,
        body: sub(mine, keys),
      });
      assertEquals(r.body.data.devices, 1);
      const del = await srv.call<{ removed: boolean }>("/api/push/subscriptions", {
        method: "DELETE",
        token: a.token,
        body: { endpoint: mine },
      });
      assertEquals(del.body.data.removed, false, "no longer the first customer's");
      // a's next push goes to a's other browser, not to the one c took over
      const tablet = browserKeys();
      await srv.call("/api/push/subscriptions", {
        token: a.token,
        body: sub(push.base + "/push/a-tablet", tablet),
      });
      const before = push.received.filter((r) => r.path === "/push/a-phone").length;
      const id = await a.withdraw("20");
      await srv.call(`/api/admin/withdrawals/${id}/reject`, {
        token: op,
        body: { reason: "Test" },
      });
      const [got] = await push.waitFor("/push/a-tablet");
      assertEquals(JSON.parse(open(got!, tablet)).kind, "withdrawal");
      const off = await srv.call<{ removed: boolean }>("/api/push/subscriptions", {
        method: "DELETE",
        token: c.token,
        body: { endpoint: mine },
      });
      assertEquals(off.body.data.removed, true, "turned off by its owner");
      assertEquals(push.received.filter((r) => r.path === "/push/a-phone").length, before);
    });
  } finally {
    await srv.close();
    await push.close();
  }
});

Deno.test("web push: production refuses to start without the VAPID keys", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const key = `${dir}/checkpoint.jwk`;
    const { newKeyJwk } = await import("../../edge/checkpoints/key.ts");
    await Deno.writeTextFile(key, await newKeyJwk());
    const { code, err } = await runMain({
      APP_ENV: "production",
      SMS_SENDER: "dev",
      ALLOW_DEV_SMS: "1",
      CHECKPOINT_KEY_FILE: key,
      VAPID_PUBLIC_KEY: "",
      VAPID_PRIVATE_KEY: "",
      VAPID_SUBJECT: "",
    });
    assertEquals(code, 1);
    assert(/APP_ENV=production needs VAPID_PUBLIC_KEY/.test(err), err);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
