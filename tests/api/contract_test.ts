import { assert, assertEquals, assertMatch } from "../assert.ts";
import { DESKTOP_UA, rawHttp, registerUser, startServer } from "../server.ts";

const TENANTS = {
  defaultTenant: "demo",
  tenants: [
    { id: "demo", name: "Demo", customerUrl: "https://t.me/demo_support" },
    { id: "acme", name: "Acme", isClose: "Y", invitePolicy: "required", inviteCodes: ["AGENT1"] },
  ],
};

Deno.test("API contract: envelope, config, tenancy, errors", async (t) => {
  const srv = await startServer({ tenants: TENANTS });
  try {
    await t.step("GET /api/config returns configValue per tenant", async () => {
      const a = await srv.call("/api/config?identify=isClose");
      assertEquals(a.status, 200);
      assertEquals(a.body, { code: 0, message: "ok", data: { configValue: "N" } });
      const b = await srv.call("/api/config?identify=isClose&appKey=acme");
      assertEquals(b.body.data, { configValue: "Y" });
      const c = await srv.call("/api/config?identify=invitePolicy", {
        headers: { appKey: "acme" },
      });
      assertEquals(c.body.data, { configValue: "required" });
      const d = await srv.call("/api/config?identify=customerUrl");
      assertEquals(d.body.data, { configValue: "https://t.me/demo_support" });
    });

    await t.step("unknown config key is a localized 400", async () => {
      const r = await srv.call("/api/config?identify=secretKey", {
        headers: { "accept-language": "fr" },
      });
      assertEquals(r.status, 400);
      assertEquals(r.body.code, 400);
      assertEquals(r.body.data.error, "VALIDATION");
      assert(r.body.data.fields?.identify);
      assert(r.body.message !== "Please check the highlighted fields", "message is French");
    });

    await t.step("an explicit appKey naming no tenant is refused with 400", async () => {
      const r = await srv.call("/api/config?identify=isClose", { headers: { appKey: "nope" } });
      assertEquals(r.status, 400);
      assertEquals(r.body.data.error, "UNKNOWN_TENANT");
      const q = await srv.call("/api/config?identify=isClose&appKey=nope");
      assertEquals(q.status, 400);
    });

    await t.step("the first host label selects the tenant", async () => {
      const ask = (host: string) =>
        rawHttp(
          srv,
          `GET /api/config?identify=name HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
        ).then((r) => JSON.parse(r.body).data.configValue);
      assertEquals(await ask("acme.tradewind.example"), "Acme");
      assertEquals(await ask("www.tradewind.example"), "Demo");
      assertEquals(await ask("127.0.0.1"), "Demo");
    });

    await t.step("unknown /api path: 404 envelope", async () => {
      const r = await srv.call("/api/does/not/exist");
      assertEquals(r.status, 404);
      assertEquals(r.body.code, 404);
      assertEquals(r.body.data.error, "NOT_FOUND");
    });

    await t.step("a missing or bogus session is -99 with HTTP 401", async () => {
      const none = await srv.call("/api/user/info");
      assertEquals(none.status, 401);
      assertEquals(none.body.code, -99);
      const bogus = await srv.call("/api/user/info", { token: "x".repeat(43) });
      assertEquals(bogus.body.code, -99);
      const huge = await srv.call("/api/user/info", { token: "x".repeat(5000) });
      assertEquals(huge.body.code, -99);
    });

    await t.step("customer-service link parsed by the popup rules", async () => {
      const r = await srv.call<{ mode: string; url: string }>("/api/customer");
      assertEquals(r.body.data.mode, "redirect");
      assertEquals(r.body.data.url, "https://t.me/demo_support");
    });

    await t.step("languages list carries currency symbols", async () => {
      const r = await srv.call<
        { items: { id: string; currencySymbol: string }[]; current: string }
      >(
        "/api/languages",
        { headers: { "accept-language": "vi-VN" } },
      );
      assertEquals(r.body.data.items.length, 11);
      assertEquals(r.body.data.current, "vi");
      assertEquals(r.body.data.items.find((l) => l.id === "vi")?.currencySymbol, "₫");
      assertEquals(r.body.data.items.find((l) => l.id === "de")?.currencySymbol, "€");
    });

    await t.step("OpenAPI document lists every endpoint", async () => {
      const res = await fetch(srv.base + "/api/doc");
      assertEquals(res.status, 200);
      const doc = await res.json();
      assertEquals(doc.openapi, "3.1.0");
      for (
        const p of [
          "/config",
          "/customer",
          "/languages",
          "/locale",
          "/sms/code",
          "/register",
          "/login",
          "/logout",
          "/user/info",
          "/user/password",
          "/user/password/reset",
          "/user/draw-password",
        ]
      ) assert(doc.paths[p], `missing ${p}`);
      // strict schemas are published as closed objects
      assertEquals(
        doc.paths["/login"].post.requestBody.content["application/json"].schema.$ref ??
          "inline",
        "#/components/schemas/LoginRequest",
      );
      assertEquals(doc.components.schemas.LoginRequest.additionalProperties, false);
    });

    await t.step("security headers on API and pages", async () => {
      const r = await srv.call("/api/config?identify=isClose");
      assertEquals(r.headers.get("x-content-type-options"), "nosniff");
      assertEquals(r.headers.get("cache-control"), "no-store");
      const page = await srv.page("/pc/home", { ua: DESKTOP_UA });
      const csp = page.headers.get("content-security-policy") ?? "";
      await page.body?.cancel();
      assertMatch(csp, /script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/=]+'/);
      assertMatch(csp, /frame-ancestors 'none'/);
      assert(!csp.includes("unsafe-inline"));
    });

    await t.step("HSTS only behind TLS (trusted proxy)", async () => {
      const r = await srv.call("/api/config?identify=isClose");
      assertEquals(r.headers.get("strict-transport-security"), null);
    });

    await t.step("a token of tenant demo is not a session in tenant acme", async () => {
      const { token } = await registerUser(srv, "+12025550111");
      const own = await srv.call("/api/user/info", { token });
      assertEquals(own.body.code, 0);
      const other = await srv.call("/api/user/info", { token, headers: { appKey: "acme" } });
      assertEquals(other.body.code, -99);
    });
  } finally {
    await srv.close();
  }
});

Deno.test("HSTS and client IP come from a trusted proxy only when configured", async () => {
  const srv = await startServer({ env: { TRUST_PROXY: "1" } });
  try {
    const r = await srv.call("/api/config?identify=isClose", {
      headers: { "x-forwarded-proto": "https" },
    });
    assertMatch(r.headers.get("strict-transport-security") ?? "", /max-age=31536000/);
  } finally {
    await srv.close();
  }
});
