/**
 * The review queues as a team works them (issue 31, item 3), through the API: filters (currency,
 * amount range, age), search by customer (a user id, a phone without its `+`), sort, bad values
 * refused by field; the CSV export of a view (header row, exact decimals, formula cells
 * neutralized, audited); the bulk pass under the tenant's setting (one audit entry per record, a
 * record over the amount refused and left as it was).
 */
import { assert, assertEquals } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import { registerUser, startServer, type TestServer } from "../server.ts";
import { BULK_PASS_TENANTS, submitRecharge, threeJuniorsWaiting } from "./funds_helpers.ts";

type Item = { id: string; userId: string; amount: string; status: string };
type Page = { items: Item[]; cursor: string | null; truncated: boolean };
type Audit = { items: { action: string; target: string }[] };

const INVALID = "This value is not valid";
const AMOUNT_INVALID = "Enter a positive amount with no more decimals than the currency allows";

const recharge = async (srv: TestServer, token: string, amount: string, remitterName: string) =>
  (await submitRecharge(srv, token, amount, { remitterName })).id;

async function list(srv: TestServer, op: string, path: string) {
  const r = await srv.call<Page>(path, { token: op });
  assertEquals(r.body.code, 0, `${path}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

Deno.test("queues: filters, customer search, sort, CSV export, refused values", async (t) => {
  const srv = await startServer({ seed: true, tenants: BULK_PASS_TENANTS });
  try {
    const op = await operatorToken(srv);
    const ada = await registerUser(srv, "+12025550171");
    const bob = await registerUser(srv, "+12025550172");
    const small = await recharge(srv, ada.token, "25", '=HYPERLINK("http://x")');
    const large = await recharge(srv, ada.token, "150", "Ada Lovelace");
    const mid = await recharge(srv, bob.token, "60", "Bob Babbage");
    const ours = new Set([small, large, mid]);
    const ids = (p: Page) => p.items.map((i) => i.id).filter((id) => ours.has(id));

    await t.step("amount range, currency, age narrow the list; oldest first", async () => {
      assertEquals(ids(await list(srv, op, "/api/admin/recharges?min=50")), [large, mid]);
      assertEquals(ids(await list(srv, op, "/api/admin/recharges?min=50&max=100")), [mid]);
      assertEquals(ids(await list(srv, op, "/api/admin/recharges?currency=BTC")), []);
      assertEquals(ids(await list(srv, op, "/api/admin/recharges?age=60")), []);
      srv.advance(61 * 60_000);
      assertEquals(ids(await list(srv, op, "/api/admin/recharges?age=60")), [small, large, mid]);
    });

    await t.step("search by customer: a phone without its +, a user id", async () => {
      const byPhone = await list(srv, op, "/api/admin/recharges?customer=12025550171");
      assertEquals(byPhone.items.map((i) => i.id), [small, large]);
      const byId = await list(srv, op, `/api/admin/recharges?customer=${bob.user.userId}`);
      assertEquals(byId.items.map((i) => i.id), [mid]);
    });

    await t.step("sortable: amount descending, paged by offset", async () => {
      const sorted = await list(srv, op, "/api/admin/recharges?sort=amount&dir=desc&max=1000");
      assertEquals(ids(sorted), [large, mid, small]);
      const first = await list(
        srv,
        op,
        "/api/admin/recharges?customer=12025550171&sort=amount&limit=1",
      );
      assertEquals([first.items[0]!.id, first.cursor], [small, "1"]);
      const next = await list(
        srv,
        op,
        "/api/admin/recharges?customer=12025550171&sort=amount&limit=1&cursor=1",
      );
      assertEquals([next.items[0]!.id, next.cursor], [large, null]);
    });

    await t.step("bad values are refused by field, nothing crashes", async () => {
      for (
        const [q, field, message] of [
          ["min=abc", "min", AMOUNT_INVALID],
          ["min=10&max=5", "max", "The minimum is above the maximum"],
          ["sort=bogus", "sort", INVALID],
          ["currency=XYZ", "currency", INVALID],
          ["age=-3", "age", INVALID],
          ["min=1&cursor=zz", "cursor", INVALID],
        ]
      ) {
        const r = await srv.call(`/api/admin/recharges?${q}`, { token: op });
        assertEquals([r.status, r.body.data.error], [400, "VALIDATION"], q);
        assertEquals(r.body.data.fields?.[field!], message, `${q}: ${JSON.stringify(r.body)}`);
      }
      // verifications have no amounts: no amount sort
      const r = await srv.call("/api/admin/certifications?sort=amount", { token: op });
      assertEquals(r.body.data.fields?.sort, INVALID);
      // the console's page says it in words (no crash, no 500)
      const page = await fetch(`${srv.base}/admin/recharges?min=abc`, {
        headers: { cookie: `tw_op=${op}`, "accept-language": "en" },
      });
      assertEquals(page.status, 200);
      assert((await page.text()).includes(AMOUNT_INVALID));
    });

    await t.step("CSV of the view: header, exact decimals, formula cells neutralized", async () => {
      const res = await fetch(
        `${srv.base}/api/admin/recharges/export?customer=12025550171&sort=amount`,
        { headers: { authorization: op } },
      );
      assertEquals(res.status, 200);
      assert(res.headers.get("content-type")!.startsWith("text/csv"));
      const lines = (await res.text()).trimEnd().split("\r\n");
      assertEquals(
        lines[0],
        "id,createdAt,status,customer,currency,amount,channel,remitterName,remitterAccount,reason,decidedAt,decidedBy",
      );
      assertEquals(lines.length, 3);
      const [row1, row2] = [lines[1]!.split(","), lines[2]!.split(",")];
      assertEquals([row1[0], row1[3], row1[4], row1[5]], [small, ada.user.userId, "USDT", "25"]);
      assertEquals([row2[0], row2[5]], [large, "150"]);
      // the remitter's "=HYPERLINK(...)" starts with a quote: a spreadsheet shows it as text
      assert(lines[1]!.includes(`"'=HYPERLINK(""http://x"")"`), lines[1]);
      const audit = await srv.call<Audit>("/api/admin/audit?action=queue.export", { token: op });
      assertEquals(audit.body.data.items[0]?.target, "queue:recharges");
      const bad = await srv.call("/api/admin/recharges/export?max=-1", { token: op });
      assertEquals(bad.body.data.fields?.max, AMOUNT_INVALID);
    });
  } finally {
    await srv.close();
  }
});

Deno.test("queues: bulk pass under the tenant's amount, one audit entry per record", async (t) => {
  const srv = await startServer({ seed: true, tenants: BULK_PASS_TENANTS });
  try {
    const op = await operatorToken(srv);

    await t.step("three verifications bulk passed: three audit entries", async () => {
      const subs = await threeJuniorsWaiting(srv, op);
      const r = await srv.call<{ passed: number; items: { id: string; ok: boolean }[] }>(
        "/api/admin/certifications/bulk-pass",
        { token: op, body: { ids: subs } },
      );
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
      assertEquals(r.body.data.passed, 3);
      const audit = await srv.call<Audit>("/api/admin/audit?action=certification&limit=100", {
        token: op,
      });
      const targets = audit.body.data.items.filter((e) => e.action === "certification.pass")
        .map((e) => e.target);
      for (const id of subs) {
        assertEquals(targets.filter((x) => x === `certification:${id}`).length, 1);
      }
      for (const id of subs) {
        const one = await srv.call<Item>(`/api/admin/certifications/${id}`, { token: op });
        assertEquals(one.body.data.status, "authenticated");
      }
    });

    await t.step("a recharge over the amount is refused and left as it was", async () => {
      const u = await registerUser(srv, "+12025550189");
      const under = await recharge(srv, u.token, "100", "Ada Lovelace");
      const over = await recharge(srv, u.token, "100.01", "Ada Lovelace");
      const r = await srv.call<
        { passed: number; items: { id: string; ok: boolean; error?: string }[] }
      >(
        "/api/admin/recharges/bulk-pass",
        { token: op, body: { ids: [under, over] } },
      );
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
      assertEquals(r.body.data.items, [
        { id: under, ok: true },
        { id: over, ok: false, error: "BULK_PASS_OVER" },
      ]);
      const still = await srv.call<Item & { actions: string[] }>(`/api/admin/recharges/${over}`, {
        token: op,
      });
      assertEquals([still.body.data.status, still.body.data.actions], ["auditing", [
        "pass",
        "reject",
      ]]);
      const audit = await srv.call<Audit>("/api/admin/audit?action=recharge&limit=100", {
        token: op,
      });
      const targets = audit.body.data.items.map((e) => e.target);
      assert(targets.some((x) => x.endsWith(under)), JSON.stringify(targets));
      assert(!targets.some((x) => x.endsWith(over)), JSON.stringify(targets));
    });

    await t.step("withdrawals have no bulk pass", async () => {
      const r = await srv.call("/api/admin/withdrawals/bulk-pass", {
        token: op,
        body: { ids: ["x"] },
      });
      assert(r.status === 404 || r.body.data.error === "VALIDATION", JSON.stringify(r.body));
    });
  } finally {
    await srv.close();
  }
});

Deno.test("queues: bulk pass is off by default (BULK_PASS_OFF)", async () => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const r = await srv.call("/api/admin/recharges/bulk-pass", { token: op, body: { ids: ["1"] } });
    assertEquals([r.status, r.body.data.error], [409, "BULK_PASS_OFF"]);
  } finally {
    await srv.close();
  }
});
