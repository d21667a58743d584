/**
 * Erasure on request (issue 30, section 3): a four-eyes proposal that is refused while money is
 * open (a recharge or withdrawal under way, an open order, a balance), approved by a second admin;
 * the customer's personal data is gone or pseudonymised, the books stay (journals, orders) and
 * every verifier stays clean; the sessions end and the phone registers again as a new customer.
 */
import { assert, assertEquals } from "../assert.ts";
import { DEMO_ADMIN_2, operatorToken, operatorWithRoles } from "../operator.ts";
import { dumpKv, registerUser, startServer, type TestServer } from "../server.ts";
import {
  bankCard,
  bindMethod,
  feedPrices,
  PAYOUT_REF,
  recharge,
  setDrawPassword,
  upload,
  verifyJunior,
} from "./funds_helpers.ts";

const PHONE = "+12025550777";
const IBAN = "DE89370400440532013000";
const NAME = "Grace Hopper";

type Proposal = { id: string; status: string; kind: string };
type Page = {
  phone: string;
  erased: { pseudonym: string; proposal: string } | null;
  verification: { verifiedName: string | null; document: { name: string } | null };
  paymentMethods: unknown[];
  messages: unknown[];
  sessions: unknown[];
  logins: unknown[];
  recharges: { remitterName: string; remitterAccount: string }[];
  withdrawals: { method: { label: string; details: Record<string, unknown> } }[];
  balances: { available: string; frozen: string }[];
};

async function ok<T = Record<string, string>>(
  srv: TestServer,
  path: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const r = await srv.call<T>(path, { token, body: body ?? {}, method: "POST" });
  assertEquals(r.body.code, 0, `${path}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** Propose the erasure: the error id when refused, else the proposal. */
async function proposeErasure(srv: TestServer, op: string, userId: string) {
  const r = await srv.call<Proposal>(`/api/admin/customers/${userId}/erase`, {
    token: op,
    body: { reason: "The customer's request by e-mail, ref. 2026-117" },
  });
  return r.body.code === 0 ? r.body.data : { error: r.body.data.error, status: r.status };
}

Deno.test("erasure: refused while money is open, approved by a second admin, books kept, phone free again", async () => {
  const srv = await startServer({ seed: true });
  try {
    const ops = await operatorToken(srv);
    const ops2 = await operatorToken(srv, {
      username: DEMO_ADMIN_2.username,
      password: DEMO_ADMIN_2.password,
      secret: DEMO_ADMIN_2.secret,
    });
    const { token, user } = await registerUser(srv, PHONE, "Passw0rd!");
    const userId = user.userId;
    await verifyJunior(srv, token, ops, NAME);
    const photos = [await upload(srv, token), await upload(srv, token), await upload(srv, token)];
    await ok(srv, "/api/certify/advanced", token, {
      frontImageId: photos[0],
      backImageId: photos[1],
      handheldImageId: photos[2],
    });
    const method = await bindMethod(srv, token, bankCard(NAME, IBAN));
    await setDrawPassword(srv, token, "135790");

    // a recharge waiting for review: refused (and nothing proposed)
    const rid = await recharge(srv, token, "100");
    assertEquals(await proposeErasure(srv, ops, userId), {
      error: "ERASURE_PENDING_FUNDS",
      status: 409,
    });
    await ok(srv, `/api/admin/recharges/${rid}/reject`, ops, { reason: "Voucher unreadable" });

    // money on the account (an adjustment, four-eyes): refused
    const adj = await ok<Proposal>(srv, "/api/admin/proposals", ops, {
      kind: "balance.adjust",
      userId,
      wallet: "spot",
      currency: "USDT",
      amount: "100",
      reason: "Goodwill credit",
    });
    await ok(srv, `/api/admin/proposals/${adj.id}/approve`, ops2);
    assertEquals(await proposeErasure(srv, ops, userId), { error: "ERASURE_BALANCE", status: 409 });

    // an open order: refused with its own reason
    await feedPrices(srv);
    const order = await ok<{ orderNo: string }>(srv, "/api/spot/order", token, {
      symbol: "BTCUSDT",
      side: "buy",
      type: "limit",
      qty: "0.001",
      price: "50000",
    });
    assertEquals(await proposeErasure(srv, ops, userId), {
      error: "ERASURE_OPEN_POSITIONS",
      status: 409,
    });
    await ok(srv, `/api/spot/orders/${order.orderNo}/cancel`, token);

    // a withdrawal under way: refused until it is paid out
    const w = await ok<{ id: string }>(srv, "/api/withdraw", token, {
      methodId: method.id,
      amount: "100",
      drawPassword: "135790",
    });
    assertEquals(await proposeErasure(srv, ops, userId), {
      error: "ERASURE_PENDING_FUNDS",
      status: 409,
    });
    await ok(srv, `/api/admin/withdrawals/${w.id}/pass`, ops);
    assertEquals(await proposeErasure(srv, ops, userId), {
      error: "ERASURE_PENDING_FUNDS",
      status: 409,
    });
    await ok(srv, `/api/admin/withdrawals/${w.id}/complete`, ops, { reference: PAYOUT_REF.bank });

    // every balance zero: proposed; the proposer and an operator without admin cannot decide
    const p = await proposeErasure(srv, ops, userId) as Proposal;
    assertEquals([p.kind, p.status], ["customer.erase", "pending"]);
    const own = await srv.call(`/api/admin/proposals/${p.id}/approve`, {
      token: ops,
      method: "POST",
    });
    assertEquals(own.body.data.error, "PROPOSAL_OWN");
    const funds = await operatorWithRoles(srv, "treasurer", ["funds"]);
    const notAdmin = await srv.call(`/api/admin/proposals/${p.id}/approve`, {
      token: funds,
      method: "POST",
    });
    assertEquals(notAdmin.status, 403);
    const linesBefore = (await srv.deps.ledger.lines("demo", userId, { limit: 100 })).items;
    assert(linesBefore.length >= 4, "journals of the adjustment, order and withdrawal");
    // still signed in until the approval
    assertEquals((await srv.call("/api/user/info", { token })).body.code, 0);

    const approved = await ok<Proposal>(srv, `/api/admin/proposals/${p.id}/approve`, ops2);
    assertEquals(approved.status, "approved");

    // the customer's session ended, the phone signs in to nothing
    assertEquals((await srv.call("/api/user/info", { token })).body.code, -99);
    const login = await srv.call("/api/login", { body: { phone: PHONE, password: "Passw0rd!" } });
    assertEquals(login.body.data.error, "BAD_CREDENTIALS");

    // the console shows the pseudonym and nothing of the person, even to a sensitive reader
    const page = (await srv.call<Page>(`/api/admin/customers/${userId}?sensitive=true`, {
      token: ops,
    })).body.data;
    const pseudonym = page.erased!.pseudonym;
    assert(/^erased-[0-9a-f]{12}$/.test(pseudonym), pseudonym);
    assertEquals(page.erased!.proposal, p.id);
    assertEquals(page.phone, pseudonym);
    assertEquals(page.verification.verifiedName, null);
    assertEquals(page.verification.document, null);
    assertEquals(
      [page.paymentMethods, page.messages, page.sessions, page.logins],
      [[], [], [], []],
    );
    assertEquals(page.recharges.map((r) => [r.remitterName, r.remitterAccount]), [[
      pseudonym,
      "",
    ]]);
    assertEquals(page.withdrawals.map((x) => [x.method.label, x.method.details]), [[
      pseudonym,
      {},
    ]]);
    assert(page.balances.every((b) => Number(b.available) === 0 && Number(b.frozen) === 0));
    // the document photos and the voucher are gone
    for (const id of photos) assertEquals(await srv.deps.images.meta("demo", id), null);
    // the books stay: every journal line of the customer, under the same id
    const linesAfter = (await srv.deps.ledger.lines("demo", userId, { limit: 100 })).items;
    assertEquals(linesAfter, linesBefore);

    // nothing in the store names the person any more, outside the operators' hash-chained log
    // and the development SMS outbox (neither is rewritten: see the module comment)
    const dump = await dumpKv(srv.kv, (k) => (k[0] === "demo" && (k[1] === "audit" ||
      (k[1] === "operators" && k[2] === "audit") ||
      (k[1] === "accounts" && (k[2] === "outbox" || k[2] === "rate" || k[2] === "code")))));
    const text = dump.join("\n");
    for (const secret of [NAME, PHONE, IBAN, "1 High St, London"]) {
      assert(
        !text.includes(secret),
        `${secret} still stored: ${
          dump.filter((l) => l.includes(secret)).map((l) => l.slice(0, 300)).join("\n")
        }`,
      );
    }

    // audited, and the chain verifies
    const audit = await srv.call<{ items: { action: string; target: string }[] }>(
      "/api/admin/audit?limit=20",
      { token: ops },
    );
    assert(
      audit.body.data.items.some((e) =>
        e.action === "customer.erase" && e.target === `customer:${userId}`
      ),
    );
    const chain = await srv.call<{ ok: boolean }>("/api/admin/audit/verify", { token: ops });
    assertEquals(chain.body.data.ok, true, JSON.stringify(chain.body));

    // a purge a stopped process left unfinished (its mark still there, a message not deleted
    // yet) is finished by the resume job
    const pending = ["demo", "privacy", "erasurePending", userId];
    assertEquals((await srv.kv.get(pending)).value, null);
    const left = ["demo", "messages", userId, "left-behind"];
    await srv.kv.atomic().set(pending, pseudonym).set(left, { id: "left-behind" }).commit();
    assertEquals(await srv.deps.erasure.resume(["demo"]), 1);
    assertEquals([(await srv.kv.get(pending)).value, (await srv.kv.get(left)).value], [null, null]);

    // no second erasure; the phone registers again as a new customer
    assertEquals(await proposeErasure(srv, ops, userId), { error: "ALREADY_ERASED", status: 409 });
    srv.advance(61_000);
    const again = await registerUser(srv, PHONE, "Passw0rd!2");
    assert(again.user.userId !== userId);
    // (the ledger checker and the settlement verifier run when the server closes)
  } finally {
    await srv.close();
  }
});
