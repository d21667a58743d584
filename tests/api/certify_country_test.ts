/**
 * The document's issuing country on junior verification (issue 30, section 4): required from now
 * on, checked against ISO 3166-1, shown to the operator, and once approved it is the customer's
 * country for jurisdictions — ahead of the phone's.
 */
import { assert, assertEquals } from "../assert.ts";
import { operatorToken } from "../operator.ts";
import { registerUser, startServer, tick } from "../server.ts";
import { verifyJunior } from "./funds_helpers.ts";

type Fields = { error: string; fields?: Record<string, string> };
const doc = { name: "Ada Lovelace", docType: "passport", docNumber: "P7070707" };

Deno.test("certify country: required and valid, stored and shown to the operator; a GB document closes fast contracts", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const op = await operatorToken(srv);
    const { token } = await registerUser(srv, "+12025550171");
    const nothingStored = async () => {
      const st = await srv.call<{ junior: unknown }>("/api/certify", { token });
      assertEquals(st.body.data.junior, null);
    };

    await t.step("without a country, or with an unknown one: a localized field error", async () => {
      const none = await srv.call<Fields>("/api/certify/junior", { token, body: doc });
      assertEquals([none.status, none.body.data.error], [400, "VALIDATION"]);
      assertEquals(none.body.data.fields?.country, "Choose the country that issued the document");
      const th = await srv.call<Fields>("/api/certify/junior", {
        token,
        body: doc,
        headers: { "accept-language": "th" },
      });
      assertEquals(th.body.data.fields?.country, "เลือกประเทศที่ออกเอกสาร");
      for (const country of ["ZZ", "GBR", "1"]) {
        const bad = await srv.call<Fields>("/api/certify/junior", {
          token,
          body: { ...doc, country },
        });
        assertEquals(bad.body.data.error, "VALIDATION", country);
        assert(bad.body.data.fields?.country?.includes("ISO 3166-1"), country);
      }
      await nothingStored();
    });

    await t.step("a valid country is stored and the operator sees it", async () => {
      const r = await srv.call("/api/certify/junior", { token, body: { ...doc, country: "gb" } });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
      const q = await srv.call<{ items: { id: string; junior: { country?: string } }[] }>(
        "/api/admin/certifications?status=authenticating&limit=100",
        { token: op },
      );
      const item = q.body.data.items.find((i) => i.junior?.country === "GB");
      assert(item, "the submission carries its country");
      const page = await srv.page(`/admin/certifications?id=${item.id}`, {
        headers: { cookie: `tw_op=${op.replace(/^Bearer /, "")}` },
      });
      assertEquals(page.status, 200);
      const html = await page.text();
      assert(/data-testid="certify-country"[^>]*>United Kingdom \(GB\)</.test(html), html);
    });

    await t.step("approved with a GB document, a US phone is refused fast contracts", async () => {
      const other = await registerUser(srv, "+12025550172");
      await verifyJunior(srv, other.token, op, "Grace Hopper", "GB");
      await tick(srv, "60000");
      const fast = await srv.call("/api/fast/order", {
        token: other.token,
        body: { symbol: "BTCUSDT", direction: "up", duration: 60, stake: "100" },
      });
      assertEquals([fast.status, fast.body.data], [403, { error: "PRODUCT_RESTRICTED" }]);
    });
  } finally {
    await srv.close();
  }
});
