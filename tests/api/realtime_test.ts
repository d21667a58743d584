/**
 * The private `user` channel over a real WebSocket: a balance event after every journal that
 * touches the customer, and no private event once the session behind the socket is gone.
 */
import { assert, assertEquals } from "../assert.ts";
import type { ServerMessage, UserEvent, UserResume } from "../../contract/realtime.ts";
import { serverTest, signIn, type TestServer } from "../server.ts";

/**
 * A socket signed in with `token`, subscribed to `user` (with `resume`, where it starts); keeps
 * every message it receives.
 */
async function userSocket(srv: TestServer, token: string, resume?: UserResume) {
  const ws = new WebSocket(
    srv.base.replace("http", "ws") + "/ws",
    { headers: { origin: srv.base, authorization: token } } as unknown as string[],
  );
  const got: ServerMessage[] = [];
  const waiters: (() => void)[] = [];
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data) as ServerMessage;
    // each sign-in here is from a new device, which the customer is notified of (tests/api/
    // alerts_test.ts follows notifications): these tests follow the records' own events
    if (m.ch === "user" && (m.data as { type?: string }).type === "notification") return;
    got.push(m);
    waiters.splice(0).forEach((f) => f());
  };
  await new Promise((r) => ws.onopen = r);
  const s = {
    ws,
    got,
    /**
     * The next message on `ch` after the first `from` messages. A message that never comes
     * fails the test after 10 s instead of hanging it (a deadline, not a speed assertion).
     */
    async next(ch: string, from = 0): Promise<ServerMessage> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const m = got.slice(from).find((x) => x.ch === ch);
        if (m) return m;
        if (Date.now() > deadline) throw new Error(`no ${ch} message`);
        let timer: ReturnType<typeof setTimeout> | undefined;
        await new Promise<void>((r) => {
          waiters.push(r);
          timer = setTimeout(r, 1000);
        });
        clearTimeout(timer);
      }
    },
    /** everything the server sent before it answers a ping sent now */
    async flush() {
      const from = got.length;
      ws.send(JSON.stringify({ op: "ping" }));
      await s.next("pong", from);
    },
    user: () => got.filter((m) => m.ch === "user").map((m) => m.data as UserEvent),
    async close() {
      const closed = new Promise((r) => ws.onclose = r);
      ws.close();
      await closed;
    },
  };
  ws.send(JSON.stringify({ op: "sub", ch: "user", resume }));
  await s.flush();
  return s;
}

function transfer(srv: TestServer, token: string, amount: string) {
  return srv.call("/api/account/transfer", {
    token,
    body: { from: "spot", to: "contract", currency: "USDT", amount },
  });
}

const opts = { sanitizeOps: false, sanitizeResources: false };

serverTest(
  "socket: a journal sends a balance event with the changed accounts to the customer",
  async (srv) => {
    const token = await signIn(srv);
    const other = await userSocket(srv, await signIn(srv, "+12025550124"));
    const s = await userSocket(srv, token);
    const moved = await transfer(srv, token, "100");
    assertEquals(moved.body.code, 0, JSON.stringify(moved.body));
    const m = await s.next("user");
    assertEquals(m.data, {
      type: "balance",
      accounts: [
        { wallet: "spot", currency: "USDT", available: "9900", frozen: "0" },
        { wallet: "contract", currency: "USDT", available: "10100", frozen: "0" },
      ],
    });
    // another customer hears nothing of it
    await other.flush();
    assertEquals(other.user(), []);
    await s.close();
    await other.close();
  },
  { test: opts },
);

serverTest(
  "socket: after logout the user channel closes and the customer's events stop",
  async (srv) => {
    const token = await signIn(srv);
    const second = await signIn(srv); // the same customer on another device
    const s = await userSocket(srv, token);
    assertEquals((await srv.call("/api/logout", { token, body: {} })).body.code, 0);
    // an event for this customer (made on the other device) is not delivered
    assertEquals((await transfer(srv, second, "10")).body.code, 0);
    const closed = await s.next("user");
    assertEquals(closed.data, { type: "signedOut" });
    assertEquals((await transfer(srv, second, "10")).body.code, 0);
    await s.flush();
    assertEquals(s.user(), [{ type: "signedOut" }]);
    // the channel cannot be opened again on this socket
    const from = s.got.length;
    s.ws.send(JSON.stringify({ op: "sub", ch: "user" }));
    assertEquals((await s.next("error", from)).data, "login required");
    await s.close();
  },
  { test: opts },
);

serverTest(
  "socket: a password change closes the user channel of every old session",
  async (srv) => {
    const token = await signIn(srv);
    const s = await userSocket(srv, token);
    const changed = await srv.call("/api/user/password", {
      token,
      body: { oldPassword: "Demo-2026", newPassword: "Demo-2027" },
    });
    assertEquals(changed.body.code, 0, JSON.stringify(changed.body));
    const fresh = await signIn(srv, "+12025550123", "Demo-2027");
    assertEquals((await transfer(srv, fresh, "10")).body.code, 0);
    assertEquals((await s.next("user")).data, { type: "signedOut" });
    await s.flush();
    assertEquals(s.user(), [{ type: "signedOut" }]);
    // the new session's socket does get its events
    const t2 = await userSocket(srv, fresh);
    assertEquals((await transfer(srv, fresh, "10")).body.code, 0);
    const m = (await t2.next("user")).data as UserEvent;
    assert(m.type === "balance");
    await s.close();
    await t2.close();
  },
  { test: opts },
);

serverTest(
  "socket: the periodic session check closes a signed-out user channel without any event",
  async (srv) => {
    const token = await signIn(srv);
    const s = await userSocket(srv, token);
    await srv.deps.hub.sweepSessions();
    await s.flush();
    assertEquals(s.user(), []); // still signed in: nothing happens
    await srv.call("/api/logout", { token, body: {} });
    await srv.deps.hub.sweepSessions();
    await s.flush();
    assertEquals(s.user(), [{ type: "signedOut" }]);
    await s.close();
  },
  { test: opts },
);

serverTest(
  "socket: a page's socket starts where the event log stood at the render; a journal in between is replayed",
  async (srv) => {
    const token = await signIn(srv);
    const page = await srv.page("/wp/trade/property", {
      headers: { cookie: `tw_session=${token}` },
    });
    const html = await page.text();
    const base = html.match(/<html[^>]* data-ev-base="([0-9a-f]*)"/)?.[1];
    const at = Number(html.match(/<html[^>]* data-ev-at="(\d+)"/)?.[1]);
    assert(base !== undefined && at > 0, "the page says where its socket starts");
    // the page was read with 10,000 USDT in spot; a transfer lands before its socket subscribes,
    // and this instance has delivered it (another socket of the customer heard it)
    const other = await userSocket(srv, token);
    assertEquals((await transfer(srv, token, "25")).body.code, 0);
    await other.next("user");
    const held = srv.deps.hub.stats.replayedHeld;
    const s = await userSocket(srv, token, { base, at, seen: [] });
    assertEquals(s.user(), [{
      type: "balance",
      accounts: [
        { wallet: "spot", currency: "USDT", available: "9975", frozen: "0" },
        { wallet: "contract", currency: "USDT", available: "10025", frozen: "0" },
      ],
    }]);
    const resumed = s.got.find((m) => m.ch === "resumed");
    assertEquals(resumed?.data, { ch: "user", complete: true, base, at });
    // from what this instance held: no store read
    assertEquals(srv.deps.hub.stats.replayedHeld, held + 1);
    // a fresh subscription starts now: the earlier journal is not sent again
    const fresh = await userSocket(srv, token);
    assertEquals(fresh.user(), []);
    for (const x of [s, other, fresh]) await x.close();
  },
  { test: opts },
);
