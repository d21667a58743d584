/**
 * The operators' API around the review queues: each record says which actions it allows (the
 * server's state machine, not the client's), roles per queue and section, the console's cookie
 * session (and its cross-site refusal), evidence images by role, settings writes audited.
 */
import {
  bindMethod,
  decisionBody,
  PAYOUT_REF,
  submitRecharge,
  usdtAddress,
  verifyJunior,
} from "./funds_helpers.ts";
import { assert, assertEquals } from "../assert.ts";
import { makePng } from "../images.ts";
import { operatorToken, operatorWithRoles } from "../operator.ts";
import { registerUser, signIn, startServer, type TestServer } from "../server.ts";

type Reply<T> = { body: { code: number; data: T } };
function ok<T>(r: Reply<T>, what: string): T {
  assertEquals(r.body.code, 0, `${what}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}
type Audit = { items: { action: string; operator: string; target: string; before: unknown }[] };

const recharge = async (srv: TestServer, token: string) =>
  await submitRecharge(srv, token, "25", {
    remitterName: "Grace Hopper",
    voucher: await makePng(64, 48),
  });

Deno.test("operators: actions per record, roles, the console's cookie, evidence, settings audited", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const grace = await registerUser(srv, "+12025550181");
    const { id, imageId } = await recharge(srv, grace.token);

    await t.step("every record carries the actions its state allows now", async () => {
      const q = ok(
        await srv.call<{ items: { id: string; actions: string[] }[] }>("/api/admin/recharges", {
          token: op,
        }),
        "queue",
      );
      assertEquals(q.items.find((i) => i.id === id)?.actions, ["pass", "reject"]);
      const passed = ok(
        await srv.call<{ status: string; actions: string[] }>(
          `/api/admin/recharges/${id}/pass`,
          { token: op, method: "POST" },
        ),
        "pass",
      );
      assertEquals([passed.status, passed.actions], ["passed", []]);
      const one = ok(
        await srv.call<{ actions: string[] }>(`/api/admin/recharges/${id}`, { token: op }),
        "get",
      );
      assertEquals(one.actions, []);
      const unknown = await srv.call(`/api/admin/recharges/${id}/complete`, {
        token: op,
        method: "POST",
      });
      assertEquals(unknown.body.data.error, "VALIDATION");
      const reasonless = await srv.call(`/api/admin/recharges/${id}/reject`, {
        token: op,
        body: {},
      });
      assertEquals(reasonless.body.data.fields?.reason, "Enter a reason");
    });

    await t.step(
      "a withdrawal's actions follow its state (freeze, thaw, pass, complete)",
      async () => {
        const demo = await signIn(srv);
        await verifyJunior(srv, demo, op, "Ada Lovelace");
        const method = await bindMethod(srv, demo, usdtAddress());
        const w = ok(
          await srv.call<{ id: string }>("/api/withdraw", {
            token: demo,
            body: { methodId: method.id, amount: "50", drawPassword: "246810" },
          }),
          "withdraw",
        );
        const step = async (action: string) =>
          ok(
            await srv.call<{ status: string; actions: string[] }>(
              `/api/admin/withdrawals/${w.id}/${action}`,
              { token: op, ...decisionBody(action, PAYOUT_REF.hex) },
            ),
            action,
          );
        const first = ok(
          await srv.call<{ actions: string[] }>(`/api/admin/withdrawals/${w.id}`, { token: op }),
          "get",
        );
        assertEquals(first.actions, ["pass", "freeze", "reject"]);
        const states: [string, string, string[]][] = [];
        for (const a of ["freeze", "thaw", "pass", "complete"]) {
          const r = await step(a);
          states.push([a, r.status, r.actions]);
        }
        assertEquals(states, [
          ["freeze", "frozen", ["thaw"]],
          ["thaw", "auditing", ["pass", "freeze", "reject"]],
          ["pass", "withdrawing", ["complete", "freeze", "reject"]],
          ["complete", "passed", []],
        ]);
      },
    );

    await t.step("roles: each queue and setting needs its own", async () => {
      const idOnly = await operatorWithRoles(srv, "kyc", ["identity"]);
      const fundsOnly = await operatorWithRoles(srv, "cashier", ["funds"]);
      for (
        const [token, path, error] of [
          [idOnly, "/api/admin/recharges", "FORBIDDEN"],
          [idOnly, "/api/admin/withdrawals", "FORBIDDEN"],
          [idOnly, "/api/admin/withdraw-settings", "FORBIDDEN"],
          [idOnly, "/api/admin/recharge-channels", "FORBIDDEN"],
          [fundsOnly, "/api/admin/certifications", "FORBIDDEN"],
          [fundsOnly, "/api/admin/audit", "FORBIDDEN"],
        ] as const
      ) {
        const r = await srv.call(path, { token });
        assertEquals([r.status, r.body.data.error], [403, error], path);
      }
      assertEquals((await srv.call("/api/admin/certifications", { token: idOnly })).body.code, 0);
      assertEquals((await srv.call("/api/admin/withdrawals", { token: fundsOnly })).body.code, 0);
      // evidence: a voucher is for the funds role only; nothing says whether it exists
      const asFunds = await fetch(`${srv.base}/api/admin/images/${imageId}`, {
        headers: { authorization: fundsOnly },
      });
      assertEquals([asFunds.status, asFunds.headers.get("content-type")], [200, "image/png"]);
      await asFunds.body?.cancel();
      const asIdentity = await srv.call(`/api/admin/images/${imageId}`, { token: idOnly });
      assertEquals([asIdentity.status, asIdentity.body.data.error], [404, "NOT_FOUND"]);
      const asCustomer = await srv.call(`/api/admin/images/${imageId}`, { token: grace.token });
      assertEquals(asCustomer.body.code, -99);
    });

    await t.step(
      "the console's cookie: HttpOnly, same-site, refused on cross-site writes",
      async () => {
        srv.advance(30_000);
        const { totp, DEMO_TOTP_SECRET } = await import("../operator.ts");
        const login = await srv.call("/api/admin/login", {
          body: {
            username: "ops",
            password: "Ops-2026-demo",
            totp: await totp(DEMO_TOTP_SECRET, srv.deps.now()),
          },
        });
        const setCookie = login.headers.get("set-cookie") ?? "";
        assert(/^tw_op=[\w-]{40,}\.[\w-]+;/.test(setCookie), setCookie);
        assert(/HttpOnly/.test(setCookie) && /SameSite=Strict/.test(setCookie), setCookie);
        const cookie = setCookie.split(";")[0]!;
        const read = await srv.call("/api/admin/audit", { headers: { cookie } });
        assertEquals(read.body.code, 0);
        const body = {
          ...ok(await srv.call("/api/admin/withdraw-settings", { token: op }), "get"),
        };
        const crossSite = await srv.call("/api/admin/withdraw-settings", {
          method: "PUT",
          body,
          headers: { cookie, "sec-fetch-site": "cross-site" },
        });
        assertEquals(crossSite.body.code, -99);
        const sameSite = await srv.call("/api/admin/withdraw-settings", {
          method: "PUT",
          body,
          headers: { cookie, "sec-fetch-site": "same-origin" },
        });
        assertEquals(sameSite.body.code, 0);
        // the pages: signed out -> sign-in, coming back afterwards
        const page = await srv.page("/admin/withdrawals?status=frozen");
        assertEquals(page.status, 302);
        assertEquals(
          page.headers.get("location"),
          `/admin?next=${encodeURIComponent("/admin/withdrawals?status=frozen")}`,
        );
        await page.body?.cancel();
        const signedIn = await srv.page("/admin/withdrawals?status=frozen", {
          headers: { cookie },
        });
        assertEquals(signedIn.status, 200);
        assert((await signedIn.text()).includes('data-testid="queue-empty"'));
        const out = await srv.call("/api/admin/logout", { body: {}, headers: { cookie } });
        assert(/tw_op=;/.test(out.headers.get("set-cookie") ?? ""));
        assertEquals((await srv.call("/api/admin/audit", { headers: { cookie } })).body.code, -99);
      },
    );

    await t.step(
      "channel and withdrawal settings writes are audited with before and after",
      async () => {
        const chans = ok(
          await srv.call<{ items: { id: string; enabled: boolean }[] }>(
            "/api/admin/recharge-channels",
            { token: op },
          ),
          "channels",
        );
        const btc = chans.items.find((c) => c.id === "btc")!;
        ok(
          await srv.call("/api/admin/recharge-channels", {
            token: op,
            method: "PUT",
            body: { ...btc, enabled: false },
          }),
          "close btc",
        );
        const created = { ...btc, id: "btc-2", name: "Bitcoin (second)" };
        ok(
          await srv.call("/api/admin/recharge-channels", {
            token: op,
            method: "PUT",
            body: created,
          }),
          "create",
        );
        const audit = ok(
          await srv.call<Audit>("/api/admin/audit?limit=10", { token: op }),
          "audit",
        );
        const writes = audit.items.filter((e) => !e.action.startsWith("operator."));
        assertEquals(writes.slice(0, 3).map((e) => [e.action, e.target]), [
          ["channel.create", "channel:btc-2"],
          ["channel.update", "channel:btc"],
          ["withdrawSettings.update", "withdrawSettings"],
        ]);
        assertEquals(writes[0]!.before, null);
        assertEquals((writes[1]!.before as { enabled: boolean }).enabled, true);
      },
    );
  } finally {
    await srv.close();
  }
});
