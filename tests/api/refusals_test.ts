/**
 * Refused privileged attempts on the audit log (issue 31, item 4), through HTTP: a self-approval
 * (PROPOSAL_OWN), a threshold raise without a proposal (FOUR_EYES_REQUIRED) and a section the
 * operator's roles do not open (FORBIDDEN) each write an entry in the refused request (who, what,
 * why), bounded per operator; the log's filters (operator, action, date range) find them.
 */
import { REFUSALS_AUDITED } from "../../edge/operators/refusals.ts";
import { assert, assertEquals } from "../assert.ts";
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
