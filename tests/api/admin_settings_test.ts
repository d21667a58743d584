/**
 * Tenant settings through HTTP: GET/PUT /api/admin/settings (role admin), each field seen through
 * the customers' doors, bad input refused with nothing changed, the version guard, the audit
 * entry on the chain, and two instances on one KV file.
 */
import { EU_AND_UK } from "../../edge/platform/tenants.ts";
import { assert, assertEquals } from "../assert.ts";
import {
  DESKTOP_UA,
  lastCode,
  MOBILE_UA,
  registerUser,
  startServer,
  type TestServer,
  twoInstancesTest,
} from "../server.ts";
import { operatorToken, operatorWithRoles } from "../operator.ts";
import type { AuditEntry } from "../../edge/operators/store.ts";
import type { SiteSettingsJson } from "../../contract/platform.ts";

type Settings = SiteSettingsJson;

async function read(srv: TestServer, token: string): Promise<Settings> {
  const r = await srv.call<Settings>("/api/admin/settings", { method: "GET", token });
  assertEquals(r.body.code, 0, JSON.stringify(r.body));
  return r.body.data;
}

/** The PUT body from what GET said, with some fields changed. */
function body(s: Settings, change: Partial<Settings> = {}) {
  const { updatedAt: _a, updatedBy: _b, ...rest } = { ...s, ...change };
  return rest;
}

async function put(srv: TestServer, token: string, b: unknown) {
  return await srv.call<Settings & { version: number }>("/api/admin/settings", {
    method: "PUT",
    token,
    body: b,
  });
}

const config = async (srv: TestServer, key: string) =>
  (await srv.call<{ configValue: unknown }>(`/api/config?identify=${key}`)).body.data.configValue;

/** Until `f` holds (another instance follows the store within its poll interval). */
async function eventually(f: () => Promise<boolean>, ms = 3000) {
  const end = Date.now() + ms;
  while (!(await f())) {
    if (Date.now() > end) throw new Error("not within time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

Deno.test("tenant settings: defaults, every field through the customers' doors, audited", async (t) => {
  const srv = await startServer({ seed: true });
  try {
    const admin = await operatorWithRoles(srv, "siteadmin", ["admin"]);
    let s: Settings;

    await t.step("defaults: the tenant file's values, version 0", async () => {
      s = await read(srv, admin);
      assertEquals(s, {
        version: 0,
        isClose: "N",
        customerUrl: "",
        invitePolicy: "optional",
        inviteCodes: [],
        languages: ["zh-CN", "zh-TW", "en", "vi", "th", "ja", "de", "fr", "es", "uk", "ko"],
        demo: { startBalance: "10000", contractPart: "5000" },
        referenceRates: {},
        // jurisdictions (issue 30): the built-in tenant closes both to the EU and the UK
        restrictedCountries: { fast: [...EU_AND_UK].sort(), leveraged: [...EU_AND_UK].sort() },
        professionalClients: true,
        updatedAt: null,
        updatedBy: null,
      });
    });

    await t.step("only admins: other roles 403, no session 401", async () => {
      // every role but admin
      const ops = await operatorWithRoles(srv, "notadmin", [
        "funds",
        "identity",
        "audit",
        "content",
        "support",
        "risk",
      ]);
      assertEquals(
        (await srv.call("/api/admin/settings", { method: "GET", token: ops })).status,
        403,
      );
      const r = await put(srv, ops, body(s, { isClose: "Y" }));
      assertEquals([r.status, r.body.data.error], [403, "FORBIDDEN"]);
      assertEquals((await srv.call("/api/admin/settings", { method: "GET" })).status, 401);
      assertEquals(await config(srv, "isClose"), "N");
    });

    await t.step("customer-service link: /api/config and /api/customer", async () => {
      const url = "AI|https://chat.example.com/?uid=%1&phone=%2";
      const r = await put(srv, admin, body(s, { customerUrl: url }));
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
      assertEquals([r.body.data.version, r.body.data.customerUrl], [1, url]);
      assertEquals(r.body.data.updatedBy, "siteadmin");
      assertEquals(await config(srv, "customerUrl"), url);
      const link = await srv.call<{ mode: string; url: string }>("/api/customer");
      assertEquals(link.body.data.mode, "ai");
      s = await read(srv, admin);
      assertEquals(s.version, 1);
    });

    await t.step(
      "site closed: pages show the closed page, config says Y, console open",
      async () => {
        const r = await put(srv, admin, body(s, { isClose: "Y" }));
        assertEquals(r.body.code, 0, JSON.stringify(r.body));
        s = r.body.data;
        assertEquals(await config(srv, "isClose"), "Y");
        const home = await srv.page("/pc/home", { ua: DESKTOP_UA });
        assertEquals(home.status, 503);
        await home.body?.cancel();
        const console = await srv.page("/admin");
        assert(console.status < 500);
        await console.body?.cancel();
        const open = await put(srv, admin, body(s, { isClose: "N" }));
        s = open.body.data;
        const again = await srv.page("/pc/home", { ua: DESKTOP_UA });
        assertEquals(again.status, 200);
        await again.body?.cancel();
      },
    );

    await t.step(
      "invitation required: registration without a code refused; agent code works",
      async () => {
        const r = await put(
          srv,
          admin,
          body(s, { invitePolicy: "required", inviteCodes: ["AGENT9"] }),
        );
        assertEquals(r.body.code, 0, JSON.stringify(r.body));
        s = r.body.data;
        assertEquals(await config(srv, "invitePolicy"), "required");
        const phone = "+12025550171";
        await srv.call("/api/sms/code", { body: { phone, purpose: "register" } });
        const code = (await lastCode(srv, phone))!;
        const missing = await srv.call("/api/register", {
          body: { phone, code, password: "Abc123!", agree: true },
        });
        assertEquals(missing.body.data.fields?.inviteCode, "Enter the invitation code");
        const agent = await srv.call("/api/register", {
          body: { phone, code, password: "Abc123!", agree: true, inviteCode: "agent9" },
        });
        assertEquals(agent.body.code, 0, JSON.stringify(agent.body));
        // agent codes are kept when a later save leaves them out
        const { inviteCodes: _c, ...without } = body(s, { invitePolicy: "off" });
        const off = await put(srv, admin, without);
        assertEquals([off.body.data.invitePolicy, off.body.data.inviteCodes], ["off", ["AGENT9"]]);
        s = off.body.data;
        await registerUser(srv, "+12025550172", "Abc123!");
      },
    );

    await t.step("demo starting balance: a new demo account starts with it", async () => {
      const r = await put(srv, admin, {
        ...body(s),
        demo: { startBalance: "2500.50", contractPart: "500" },
      });
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
      s = r.body.data;
      const d = await srv.call<{ startBalance: string }>("/api/demo/session", { body: {} });
      assertEquals(d.body.data.startBalance, "2500.5");
      const token = d.headers.get("authorization")!;
      const assets = await srv.call<
        { rows: { wallet: string; currency: string; available: string }[] }
      >(
        "/api/account/assets",
        { token },
      );
      const usdt = (w: string) =>
        assets.body.data.rows.find((x) => x.wallet === w && x.currency === "USDT")?.available;
      assertEquals([Number(usdt("contract")), Number(usdt("spot"))], [500, 2000.5]);
    });

    await t.step("languages: content's missing languages follow them", async () => {
      const r = await put(srv, admin, body(s, { languages: ["en", "zh-CN"] }));
      assertEquals(r.body.code, 0, JSON.stringify(r.body));
      s = r.body.data;
      const ops = await operatorToken(srv);
      const list = await srv.call<{ items: { missingLocales: string[] }[] }>(
        "/api/admin/content?limit=50",
        { method: "GET", token: ops },
      );
      assertEquals(list.body.code, 0, JSON.stringify(list.body));
      for (const i of list.body.data.items) {
        assert(i.missingLocales.every((l) => l === "en" || l === "zh-CN"), i.missingLocales.join());
      }
    });

    await t.step("bad input refused with field messages; nothing changed", async () => {
      const before = await read(srv, admin);
      const head = (await srv.kv.get(["demo", "audit", "head"])).versionstamp;
      const bad: [Record<string, unknown>, string, string][] = [
        [{ customerUrl: "javascript:alert(1)" }, "customerUrl", "customerUrl"],
        [{ customerUrl: "AI|ftp://x.example" }, "customerUrl", "customerUrl"],
        [{ customerUrl: "https://x.example/" + "a".repeat(1100) }, "customerUrl", "tooLong"],
        [{ languages: [] }, "languages", "required"],
        [{ languages: ["de", "fr"] }, "languages", "languagesEnglish"],
        [{ languages: ["en", "xx"] }, "languages.1", "invalid"],
        [{ isClose: "yes" }, "isClose", "invalid"],
        [{ invitePolicy: "maybe" }, "invitePolicy", "invalid"],
        [{ inviteCodes: ["ab"] }, "inviteCodes.0", "inviteInvalid"],
        [{ inviteCodes: ["AGENT1", "agent1"] }, "inviteCodes", "inviteRepeated"],
        [
          { demo: { startBalance: "0", contractPart: "0" } },
          "demo.startBalance",
          "demoStartBounds",
        ],
        [
          { demo: { startBalance: "1e5", contractPart: "0" } },
          "demo.startBalance",
          "amountInvalid",
        ],
        [
          { demo: { startBalance: "100", contractPart: "100.01" } },
          "demo.contractPart",
          "contractPart",
        ],
        [{ version: -1 }, "version", "invalid"],
        [{ extra: 1 }, "extra", "unknownField"],
      ];
      const en = JSON.parse(await Deno.readTextFile("locales/en.json")).validation;
      for (const [change, field, key] of bad) {
        const r = await put(srv, admin, { ...body(before), ...change });
        assertEquals([r.status, r.body.data.error], [400, "VALIDATION"], JSON.stringify(change));
        assertEquals(r.body.data.fields?.[field], en[key], JSON.stringify(r.body.data.fields));
      }
      assertEquals(await read(srv, admin), before);
      assertEquals((await srv.kv.get(["demo", "audit", "head"])).versionstamp, head);
    });

    await t.step(
      "two operators at once: the second save on the old version is a CONFLICT",
      async () => {
        const second = await operatorWithRoles(srv, "siteadmin2", ["admin", "funds"]);
        const seen = await read(srv, admin);
        const alsoSeen = await read(srv, second);
        const first = await put(
          srv,
          admin,
          body(seen, { customerUrl: "https://help.example.com/" }),
        );
        assertEquals(first.body.code, 0);
        const late = await put(srv, second, body(alsoSeen, { customerUrl: "https://t.me/other" }));
        assertEquals([late.status, late.body.data.error], [409, "CONFLICT"]);
        assertEquals(late.body.data.version, seen.version + 1);
        assertEquals(await config(srv, "customerUrl"), "https://help.example.com/");
        // both at the same moment on the same version: exactly one lands
        const now = await read(srv, admin);
        const both = await Promise.all([
          put(srv, admin, body(now, { customerUrl: "https://a.example/" })),
          put(srv, second, body(now, { customerUrl: "https://b.example/" })),
        ]);
        assertEquals(both.map((r) => r.status).sort(), [200, 409]);
        s = await read(srv, admin);
        assertEquals(s.version, now.version + 1);
      },
    );

    await t.step("audit: settings.update with before and after, chain verifies", async () => {
      const list = await srv.call<{ items: AuditEntry[] }>("/api/admin/audit?limit=50", {
        method: "GET",
        token: await operatorToken(srv),
      });
      const entries = list.body.data.items.filter((e) => e.action === "settings.update");
      assertEquals(entries.length, s.version);
      const first = entries[entries.length - 1]!;
      assertEquals([first.operator, first.target], ["siteadmin", "tenant:demo"]);
      assertEquals((first.before as { customerUrl: string }).customerUrl, "");
      assertEquals(
        (first.after as { customerUrl: string }).customerUrl,
        "AI|https://chat.example.com/?uid=%1&phone=%2",
      );
      assert(typeof first.seq === "number" && first.hash);
      const v = await srv.call<{ ok: boolean; head: number }>("/api/admin/audit/verify", {
        method: "GET",
        token: await operatorToken(srv),
      });
      assertEquals(v.body.data.ok, true, JSON.stringify(v.body));
    });
  } finally {
    await srv.close();
  }
});

twoInstancesTest(
  "tenant settings: two instances on one KV file, a change on one holds on the other",
  async (a, b) => {
    const admin = await operatorWithRoles(a, "siteadmin", ["admin"]);
    assertEquals(await config(b, "isClose"), "N");
    const s = await read(a, admin);
    const r = await put(a, admin, body(s, { isClose: "Y", customerUrl: "https://t.me/desk" }));
    assertEquals(r.body.code, 0, JSON.stringify(r.body));
    // the instance that saved: at once
    assertEquals(await config(a, "isClose"), "Y");
    // the other: within its poll interval
    await eventually(async () => (await config(b, "isClose")) === "Y");
    assertEquals(await config(b, "customerUrl"), "https://t.me/desk");
    const page = await b.page("/wp/home", { ua: MOBILE_UA });
    assertEquals(page.status, 503);
    await page.body?.cancel();
    // and the other way round, with the version the other instance reads
    const fromB = await read(b, admin);
    assertEquals(fromB.version, 1);
    const back = await put(b, admin, body(fromB, { isClose: "N" }));
    assertEquals(back.body.code, 0, JSON.stringify(back.body));
    await eventually(async () => (await config(a, "isClose")) === "N");
  },
);
