/**
 * The console's reads start beside the operator's session (edge/http/operator_auth.ts
 * `ConsoleReads`: one round trip far from the store), and the session still decides: a token
 * whose session ended (signed out) or a made-up one naming a real operator reads nothing it
 * could see (-99 at once, no data; the pages send it to the sign-in), however far the store.
 */
import { assert, assertEquals } from "../assert.ts";
import { startServer } from "../server.ts";
import { operatorToken } from "../operator.ts";

const SIM = { KV_SIM_RTT_MS: "25", KV_SIM_EVENTUAL_MS: "2" };

Deno.test("console reads: a signed-out operator's token, or a forged one naming an operator, sees nothing", async () => {
  const srv = await startServer({ seed: true, env: SIM });
  try {
    const token = await operatorToken(srv);
    const today = new Date(srv.deps.now()).toISOString().slice(0, 10);
    const gets = [
      "/api/admin/customers/10000001",
      "/api/admin/audit/verify",
      `/api/admin/reports/daily?from=${today}&to=${today}`,
      "/api/admin/operators",
      "/api/admin/settings",
    ];
    const pages = ["/admin/customers?id=10000001", "/admin/audit", "/admin/operators"];
    const page = (path: string, t: string) =>
      fetch(srv.base + path, { headers: { cookie: `tw_op=${t}` }, redirect: "manual" });
    for (const path of gets) {
      const r = await srv.call(path, { token });
      assertEquals(r.body.code, 0, path);
    }
    for (const path of pages) {
      const r = await page(path, token);
      await r.body?.cancel();
      assertEquals(r.status, 200, path);
    }
    assertEquals((await srv.call("/api/admin/logout", { method: "POST", token })).body.code, 0);
    const name = btoa("ops").replace(/=+$/, "");
    const forged = `${"A".repeat(43)}.${name}`;
    for (const t of [token, forged]) {
      for (const path of gets) {
        const r = await srv.call(path, { token: t });
        assertEquals([r.status, r.body.code], [401, -99], path);
        assert(!r.body.data || !Object.keys(r.body.data).some((k) => k !== "error"), path);
      }
      for (const path of pages) {
        const r = await page(path, t);
        await r.body?.cancel();
        assertEquals(r.status, 302, path);
        assert(r.headers.get("location")?.startsWith("/admin?next="), path);
      }
    }
  } finally {
    await srv.close();
  }
});
