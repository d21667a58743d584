import { assertEquals, assertThrows } from "../../tests/assert.ts";
import { TenantRegistry } from "./tenants.ts";

const reg = new TenantRegistry({
  defaultTenant: "demo",
  tenants: [
    { id: "demo", name: "Demo" },
    { id: "acme", name: "Acme", hosts: ["trade.acme.example"] },
  ],
});

Deno.test("explicit appKey must name a tenant", () => {
  assertEquals(reg.resolve("acme", "localhost")?.id, "acme");
  assertEquals(reg.resolve("nope", "acme.example.com"), undefined);
});

Deno.test("host label, configured host, IP and localhost", () => {
  assertEquals(reg.resolve(null, "acme.tradewind.example:8443")?.id, "acme");
  assertEquals(reg.resolve(null, "trade.acme.example")?.id, "acme");
  assertEquals(reg.resolve(null, "www.tradewind.example")?.id, "demo");
  assertEquals(reg.resolve(null, "127.0.0.1:8000")?.id, "demo");
  assertEquals(reg.resolve(null, "localhost:8000")?.id, "demo");
  assertEquals(reg.resolve(undefined, "[::1]:8000")?.id, "demo");
});

Deno.test("defaults and validation of the tenants file", () => {
  assertEquals(reg.get("demo")?.isClose, "N");
  assertEquals(reg.get("demo")?.invitePolicy, "optional");
  assertThrows(() => new TenantRegistry({ defaultTenant: "x", tenants: [{ id: "y", name: "Y" }] }));
  assertThrows(() =>
    new TenantRegistry({ defaultTenant: "y", tenants: [{ id: "y", name: "Y", extra: 1 }] })
  );
});
