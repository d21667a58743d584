import { assertEquals, assertNotEquals } from "../../tests/assert.ts";
import {
  auditAlone,
  auditHash,
  canonical,
  exportAudit,
  GENESIS_HASH,
  seqKey,
  verifyChain,
  verifyEntries,
} from "./audit.ts";
import { type AuditEntry, auditKeys } from "./store.ts";

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

Deno.test("audit chain: verified in waves, across the waves' and lists' edges; an edit or a gap in a later wave is found at its seq", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const t = "t1";
    for (let i = 1; i <= 11; i++) {
      await auditAlone(kv, t, {
        at: 1_700_000_000_000 + i,
        operator: "ops",
        action: "recharge.pass",
        target: `recharge:R${i}`,
        before: null,
        after: null,
        ip: null,
      });
    }
    // waves of 4 entries, their index read in lists of 2
    const small = { size: 4, range: 2 };
    const verify = () => verifyChain(kv, t, [], small);
    const whole = await verify();
    assertEquals([whole.ok, whole.verifiedTo, whole.head], [true, 11, 11]);
    const index = (seq: number) => auditKeys.auditSeq(t, seqKey(seq));
    const entryAt = async (seq: number) => {
      const id = (await kv.get<string>(index(seq))).value!;
      return await kv.get<AuditEntry>(auditKeys.audit(t, id));
    };
    // an entry of the third wave edited: its own hash no longer matches
    const ninth = await entryAt(9);
    await kv.set(ninth.key, { ...ninth.value!, target: "recharge:R99" });
    assertEquals([(await verify()).broken?.seq, (await verify()).broken?.reason], [9, "hash"]);
    await kv.set(ninth.key, ninth.value);
    assertEquals((await verify()).ok, true);
    // the first of the second wave gone from the index: the wave starts at 6
    const fifth = await kv.get<string>(index(5));
    await kv.delete(index(5));
    assertEquals([(await verify()).broken?.seq, (await verify()).broken?.reason], [5, "missing"]);
    await kv.set(index(5), fifth.value);
    // the last of the second wave gone: a short wave that is not the end (the head is further)
    await kv.delete(index(8));
    assertEquals([(await verify()).broken?.seq, (await verify()).broken?.reason], [8, "missing"]);
  } finally {
    kv.close();
  }
});

Deno.test("audit ids follow the chain: an entry after another instance's, written on a clock a minute ahead, sorts after it; the day's export is in chain order and verifies", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const t = "t1", now = Date.now();
    const e = (target: string, at: number) => ({
      at,
      operator: "ops",
      action: "recharge.pass",
      target,
      before: null,
      after: null,
      ip: null,
    });
    const first = await auditAlone(kv, t, e("recharge:R1", now));
    // the second link as an instance whose clock is a minute ahead writes it: its id drawn on
    // that clock (built here, so this process's own ids never go there)
    const ahead = now + 60_000;
    const aheadId = `${String(ahead).padStart(15, "0")}-000000-zzzzzzz`;
    const foreign: AuditEntry = {
      id: aheadId,
      ...e("recharge:R2", ahead),
      seq: 2,
      prevHash: first.hash!,
    };
    foreign.hash = auditHash(foreign);
    await kv.atomic()
      .set(auditKeys.audit(t, aheadId), foreign)
      .set(auditKeys.auditSeq(t, seqKey(2)), aheadId)
      .set(auditKeys.auditHead(t), { seq: 2, hash: foreign.hash, id: aheadId })
      .commit();
    // this instance writes the next link on its own clock
    const third = await auditAlone(kv, t, e("recharge:R3", now + 1));
    assertEquals(third.at, now + 1);
    assertEquals(third.id > aheadId, true, `${third.id} sorts after ${aheadId}`);
    assertEquals((await verifyChain(kv, t, [])).ok, true);
    // an export of the days around now lists the chain in its order, and verifies on its own
    const { items } = await exportAudit(kv, t, now - 86_400_000, now + 86_400_000);
    assertEquals(items.map((i) => i.seq), [1, 2, 3]);
    assertEquals(verifyEntries(items).broken, null);
  } finally {
    kv.close();
  }
});
