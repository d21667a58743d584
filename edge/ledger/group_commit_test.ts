import { assert, assertEquals, assertRejects } from "../../tests/assert.ts";
import { GroupCommit, keyString, LOCAL_GROUPS, PORTABLE_GROUPS } from "./group_commit.ts";
import { eventKeys, type LogEntry, stageEvents } from "./events.ts";

/** A KV whose commits wait for `release()`, counting the commits that reach it. */
function gated(kv: Deno.Kv) {
  let open: () => void = () => {};
  let gate = new Promise<void>((r) => open = r);
  const stats = { commits: 0 };
  const wrapped = {
    atomic() {
      const op = kv.atomic();
      const commit = op.commit.bind(op);
      op.commit = async () => {
        stats.commits++;
        await gate;
        return await commit();
      };
      return op;
    },
  };
  return {
    kv: wrapped as unknown as Deno.Kv,
    stats,
    release() {
      open();
      gate = new Promise<void>((r) => open = r);
    },
    free() {
      open();
      gate = Promise.resolve();
    },
  };
}

/** One group in flight: the members that arrive while it commits wait and go together. */
const ONE_AT_A_TIME = { ...LOCAL_GROUPS, maxInFlight: 1 };

Deno.test("commits that wait together share one KV commit, each with its own effect", async () => {
  const kv = await Deno.openKv(":memory:");
  const g = gated(kv);
  const gc = new GroupCommit(g.kv, ONE_AT_A_TIME);
  // the first goes alone; the next ten wait for it and then go together
  const first = gc.atomic().set(["a", 0], 0).commit();
  const rest = Array.from(
    { length: 10 },
    (_, i) =>
      gc.atomic().check({ key: ["a", i + 1], versionstamp: null }).set(["a", i + 1], i + 1)
        .sum(["total"], 1n).commit(),
  );
  g.free();
  const results = await Promise.all([first, ...rest]);
  assert(results.every((r) => r.ok));
  assertEquals(g.stats.commits, 2);
  assertEquals(gc.stats.members, 11);
  assertEquals((await kv.get(["total"])).value, new Deno.KvU64(10n));
  for (let i = 0; i <= 10; i++) assertEquals((await kv.get(["a", i])).value, i);
  kv.close();
});

Deno.test("a group keeps within the check limit; overlapping members never share a group", async () => {
  const kv = await Deno.openKv(":memory:");
  const g = gated(kv);
  const gc = new GroupCommit(g.kv, { ...PORTABLE_GROUPS, maxInFlight: 1 });
  const blocker = gc.atomic().set(["x"], 0).commit();
  // 12 members of 2 checks each: at most 5 per group (10 checks)
  const members = Array.from(
    { length: 12 },
    (_, i) =>
      gc.atomic().check({ key: ["c", i], versionstamp: null }, {
        key: ["d", i],
        versionstamp: null,
      }).set(["c", i], i).commit(),
  );
  // two writers of one key: the second waits for the first's group and then fails its check
  await kv.set(["k"], 0);
  const entry = await kv.get(["k"]);
  const w1 = gc.atomic().check(entry).set(["k"], 1).commit();
  const w2 = gc.atomic().check(entry).set(["k"], 2).commit();
  g.free();
  await blocker;
  assert((await Promise.all(members)).every((r) => r.ok));
  assertEquals((await w1).ok, true);
  assertEquals((await w2).ok, false);
  assertEquals((await kv.get(["k"])).value, 1);
  // the blocker, then groups of at most 5 members (10 checks): 5, 5, 2 + w1
  assertEquals(g.stats.commits, 4);
  // w2's check expected an older versionstamp than w1's group gave ["k"]: answered without a commit
  assertEquals(gc.stats.doomed, 1);
  kv.close();
});

Deno.test("a local store has two groups in flight: the second goes while the first writes, never with a key of it", async () => {
  const kv = await Deno.openKv(":memory:");
  const g = gated(kv);
  const gc = new GroupCommit(g.kv, LOCAL_GROUPS);
  await kv.set(["k"], 0);
  const entry = await kv.get(["k"]);
  const first = gc.atomic().check(entry).set(["k"], 1).commit();
  // the store holds the first; the second group reaches it without waiting for the first
  const second = gc.atomic().set(["other"], 1).commit();
  assertEquals(g.stats.commits, 2);
  // a member of the first group's key waits for it (and then cannot succeed: its check is older)
  const third = gc.atomic().check(entry).set(["k"], 2).commit();
  assertEquals(g.stats.commits, 2);
  g.free();
  assertEquals([(await first).ok, (await second).ok, (await third).ok], [true, true, false]);
  assertEquals((await kv.get(["k"])).value, 1);
  assertEquals(gc.stats.doomed, 1);
  kv.close();
});

Deno.test("a member whose check fails does not fail the others of its group", async () => {
  const kv = await Deno.openKv(":memory:");
  const g = gated(kv);
  const gc = new GroupCommit(g.kv, LOCAL_GROUPS);
  const stale = await kv.get(["s"]);
  await kv.set(["s"], "changed elsewhere"); // another process, as far as the group knows
  const blocker = gc.atomic().set(["x"], 0).commit();
  const good = Array.from({ length: 6 }, (_, i) => gc.atomic().set(["g", i], i).commit());
  const bad = gc.atomic().check(stale).set(["s"], "mine").commit();
  g.free();
  await blocker;
  assert((await Promise.all(good)).every((r) => r.ok));
  assertEquals((await bad).ok, false);
  assertEquals((await kv.get(["s"])).value, "changed elsewhere");
  assert(gc.stats.splits >= 1);
  kv.close();
});

Deno.test("a member over a size limit fails alone; other errors are every member's", async () => {
  const kv = await Deno.openKv(":memory:");
  const g = gated(kv);
  const gc = new GroupCommit(g.kv, LOCAL_GROUPS);
  const blocker = gc.atomic().set(["x"], 0).commit();
  const ok = gc.atomic().set(["ok"], 1).commit();
  const huge = gc.atomic().set(["huge"], "x".repeat(70_000)).commit();
  // (expected at once: with two groups in flight it may be refused before `ok` is answered)
  const refused = assertRejects(() => huge);
  g.free();
  await blocker;
  assertEquals((await ok).ok, true);
  await refused;
  assertEquals((await kv.get(["huge"])).value, null);

  // a busy database is tried again; another failure reaches every member of the group
  let busy = 1, broken = false;
  const flaky = {
    atomic() {
      const op = kv.atomic();
      const commit = op.commit.bind(op);
      op.commit = () => {
        if (busy-- > 0) return Promise.reject(new TypeError("database is locked"));
        if (broken) return Promise.reject(new Error("disk I/O error"));
        return commit();
      };
      return op;
    },
  } as unknown as Deno.Kv;
  const gc2 = new GroupCommit(flaky, LOCAL_GROUPS);
  assertEquals((await gc2.atomic().set(["b"], 1).commit()).ok, true);
  assertEquals(gc2.stats.busy, 1);
  broken = true;
  const a = gc2.atomic().set(["e", 1], 1).commit();
  const b = gc2.atomic().set(["e", 2], 2).commit();
  await assertRejects(() => a);
  await assertRejects(() => b);
  kv.close();
});

Deno.test("key strings tell keys apart", () => {
  const ks = [
    ["a", "b"],
    ["a:b"],
    ["ab"],
    ["a", 1],
    ["a", "1"],
    ["a", 1n],
    ["a", true],
    ["a", new Uint8Array([1])],
    ["s1:a"],
    ["s1:", "a"],
  ].map((k) => keyString(k as Deno.KvKey));
  assertEquals(new Set(ks).size, ks.length);
});

Deno.test("the sums of one key by the members of a group go as one sum of their total", async () => {
  const kv = await Deno.openKv(":memory:");
  const g = gated(kv);
  // the sums the store is asked for, per commit (after the first, which goes alone)
  const sums: number[] = [];
  const counting = {
    atomic() {
      const op = g.kv.atomic();
      const sum = op.sum.bind(op);
      sums.push(0);
      op.sum = (key, n) => {
        sums[sums.length - 1]!++;
        return sum(key, n);
      };
      return op;
    },
  } as unknown as Deno.Kv;
  const gc = new GroupCommit(counting, ONE_AT_A_TIME);
  const first = gc.atomic().set(["a", 0], 0).sum(["head"], 1n).commit();
  // ten members: each adds 1 to the shared head and 2^64 - 1 to a wrapping total, its own
  // amount to a key of its own (kept as it is) and 1 to a key through `mutate`
  const rest = Array.from(
    { length: 10 },
    (_, i) =>
      gc.atomic().check({ key: ["a", i + 1], versionstamp: null }).set(["a", i + 1], i + 1)
        .sum(["head"], 1n).sum(["wrap"], (1n << 64n) - 1n).sum(["own", i], BigInt(i))
        // a sum as a `mutate` step stays in its place
        .mutate({ type: "sum", key: ["mutated"], value: new Deno.KvU64(1n) }).commit(),
  );
  g.free();
  const results = await Promise.all([first, ...rest]);
  assert(results.every((r) => r.ok));
  assertEquals(g.stats.commits, 2);
  // the group: one sum of the head, one of the wrapping total, ten of the members' own keys
  assertEquals(sums, [1, 12]);
  assertEquals((await kv.get(["head"])).value, new Deno.KvU64(11n));
  assertEquals((await kv.get(["mutated"])).value, new Deno.KvU64(10n));
  // ten times 2^64 - 1, wrapped: 2^64 - 10
  assertEquals((await kv.get(["wrap"])).value, new Deno.KvU64((1n << 64n) - 10n));
  for (let i = 0; i < 10; i++) {
    assertEquals((await kv.get(["own", i])).value, new Deno.KvU64(BigInt(i)));
  }
  kv.close();
});

Deno.test("the members' event-log entries go as one entry per tenant, with every customer's rows and references", async () => {
  const kv = await Deno.openKv(":memory:");
  const g = gated(kv);
  const gc = new GroupCommit(g.kv, ONE_AT_A_TIME);
  const row = (wallet: "contract" | "spot", available: string) => ({
    wallet,
    currency: "USDT" as const,
    available,
    frozen: "0",
  });
  const first = gc.atomic().set(["a", 0], 0);
  stageEvents(first, "t1", 1_000, { refs: [{ user: "u0", kind: "fast.open", id: "o0" }] });
  const firstDone = first.commit();
  // five members wait for the first and go together; u1 has two of them (two wallets), the
  // last also tells tenant t2
  const members = [1, 2, 3, 1, 4].map((u, i) => {
    const op = gc.atomic().check({ key: ["a", i + 1], versionstamp: null }).set(["a", i + 1], i);
    stageEvents(op, "t1", 2_000 + i, {
      balances: [{ user: `u${u}`, accounts: [row(i === 3 ? "spot" : "contract", String(i))] }],
      refs: [{ user: `u${u}`, kind: "fast.open", id: `o${i + 1}` }],
    });
    if (i === 4) stageEvents(op, "t2", 3_000, { queues: [{ queue: "recharges", id: "r1" }] });
    return op.commit();
  });
  g.free();
  assert((await Promise.all([firstDone, ...members])).every((r) => r.ok));
  assertEquals(g.stats.commits, 2);
  const entries = await Array.fromAsync(kv.list<LogEntry>({ prefix: eventKeys.entries("t1") }));
  // one entry for the first commit, one for the group, at the latest of its members' times
  assertEquals(entries.map((e) => e.key[2]), [1_000, 2_004]);
  assertEquals(entries[1]!.value, {
    balances: [
      { user: "u1", accounts: [row("contract", "0"), row("spot", "3")] },
      { user: "u2", accounts: [row("contract", "1")] },
      { user: "u3", accounts: [row("contract", "2")] },
      { user: "u4", accounts: [row("contract", "4")] },
    ],
    refs: [1, 2, 3, 1, 4].map((u, i) => ({ user: `u${u}`, kind: "fast.open", id: `o${i + 1}` })),
  });
  // the heads count entries: what a reader compares with what it delivered
  assertEquals((await kv.get(eventKeys.head("t1"))).value, new Deno.KvU64(2n));
  const t2 = await Array.fromAsync(kv.list<LogEntry>({ prefix: eventKeys.entries("t2") }));
  assertEquals(t2.map((e) => e.value), [{ queues: [{ queue: "recharges", id: "r1" }] }]);
  assertEquals((await kv.get(eventKeys.head("t2"))).value, new Deno.KvU64(1n));
  kv.close();
});
