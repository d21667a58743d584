/**
 * The built-in support chat through HTTP (issue 29, section 1): a customer writes (text, an
 * uploaded image), the operators' inbox sees it with the customer's masked summary, replies,
 * assigns, closes and reopens (each audited), read receipts both ways, a visitor's conversation
 * tied to the browser's cookie and continued after sign-in, the socket's nudge through the event
 * log, and bad input refused without changing anything.
 */
import { assert, assertEquals } from "../assert.ts";
import { operatorWithRoles } from "../operator.ts";
import { registerUser, startServer, type TestServer } from "../server.ts";
import { upload } from "./funds_helpers.ts";
import type {
  SupportDetailJson,
  SupportInboxJson,
  SupportMessageJson,
  SupportThreadJson,
} from "../../contract/support.ts";

type Reply<T> = { status: number; body: { code: number; data: T } };
function ok<T>(r: Reply<T>, what: string): T {
  assertEquals(r.body.code, 0, `${what}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}
const err = (r: Reply<unknown>) => (r.body.data as { error?: string })?.error;

const PHONE = "+12025550123";
const PASSWORD = "Demo-2026";

async function login(srv: TestServer, headers: Record<string, string> = {}) {
  const r = await srv.call<{ userId: string }>("/api/login", {
    body: { phone: PHONE, password: PASSWORD },
    headers,
  });
  return { token: r.headers.get("authorization")!, userId: ok(r, "login").userId };
}

/** Move the server's clock to the start of a minute (the message limit's window). */
function freshMinute(srv: TestServer) {
  srv.advance(60_000 - (srv.deps.now() % 60_000) + 1);
}

Deno.test("support chat: customer writes, operators answer, assign, close, audit, visitors", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const sup = await operatorWithRoles(srv, "sup", ["support"]);
    const other = await operatorWithRoles(srv, "sup2", ["support"]);
    const content = await operatorWithRoles(srv, "cnt", ["content"]);
    const { token, userId } = await login(srv);
    const convId = `u-${userId}`;
    /** `tok` null: a visitor (the cookie in `headers`, if any) */
    const thread = async (tok: string | null = token, headers: Record<string, string> = {}) =>
      ok(
        await srv.call<SupportThreadJson>("/api/support/messages", {
          token: tok ?? undefined,
          headers,
        }),
        "thread",
      );
    const write = (body: unknown, tok: string | null = token, headers = {}) =>
      srv.call<SupportMessageJson>("/api/support/messages", {
        body,
        token: tok ?? undefined,
        headers,
      });

    await t.step("the customer writes text and attaches an uploaded image", async () => {
      freshMinute(srv);
      assertEquals((await thread()).conversation, null);
      const text = "Hello <b>there</b> & welcome\nsecond line";
      const m = ok(await write({ text }), "write");
      assertEquals([m.from, m.text, m.read], ["customer", text, false]);
      const imageId = await upload(srv, token);
      ok(await write({ text: "", imageId }), "image");
      const th = await thread();
      assertEquals(th.conversation?.status, "open");
      assertEquals(th.messages.map((x) => [x.text, x.imageId]), [[text, null], ["", imageId]]);
      // the operators of support read the attached image; the customer still does
      const img = await fetch(`${srv.base}/api/admin/images/${imageId}`, {
        headers: { authorization: sup },
      });
      assertEquals(img.status, 200);
      await img.body?.cancel();
    });

    await t.step("bad input is refused and changes nothing", async () => {
      const before = (await thread()).messages.length;
      const someone = await registerUser(srv, "+12025550177");
      const theirs = await upload(srv, someone.token);
      const cases: [unknown, string][] = [
        [{ text: "" }, "VALIDATION"],
        [{ text: "   " }, "VALIDATION"],
        [{ text: "x".repeat(2001) }, "VALIDATION"],
        [{ text: "bell\u0007" }, "VALIDATION"],
        [{ text: "hi", extra: 1 }, "VALIDATION"],
        [{ text: "hi", imageId: "not-an-id" }, "VALIDATION"],
        [{ text: "hi", imageId: crypto.randomUUID() }, "VALIDATION"],
        [{ text: "hi", imageId: theirs }, "VALIDATION"],
      ];
      for (const [body, error] of cases) {
        const r = await write(body);
        assertEquals([r.status, err(r)], [400, error], JSON.stringify(body).slice(0, 60));
      }
      assertEquals((await thread()).messages.length, before);
      const bad = await srv.call("/api/admin/support/conversations?status=nope", { token: sup });
      assertEquals(err(bad), "VALIDATION");
      const reply = await srv.call(`/api/admin/support/conversations/${convId}/messages`, {
        body: { text: "" },
        token: sup,
      });
      assertEquals(err(reply), "VALIDATION");
      assertEquals((await thread()).messages.length, before);
    });

    await t.step(
      "the inbox shows it open and unread, with the masked customer beside it",
      async () => {
        const inbox = ok(
          await srv.call<SupportInboxJson>("/api/admin/support/conversations?status=open", {
            token: sup,
          }),
          "inbox",
        );
        const row = inbox.items.find((c) => c.id === convId)!;
        assertEquals([row.userId, row.unread, row.status], [userId, true, "open"]);
        assert(inbox.counts.open >= 1);
        const d = ok(
          await srv.call<SupportDetailJson>(`/api/admin/support/conversations/${convId}`, {
            token: sup,
          }),
          "detail",
        );
        assertEquals(d.messages.length, 2);
        assertEquals(d.customer?.userId, userId);
        assert(!d.customer!.phone.includes(PHONE.slice(-6)), `masked: ${d.customer!.phone}`);
        assert(d.assignable.includes("sup") && !d.assignable.includes("cnt"));
        // the operators read it: the customer sees the read receipts
        assertEquals((await thread()).messages.map((m) => m.read), [true, true]);
        const forbidden = await srv.call(`/api/admin/support/conversations/${convId}`, {
          token: content,
        });
        assertEquals(forbidden.status, 403);
        assertEquals((await srv.call("/api/admin/support/conversations")).status, 401);
      },
    );

    await t.step("a reply reaches the customer's socket and page; audited", async () => {
      const ws = new WebSocket(srv.base.replace("http", "ws") + "/ws", {
        headers: { origin: srv.base, authorization: token },
      } as unknown as string[]);
      const got: string[] = [];
      let heard: (m: string) => void = () => {};
      ws.onmessage = (e) => {
        got.push(e.data);
        heard(e.data);
      };
      const next = (f: (m: { ch: string; data: unknown }) => boolean) =>
        new Promise<void>((r) => {
          heard = (m) => f(JSON.parse(m)) && r();
          for (const m of got) if (f(JSON.parse(m))) r();
        });
      await new Promise((r) => ws.onopen = r);
      ws.send(JSON.stringify({ op: "sub", ch: "support" }));
      // the hub answers in order: after the pong the subscription is in place
      const subscribed = next((m) => m.ch === "pong");
      ws.send(JSON.stringify({ op: "ping" }));
      await subscribed;
      const nudged = next((m) =>
        m.ch === "support" && (m.data as { conversation: string }).conversation === convId
      );
      const reply = ok(
        await srv.call<SupportMessageJson>(`/api/admin/support/conversations/${convId}/messages`, {
          body: { text: "We are on it <script>" },
          token: sup,
        }),
        "reply",
      );
      assertEquals(reply.operator, "sup");
      // through the event log (no deadline: the test's own timeout is the bound)
      await nudged;
      ws.close();
      const th = await thread();
      const last = th.messages.at(-1)!;
      assertEquals([last.from, last.text, last.operator], [
        "operator",
        "We are on it <script>",
        null,
      ]);
      assertEquals(th.conversation?.status, "waiting");
      // the customer read it: the console sees the receipt
      const d = ok(
        await srv.call<SupportDetailJson>(`/api/admin/support/conversations/${convId}`, {
          token: sup,
        }),
        "detail",
      );
      assertEquals(d.messages.at(-1)!.read, true);
      assertEquals(d.conversation.assignee, "sup");
    });

    await t.step("assign, close, reopen; a closed conversation takes no reply", async () => {
      const path = `/api/admin/support/conversations/${convId}`;
      const nobody = await srv.call(`${path}/assign`, { body: { operator: "cnt" }, token: sup });
      assertEquals(err(nobody), "VALIDATION");
      const a = ok(
        await srv.call<{ assignee: string }>(`${path}/assign`, {
          body: { operator: "sup2" },
          token: sup,
        }),
        "assign",
      );
      assertEquals(a.assignee, "sup2");
      const closed = ok(
        await srv.call<{ status: string }>(`${path}/close`, { body: {}, token: other }),
        "close",
      );
      assertEquals(closed.status, "closed");
      const late = await srv.call(`${path}/messages`, { body: { text: "late" }, token: sup });
      assertEquals(err(late), "CONFLICT");
      const reopened = ok(
        await srv.call<{ status: string }>(`${path}/close`, {
          body: { reopen: true },
          token: other,
        }),
        "reopen",
      );
      assertEquals(reopened.status, "waiting");
      await srv.call(`${path}/close`, { body: {}, token: other });
      // the customer writing again reopens it for the operators
      ok(await write({ text: "Still there?" }), "write again");
      assertEquals((await thread()).conversation?.status, "open");
      const audit = ok(
        await srv.call<{ items: { action: string; operator: string; target: string }[] }>(
          "/api/admin/audit?limit=100",
          { token: await operatorWithRoles(srv, "aud", ["audit"]) },
        ),
        "audit",
      ).items.filter((e) => e.target === `support:${convId}`);
      const seen = audit.map((e) => `${e.action}:${e.operator}`);
      for (
        const x of [
          "support.reply:sup",
          "support.assign:sup",
          "support.close:sup2",
          "support.reopen:sup2",
        ]
      ) assert(seen.includes(x), `${x} in ${seen}`);
      // the refused reply and assignment wrote no entry
      assertEquals(seen.filter((x) => x.startsWith("support.reply")).length, 1);
      assertEquals(seen.filter((x) => x.startsWith("support.assign")).length, 1);
    });

    await t.step(
      "a visitor chats from the browser's cookie and continues after sign-in",
      async () => {
        freshMinute(srv);
        assertEquals((await thread(null)).conversation, null);
        const first = await write({ text: "Visitor question" }, null);
        ok(first, "visitor write");
        const cookie = (await srv.call("/api/support/messages", { body: { text: "x" } }))
          .headers.get("set-cookie");
        assert(cookie, "a second visitor got a cookie too");
        const set = (first as unknown as { headers: Headers }).headers.get("set-cookie")!;
        assert(/tw_visitor=[0-9a-f]{32}; .*HttpOnly/i.test(set), set);
        const jar = { cookie: set.split(";")[0]! };
        const v = await thread(null, jar);
        assertEquals(v.messages.map((m) => m.text), ["Visitor question"]);
        assertEquals(v.conversation?.userId, null);
        // a visitor attaches no image (uploads need an account)
        const img = await write({ text: "x", imageId: crypto.randomUUID() }, null, jar);
        assertEquals(img.status, 401);
        // signed in on this browser: offered, then continued into the customer's conversation
        const offered = await thread(token, jar);
        assertEquals(offered.visitorOffer, { messages: 1 });
        const before = offered.messages.length;
        ok(
          await srv.call("/api/support/continue", { method: "POST", token, headers: jar }),
          "cont",
        );
        const after = await thread(token, jar);
        assertEquals(after.visitorOffer, null);
        assertEquals(after.messages.length, before + 1);
        assert(after.messages.some((m) => m.text === "Visitor question"));
        const gone = await thread(null, jar);
        assertEquals(gone.conversation, null);
      },
    );

    await t.step(
      "the message rate limit refuses the 11th in a minute and stores nothing",
      async () => {
        freshMinute(srv);
        const before = (await thread()).messages.length;
        for (let i = 0; i < 10; i++) ok(await write({ text: `n${i}` }), `msg ${i}`);
        const r = await write({ text: "one too many" });
        assertEquals([r.status, err(r)], [429, "RATE_LIMITED"]);
        assertEquals((await thread()).messages.length, before + 10);
      },
    );
  } finally {
    await srv.close();
  }
});
