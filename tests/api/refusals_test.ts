/**
 * Refused privileged attempts on the audit log (issue 31, item 4), through HTTP: a self-approval
 * (PROPOSAL_OWN), a threshold raise without a proposal (FOUR_EYES_REQUIRED) and a section the
 * operator's roles do not open (FORBIDDEN) each write an entry in the refused request (who, what,
 * why), bounded per operator; the log's filters (operator, action, date range) find them.
 */
import { REFUSALS_AUDITED } from "../../edge/operators/refusals.ts";
import { assert, assertEquals, assertMatch } from "../assert.ts";
import { operatorToken, operatorWithRoles } from "../operator.ts";
import { startServer } from "../server.ts";

type Entry = {
  operator: string;
  action: string;
  target: string;
  after: { why: string; request: string; lastInWindow?: boolean } | null;
};
type Page = { items: Entry[]; cursor: string | null };

Deno.test("refused attempts: self-approval, a threshold raise and a closed section are audited, bounded, filtered", async () => {
  const srv = await startServer({ seed: true });
  try {
    const ops = await operatorToken(srv);
    const cashier = await operatorWithRoles(srv, "cashier", ["funds"]);
    const log = async (q: string) =>
      (await srv.call<Page>(`/api/admin/audit?limit=100&${q}`, { token: ops })).body.data;

    // self-approval
    const p = await srv.call<{ id: string }>("/api/admin/proposals", {
      token: cashier,
      body: { kind: "wealth.reserve", amount: "10", reason: "top-up" },
    });
    assertEquals(p.body.code, 0);
    const own = await srv.call(`/api/admin/proposals/${p.body.data.id}/approve`, {
      token: cashier,
      method: "POST",
    });
    assertEquals([own.status, own.body.data.error], [403, "PROPOSAL_OWN"]);
    // a threshold raise without a proposal
    const ws = (await srv.call<{ rules: Record<string, Record<string, string>> }>(
      "/api/admin/withdraw-settings",
      { token: cashier },
    )).body.data;
    const up = await srv.call("/api/admin/withdraw-settings", {
      token: cashier,
      method: "PUT",
      body: { ...ws, rules: { ...ws.rules, USDT: { ...ws.rules.USDT, fourEyes: "20000" } } },
    });
    assertEquals([up.status, up.body.data.error], [409, "FOUR_EYES_REQUIRED"]);
    // a section the cashier's roles do not open
    const audit = await srv.call("/api/admin/audit", { token: cashier });
    assertEquals(audit.status, 403);

    const refused = await log("action=refused&operator=cashier");
    assertEquals(
      refused.items.map((e) => [e.operator, e.action, e.target, e.after?.why]).reverse(),
      [
        ["cashier", "refused", `proposal:${p.body.data.id}`, "PROPOSAL_OWN"],
        ["cashier", "refused", "request:PUT /api/admin/withdraw-settings", "FOUR_EYES_REQUIRED"],
        ["cashier", "refused", "request:GET /api/admin/audit", "FORBIDDEN"],
      ],
    );
    assertEquals(
      refused.items[2]!.after!.request,
      `POST /api/admin/proposals/${p.body.data.id}/approve`,
    );
    // the filters: another operator has none; the date range holds them or not; a family
    assertEquals((await log("action=refused&operator=ops")).items.length, 0);
    const day = new Date(srv.deps.now()).toISOString().slice(0, 10);
    const dayBefore = new Date(srv.deps.now() - 86_400_000).toISOString().slice(0, 10);
    assertEquals((await log(`action=refused&from=${day}&to=${day}`)).items.length, 3);
    assertEquals((await log(`action=refused&from=${dayBefore}&to=${dayBefore}`)).items.length, 0);
    const proposals = await log("action=proposal&operator=cashier");
    assert(
      proposals.items.length > 0 && proposals.items.every((e) => e.action.startsWith("proposal.")),
    );
    assertEquals(
      (await srv.call("/api/admin/audit?action=a%20b", { token: ops })).body.data.error,
      "VALIDATION",
    );

    // bounded: a script hammering a closed door writes at most the window's allowance
    for (let i = 0; i < REFUSALS_AUDITED.max + 5; i++) {
      assertEquals((await srv.call("/api/admin/audit", { token: cashier })).status, 403);
    }
    const after = await log("action=refused&operator=cashier");
    assertEquals(after.items.length, REFUSALS_AUDITED.max);
    assertEquals(after.items[0]!.after!.lastInWindow, true);
    // the chain still verifies
    const chain = await srv.call<{ ok: boolean }>("/api/admin/audit/verify", { token: ops });
    assertEquals(chain.body.data.ok, true);
  } finally {
    await srv.close();
  }
});

Deno.test("four-eyes in the console: Approve only for who may decide, the proposer withdraws, the refused raise's form comes filled", async () => {
  const srv = await startServer({ seed: true });
  try {
    const ops = await operatorToken(srv);
    const cashier = await operatorWithRoles(srv, "cashier", ["funds"]);
    const puppet = await operatorWithRoles(srv, "puppet", ["funds", "risk"]);
    // the puppet's account came from ops (separation of duties: related)
    const key = ["demo", "operators", "account", "puppet"];
    const rec = (await srv.deps.kv.get<Record<string, unknown>>(key)).value!;
    await srv.deps.kv.set(key, { ...rec, createdBy: "ops" });
    const page = async (path: string, token: string) =>
      await (await srv.page(path, { headers: { cookie: `tw_op=${token}` } })).text();
    const propose = async (token: string) =>
      (await srv.call<{ id: string }>("/api/admin/proposals", {
        token,
        body: { kind: "wealth.reserve", amount: "10", reason: "top-up" },
      })).body.data.id;

    // the related operator sees why, not Approve; an unrelated one sees Approve
    const byOps = await propose(ops);
    const asPuppet = await page(`/admin/proposals?id=${byOps}`, puppet);
    assert(!asPuppet.includes('data-testid="action-approve"'), "related: no Approve");
    assertMatch(asPuppet, /data-testid="p-why"[^>]*>[^<]*came from each other(&#39;|')s changes/);
    const asCashier = await page(`/admin/proposals?id=${byOps}`, cashier);
    assert(asCashier.includes('data-testid="action-approve"'), "unrelated: Approve");
    // the proposer sees Withdraw (no Approve)
    const asOps = await page(`/admin/proposals?id=${byOps}`, ops);
    assert(asOps.includes('data-testid="action-withdraw"'), "proposer: Withdraw");
    assert(!asOps.includes('data-testid="action-approve"'), "proposer: no Approve");

    // only the proposer withdraws; audited; then it is decided
    const withdraw = (token: string) =>
      srv.call<{ status: string }>(`/api/admin/proposals/${byOps}/withdraw`, {
        token,
        body: { reason: "not needed" },
      });
    const other = await withdraw(cashier);
    assertEquals([other.status, other.body.data], [403, { error: "PROPOSAL_NOT_OWN" }]);
    const mine = await withdraw(ops);
    assertEquals([mine.body.code, mine.body.data.status], [0, "withdrawn"]);
    assertEquals((await withdraw(ops)).body.data, { error: "ALREADY_DECIDED" } as never);
    const approve = await srv.call(`/api/admin/proposals/${byOps}/approve`, {
      token: cashier,
      method: "POST",
    });
    assertEquals(approve.body.data, { error: "ALREADY_DECIDED" });
    const log = (await srv.call<Page>("/api/admin/audit?action=proposal.withdraw", { token: ops }))
      .body.data.items;
    assertEquals(log.map((e) => [e.operator, e.target]), [["ops", `proposal:${byOps}`]]);
    const listed = await srv.call<{ items: { id: string }[] }>(
      "/api/admin/proposals?status=withdrawn",
      { token: ops },
    );
    assertEquals(listed.body.data.items.map((p) => p.id), [byOps]);

    // a refused threshold raise links to the proposal form, filled
    const form = await page("/admin/proposals?raise=BTC&amount=2.5", cashier);
    assertMatch(form, /<option selected value="BTC">/);
    assertMatch(form, /id="fe-amount"[^>]*value="2.5"/);
  } finally {
    await srv.close();
  }
});
