/**
 * Operator accounts through HTTP: an admin creates an operator, who enrols TOTP and replaces the
 * temporary password at first sign-in (the enrolment token opens nothing else); roles changed
 * (audited, never one's own, never the last admin); disable ends sessions and blocks sign-in;
 * enable; sessions listed and revoked; password change ends the other sessions; the audit chain
 * still verifies.
 */
import { assert, assertEquals } from "../assert.ts";
import { operatorToken, operatorWithRoles, totp } from "../operator.ts";
import { startServer, type TestServer } from "../server.ts";
import { OperatorAccounts } from "../../edge/operators/accounts.ts";

type Reply<T> = { status: number; body: { code: number; data: T } };
function ok<T>(r: Reply<T>, what: string): T {
  assertEquals(r.body.code, 0, `${what}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}
const err = (r: Reply<unknown>) => (r.body.data as { error?: string })?.error;
type Op = {
  username: string;
  roles: string[];
  disabled: boolean;
  enrolled: boolean;
  actions: string[];
};
type Enrol = { status: string; enrolToken: string; secret: string; uri: string; expiresAt: number };
type Sessions = { items: { id: string; current: boolean; ip: string | null }[] };
type Audit = { items: { action: string; operator: string; target: string; after: unknown }[] };

const TEMP = "Temp-2026-pass";
const NEW = "Mine-2026-pass";

async function login(srv: TestServer, username: string, password: string, secret?: string) {
  const body: Record<string, string> = { username, password };
  if (secret) body.totp = await totp(secret, srv.deps.now());
  const r = await srv.call<Enrol & { roles: string[] }>("/api/admin/login", { body });
  if (secret) srv.advance(30_000); // each code once: the next sign-in gets a fresh one
  return r;
}

Deno.test("operators: create, enrol, roles, disable, sessions, password, audit", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const admin = await operatorToken(srv); // ops: admin among its roles
    const support = await operatorWithRoles(srv, "sup", ["support"]);
    let secret = "";

    await t.step("the seeded operator is an admin", async () => {
      const list = ok(
        await srv.call<{ items: Op[] }>("/api/admin/operators", { token: admin }),
        "list",
      );
      const ops = list.items.find((o) => o.username === "ops")!;
      assert(ops.roles.includes("admin"));
      assertEquals(ops.actions, []); // nobody edits or disables themselves
    });

    await t.step("an admin creates an operator; others may not; names are unique", async () => {
      const created = ok(
        await srv.call<Op>("/api/admin/operators", {
          token: admin,
          body: { username: "rita", password: TEMP, roles: ["risk", "support"] },
        }),
        "create",
      );
      assertEquals([created.enrolled, created.disabled], [false, false]);
      assertEquals(created.roles, ["risk", "support"]);
      const refused = await srv.call("/api/admin/operators", {
        token: support,
        body: { username: "eve", password: TEMP, roles: ["admin"] },
      });
      assertEquals([refused.status, err(refused)], [403, "FORBIDDEN"]);
      assertEquals((await srv.call("/api/admin/operators", { token: support })).status, 403);
      const dup = await srv.call("/api/admin/operators", {
        token: admin,
        body: { username: "rita", password: TEMP, roles: ["audit"] },
      });
      assertEquals([dup.status, err(dup)], [409, "OPERATOR_EXISTS"]);
      for (
        const body of [
          { username: "Rita", password: TEMP, roles: ["audit"] },
          { username: "ab", password: TEMP, roles: ["audit"] },
          { username: "bob", password: "short", roles: ["audit"] },
          { username: "bob", password: TEMP, roles: [] },
          { username: "bob", password: TEMP, roles: ["boss"] },
          { username: "bob", password: TEMP, roles: ["audit"], extra: 1 },
        ]
      ) {
        const r = await srv.call("/api/admin/operators", { token: admin, body });
        assertEquals([r.status, err(r)], [400, "VALIDATION"], JSON.stringify(body));
      }
    });

    await t.step(
      "first sign-in: enrolment, not a session; the token opens nothing else",
      async () => {
        const wrong = await login(srv, "rita", "Wrong-2026-pass");
        assertEquals(err(wrong), "BAD_CREDENTIALS");
        const r = await login(srv, "rita", TEMP);
        const e = ok(r, "enrolment");
        assertEquals(e.status, "enrolmentRequired");
        assert(/^[A-Z2-7]{32}$/.test(e.secret), e.secret);
        assert(e.uri.startsWith("otpauth://totp/"));
        assertEquals((r as unknown as { headers: Headers }).headers.get("authorization"), null);
        // the enrolment token is no session
        for (
          const path of [
            "/api/admin/audit",
            "/api/admin/operators",
            "/api/admin/operators/rita/sessions",
          ]
        ) {
          const x = await srv.call(path, { token: e.enrolToken });
          assertEquals(x.body.code, -99, path);
        }
        // a wrong code is refused; the temporary password cannot stay
        const bad = await srv.call("/api/admin/enrol", {
          body: { enrolToken: e.enrolToken, totp: "000000", newPassword: NEW },
        });
        assertEquals(err(bad), "TOTP_INVALID");
        const same = await srv.call("/api/admin/enrol", {
          body: {
            enrolToken: e.enrolToken,
            totp: await totp(e.secret, srv.deps.now()),
            newPassword: TEMP,
          },
        });
        assertEquals(err(same), "SAME_PASSWORD");
        const badToken = await srv.call("/api/admin/enrol", {
          body: { enrolToken: "x".repeat(43), totp: "123456", newPassword: NEW },
        });
        assertEquals(err(badToken), "ENROLMENT_INVALID");
        // an expired enrolment is refused
        const late = ok(await login(srv, "rita", TEMP), "enrolment 2");
        srv.advance(11 * 60_000);
        const expired = await srv.call("/api/admin/enrol", {
          body: {
            enrolToken: late.enrolToken,
            totp: await totp(late.secret, srv.deps.now()),
            newPassword: NEW,
          },
        });
        assertEquals(err(expired), "ENROLMENT_INVALID");
        // enrol for real
        const fresh = ok(await login(srv, "rita", TEMP), "enrolment 3");
        secret = fresh.secret;
        const done = await srv.call<{ status: string; roles: string[] }>("/api/admin/enrol", {
          body: {
            enrolToken: fresh.enrolToken,
            totp: await totp(secret, srv.deps.now()),
            newPassword: NEW,
          },
        });
        assertEquals(ok(done, "enrol").status, "signedIn");
        const token = done.headers.get("authorization")!;
        assert(token);
        const mine = ok(
          await srv.call<Sessions>("/api/admin/operators/rita/sessions", { token }),
          "own sessions",
        );
        assertEquals(mine.items.length, 1);
        assert(mine.items[0]!.current);
        srv.advance(30_000);
        // the temporary password is gone; the enrolment cannot be replayed
        assertEquals(err(await login(srv, "rita", TEMP, secret)), "BAD_CREDENTIALS");
        const replay = await srv.call("/api/admin/enrol", {
          body: {
            enrolToken: fresh.enrolToken,
            totp: await totp(secret, srv.deps.now()),
            newPassword: "Other-2026-pass",
          },
        });
        assertEquals(err(replay), "ENROLMENT_INVALID");
        // now password + code
        assertEquals(ok(await login(srv, "rita", NEW, secret), "sign in").status, "signedIn");
        const list = ok(
          await srv.call<{ items: Op[] }>("/api/admin/operators", { token: admin }),
          "list",
        );
        assertEquals(list.items.find((o) => o.username === "rita")!.enrolled, true);
      },
    );

    await t.step("roles: audited; never one's own; the last admin stays", async () => {
      const r = ok(
        await srv.call<Op>("/api/admin/operators/rita/roles", {
          token: admin,
          body: { roles: ["audit", "risk"] },
        }),
        "roles",
      );
      assertEquals(r.roles, ["risk", "audit"]);
      const own = await srv.call("/api/admin/operators/ops/roles", {
        token: admin,
        body: { roles: ["funds"] },
      });
      assertEquals([own.status, err(own)], [403, "OPERATOR_SELF"]);
      const byNonAdmin = await srv.call("/api/admin/operators/rita/roles", {
        token: support,
        body: { roles: ["admin"] },
      });
      assertEquals(byNonAdmin.status, 403);
      const nobody = await srv.call("/api/admin/operators/nobody/roles", {
        token: admin,
        body: { roles: ["audit"] },
      });
      assertEquals(err(nobody), "NOT_FOUND");
      // a second admin demotes ops; then adm2 is the only admin: nobody may take it
      const adm2 = await operatorWithRoles(srv, "adm2", ["admin"]);
      ok(
        await srv.call("/api/admin/operators/ops/roles", {
          token: adm2,
          body: { roles: ["funds", "identity", "audit", "content"] },
        }),
        "demote ops",
      );
      assertEquals((await srv.call("/api/admin/operators", { token: admin })).status, 403);
      const svc = new OperatorAccounts(srv.deps.kv, srv.deps.now);
      const by = { operator: "rita", ip: null };
      for (
        const attempt of [
          () => svc.setRoles("demo", by, "adm2", ["audit"]),
          () => svc.setDisabled("demo", by, "adm2", true),
        ]
      ) {
        const e = await attempt().then(() => null, (x: { error?: string }) => x.error);
        assertEquals(e, "LAST_ADMIN");
      }
      const list = ok(
        await srv.call<{ items: Op[] }>("/api/admin/operators", { token: adm2 }),
        "list",
      );
      assertEquals(list.items.find((o) => o.username === "adm2")!.actions, []);
      // the only admin: the server offers no disable on it
      assertEquals(
        (await svc.list("demo", "ops")).items.find((o) => o.username === "adm2")!.actions,
        ["roles"],
      );
      ok(
        await srv.call("/api/admin/operators/ops/roles", {
          token: adm2,
          body: { roles: ["admin", "funds", "identity", "audit", "content"] },
        }),
        "ops admin again",
      );
      const audit = ok(
        await srv.call<Audit>("/api/admin/audit?limit=100", { token: admin }),
        "audit",
      );
      const roleEntries = audit.items.filter((e) => e.action === "operator.roles");
      assertEquals(roleEntries.length, 3);
      assert(roleEntries.some((e) => e.operator === "ops" && e.target === "operator:rita"));
      assert(roleEntries.some((e) => e.operator === "adm2" && e.target === "operator:ops"));
    });

    await t.step("disable and enable; never oneself; never the last enabled admin", async () => {
      const list = ok(
        await srv.call<{ items: Op[] }>("/api/admin/operators", { token: admin }),
        "list",
      );
      assertEquals(list.items.find((o) => o.username === "adm2")!.actions, ["roles", "disable"]);
      ok(await srv.call("/api/admin/operators/adm2/disable", { token: admin, body: {} }), "off");
      // ops is the only enabled admin now
      const svc = new OperatorAccounts(srv.deps.kv, srv.deps.now);
      const by = { operator: "adm2", ip: null };
      for (
        const attempt of [
          () => svc.setRoles("demo", by, "ops", ["funds"]),
          () => svc.setDisabled("demo", by, "ops", true),
        ]
      ) {
        const e = await attempt().then(() => null, (x: { error?: string }) => x.error);
        assertEquals(e, "LAST_ADMIN");
      }
      ok(await srv.call("/api/admin/operators/adm2/enable", { token: admin, body: {} }), "on");
      const self = await srv.call("/api/admin/operators/ops/disable", { token: admin, body: {} });
      assertEquals([self.status, err(self)], [403, "OPERATOR_SELF"]);
    });

    await t.step("disable ends sessions and blocks sign-in; enable lets them back", async () => {
      const s1 = await operatorToken(srv, { username: "rita", password: NEW, secret });
      const s2 = await operatorToken(srv, { username: "rita", password: NEW, secret });
      const listed = ok(
        await srv.call<Sessions>("/api/admin/operators/rita/sessions", { token: admin }),
        "sessions",
      );
      assert(listed.items.length >= 2);
      assert(listed.items.every((s) => !s.current));
      const d = ok(
        await srv.call<Op>("/api/admin/operators/rita/disable", { token: admin, body: {} }),
        "disable",
      );
      assertEquals(d.disabled, true);
      for (const tok of [s1, s2]) {
        assertEquals((await srv.call("/api/admin/audit", { token: tok })).body.code, -99);
      }
      assertEquals(
        ok(await srv.call<Sessions>("/api/admin/operators/rita/sessions", { token: admin }), "s")
          .items.length,
        0,
      );
      const refused = await login(srv, "rita", NEW, secret);
      assertEquals([refused.status, err(refused)], [403, "OPERATOR_DISABLED"]);
      const wrong = await login(srv, "rita", "Wrong-2026-pass", secret);
      assertEquals(err(wrong), "BAD_CREDENTIALS");
      ok(await srv.call("/api/admin/operators/rita/enable", { token: admin, body: {} }), "enable");
      assertEquals(ok(await login(srv, "rita", NEW, secret), "back").status, "signedIn");
    });

    await t.step("sessions: listed and revoked by self or an admin, not by others", async () => {
      const a = await operatorToken(srv, { username: "rita", password: NEW, secret });
      const b = await operatorToken(srv, { username: "rita", password: NEW, secret });
      const mine = ok(
        await srv.call<Sessions>("/api/admin/operators/rita/sessions", { token: a }),
        "mine",
      );
      const current = mine.items.find((s) => s.current)!;
      const other = mine.items.filter((s) => !s.current);
      assert(current && other.length >= 2);
      assertEquals(
        (await srv.call("/api/admin/operators/ops/sessions", { token: a })).status,
        403,
      );
      assertEquals(
        (await srv.call(`/api/admin/operators/rita/sessions/${current.id}/revoke`, {
          token: support,
          body: {},
        })).status,
        403,
      );
      // rita ends an older one of hers (not b, the newest); an admin ends b's
      ok(
        await srv.call(`/api/admin/operators/rita/sessions/${other.at(-1)!.id}/revoke`, {
          token: a,
          body: {},
        }),
        "self revoke",
      );
      const bId = ok(
        await srv.call<Sessions>("/api/admin/operators/rita/sessions", { token: b }),
        "b",
      ).items.find((s) => s.current)!.id;
      ok(
        await srv.call(`/api/admin/operators/rita/sessions/${bId}/revoke`, {
          token: admin,
          body: {},
        }),
        "admin revoke",
      );
      assertEquals(
        (await srv.call("/api/admin/operators/rita/sessions", { token: b })).body.code,
        -99,
      );
      ok(await srv.call("/api/admin/operators/rita/sessions", { token: a }), "a still signed in");
      const gone = await srv.call(`/api/admin/operators/rita/sessions/${bId}/revoke`, {
        token: admin,
        body: {},
      });
      assertEquals(err(gone), "NOT_FOUND");
    });

    await t.step("password change: current one needed; the other sessions end", async () => {
      const a = await operatorToken(srv, { username: "rita", password: NEW, secret });
      const b = await operatorToken(srv, { username: "rita", password: NEW, secret });
      const wrong = await srv.call("/api/admin/password", {
        token: a,
        body: { oldPassword: "Wrong-2026-pass", newPassword: "Next-2026-pass" },
      });
      assertEquals(err(wrong), "WRONG_OLD_PASSWORD");
      const weak = await srv.call("/api/admin/password", {
        token: a,
        body: { oldPassword: NEW, newPassword: "x" },
      });
      assertEquals(err(weak), "VALIDATION");
      const same = await srv.call("/api/admin/password", {
        token: a,
        body: { oldPassword: NEW, newPassword: NEW },
      });
      assertEquals(err(same), "SAME_PASSWORD");
      const r = ok(
        await srv.call<{ sessionsEnded: number }>("/api/admin/password", {
          token: a,
          body: { oldPassword: NEW, newPassword: "Next-2026-pass" },
        }),
        "password",
      );
      assert(r.sessionsEnded >= 1);
      assertEquals((await srv.call("/api/admin/audit", { token: b })).body.code, -99);
      const still = await srv.call<Sessions>("/api/admin/operators/rita/sessions", { token: a });
      assertEquals(ok(still, "a").items.length, 1);
      assertEquals(err(await login(srv, "rita", NEW, secret)), "BAD_CREDENTIALS");
      assertEquals(
        ok(await login(srv, "rita", "Next-2026-pass", secret), "new").status,
        "signedIn",
      );
    });

    await t.step("every change is on the audit chain, which verifies", async () => {
      const audit = ok(
        await srv.call<Audit>("/api/admin/audit?limit=100", { token: admin }),
        "audit",
      );
      const actions = new Set(audit.items.map((e) => e.action));
      for (
        const a of [
          "operator.create",
          "operator.enrolStart",
          "operator.enrolFailed",
          "operator.enrol",
          "operator.roles",
          "operator.disable",
          "operator.enable",
          "operator.sessionRevoke",
          "operator.password",
        ]
      ) assert(actions.has(a), a);
      const v = ok(
        await srv.call<{ ok: boolean; verifiedTo: number; head: number }>(
          "/api/admin/audit/verify",
          { token: admin },
        ),
        "verify",
      );
      assert(v.ok, JSON.stringify(v));
      assertEquals(v.verifiedTo, v.head);
    });
  } finally {
    await srv.close();
  }
});
