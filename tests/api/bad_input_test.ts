/**
 * Bad input for every endpoint: wrong types, extra fields, NaN/Infinity/exponents, huge values,
 * malformed JSON, oversized and chunked bodies. Each must get a 4xx envelope with a clear
 * message, never a 5xx, and must change nothing in the store.
 */
import { assert, assertEquals } from "../assert.ts";
import { dumpKv, rawHttp, registerUser, startServer } from "../server.ts";

const ENDPOINTS: { path: string; valid: Record<string, unknown>; auth?: boolean }[] = [
  { path: "/api/sms/code", valid: { phone: "+12025550160", purpose: "register" } },
  {
    path: "/api/register",
    valid: { phone: "+12025550161", code: "123456", password: "Abc123!", agree: true },
  },
  { path: "/api/login", valid: { phone: "+12025550162", password: "Abc123!" } },
  { path: "/api/logout", valid: {} },
  {
    path: "/api/user/password",
    valid: { oldPassword: "Passw0rd!", newPassword: "Newpass1" },
    auth: true,
  },
  {
    path: "/api/user/password/reset",
    valid: { phone: "+12025550163", code: "123456", newPassword: "Newpass1" },
  },
  { path: "/api/user/draw-password", valid: { password: "123456", confirm: "123456" }, auth: true },
  { path: "/api/locale", valid: { locale: "de" } },
  {
    path: "/api/recharge",
    valid: {
      currency: "USDT",
      channelId: "bank-usdt",
      amount: "100",
      remitterName: "Ada Lovelace",
      remitterAccount: "GB82WEST12345698765432",
      voucherImageId: "00000000-0000-4000-8000-000000000000",
    },
    auth: true,
  },
  {
    path: "/api/withdraw",
    valid: { methodId: "m-1", amount: "100", drawPassword: "123456" },
    auth: true,
  },
  {
    path: "/api/payment-methods",
    valid: { kind: "crypto", type: "BTC", address: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa" },
    auth: true,
  },
  {
    path: "/api/certify/junior",
    valid: { name: "Ada Lovelace", docType: "passport", docNumber: "P1234567", country: "US" },
    auth: true,
  },
  {
    path: "/api/certify/advanced",
    valid: {
      frontImageId: "00000000-0000-4000-8000-000000000001",
      backImageId: "00000000-0000-4000-8000-000000000002",
      handheldImageId: "00000000-0000-4000-8000-000000000003",
    },
    auth: true,
  },
  {
    path: "/api/coin-application",
    valid: {
      project: "Example Chain",
      symbol: "EXC",
      website: "https://example.org",
      contact: "listing@example.org",
      description: "A layer-one chain with audited contracts.",
    },
  },
  {
    path: "/api/contact",
    valid: { name: "Ada", email: "ada@example.com", message: "Where is my deposit?" },
  },
];

/**
 * Names, accounts and ids where short plain strings ("NaN", "1e5") are legitimate input: those
 * values reach the business rules (unknown channel, method or image) and are refused there.
 */
const PLAIN_TEXT = new Set([
  "remitterName",
  "remitterAccount",
  "name",
  "docNumber",
  "address",
  "methodId",
  "channelId",
  "project",
  "contact",
  "symbol",
]);

/** Prose (a description, a message): any text within the bound is legitimate, markup included. */
const PROSE = new Set(["description", "message"]);

const WRONG_VALUES: unknown[] = [
  null,
  12345,
  1e309,
  "NaN",
  "Infinity",
  "1e5",
  -1,
  true,
  [],
  { nested: 1 },
  "x".repeat(5000),
  "<script>alert(1)</script>",
];

/** Free-text fields where any string of the right length is legitimate. */
const FREE_TEXT = new Set(["password", "newPassword", "oldPassword"]);

const EXTRA_FIELDS = ["userId", "status", "balance", "__proto__", "constructor", "isAdmin"];

/** Rate-limit counters are allowed to move; nothing else is. */
// rate-limit slots, and the engine's lease (renewed while the server runs): not business state
const skipRate = (k: Deno.KvKey) => k[2] === "rate" || k[0] === "lease";

Deno.test("bad input on every endpoint: 4xx envelope, nothing changed", async (t) => {
  const srv = await startServer();
  try {
    const { token } = await registerUser(srv, "+12025550159");
    const before = await dumpKv(srv.kv, skipRate);
    const expect4xx = async (label: string, path: string, raw: string, auth?: boolean) => {
      const r = await srv.call(path, {
        raw,
        token: auth ? token : undefined,
        headers: { "content-type": "application/json" },
      });
      assert(r.status >= 400 && r.status < 500, `${label} ${path}: HTTP ${r.status}`);
      assert(r.body.code !== 0, `${label} ${path}: code 0`);
      assert(typeof r.body.message === "string" && r.body.message.length > 0);
      assert(typeof r.body.data?.error === "string", `${label} ${path}: no data.error`);
      assert(!/at \w+ \(|\.ts:\d+/.test(JSON.stringify(r.body)), "no stack trace");
      return r;
    };

    for (const ep of ENDPOINTS) {
      await t.step(`${ep.path}`, async () => {
        for (const field of Object.keys(ep.valid)) {
          for (const v of WRONG_VALUES) {
            if (FREE_TEXT.has(field) && typeof v === "string" && v.length >= 6 && v.length <= 32) {
              continue;
            }
            if (PROSE.has(field) && typeof v === "string" && v.length >= 10 && v.length < 2000) {
              continue;
            }
            if (
              PLAIN_TEXT.has(field) && typeof v === "string" && v.length <= 64 && !v.includes("<")
            ) {
              continue;
            }
            const body = JSON.stringify({ ...ep.valid, [field]: v });
            const r = await expect4xx(
              `${field}=${JSON.stringify(v).slice(0, 20)}`,
              ep.path,
              body,
              ep.auth,
            );
            if (r.status === 400 && r.body.data.error === "VALIDATION") {
              assert(
                Object.hasOwn(r.body.data.fields ?? {}, field),
                `${ep.path} ${field}: message`,
              );
            }
          }
          const { [field]: _, ...missing } = ep.valid;
          await expect4xx(`missing ${field}`, ep.path, JSON.stringify(missing), ep.auth);
        }
        for (const extra of EXTRA_FIELDS) {
          const raw = JSON.stringify({ ...ep.valid }).replace(/^\{/, `{"${extra}":1,`)
            .replace(",}", "}");
          const r = await expect4xx(`extra ${extra}`, ep.path, raw, ep.auth);
          const fields = r.body.data.fields ?? {};
          assert(Object.hasOwn(fields, extra), `${ep.path}: ${extra} not reported`);
          assertEquals(fields[extra], "This field is not allowed");
        }
        for (const raw of ["{bad", "[1,2", "nul", '{"a":}', "\u0000", '{"phone":NaN}']) {
          const r = await expect4xx(`malformed ${raw}`, ep.path, raw, ep.auth);
          assert(["MALFORMED_JSON", "VALIDATION"].includes(r.body.data.error!));
        }
        for (const raw of ["[]", '"string"', "42", "null"]) {
          await expect4xx(`non-object ${raw}`, ep.path, raw, ep.auth);
        }
      });
    }

    await t.step("oversized bodies: 413 by length and when chunked", async () => {
      const big = JSON.stringify({
        phone: "+12025550160",
        purpose: "register",
        pad: "x".repeat(70_000),
      });
      const r = await srv.call("/api/sms/code", {
        raw: big,
        headers: { "content-type": "application/json" },
      });
      assertEquals(r.status, 413);
      assertEquals(r.body.code, 413);
      assertEquals(r.body.data.error, "PAYLOAD_TOO_LARGE");

      const enc = new TextEncoder();
      const chunk = "x".repeat(16_000);
      const parts = [
        enc.encode(
          "POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
            "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
        ),
        ...Array.from(
          { length: 6 },
          () => enc.encode(`${chunk.length.toString(16)}\r\n${chunk}\r\n`),
        ),
        enc.encode("0\r\n\r\n"),
      ];
      const raw = await rawHttp(srv, parts);
      assertEquals(raw.status, 413);
      assertEquals(JSON.parse(raw.body).data.error, "PAYLOAD_TOO_LARGE");
    });

    await t.step("empty body counts as {} (validation, not a crash)", async () => {
      const r = await srv.call("/api/login", { method: "POST" });
      assertEquals(r.status, 400);
      assert(r.body.data.fields?.phone);
      const out = await srv.call("/api/logout", { method: "POST" });
      assertEquals(out.body.code, 0);
    });

    await t.step("query parameters validated; unknown ones ignored", async () => {
      const r = await srv.call("/api/config?identify=" + "x".repeat(3000));
      assertEquals(r.status, 400);
      const ok = await srv.call("/api/config?identify=isClose&foo=bar");
      assertEquals(ok.body.code, 0);
    });

    await t.step("nothing in the store changed", async () => {
      assertEquals(await dumpKv(srv.kv, skipRate), before);
    });
  } finally {
    await srv.close();
  }
});
