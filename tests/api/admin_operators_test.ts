/**
 * Operator accounts through HTTP: an admin proposes an operator and a second admin approves;
 * the invitation goes to the operator's phone only, and the operator accepts it, enrols TOTP and
 * sets their own password (the enrolment token opens nothing else); roles and enabling are
 * proposals too (audited, never one's own); disable acts at once, ends sessions and blocks
 * sign-in (never the last admin); a second-factor reset sends a new invitation; sessions listed
 * and revoked; password change ends the other sessions; the audit chain still verifies and
 * holds no invitation code.
 */
import { assert, assertEquals } from "../assert.ts";
import { DEMO_ADMIN_2, invitedOperator, operatorPhone, operatorToken, totp } from "../operator.ts";
import { lastCode, startServer, type TestServer } from "../server.ts";

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
  invited: boolean;
  actions: string[];
};
type Proposal = { id: string; kind: string; status: string; proposer: string; target: string };
type Enrol = { status: string; enrolToken: string; secret: string; uri: string; expiresAt: number };
type Sessions = { items: { id: string; current: boolean; ip: string | null }[] };
type Audit = {
  items: { action: string; operator: string; target: string; after: unknown }[];
  cursor: string | null;
};

/** The whole audit log, newest first (paged by its cursor). */
async function auditLog(srv: TestServer, token: string) {
  const items: Audit["items"] = [];
  let cursor: string | null = null;
  do {
    const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
    const page: Audit = ok(
      await srv.call<Audit>(`/api/admin/audit?limit=100${q}`, { token }),
      "audit",
    );
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return { items };
}

const NEW = "Mine-2026-pass";
const RITA_PHONE = operatorPhone();

async function login(srv: TestServer, username: string, password: string, secret?: string) {
  const body: Record<string, string> = { username, password };
  if (secret) body.totp = await totp(secret, srv.deps.now());
  const r = await srv.call<Enrol & { roles: string[] }>("/api/admin/login", { body });
  if (secret) srv.advance(30_000); // each code once: the next sign-in gets a fresh one
  return r;
}

const accept = (srv: TestServer, username: string, code: string) =>
  srv.call<Enrol>("/api/admin/invitation", { body: { username, code } });

/** `proposer` proposes at `path`, `approver` approves: the approved proposal. */
async function passed(
  srv: TestServer,
  proposer: string,
  approver: string,
  path: string,
  body: unknown = {},
) {
  const p = ok(await srv.call<Proposal>(path, { token: proposer, body }), `propose ${path}`);
  assertEquals(p.status, "pending");
  const a = await srv.call<Proposal>(`/api/admin/proposals/${p.id}/approve`, {
    token: approver,
    method: "POST",
  });
  return ok(a, `approve ${path}`);
}

Deno.test("operators: proposed, invited, enrolled; roles, disable, reset, sessions, password, audit", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    let admin = await operatorToken(srv); // ops: admin among its roles
    let admin2 = await operatorToken(srv, DEMO_ADMIN_2); // ops2: the demo's second admin
    const sup = await invitedOperator(srv, "sup", ["support"]);
    const supportLogin = sup.who;
    let support = sup.token;
    const codes: string[] = [];
    let secret = "";
    let adm3 = "";

    await t.step("the seeded operators are two admins", async () => {
      const list = ok(
        await srv.call<{ items: Op[] }>("/api/admin/operators", { token: admin }),
        "list",
      );
      const ops = list.items.find((o) => o.username === "ops")!;
      assert(ops.roles.includes("admin"));
      assert(list.items.find((o) => o.username === "ops2")!.roles.includes("admin"));
      assertEquals(ops.actions, []); // nobody edits or disables themselves
    });

    await t.step(
      "an admin proposes an operator; a second admin approves; names unique",
      async () => {
        const p = ok(
          await srv.call<Proposal & { payload: unknown }>("/api/admin/operators", {
            token: admin,
            body: { username: "rita", phone: RITA_PHONE, roles: ["risk", "support"] },
          }),
          "propose",
        );
        assertEquals([p.kind, p.status, p.target], ["operator.create", "pending", "operator:rita"]);
        assertEquals(p.payload, {
          username: "rita",
          phone: RITA_PHONE,
          roles: ["risk", "support"],
        });
        // nothing exists yet, and no invitation went out
        const before = ok(
          await srv.call<{ items: Op[] }>("/api/admin/operators", { token: admin }),
          "list",
        );
        assert(!before.items.some((o) => o.username === "rita"));
        assertEquals(await lastCode(srv, RITA_PHONE, "operatorInvite"), null);
        const refused = await srv.call("/api/admin/operators", {
          token: support,
          body: { username: "eve", phone: operatorPhone(), roles: ["admin"] },
        });
        assertEquals([refused.status, err(refused)], [403, "FORBIDDEN"]);
        assertEquals((await srv.call("/api/admin/operators", { token: support })).status, 403);
        const taken = await srv.call("/api/admin/operators", {
          token: admin,
          body: { username: "ops2", phone: operatorPhone(), roles: ["audit"] },
        });
        assertEquals([taken.status, err(taken)], [409, "OPERATOR_EXISTS"]);
        for (
          const body of [
            { username: "Rita", phone: RITA_PHONE, roles: ["audit"] },
            { username: "ab", phone: RITA_PHONE, roles: ["audit"] },
            { username: "bob", phone: "12345", roles: ["audit"] },
            { username: "bob", phone: "+1202", roles: ["audit"] },
            { username: "bob", roles: ["audit"] },
            { username: "bob", phone: RITA_PHONE, roles: [] },
            { username: "bob", phone: RITA_PHONE, roles: ["boss"] },
            // the creator never sets a password
            { username: "bob", phone: RITA_PHONE, password: "Temp-2026-pass", roles: ["audit"] },
          ]
        ) {
          const r = await srv.call("/api/admin/operators", { token: admin, body });
          assertEquals([r.status, err(r)], [400, "VALIDATION"], JSON.stringify(body));
        }
        // the proposer cannot approve; the second admin does
        const own = await srv.call(`/api/admin/proposals/${p.id}/approve`, {
          token: admin,
          method: "POST",
        });
        assertEquals([own.status, err(own)], [403, "PROPOSAL_OWN"]);
        const approved = await srv.call<Proposal>(`/api/admin/proposals/${p.id}/approve`, {
          token: admin2,
          method: "POST",
        });
        assertEquals(ok(approved, "approve").status, "approved");
        const code = (await lastCode(srv, RITA_PHONE, "operatorInvite"))!;
        assert(/^\d{8}$/.test(code), String(code));
        codes.push(code);
        // the code is in no reply
        assert(!JSON.stringify(approved.body).includes(code));
        const list = ok(
          await srv.call<{ items: Op[] }>("/api/admin/operators", { token: admin2 }),
          "list",
        );
        const rita = list.items.find((o) => o.username === "rita")!;
        assertEquals([rita.enrolled, rita.invited, rita.roles], [false, true, ["risk", "support"]]);
        assert(!JSON.stringify(list).includes(code));
      },
    );

    await t.step(
      "the invitation: username and code open an enrolment, not a session",
      async () => {
        // no password signs an invited operator in
        assertEquals(err(await login(srv, "rita", "Temp-2026-pass")), "BAD_CREDENTIALS");
        const wrong = await accept(srv, "rita", codes[0] === "00000000" ? "00000001" : "00000000");
        assertEquals([wrong.status, err(wrong)], [400, "OPERATOR_INVITATION_INVALID"]);
        assertEquals(err(await accept(srv, "nobody", codes[0]!)), "OPERATOR_INVITATION_INVALID");
        assertEquals(err(await accept(srv, "sup", codes[0]!)), "OPERATOR_INVITATION_INVALID");
        const r = await accept(srv, "rita", codes[0]!);
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
        const bad = await srv.call("/api/admin/enrol", {
          body: { enrolToken: e.enrolToken, totp: "000000", newPassword: NEW },
        });
        assertEquals(err(bad), "TOTP_INVALID");
        const badToken = await srv.call("/api/admin/enrol", {
          body: { enrolToken: "x".repeat(43), totp: "123456", newPassword: NEW },
        });
        assertEquals(err(badToken), "ENROLMENT_INVALID");
        // an expired enrolment is refused; the invitation still opens a new one
        const late = ok(await accept(srv, "rita", codes[0]!), "enrolment 2");
        srv.advance(11 * 60_000);
        const expired = await srv.call("/api/admin/enrol", {
          body: {
            enrolToken: late.enrolToken,
            totp: await totp(late.secret, srv.deps.now()),
            newPassword: NEW,
          },
        });
        assertEquals(err(expired), "ENROLMENT_INVALID");
        const fresh = ok(await accept(srv, "rita", codes[0]!), "enrolment 3");
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
        // the invitation is used up; the enrolment cannot be replayed
        assertEquals(err(await accept(srv, "rita", codes[0]!)), "OPERATOR_INVITATION_INVALID");
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
        const rita = list.items.find((o) => o.username === "rita")!;
        assertEquals([rita.enrolled, rita.invited], [true, false]);
      },
    );

    await t.step("an invitation ends after 5 wrong codes or 48 hours", async () => {
      const phone = operatorPhone();
      await passed(srv, admin, admin2, "/api/admin/operators", {
        username: "tom",
        phone,
        roles: ["audit"],
      });
      const code = (await lastCode(srv, phone, "operatorInvite"))!;
      codes.push(code);
      const other = code === "11111111" ? "22222222" : "11111111";
      for (let i = 0; i < 5; i++) {
        assertEquals(err(await accept(srv, "tom", other)), "OPERATOR_INVITATION_INVALID");
      }
      assertEquals(err(await accept(srv, "tom", code)), "OPERATOR_INVITATION_INVALID");
      // a second-factor reset sends a new one, which expires after 48 hours
      await passed(srv, admin2, admin, "/api/admin/operators/tom/reset-totp");
      const next = (await lastCode(srv, phone, "operatorInvite"))!;
      codes.push(next);
      srv.advance(48 * 3600_000 + 1);
      assertEquals(err(await accept(srv, "tom", next)), "OPERATOR_INVITATION_INVALID");
      // (sessions last 8 hours: sign in again)
      admin = await operatorToken(srv);
      admin2 = await operatorToken(srv, DEMO_ADMIN_2);
      support = await operatorToken(srv, supportLogin);
    });

    await t.step("roles: a proposal; audited; never one's own", async () => {
      const p = await passed(srv, admin, admin2, "/api/admin/operators/rita/roles", {
        roles: ["audit", "risk"],
      });
      assertEquals(p.kind, "operator.roles");
      const rita = ok(
        await srv.call<{ items: Op[] }>("/api/admin/operators", { token: admin }),
        "list",
      ).items.find((o) => o.username === "rita")!;
      assertEquals(rita.roles, ["risk", "audit"]);
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
      const same = await srv.call("/api/admin/operators/rita/roles", {
        token: admin,
        body: { roles: ["risk", "audit"] },
      });
      assertEquals(err(same), "VALIDATION");
      // the operator concerned never decides a proposal about their own account
      const aboutOps2 = ok(
        await srv.call<Proposal>("/api/admin/operators/ops2/roles", {
          token: admin,
          body: { roles: ["admin", "funds"] },
        }),
        "propose ops2",
      );
      const self = await srv.call(`/api/admin/proposals/${aboutOps2.id}/approve`, {
        token: admin2,
        method: "POST",
      });
      assertEquals([self.status, err(self)], [403, "PROPOSAL_RELATED"]);
      const audit = await auditLog(srv, admin);
      const roleEntries = audit.items.filter((e) => e.action === "operator.roles");
      assertEquals(roleEntries.length, 1);
      assertEquals([roleEntries[0]!.operator, roleEntries[0]!.target], ["ops2", "operator:rita"]);
    });

    await t.step("disable at once, never oneself, never the last enabled admin", async () => {
      const list = ok(
        await srv.call<{ items: Op[] }>("/api/admin/operators", { token: admin }),
        "list",
      );
      assertEquals(list.items.find((o) => o.username === "ops2")!.actions, [
        "roles",
        "disable",
        "resetTotp",
      ]);
      const self = await srv.call("/api/admin/operators/ops/disable", { token: admin, body: {} });
      assertEquals([self.status, err(self)], [403, "OPERATOR_SELF"]);
      ok(await srv.call("/api/admin/operators/ops2/disable", { token: admin, body: {} }), "off");
      // ops is the only enabled admin now: no disable is offered on it, and none lands; no
      // proposal is offered either (none could pass)
      const svc = srv.deps.operatorAccounts;
      assertEquals(
        (await svc.list("demo", "rita")).items.find((o) => o.username === "ops")!.actions,
        [],
      );
      assertEquals(
        (await svc.list("demo", "ops")).items.find((o) => o.username === "rita")!.actions,
        ["disable"],
      );
      const e = await svc.disable("demo", { operator: "rita", ip: null }, "ops")
        .then(() => null, (x: { error?: string }) => x.error);
      assertEquals(e, "LAST_ADMIN");
      // and one admin cannot pass operator administration: enabling ops2 needs a second admin
      const alone = await srv.call("/api/admin/operators/ops2/enable", { token: admin, body: {} });
      assertEquals([alone.status, err(alone)], [409, "SECOND_ADMIN_REQUIRED"]);
      // whoever runs the servers bootstraps a second admin; ops2 is enabled by two people
      adm3 = (await invitedOperator(srv, "adm3", ["admin"])).token;
      await passed(srv, admin, adm3, "/api/admin/operators/ops2/enable");
      admin2 = await operatorToken(srv, DEMO_ADMIN_2);
      // ops proposed a change of ops2's account: from now on neither decides the other's
      const p = ok(
        await srv.call<Proposal>("/api/admin/operators/rita/roles", {
          token: admin,
          body: { roles: ["risk"] },
        }),
        "propose",
      );
      const related = await srv.call(`/api/admin/proposals/${p.id}/approve`, {
        token: admin2,
        method: "POST",
      });
      assertEquals([related.status, err(related)], [403, "PROPOSAL_RELATED"]);
      ok(
        await srv.call(`/api/admin/proposals/${p.id}/reject`, {
          token: adm3,
          body: { reason: "not needed" },
        }),
        "reject",
      );
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
      await passed(srv, admin, adm3, "/api/admin/operators/rita/enable");
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

    await t.step(
      "second-factor reset: a proposal; sessions end; only a new invitation gets back in",
      async () => {
        const a = await operatorToken(srv, {
          username: "rita",
          password: "Next-2026-pass",
          secret,
        });
        await passed(srv, admin, adm3, "/api/admin/operators/rita/reset-totp");
        assertEquals((await srv.call("/api/admin/audit", { token: a })).body.code, -99);
        assertEquals(
          err(await login(srv, "rita", "Next-2026-pass", secret)),
          "BAD_CREDENTIALS",
        );
        const code = (await lastCode(srv, RITA_PHONE, "operatorInvite"))!;
        assert(!codes.includes(code));
        codes.push(code);
        const e = ok(await accept(srv, "rita", code), "re-enrolment");
        assert(e.secret !== secret);
        secret = e.secret;
        ok(
          await srv.call("/api/admin/enrol", {
            body: {
              enrolToken: e.enrolToken,
              totp: await totp(secret, srv.deps.now()),
              newPassword: "Again-2026-pass",
            },
          }),
          "enrol again",
        );
        srv.advance(30_000);
        assertEquals(
          ok(await login(srv, "rita", "Again-2026-pass", secret), "back").status,
          "signedIn",
        );
      },
    );

    await t.step("every change is on the audit chain, which verifies", async () => {
      const audit = await auditLog(srv, admin);
      const actions = new Set(audit.items.map((e) => e.action));
      // no invitation code, TOTP secret or password is ever written to the log
      const log = JSON.stringify(audit.items);
      for (const x of [...codes, secret, NEW, "Again-2026-pass"]) assert(!log.includes(x), x);
      for (
        const a of [
          "proposal.create",
          "proposal.approve",
          "operator.create",
          "operator.invitationSent",
          "operator.invitationFailed",
          "operator.resetTotp",
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
