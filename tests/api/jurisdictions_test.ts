/**
 * Jurisdictions (issue 30, section 4): a tenant closes fast and leveraged contracts to customers
 * of some countries (the demo tenant: the EU and the UK); a customer with a GB phone is refused
 * with PRODUCT_RESTRICTED, the professional-client flag (four-eyes) lifts it where the tenant
 * allows, and the product leaves the customer's screens.
 */
import { assert, assertEquals } from "../assert.ts";
import {
  DESKTOP_UA,
  MOBILE_UA,
  registerUser,
  signIn,
  startServer,
  type TestServer,
  tick,
} from "../server.ts";
import { approvedBy, operatorToken } from "../operator.ts";

const GB_PHONE = "+447400123456";

/** An order on fresh market data (sign-ins move the test clock past the staleness limit). */
async function place(srv: TestServer, token: string, path: string, body: unknown) {
  await tick(srv, "60000");
  return await srv.call(path, { token, body });
}

const fastOrder = { symbol: "BTCUSDT", direction: "up", duration: 60, stake: "100" };
const contractOrder = { symbol: "BTCUSDT", side: "long", lots: 1, leverage: 10, type: "market" };

Deno.test("jurisdictions: a GB phone cannot place fast or leveraged contracts on a tenant closing them to the UK", async () => {
  const srv = await startServer({ seed: true });
  try {
    await tick(srv, "60000");
    const { token } = await registerUser(srv, GB_PHONE);
    const fast = await place(srv, token, "/api/fast/order", fastOrder);
    assertEquals(fast.status, 403);
    assertEquals(fast.body.data, { error: "PRODUCT_RESTRICTED" });
    assertEquals(fast.body.message, "This product is not offered to customers in your country");
    const lev = await place(srv, token, "/api/contract/order", contractOrder);
    assertEquals((lev.body.data as { error: string }).error, "PRODUCT_RESTRICTED");
    // spot is not restricted: refused for the money it lacks, not for the country
    const spot = await place(srv, token, "/api/spot/order", {
      symbol: "BTCUSDT",
      side: "buy",
      type: "market",
      qty: "0.001",
    });
    assertEquals((spot.body.data as { error: string }).error, "INSUFFICIENT_BALANCE");
    // the seeded US customer trades as before
    const usToken = await signIn(srv);
    assertEquals((await place(srv, usToken, "/api/fast/order", fastOrder)).body.code, 0);
  } finally {
    await srv.close();
  }
});

Deno.test("jurisdictions: a tenant without restrictions lets the GB customer through", async () => {
  const srv = await startServer({
    seed: true,
    tenants: { defaultTenant: "demo", tenants: [{ id: "demo", name: "Open" }] },
  });
  try {
    await tick(srv, "60000");
    const { token } = await registerUser(srv, GB_PHONE);
    const fast = await place(srv, token, "/api/fast/order", fastOrder);
    // no money yet, but no restriction either
    assertEquals((fast.body.data as { error: string }).error, "INSUFFICIENT_BALANCE");
  } finally {
    await srv.close();
  }
});

Deno.test("jurisdictions: the professional-client flag lifts the restriction once a second operator approves it", async () => {
  const srv = await startServer({ seed: true });
  try {
    await tick(srv, "60000");
    const { token, user } = await registerUser(srv, GB_PHONE);
    const ops = await operatorToken(srv);
    const proposal = await srv.call<{ id: string; status: string }>("/api/admin/proposals", {
      token: ops,
      body: {
        kind: "customer.professional",
        userId: user.userId,
        professional: true,
        reason: "Elective professional: portfolio and experience checked",
      },
    });
    assertEquals(proposal.body.code, 0, JSON.stringify(proposal.body));
    // proposed is not decided: still closed, and the proposer cannot approve it
    const early = await place(srv, token, "/api/fast/order", fastOrder);
    assertEquals((early.body.data as { error: string }).error, "PRODUCT_RESTRICTED");
    const own = await srv.call(`/api/admin/proposals/${proposal.body.data.id}/approve`, {
      token: ops,
      method: "POST",
    });
    assertEquals((own.body.data as { error: string }).error, "PROPOSAL_OWN");
    await approvedBy(srv, proposal);
    const after = await place(srv, token, "/api/fast/order", fastOrder);
    assertEquals((after.body.data as { error: string }).error, "INSUFFICIENT_BALANCE");
    const lev = await place(srv, token, "/api/contract/order", contractOrder);
    assertEquals((lev.body.data as { error: string }).error, "INSUFFICIENT_BALANCE");
  } finally {
    await srv.close();
  }
});

Deno.test("jurisdictions: a tenant that does not take professional clients keeps the product closed", async () => {
  const srv = await startServer({
    seed: true,
    tenants: {
      defaultTenant: "demo",
      tenants: [{
        id: "demo",
        name: "Strict",
        restrictedCountries: { fast: ["GB"] },
        professionalClients: false,
      }],
    },
  });
  try {
    await tick(srv, "60000");
    const { token, user } = await registerUser(srv, GB_PHONE);
    const ops = await operatorToken(srv);
    await approvedBy(
      srv,
      await srv.call("/api/admin/proposals", {
        token: ops,
        body: {
          kind: "customer.professional",
          userId: user.userId,
          professional: true,
          reason: "x",
        },
      }),
    );
    const fast = await place(srv, token, "/api/fast/order", fastOrder);
    assertEquals((fast.body.data as { error: string }).error, "PRODUCT_RESTRICTED");
    // leveraged is not closed on this tenant
    const lev = await place(srv, token, "/api/contract/order", contractOrder);
    assertEquals((lev.body.data as { error: string }).error, "INSUFFICIENT_BALANCE");
  } finally {
    await srv.close();
  }
});

Deno.test("jurisdictions: the restricted product leaves the customer's screens in both layouts", async () => {
  const srv = await startServer({ seed: true });
  try {
    const { token } = await registerUser(srv, GB_PHONE);
    const cookie = `tw_session=${token}`;
    for (const [ua, home] of [[MOBILE_UA, "/wp/home"], [DESKTOP_UA, "/pc/home"]] as const) {
      const html = await (await srv.page(home, { ua, headers: { cookie } })).text();
      assert(!/\/(wp\/product\/order|pc\/trade\/fast)/.test(html), `${home}: no fast contracts`);
      assert(
        !/\/(wp\/product\/leveragedDeals|pc\/trade\/future)/.test(html),
        `${home}: no leveraged`,
      );
      // spot stays
      assert(/\/(wp\/product|pc\/trade)\/bibi/.test(html), `${home}: spot is offered`);
    }
    // the product pages say it is not offered instead of showing a ticket
    const page = await srv.page("/pc/trade/fast", { ua: DESKTOP_UA, headers: { cookie } });
    const html = await page.text();
    assert(!html.includes('data-name="FastTicket"'), "no fast ticket");
  } finally {
    await srv.close();
  }
});
