/**
 * Four-eyes through HTTP: product terms (new orders only, the rates page follows, stale and
 * tampered proposals refused), balance adjustments against the adjustments account, and large
 * withdrawals that wait for a second operator.
 */
import { parseDecimal } from "../../core-wasm/mod.ts";
import { house } from "../../edge/ledger/accounts.ts";
import { proposalKeys } from "../../edge/operators/proposal_kinds.ts";
import { assert, assertEquals } from "../assert.ts";
import { approvedBy, operatorToken, operatorWithRoles } from "../operator.ts";
import { registerUser, startServer, type TestServer, tick } from "../server.ts";
import {
  balance,
  bankCard,
  bindMethod,
  recharge,
  setDrawPassword,
  verifyJunior,
} from "./funds_helpers.ts";

type Proposal = {
  id: string;
  kind: string;
  status: string;
  payload: Record<string, unknown>;
  payloadHash: string;
};
type FastTerms = {
  symbols: { code: string; enabled: boolean }[];
  options: { duration: number; rate: string; min: string; max: string }[];
};

async function login(srv: TestServer) {
  const r = await srv.call("/api/login", {
    body: { phone: "+12025550123", password: "Demo-2026" },
  });
  return r.headers.get("authorization")!;
}

Deno.test("product terms: a rate change is a proposal, applies to new orders only, the rates page follows", async () => {
  const srv = await startServer({ seed: true });
  try {
    const ops = await operatorToken(srv); // roles include risk and admin
    const risk = await operatorWithRoles(srv, "riskdesk", ["risk"]);
    const funds = await operatorWithRoles(srv, "cashier", ["funds"]);
    const token = await login(srv);
    await tick(srv, "60000");

    const cur = await srv.call<{ version: number; terms: FastTerms }>(
      "/api/admin/products/fast",
      { token: risk },
    );
    assertEquals([cur.body.code, cur.body.data.version], [0, 1]);
    const terms = cur.body.data.terms;
    const next = {
      ...terms,
      options: terms.options.map((o) => o.duration === 60 ? { ...o, rate: "0.8" } : o),
    };
    // out of bounds (a payout above 100 %) and a role without risk: refused, nothing proposed
    const bad = await srv.call("/api/admin/products/fast", {
      token: risk,
      method: "PUT",
      body: {
        terms: { ...terms, options: [{ duration: 60, rate: "1.5", min: "1", max: "2" }] },
        reason: "x",
      },
    });
    assertEquals(bad.body.data.error, "VALIDATION");
    const wrongRole = await srv.call("/api/admin/products/fast", {
      token: funds,
      method: "PUT",
      body: { terms: next, reason: "x" },
    });
    assertEquals(wrongRole.status, 403);

    // an order before the change
    const first = await srv.call<{ orderNo: string; rate: string }>("/api/fast/order", {
      token,
      body: { symbol: "BTCUSDT", direction: "up", duration: 60, stake: "100" },
    });
    assertEquals(first.body.data.rate, "0.85");

    const p = await srv.call<Proposal>("/api/admin/products/fast", {
      token: risk,
      method: "PUT",
      body: { terms: next, reason: "60 s payout to 80 %" },
    });
    assertEquals([p.body.code, p.body.data.kind, p.body.data.status], [
      0,
      "products.fast",
      "pending",
    ]);
    // nothing changes before the approval; the proposer cannot approve
    const opts = () =>
      srv.call<{ durations: { duration: number; rate: string }[]; termsVersion: number }>(
        "/api/fast/options?symbol=BTCUSDT",
      );
    assertEquals((await opts()).body.data.durations.find((d) => d.duration === 60)?.rate, "0.85");
    const own = await srv.call(`/api/admin/proposals/${p.body.data.id}/approve`, {
      token: risk,
      method: "POST",
    });
    assertEquals(own.body.data.error, "PROPOSAL_OWN");
    const funded = await srv.call(`/api/admin/proposals/${p.body.data.id}/approve`, {
      token: funds,
      method: "POST",
    });
    assertEquals(funded.status, 403);

    const ok = await srv.call<Proposal>(`/api/admin/proposals/${p.body.data.id}/approve`, {
      token: ops,
      method: "POST",
    });
    assertEquals(ok.body.data.status, "approved");
    const after = (await opts()).body.data;
    assertEquals(
      [after.durations.find((d) => d.duration === 60)?.rate, after.termsVersion],
      ["0.8", 2],
    );
    // a ticket still showing version 1 cannot place at version 2's rate unseen
    const stale = await srv.call("/api/fast/order", {
      token,
      body: { symbol: "BTCUSDT", direction: "up", duration: 60, stake: "100", termsVersion: 1 },
    });
    assertEquals([stale.status, stale.body.data.error], [409, "TERMS_CHANGED"]);
    const second = await srv.call<{ orderNo: string; rate: string }>("/api/fast/order", {
      token,
      body: { symbol: "BTCUSDT", direction: "up", duration: 60, stake: "100", termsVersion: 2 },
    });
    assertEquals(second.body.data.rate, "0.8");
    // the first order keeps the rate it was placed at
    const mine = await srv.call<{ items: { orderNo: string; rate: string }[] }>(
      "/api/fast/orders?status=open",
      { token },
    );
    assertEquals(
      mine.body.data.items.find((o) => o.orderNo === first.body.data.orderNo)?.rate,
      "0.85",
    );
    // the customer's rates page follows
    const rates = await srv.call<{ rates: { fast: { duration: number; rate: string }[] } }>(
      "/api/page/rates",
    );
    assertEquals(rates.body.data.rates.fast.find((o) => o.duration === 60)?.rate, "0.8");

    // audited: the proposal and its approval, the chain intact
    const audit = await srv.call<{ items: { action: string; operator: string }[] }>(
      "/api/admin/audit?limit=5",
      { token: ops },
    );
    assertEquals(audit.body.data.items[0]?.action, "proposal.approve");
    const chain = await srv.call<{ ok: boolean }>("/api/admin/audit/verify", { token: ops });
    assertEquals(chain.body.data.ok, true);
  } finally {
    await srv.close();
  }
});

Deno.test("product terms: a stale proposal and a tampered payload are refused, nothing changes", async () => {
  const srv = await startServer({ seed: true });
  try {
    const ops = await operatorToken(srv);
    const risk = await operatorWithRoles(srv, "riskdesk", ["risk"]);
    const cur = await srv.call<{ terms: { symbols: unknown[]; fee: string } }>(
      "/api/admin/products/spot",
      { token: risk },
    );
    const propose = (fee: string) =>
      srv.call<Proposal>("/api/admin/products/spot", {
        token: risk,
        method: "PUT",
        body: { terms: { ...cur.body.data.terms, fee }, reason: `fee ${fee}` },
      });
    const a = await propose("0.002"), b = await propose("0.003");
    await approvedBy(srv, a, ops);
    // b was made against the terms before a: approving it would undo a unseen
    const stale = await srv.call(`/api/admin/proposals/${b.body.data.id}/approve`, {
      token: ops,
      method: "POST",
    });
    assertEquals([stale.status, stale.body.data.error], [409, "PROPOSAL_STALE"]);

    // a payload edited in the store after it was proposed no longer matches its hash
    const c = await propose("0.0015");
    const key = proposalKeys.proposal("demo", c.body.data.id);
    const stored = (await srv.deps.kv.get<Proposal>(key)).value!;
    await srv.deps.kv.set(key, {
      ...stored,
      payload: {
        ...stored.payload,
        after: { ...(stored.payload.after as object), fee: "0.01" },
      },
    });
    const tampered = await srv.call(`/api/admin/proposals/${c.body.data.id}/approve`, {
      token: ops,
      method: "POST",
    });
    assertEquals(tampered.body.data.error, "PROPOSAL_TAMPERED");
    const now = await srv.call<{ version: number; terms: { fee: string } }>(
      "/api/admin/products/spot",
      { token: risk },
    );
    assertEquals([now.body.data.version, now.body.data.terms.fee], [2, "0.002"]);
  } finally {
    await srv.close();
  }
});

Deno.test("balance adjustment: proposed with a reason, one balanced journal on approval, debit bounded", async () => {
  const srv = await startServer({ seed: true });
  try {
    const ops = await operatorToken(srv);
    const cashier = await operatorWithRoles(srv, "cashier", ["funds"]);
    const kyc = await operatorWithRoles(srv, "kyc", ["identity"]);
    const { token, user: { userId } } = await registerUser(srv, "+12025550199");
    const adjBefore = (await srv.deps.ledger.balance("demo", house("adjustments", "USDT")))
      .available;
    const body = (amount: string) => ({
      kind: "balance.adjust",
      userId,
      wallet: "spot",
      currency: "USDT",
      amount,
      reason: "Goodwill credit, ticket 4411",
    });
    const refused = await srv.call("/api/admin/proposals", { token: kyc, body: body("10") });
    assertEquals(refused.status, 403);
    const unknown = await srv.call("/api/admin/proposals", {
      token: cashier,
      body: { ...body("10"), userId: "999999999" },
    });
    assertEquals(unknown.body.data.error, "NOT_FOUND");
    const zero = await srv.call("/api/admin/proposals", { token: cashier, body: body("0") });
    assertEquals(zero.body.data.error, "VALIDATION");

    const p = await srv.call<Proposal>("/api/admin/proposals", {
      token: cashier,
      body: body("25.5"),
    });
    assertEquals([p.body.code, p.body.data.kind], [0, "balance.adjust"]);
    assertEquals((await balance(srv, token)).available, "0");
    await approvedBy(srv, p, ops);
    assertEquals((await balance(srv, token)).available, "25.5");
    assertEquals(
      (await srv.deps.ledger.balance("demo", house("adjustments", "USDT"))).available,
      adjBefore - parseDecimal("25.5"),
    );
    // the customer's fund flow names it
    const flow = await srv.call<{ items: { type: string; amount: string }[] }>(
      "/api/account/flow?limit=5",
      { token },
    );
    assert(flow.body.data.items.some((f) => f.type === "adjustment"), JSON.stringify(flow.body));

    // a debit beyond the balance: the approval is refused and nothing moves
    const debit = await srv.call<Proposal>("/api/admin/proposals", {
      token: cashier,
      body: body("-30"),
    });
    assertEquals(debit.body.code, 0, JSON.stringify(debit.body));
    const r = await srv.call(`/api/admin/proposals/${debit.body.data.id}/approve`, {
      token: ops,
      method: "POST",
    });
    assertEquals(r.body.data.error, "INSUFFICIENT_BALANCE");
    assertEquals((await balance(srv, token)).available, "25.5");
    const still = await srv.call<Proposal>(`/api/admin/proposals/${debit.body.data.id}`, {
      token: ops,
    });
    assertEquals(still.body.data.status, "pending");
  } finally {
    await srv.close();
  }
});

Deno.test("large withdrawal: the pass waits for a second operator; the first cannot approve it", async () => {
  const srv = await startServer({ seed: true });
  try {
    const ops = await operatorToken(srv);
    const cashier = await operatorWithRoles(srv, "cashier", ["funds"]);
    // no turnover asked, second approval from 100 USDT
    const ws = await srv.call<{ enabled: boolean; rules: Record<string, Record<string, string>> }>(
      "/api/admin/withdraw-settings",
      { token: ops },
    );
    const put = await srv.call("/api/admin/withdraw-settings", {
      token: ops,
      method: "PUT",
      body: {
        enabled: true,
        turnoverRatio: "0",
        rules: { ...ws.body.data.rules, USDT: { ...ws.body.data.rules.USDT, fourEyes: "100" } },
      },
    });
    assertEquals(put.body.code, 0, JSON.stringify(put.body));
    const { token } = await registerUser(srv, "+12025550188");
    await setDrawPassword(srv, token, "135790");
    await verifyJunior(srv, token, ops, "Grace Hopper");
    const m = await bindMethod(srv, token, bankCard("Grace Hopper"));
    const rid = await recharge(srv, token, "1000");
    await srv.call(`/api/admin/recharges/${rid}/pass`, { token: ops, method: "POST" });
    const withdraw = (amount: string) =>
      srv.call<{ id: string }>("/api/withdraw", {
        token,
        body: { methodId: m.id, amount, drawPassword: "135790" },
      });
    const small = await withdraw("50"), big = await withdraw("500");
    assertEquals([small.body.code, big.body.code], [0, 0], JSON.stringify(big.body));

    type W = { status: string; pendingPass: { proposal: string } | null; actions: string[] };
    const pass = (id: string) =>
      srv.call<W>(`/api/admin/withdrawals/${id}/pass`, { token: cashier, method: "POST" });
    /** the pass became a proposal: the withdrawal waits for a second operator */
    const waits = (r: { body: { data: W } }) =>
      assertEquals([r.body.data.status, typeof r.body.data.pendingPass?.proposal], [
        "auditing",
        "string",
      ]);
    // below the threshold: one operator passes
    const s = await pass(small.body.data.id);
    assertEquals(s.body.data.status, "withdrawing");
    // split in two below the threshold: 50 passed today, then 60 more (110 >= 100) waits too
    const split = (await withdraw("60")).body.data.id;
    waits(await pass(split));
    /** what the server offers on a withdrawal now (the transition table's `actions`) */
    const offered = async (id: string, token = ops) =>
      (await srv.call<W>(`/api/admin/withdrawals/${id}`, { token })).body.data.actions;
    // while the second approval waits, pass is not offered (the proposal decides)
    assertEquals(await offered(split), ["freeze", "reject"]);
    // at or above: the pass becomes a proposal, the withdrawal waits
    const b = await pass(big.body.data.id);
    waits(b);
    const again = await srv.call(`/api/admin/withdrawals/${big.body.data.id}/pass`, {
      token: ops,
      method: "POST",
    });
    assertEquals(again.body.data.error, "PROPOSAL_PENDING");
    const pid = b.body.data.pendingPass!.proposal;
    const own = await srv.call(`/api/admin/proposals/${pid}/approve`, {
      token: cashier,
      method: "POST",
    });
    assertEquals(own.body.data.error, "PROPOSAL_OWN");
    const ok = await srv.call<Proposal>(`/api/admin/proposals/${pid}/approve`, {
      token: ops,
      method: "POST",
    });
    assertEquals(ok.body.data.status, "approved");
    const w = await srv.call<W & { history: { action: string; by: string }[] }>(
      `/api/admin/withdrawals/${big.body.data.id}`,
      { token: ops },
    );
    assertEquals(w.body.data.status, "withdrawing");
    assertEquals(w.body.data.history.slice(-2).map((h) => `${h.action}:${h.by}`), [
      "passProposed:cashier",
      "pass:ops",
    ]);
    // an approval that never came: once the proposal expired, pass is offered again
    srv.advance(24 * 3600_000 + 1000);
    const later = await operatorToken(srv); // a new sign-in (sessions last 8 h)
    assertEquals(await offered(split, later), ["pass", "freeze", "reject"]);
    // both steps in the audit chain, intact
    const chain = await srv.call<{ ok: boolean }>("/api/admin/audit/verify", { token: later });
    assertEquals(chain.body.data.ok, true);
  } finally {
    await srv.close();
  }
});

Deno.test("four-eyes threshold: one operator may lower it, raising it is a proposal; an operator's own creation cannot approve", async () => {
  const srv = await startServer({ seed: true });
  try {
    const ops = await operatorToken(srv);
    const cashier = await operatorWithRoles(srv, "cashier", ["funds"]);
    type WS = {
      enabled: boolean;
      turnoverRatio: string;
      rules: Record<string, Record<string, string>>;
    };
    const read = async () =>
      (await srv.call<WS>("/api/admin/withdraw-settings", { token: ops })).body.data;
    const put = (token: string, usdt: Record<string, string>) =>
      read().then((ws) =>
        srv.call("/api/admin/withdraw-settings", {
          token,
          method: "PUT",
          body: { ...ws, rules: { ...ws.rules, USDT: { ...ws.rules.USDT, ...usdt } } },
        })
      );
    // lowering: one operator; raising: refused, nothing changed; above the maximum: refused
    assertEquals((await put(cashier, { fourEyes: "5000" })).body.code, 0);
    const up = await put(cashier, { fourEyes: "20000" });
    assertEquals([up.status, up.body.data.error], [409, "FOUR_EYES_REQUIRED"]);
    const over = await put(cashier, { fourEyes: "60000" });
    assertEquals(over.body.data.error, "VALIDATION");
    assertEquals((await read()).rules.USDT!.fourEyes, "5000");
    // raising it: proposed by one, approved by another, in the approval's commit
    const p = await srv.call<Proposal>("/api/admin/proposals", {
      token: cashier,
      body: { kind: "withdraw.fourEyes", currency: "USDT", amount: "20000", reason: "volume grew" },
    });
    assertEquals([p.body.code, p.body.data.kind], [0, "withdraw.fourEyes"]);
    assertEquals((await read()).rules.USDT!.fourEyes, "5000");
    await approvedBy(srv, p, ops);
    assertEquals((await read()).rules.USDT!.fourEyes, "20000");

    // separation of duties: an account the proposer created (or gave its roles) cannot approve,
    // nor can the proposer approve for the admin who created them
    const puppet = await operatorWithRoles(srv, "puppet", ["funds", "risk"]);
    const rec =
      (await srv.deps.kv.get<Record<string, unknown>>(["demo", "operators", "account", "puppet"]))
        .value!;
    await srv.deps.kv.set(["demo", "operators", "account", "puppet"], { ...rec, createdBy: "ops" });
    const mine = await srv.call<Proposal>("/api/admin/proposals", {
      token: ops,
      body: { kind: "wealth.reserve", amount: "10", reason: "top-up" },
    });
    const byPuppet = await srv.call(`/api/admin/proposals/${mine.body.data.id}/approve`, {
      token: puppet,
      method: "POST",
    });
    assertEquals([byPuppet.status, byPuppet.body.data.error], [403, "PROPOSAL_RELATED"]);
    const theirs = await srv.call<Proposal>("/api/admin/proposals", {
      token: puppet,
      body: { kind: "wealth.reserve", amount: "10", reason: "top-up" },
    });
    const byCreator = await srv.call(`/api/admin/proposals/${theirs.body.data.id}/approve`, {
      token: ops,
      method: "POST",
    });
    assertEquals(byCreator.body.data.error, "PROPOSAL_RELATED");
    // an unrelated operator may
    await approvedBy(srv, mine, cashier);
  } finally {
    await srv.close();
  }
});
