import { assertEquals, assertNotEquals } from "../../tests/assert.ts";
import { auditHash, canonical, GENESIS_HASH } from "./audit.ts";
import type { AuditEntry } from "./store.ts";

const entry: AuditEntry = {
  id: "001700000000000-000000-abcdefg",
  at: 1_700_000_000_000,
  operator: "ops",
  action: "recharge.pass",
  target: "recharge:R1",
  before: { b: 1, a: [1, { d: null, c: "x" }] },
  after: null,
  ip: "127.0.0.1",
  seq: 1,
  prevHash: GENESIS_HASH,
};

Deno.test("audit canonical form: keys sorted at every depth, undefined left out", () => {
  assertEquals(
    canonical({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: undefined } }),
    '{"a":{"d":[2,{"y":2,"z":1}]},"b":1}',
  );
  assertEquals(canonical({ x: 'q"\n' }), '{"x":"q\\"\\n"}');
});

Deno.test("audit hash: sha-256 of the canonical entry without its hash; any field changes it", async () => {
  const { hash: _h, ...rest } = entry;
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical(rest))),
  );
  const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
  assertEquals(auditHash(entry), hex);
  // the stored hash itself is not hashed; key order does not matter
  assertEquals(auditHash({ ...entry, hash: "anything" }), hex);
  const reordered = Object.fromEntries(Object.entries(entry).reverse()) as unknown as AuditEntry;
  assertEquals(auditHash(reordered), hex);
  assertNotEquals(auditHash({ ...entry, prevHash: "1".repeat(64) }), hex);
  assertNotEquals(auditHash({ ...entry, seq: 2 }), hex);
  assertNotEquals(auditHash({ ...entry, after: { x: "1" } }), hex);
});
