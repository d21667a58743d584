/** Four-eyes: funding the wealth reserve is proposed by one operator and approved by another. */
import { assertEquals } from "../assert.ts";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { house } from "../../edge/ledger/accounts.ts";
import { approvedBy, operatorToken, operatorWithRoles } from "../operator.ts";
import { signIn, startServer } from "../server.ts";

type P = { id: string; status: string; proposer: string; decidedBy: string | null };

Deno.test("reserve funding: proposed, refused to its proposer, approved once by another", async () => {
  const srv = await startServer({ seed: true });
  try {
    const ops = await operatorToken(srv);
    const other = await operatorWithRoles(srv, "treasurer", ["funds"]);
    const idOnly = await operatorWithRoles(srv, "kyc", ["identity"]);
    const yieldBefore = (await srv.deps.ledger.balance("demo", house("yield", "USDT"))).available;

    const p = await srv.call<P>("/api/admin/proposals", {
      token: ops,
      body: { kind: "wealth.reserve", amount: "5000", reason: "Q4 reserve top-up" },
    });
    assertEquals([p.body.code, p.body.data.status, p.body.data.proposer], [0, "pending", "ops"]);
    const id = p.body.data.id;
    // the proposer can never approve or reject; a role without funds cannot either
    const own = await srv.call(`/api/admin/proposals/${id}/approve`, {
      token: ops,
      method: "POST",
    });
    assertEquals([own.status, own.body.data.error], [403, "PROPOSAL_OWN"]);
    const ownReject = await srv.call(`/api/admin/proposals/${id}/reject`, {
      token: ops,
      body: { reason: "no" },
    });
    assertEquals(ownReject.body.data.error, "PROPOSAL_OWN");
    const wrongRole = await srv.call(`/api/admin/proposals/${id}/approve`, {
      token: idOnly,
      method: "POST",
    });
    assertEquals(wrongRole.status, 403);
    assertEquals(
      (await srv.deps.ledger.balance("demo", house("yield", "USDT"))).available,
      yieldBefore,
    );
    // another operator approves while a third approves too: the journal lands once, with one
    const third = await operatorWithRoles(srv, "auditor2", ["funds"]);
    const [tries, rival] = await Promise.all([
      Promise.all(
        Array.from(
          { length: 5 },
          () => srv.call<P>(`/api/admin/proposals/${id}/approve`, { token: other, method: "POST" }),
        ),
      ),
      srv.call<P>(`/api/admin/proposals/${id}/approve`, { token: third, method: "POST" }),
    ]);
    // one of them decided; the same operator's double clicks answer with that one decision (the
    // journal's request id), the other operator is told it is decided
    const winner = rival.body.code === 0 ? "auditor2" : "treasurer";
    const treasurerAnswers = tries.map((r) =>
      r.body.code === 0 ? r.body.data.status : r.body.data.error
    );
    assertEquals(
      [rival.body.code === 0 ? rival.body.data.status : rival.body.data.error, ...treasurerAnswers],
      winner === "auditor2"
        ? ["approved", ...tries.map(() => "ALREADY_DECIDED")]
        : ["ALREADY_DECIDED", ...tries.map(() => "approved")],
    );
    const approved = (winner === "auditor2" ? rival : tries[0]!).body.data;
    assertEquals([approved.status, approved.decidedBy], ["approved", winner]);
    // the reserve grew once
    assertEquals(
      (await srv.deps.ledger.balance("demo", house("yield", "USDT"))).available,
      yieldBefore + parseDecimal("5000"),
    );
    const again = await srv.call(`/api/admin/proposals/${id}/reject`, {
      token: other,
      body: { reason: "late" },
    });
    assertEquals(again.body.data.error, "ALREADY_DECIDED");
    // both steps audited
    const audit = await srv.call<{ items: { action: string; operator: string }[] }>(
      "/api/admin/audit?limit=20",
      { token: ops },
    );
    const actions = audit.body.data.items.map((e) => `${e.action}:${e.operator}`);
    assertEquals(actions.includes("proposal.create:ops"), true);
    assertEquals(actions.includes(`proposal.approve:${winner}`), true);
    assertEquals(actions.filter((a) => a.startsWith("proposal.approve")).length, 1);
  } finally {
    await srv.close();
  }
});

Deno.test("wealth products: an operator's rate change applies to new orders only, audited", async () => {
  const srv = await startServer({ seed: true });
  try {
    const ops = await operatorToken(srv);
    const token = await signIn(srv);
    const first = await srv.call<{ orderNo: string; dailyIncome: string }>("/api/wealth/order", {
      token,
      body: { productId: "usdt-5d", amount: "1000" },
    });
    assertEquals(first.body.data.dailyIncome, "3");
    const conf = await srv.call<{ items: Record<string, unknown>[] }>(
      "/api/admin/products/wealth",
      { token: ops },
    );
    const items = conf.body.data.items.map((p) =>
      p.id === "usdt-5d" ? { ...p, dailyRate: "0.005" } : p
    );
    const put = await srv.call("/api/admin/products/wealth", {
      token: ops,
      method: "PUT",
      body: { items },
    });
    // a proposal: nothing changes until another operator approves it
    const before = await srv.call<{ dailyIncome: string }>(
      "/api/wealth/products/usdt-5d/preview?amount=1000",
      { token },
    );
    assertEquals(before.body.data.dailyIncome, "3");
    await approvedBy(srv, put);
    const second = await srv.call<{ dailyIncome: string }>("/api/wealth/order", {
      token,
      body: { productId: "usdt-5d", amount: "1000" },
    });
    assertEquals(second.body.data.dailyIncome, "5");
    const mine = await srv.call<{ items: { orderNo: string; dailyIncome: string }[] }>(
      "/api/wealth/orders",
      { token },
    );
    const old = mine.body.data.items.find((o) => o.orderNo === first.body.data.orderNo)!;
    assertEquals(old.dailyIncome, "3");
    const audit = await srv.call<{ items: { action: string }[] }>("/api/admin/audit?limit=5", {
      token: ops,
    });
    assertEquals(audit.body.data.items[0]?.action, "proposal.approve");
    // out of bounds: refused, nothing changed
    const bad = await srv.call("/api/admin/products/wealth", {
      token: ops,
      method: "PUT",
      body: { items: items.map((p) => ({ ...p, dailyRate: "0.5" })) },
    });
    assertEquals(bad.body.data.error, "VALIDATION");
  } finally {
    await srv.close();
  }
});
