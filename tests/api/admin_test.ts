import { assert, assertEquals } from "../assert.ts";
import { signIn, startServer } from "../server.ts";
import { DEMO_TOTP_SECRET, totp } from "../operator.ts";

const SECRET = DEMO_TOTP_SECRET;

Deno.test("operator sign-in: password + TOTP, each code once, separate from customers, audited", async (t) => {
  const srv = await startServer({ seed: true });
  let offset = 0;
  const now = () => Date.now() + offset;
  try {
    let token = "";
    await t.step(
      "wrong password, wrong code, unknown operator: one reply, nothing learned",
      async () => {
        const code = await totp(SECRET, now());
        const wrong = code === "000000" ? "111111" : "000000";
        for (
          const body of [
            { username: "ops", password: "nope-nope", totp: code },
            { username: "ops", password: "Ops-2026-demo", totp: wrong },
            { username: "nobody", password: "Ops-2026-demo", totp: code },
          ]
        ) {
          const r = await srv.call("/api/admin/login", { body });
          assertEquals([r.status, r.body.data.error], [400, "BAD_CREDENTIALS"]);
          assertEquals(r.headers.get("authorization"), null);
        }
        const bad = await srv.call("/api/admin/login", {
          body: { username: "ops", password: "x", totp: "12ab56" },
        });
        assertEquals(bad.body.data.error, "VALIDATION");
        assert(bad.body.data.fields?.totp);
      },
    );
    await t.step(
      "the right password and code sign in; the same code cannot sign in again",
      async () => {
        const code = await totp(SECRET, now());
        const r = await srv.call<{ roles: string[] }>("/api/admin/login", {
          body: { username: "ops", password: "Ops-2026-demo", totp: code },
        });
        assertEquals(r.body.code, 0);
        assertEquals(r.body.data.roles, ["admin", "funds", "identity", "audit", "content", "risk"]);
        token = r.headers.get("authorization")!;
        assert(token.length >= 40);
        const again = await srv.call("/api/admin/login", {
          body: { username: "ops", password: "Ops-2026-demo", totp: code },
        });
        assertEquals(again.body.data.error, "BAD_CREDENTIALS");
      },
    );
    await t.step("operator and customer sessions do not cross", async () => {
      const customerToken = await signIn(srv);
      const asCustomer = await srv.call("/api/admin/audit", {
        method: "GET",
        token: customerToken,
      });
      assertEquals([asCustomer.status, asCustomer.body.code], [401, -99]);
      const asOperator = await srv.call("/api/account/assets", { method: "GET", token });
      assertEquals([asOperator.status, asOperator.body.code], [401, -99]);
      const none = await srv.call("/api/admin/audit", { method: "GET" });
      assertEquals(none.body.code, -99);
    });
    await t.step("the audit log lists sign-in and sign-out, newest first, paged", async () => {
      offset += 30_000;
      srv.advance(30_000);
      const second = await srv.call("/api/admin/login", {
        body: { username: "ops", password: "Ops-2026-demo", totp: await totp(SECRET, now()) },
      });
      assertEquals(second.body.code, 0);
      const token2 = second.headers.get("authorization")!;
      const out = await srv.call("/api/admin/logout", { body: {}, token });
      assertEquals(out.body.code, 0);
      const gone = await srv.call("/api/admin/audit", { method: "GET", token });
      assertEquals(gone.body.code, -99);
      type Page = {
        items: { action: string; operator: string; ip: string | null }[];
        cursor: string | null;
      };
      const p1 = await srv.call<Page>("/api/admin/audit?limit=2", { method: "GET", token: token2 });
      assertEquals(p1.body.data.items.map((e) => e.action), ["operator.logout", "operator.login"]);
      const all = await srv.call<Page>("/api/admin/audit?limit=100", {
        method: "GET",
        token: token2,
      });
      // oldest first: 3 failed attempts, a sign-in, the refused code replay, a sign-in, sign-out
      assertEquals(all.body.data.items.map((e) => e.action).reverse(), [
        "operator.loginFailed",
        "operator.loginFailed",
        "operator.loginFailed",
        "operator.login",
        "operator.loginFailed",
        "operator.login",
        "operator.logout",
      ]);
      assertEquals(p1.body.data.items[0]!.operator, "ops");
      assert(p1.body.data.cursor);
      const p2 = await srv.call<Page>(
        `/api/admin/audit?limit=2&cursor=${encodeURIComponent(p1.body.data.cursor!)}`,
        { method: "GET", token: token2 },
      );
      assertEquals(p2.body.data.items.map((e) => e.action), [
        "operator.loginFailed",
        "operator.login",
      ]);
      const badCursor = await srv.call("/api/admin/audit?cursor=zzz", {
        method: "GET",
        token: token2,
      });
      assertEquals(badCursor.body.data.error, "VALIDATION");
    });
    await t.step("operator sign-in is throttled per account", async () => {
      let locked = false;
      for (let i = 0; i < 7; i++) {
        const r = await srv.call("/api/admin/login", {
          body: { username: "ops", password: "wrong-wrong", totp: "123456" },
        });
        if (r.body.data.error === "LOCKED") locked = true;
      }
      assert(locked);
    });
  } finally {
    await srv.close();
  }
});
