/**
 * The role matrix: an operator holding one role reaches exactly the console sections and API
 * reads of that role, and nothing else (403 from the API; the console sends them to their own
 * first section). The expected table is written out here, not derived from the code.
 */
import { assertEquals } from "../assert.ts";
import { operatorWithRoles } from "../operator.ts";
import { startServer } from "../server.ts";

const ROLES = ["funds", "identity", "audit", "content", "support", "risk", "admin"] as const;
type Role = typeof ROLES[number];

/** Console sections and the roles that open them. */
const SECTIONS: Record<string, readonly Role[]> = {
  recharges: ["funds"],
  withdrawals: ["funds"],
  certifications: ["identity"],
  proposals: ["funds", "risk", "admin"],
  customers: ["support", "funds", "identity", "admin"],
  support: ["support", "admin"],
  audit: ["audit"],
  reports: ["audit", "funds"],
  demo: ["audit"],
  settings: ["funds", "admin"],
  products: ["risk", "admin", "funds"],
  content: ["content"],
  operators: ["admin"],
};

/** API reads and the roles that may make them. */
const READS: Record<string, readonly Role[]> = {
  "/api/admin/recharges": ["funds"],
  "/api/admin/withdrawals": ["funds"],
  "/api/admin/certifications": ["identity"],
  "/api/admin/customers?q=1000001": ["support", "funds", "identity", "admin"],
  "/api/admin/support/conversations": ["support", "admin"],
  "/api/admin/audit": ["audit"],
  "/api/admin/audit/verify": ["audit"],
  "/api/admin/reports/daily?from=2026-01-01&to=2026-01-02": ["audit", "funds"],
  "/api/admin/reports/exposure": ["audit", "funds"],
  "/api/admin/demo": ["audit"],
  "/api/admin/withdraw-settings": ["funds"],
  "/api/admin/recharge-channels": ["funds"],
  "/api/admin/content": ["content"],
  "/api/admin/proposals": ["funds", "risk", "admin"],
  "/api/admin/products/fast": ["funds", "risk", "admin"],
  "/api/admin/products/wealth": ["funds", "risk", "admin"],
  "/api/admin/operators": ["admin"],
  "/api/admin/settings": ["admin"],
};

Deno.test("role matrix: each role reaches only its sections and API reads", async () => {
  const srv = await startServer({ seed: true });
  try {
    const tokens = {} as Record<Role, string>;
    for (const r of ROLES) tokens[r] = await operatorWithRoles(srv, `only-${r}`, [r]);
    const got: string[] = [], want: string[] = [];
    for (const role of ROLES) {
      for (const [path, roles] of Object.entries(READS)) {
        const r = await srv.call(path, { token: tokens[role] });
        got.push(`${role} ${path} ${r.status === 200 && r.body.code === 0 ? "yes" : r.status}`);
        want.push(`${role} ${path} ${roles.includes(role) ? "yes" : 403}`);
      }
      for (const [section, roles] of Object.entries(SECTIONS)) {
        const res = await srv.page(`/admin/${section}`, {
          headers: { authorization: tokens[role] },
        });
        await res.body?.cancel();
        // a section the role does not open sends the operator to their own first section
        const where = res.status === 200 ? "opens" : res.headers.get("location");
        got.push(`${role} /admin/${section} ${where === "opens" ? "opens" : "elsewhere"}`);
        want.push(`${role} /admin/${section} ${roles.includes(role) ? "opens" : "elsewhere"}`);
        if (where !== "opens") {
          assertEquals(where?.startsWith("/admin/"), true, `${role} ${section}`);
        }
      }
    }
    assertEquals(got, want);
  } finally {
    await srv.close();
  }
});
