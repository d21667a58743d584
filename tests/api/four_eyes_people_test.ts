/**
 * Four-eyes means two people (issue 25, item 1). The probe: one admin creates two funds
 * operators, holds both credentials, proposes a 250,000 USDT adjustment as one and approves it
 * as the other; it must stop at its first step. Separation of duties follows the operator
 * records' provenance on every decision (money kinds and operator kinds), and a tenant with one
 * admin cannot pass operator administration, which the console says.
 */
import { assert, assertEquals } from "../assert.ts";
import {
  acceptInvitation,
  DEMO_ADMIN_2,
  invitedOperator,
  operatorPhone,
  operatorToken,
} from "../operator.ts";
import { lastCode, registerUser, startServer, type TestServer } from "../server.ts";
import { balance } from "./funds_helpers.ts";

type Reply = { status: number; body: { code: number; data: unknown } };
type Proposal = { id: string; kind: string; status: string };
const err = (r: Reply) => (r.body.data as { error?: string } | null)?.error;

function proposal(r: { status: number; body: { code: number; data: Proposal } }, what: string) {
  assertEquals(r.body.code, 0, `${what}: ${JSON.stringify(r.body)}`);
  assertEquals(r.body.data.status, "pending", what);
  return r.body.data;
}

const approve = (srv: TestServer, token: string, id: string) =>
  srv.call<Proposal>(`/api/admin/proposals/${id}/approve`, { token, method: "POST" });

const reserve = (srv: TestServer, token: string) =>
  srv.call<Proposal>("/api/admin/proposals", {
    token,
    body: { kind: "wealth.reserve", amount: "10", reason: "top-up" },
  });

Deno.test("the probe: one admin cannot make pa and pb and pass 250,000 USDT with them", async () => {
  const srv = await startServer({ seed: true });
  try {
    const ops = await operatorToken(srv); // one person: the admin
    const { token, user: { userId } } = await registerUser(srv, "+12025550177");
    // (the probe's "pa" and "pb", as usernames of the console's rule)
    const phones = { "pa-funds": operatorPhone(), "pb-funds": operatorPhone() };

    // step 1: create pa and pb with a password the admin chose: there is no such door
    for (const username of ["pa-funds", "pb-funds"]) {
      const direct = await srv.call("/api/admin/operators", {
        token: ops,
        body: { username, password: "Temp-2026-pass", roles: ["funds"] },
      });
      assertEquals([direct.status, err(direct)], [400, "VALIDATION"], username);
    }
    // what the admin can do is propose them; nothing exists until a second admin approves
    const proposed = [];
    for (const username of ["pa-funds", "pb-funds"] as const) {
      const p = proposal(
        await srv.call<Proposal>("/api/admin/operators", {
          token: ops,
          body: { username, phone: phones[username], roles: ["funds"] },
        }),
        username,
      );
      assertEquals(p.kind, "operator.create");
      proposed.push(p);
      const own = await approve(srv, ops, p.id);
      assertEquals([own.status, err(own)], [403, "PROPOSAL_OWN"]);
    }
    const list = await srv.call<{ items: { username: string }[] }>("/api/admin/operators", {
      token: ops,
    });
    assertEquals(list.body.data.items.map((o) => o.username).sort(), ["ops", "ops2"]);
    // step 2: enrol both: no password signs them in, no invitation was sent
    for (const username of ["pa-funds", "pb-funds"] as const) {
      const login = await srv.call("/api/admin/login", {
        body: { username, password: "Temp-2026-pass" },
      });
      assertEquals(err(login), "BAD_CREDENTIALS", username);
      assertEquals(await lastCode(srv, phones[username], "operatorInvite"), null, username);
      const accept = await srv.call("/api/admin/invitation", {
        body: { username, code: "12345678" },
      });
      assertEquals(err(accept), "OPERATOR_INVITATION_INVALID", username);
    }
    // steps 3 and 4: the 250,000 USDT adjustment, proposed by the admin, has no second person
    const adjust = proposal(
      await srv.call<Proposal>("/api/admin/proposals", {
        token: ops,
        body: {
          kind: "balance.adjust",
          userId,
          wallet: "spot",
          currency: "USDT",
          amount: "250000",
          reason: "probe",
        },
      }),
      "adjust",
    );
    const self = await approve(srv, ops, adjust.id);
    assertEquals([self.status, err(self)], [403, "PROPOSAL_OWN"]);
    assertEquals((await balance(srv, token)).available, "0");

    // with a second person it works, and the credentials are the new operator's alone: the
    // approval reply, the proposal and the admins' list never carry the invitation code
    const ops2 = await operatorToken(srv, DEMO_ADMIN_2);
    const approved = await approve(srv, ops2, proposed[0]!.id);
    assertEquals(approved.body.data.status, "approved");
    const code = (await lastCode(srv, phones["pa-funds"], "operatorInvite"))!;
    assert(/^\d{8}$/.test(code));
    const seen = JSON.stringify([
      approved.body,
      (await srv.call(`/api/admin/proposals/${proposed[0]!.id}`, { token: ops })).body,
      (await srv.call("/api/admin/operators", { token: ops })).body,
    ]);
    assert(!seen.includes(code));
    const page = await (await srv.page(`/admin/proposals?id=${proposed[0]!.id}`, {
      headers: { authorization: ops },
    })).text();
    assert(page.includes("pa-funds") && !page.includes(code));

    // nor can the proposer route two invitations to one phone of theirs: one phone, one operator
    const again = await srv.call("/api/admin/operators", {
      token: ops,
      body: { username: "pc-funds", phone: phones["pa-funds"], roles: ["funds"] },
    });
    assertEquals([again.status, err(again)], [409, "OPERATOR_PHONE_TAKEN"]);
    const samePhone = await approve(srv, ops2, proposed[1]!.id); // pb was proposed with its own
    assertEquals(samePhone.body.data.status, "approved");
  } finally {
    await srv.close();
  }
});

Deno.test("one phone, one operator: a second pending invitation to a phone already taken is refused at approval", async () => {
  const srv = await startServer({ seed: true });
  try {
    const ops = await operatorToken(srv);
    const ops2 = await operatorToken(srv, DEMO_ADMIN_2);
    const phone = operatorPhone();
    const [a, b] = [
      proposal(
        await srv.call<Proposal>("/api/admin/operators", {
          token: ops,
          body: { username: "qa-funds", phone, roles: ["funds"] },
        }),
        "qa",
      ),
      proposal(
        await srv.call<Proposal>("/api/admin/operators", {
          token: ops,
          body: { username: "qb-funds", phone, roles: ["funds"] },
        }),
        "qb",
      ),
    ];
    assertEquals((await approve(srv, ops2, a!.id)).body.data.status, "approved");
    const second = await approve(srv, ops2, b!.id);
    assertEquals([second.status, err(second)], [409, "OPERATOR_PHONE_TAKEN"]);
  } finally {
    await srv.close();
  }
});

Deno.test("separation of duties: neither the proposer nor the decider of an operator's account decides with it", async () => {
  const srv = await startServer({ seed: true });
  try {
    const ops = await operatorToken(srv);
    const ops2 = await operatorToken(srv, DEMO_ADMIN_2);
    // ops proposes x (admin and funds), ops2 approves; x accepts the invitation on their phone
    const phone = operatorPhone();
    const p = proposal(
      await srv.call<Proposal>("/api/admin/operators", {
        token: ops,
        body: { username: "xavier", phone, roles: ["admin", "funds"] },
      }),
      "create x",
    );
    assertEquals((await approve(srv, ops2, p.id)).body.code, 0);
    const x = (await acceptInvitation(srv, "xavier", phone)).token;
    // people the servers' operator bootstrapped, unrelated to anyone
    const carol = (await invitedOperator(srv, "carol", ["funds"])).token;
    const dora = (await invitedOperator(srv, "dora", ["admin"])).token;

    // x decides nothing its proposer or its decider proposed
    for (const [who, token] of [["ops", ops], ["ops2", ops2]] as const) {
      const theirs = proposal(await reserve(srv, token), who);
      const byX = await approve(srv, x, theirs.id);
      assertEquals([byX.status, err(byX)], [403, "PROPOSAL_RELATED"], who);
    }
    // nor the reverse: neither decides x's; an unrelated operator does
    const xs = proposal(await reserve(srv, x), "x reserve");
    for (const token of [ops, ops2]) {
      const r = await approve(srv, token, xs.id);
      assertEquals([r.status, err(r)], [403, "PROPOSAL_RELATED"]);
    }
    assertEquals((await approve(srv, carol, xs.id)).body.data.status, "approved");
    // x may decide for someone unrelated
    const carols = proposal(await reserve(srv, carol), "carol reserve");
    assertEquals((await approve(srv, x, carols.id)).body.data.status, "approved");

    // operator kinds too: x proposes an operator; neither ops nor ops2 may approve it
    const y = proposal(
      await srv.call<Proposal>("/api/admin/operators", {
        token: x,
        body: { username: "yusuf", phone: operatorPhone(), roles: ["funds"] },
      }),
      "create y",
    );
    for (const token of [ops, ops2]) {
      const r = await approve(srv, token, y.id);
      assertEquals([r.status, err(r)], [403, "PROPOSAL_RELATED"]);
    }
    assertEquals((await approve(srv, dora, y.id)).body.data.status, "approved");
    // and nobody decides about their own account
    const aboutX = proposal(
      await srv.call<Proposal>("/api/admin/operators/xavier/roles", {
        token: dora,
        body: { roles: ["funds"] },
      }),
      "roles of x",
    );
    const byX = await approve(srv, x, aboutX.id);
    assertEquals([byX.status, err(byX)], [403, "PROPOSAL_RELATED"]);
  } finally {
    await srv.close();
  }
});

Deno.test("a tenant with one admin cannot pass operator administration, and the console says so", async () => {
  const srv = await startServer({ seed: true });
  try {
    const ops = await operatorToken(srv);
    const note = async (path: string) =>
      (await (await srv.page(path, { headers: { authorization: ops } })).text())
        .includes('data-testid="one-admin-note"');
    // two admins: no note
    assertEquals([await note("/admin/operators"), await note("/admin/proposals")], [false, false]);
    const off = await srv.call("/api/admin/operators/ops2/disable", { token: ops, body: {} });
    assertEquals(off.body.code, 0);
    // one enabled admin: proposing is refused (it could never pass), and the console says so
    for (
      const [path, body] of [
        ["/api/admin/operators", { username: "pat", phone: operatorPhone(), roles: ["funds"] }],
        ["/api/admin/operators/ops2/enable", {}],
        ["/api/admin/operators/ops2/reset-totp", {}],
        ["/api/admin/operators/ops2/roles", { roles: ["funds"] }],
      ] as const
    ) {
      const r = await srv.call(path, { token: ops, body });
      assertEquals([r.status, err(r)], [409, "SECOND_ADMIN_REQUIRED"], path);
    }
    assertEquals([await note("/admin/operators"), await note("/admin/proposals")], [true, true]);
    // and the console offers no proposal that could not pass
    const page0 = await (await srv.page("/admin/operators?id=ops2", {
      headers: { authorization: ops },
    })).text();
    assert(!page0.includes('data-testid="operator-create"'));
    assert(!page0.includes("AdminOperatorEdit"));
    // a money proposal of the only admin waits for another person; its proposer cannot pass it
    const p = proposal(await reserve(srv, ops), "reserve");
    const own = await approve(srv, ops, p.id);
    assertEquals([own.status, err(own)], [403, "PROPOSAL_OWN"]);
    const page = await (await srv.page(`/admin/proposals?id=${p.id}`, {
      headers: { authorization: ops },
    })).text();
    assert(page.includes('data-testid="p-why"') && !page.includes('data-testid="action-approve"'));
    assert(page.includes('data-testid="action-withdraw"'), "the proposer may withdraw it");
  } finally {
    await srv.close();
  }
});
