import { assert, assertEquals } from "../../tests/assert.ts";
import { DomainError } from "./errors.ts";
import { toDomainError } from "../http/envelope.ts";
import { httpStatus } from "./http_errors.ts";
import {
  busyKind,
  commitAttempts,
  conflictPause,
  isBusyError,
  storeBusy,
} from "./kv_contention.ts";
import { kvStats, prefetch, prefetchList, wrapKv } from "./kvstore.ts";
import { currentRoundTrips, withRoundTrips } from "./kv_round_trips.ts";

/** The DomainError `f` rejects with (fails when it resolves or rejects with something else). */
async function refusal(f: () => Promise<unknown>): Promise<DomainError> {
  try {
    await f();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

const LOCKED = () => new TypeError("database is locked");
const LOST_REPLY = () => new TypeError("KV Connect failed to read response body: reset");

/**
 * A real in-memory KV whose commits (and reads) throw what the test says: the seam that stands
 * in for a second process holding the SQLite write lock.
 */
function flaky(real: Deno.Kv) {
  const faults = {
    /** errors the next commits throw, in order; each may first run `before` */
    commits: [] as { error: () => Error; before?: () => Promise<void>; apply?: boolean }[],
    reads: [] as (() => Error)[],
    /** list pages: throw on the nth entry read (once) */
    listAt: -1,
  };
  const kv = new Proxy(real, {
    get(target, p) {
      if (p === "atomic") {
        return () => {
          const op = target.atomic();
          const commit = op.commit.bind(op);
          op.commit = async () => {
            const f = faults.commits.shift();
            if (!f) return await commit();
            await f.before?.();
            if (f.apply) await commit(); // applied, then the reply is lost
            throw f.error();
          };
          return op;
        };
      }
      if (p === "get" || p === "getMany") {
        return (...args: unknown[]) => {
          const f = faults.reads.shift();
          if (f) return Promise.reject(f());
          return (target[p] as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      if (p === "list") {
        return (sel: Deno.KvListSelector, o?: Deno.KvListOptions) => {
          const it = target.list(sel, o);
          const next = it.next.bind(it);
          it.next = () => {
            if (faults.listAt-- === 0) return Promise.reject(LOCKED());
            return next();
          };
          return it;
        };
      }
      const v = Reflect.get(target, p, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  return { kv, faults };
}

Deno.test("busy errors are recognized; everything else is not", () => {
  assertEquals(busyKind(LOCKED()), "locked");
  assertEquals(busyKind(new Error("SQLITE_BUSY: database is busy")), "locked");
  assertEquals(busyKind(LOST_REPLY()), "transient");
  assertEquals(busyKind(new TypeError("Unspecified write error")), "transient");
  assertEquals(busyKind(new TypeError("Value too large (max 65536 bytes)")), null);
  assertEquals(busyKind(new DomainError("CONFLICT")), null);
  assert(isBusyError(storeBusy()));
  // a busy error that escaped every retry is a 503 STORE_BUSY, never a 500
  const e = toDomainError(LOCKED());
  assertEquals([httpStatus(e), e.error, e.extra.retryAfterSeconds], [503, "STORE_BUSY", 1]);
});

Deno.test("a commit that finds the store locked is retried, then succeeds", async () => {
  const real = await Deno.openKv(":memory:");
  const { kv: inner, faults } = flaky(real);
  const kv = wrapKv(inner);
  try {
    faults.commits.push({ error: LOCKED }, { error: LOCKED }, { error: LOCKED });
    const res = await kv.atomic().check({ key: ["a"], versionstamp: null }).set(["a"], 1n)
      .sum(["n"], 1n).commit();
    assert(res.ok);
    assertEquals((await kv.get(["a"])).value, 1n);
    assertEquals((await kv.get<Deno.KvU64>(["n"])).value?.value, 1n); // applied once
    assertEquals(kvStats(kv)!.busyRetries, 3);
  } finally {
    kv.close();
  }
});

Deno.test("re-committing after a locked commit keeps the checks: a change meanwhile is a conflict", async () => {
  const real = await Deno.openKv(":memory:");
  const { kv: inner, faults } = flaky(real);
  const kv = wrapKv(inner);
  try {
    await kv.set(["bal"], 10);
    const entry = await kv.get<number>(["bal"]);
    // while this commit waits for the lock, another instance changes the balance
    faults.commits.push({ error: LOCKED, before: async () => void await real.set(["bal"], 3) });
    const res = await kv.atomic().check(entry).set(["bal"], entry.value! - 5).commit();
    assertEquals(res.ok, false);
    assertEquals((await kv.get(["bal"])).value, 3);
  } finally {
    kv.close();
  }
});

Deno.test("a store that stays busy is refused with 503 STORE_BUSY after the bound", async () => {
  const real = await Deno.openKv(":memory:");
  const { kv: inner, faults } = flaky(real);
  const kv = wrapKv(inner, { budgetMs: 60 });
  try {
    for (let i = 0; i < 1000; i++) faults.commits.push({ error: LOCKED });
    const t0 = performance.now();
    const e = await refusal(() => kv.atomic().set(["a"], 1).commit());
    const took = performance.now() - t0;
    assertEquals([httpStatus(e), e.error], [503, "STORE_BUSY"]);
    assert(took < 500, `gave up after ${took} ms`);
    const stats = kvStats(kv)!;
    assert(stats.busyRetries >= 2, `retried ${stats.busyRetries} times`);
    assertEquals(stats.busyRefusals, 1);
    assertEquals((await kv.get(["a"])).versionstamp, null); // nothing written
  } finally {
    kv.close();
  }
});

Deno.test("a lost remote reply is retried only when a second apply is impossible", async () => {
  const real = await Deno.openKv(":memory:");
  const { kv: inner, faults } = flaky(real);
  const kv = wrapKv(inner);
  try {
    // checks a key it writes: the retry finds the check failed (ok: false), nothing doubled
    faults.commits.push({ error: LOST_REPLY, apply: true });
    const guarded = await kv.atomic().check({ key: ["g"], versionstamp: null })
      .set(["g"], 1).sum(["total"], 1n).commit();
    assertEquals(guarded.ok, false);
    assertEquals((await kv.get<Deno.KvU64>(["total"])).value?.value, 1n);
    // a blind sum could apply twice: refused with 503 (the caller's idempotency key settles it)
    faults.commits.push({ error: LOST_REPLY, apply: true });
    const e = await refusal(() => kv.atomic().sum(["total"], 1n).commit());
    assertEquals(e.error, "STORE_BUSY");
    assertEquals((await kv.get<Deno.KvU64>(["total"])).value?.value, 2n);
  } finally {
    kv.close();
  }
});

Deno.test("reads retry a busy store; a list resumes after the last entry it returned", async () => {
  const real = await Deno.openKv(":memory:");
  const { kv: inner, faults } = flaky(real);
  const kv = wrapKv(inner);
  try {
    for (let i = 0; i < 7; i++) await kv.set(["l", i], i);
    faults.reads.push(LOCKED, LOCKED);
    assertEquals((await kv.get(["l", 3])).value, 3);
    faults.reads.push(LOCKED);
    assertEquals((await kv.getMany([["l", 1], ["l", 2]])).map((e) => e.value), [1, 2]);
    faults.listAt = 4; // the fifth read of the listing throws once
    const seen: number[] = [];
    const it = kv.list<number>({ prefix: ["l"] }, { batchSize: 2, limit: 6 });
    for await (const e of it) seen.push(e.value);
    assertEquals(seen, [0, 1, 2, 3, 4, 5]);
    // the cursor still pages on from where the list stopped
    const rest: number[] = [];
    for await (const e of kv.list<number>({ prefix: ["l"] }, { cursor: it.cursor })) {
      rest.push(e.value);
    }
    assertEquals(rest, [6]);
  } finally {
    kv.close();
  }
});

Deno.test("commits are measured: the largest by checks and by mutations, with their keys", async () => {
  const kv = wrapKv(await Deno.openKv(":memory:"));
  try {
    await kv.atomic().check({ key: ["t", "ledger", "idem", "k"], versionstamp: null })
      .check({ key: ["t", "ledger", "bal", "a"], versionstamp: null })
      .check({ key: ["t", "ledger", "bal", "b"], versionstamp: null })
      .set(["t", "ledger", "bal", "a"], 1).set(["t", "ledger", "bal", "b"], 2).commit();
    const op = kv.atomic();
    for (let i = 0; i < 5; i++) op.set(["t", "tape", "tick", i], i);
    await op.delete(["t", "x"]).commit();
    const s = kvStats(kv)!;
    assertEquals(s.commits, 2);
    assertEquals(
      [s.maxChecks?.checks, s.maxChecks?.mutations, s.maxChecks?.label],
      [3, 2, "checks: t/ledger/idem, t/ledger/bal x2; writes: t/ledger/bal x2"],
    );
    assertEquals([s.maxMutations?.checks, s.maxMutations?.mutations], [0, 6]);
    // watch, enqueue-free surfaces and close pass straight through
    const stream = kv.watch([["t", "x"]]);
    const reader = stream.getReader();
    assertEquals((await reader.read()).value?.[0].value, null);
    await reader.cancel();
    assert(kvStats(await Deno.openKv(":memory:").then((k) => (k.close(), k))) === null);
  } finally {
    kv.close();
  }
});

Deno.test("conflict attempts pause a little, growing and capped", async () => {
  assertEquals(conflictPause(1, () => 0), 0.5);
  assertEquals(conflictPause(1, () => 1), 1);
  assertEquals(conflictPause(4, () => 1), 8);
  assertEquals(conflictPause(30, () => 1), 50);
  const seen: number[] = [];
  const t0 = performance.now();
  for await (const n of commitAttempts(5)) seen.push(n);
  assertEquals(seen, [0, 1, 2, 3, 4]);
  assert(performance.now() - t0 >= 1 + 2 + 4 + 8 - 4, "paused between attempts");
});

Deno.test("two SQLite connections on one file: every concurrent commit lands", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/shared.kv`;
  const handles = [wrapKv(await Deno.openKv(path)), wrapKv(await Deno.openKv(path))];
  try {
    // independent records, written from both connections at once: only the lock contends
    const rs = await Promise.all(Array.from({ length: 300 }, async (_, i) => {
      const kv = handles[i % 2]!;
      const entry = await kv.get(["own", i]);
      return await kv.atomic().check(entry).set(["own", i], "x".repeat(2000)).sum(
        ["total"],
        1n,
      ).commit();
    }));
    assert(rs.every((r) => r.ok));
    assertEquals((await handles[0]!.get<Deno.KvU64>(["total"])).value?.value, 300n);
    // the lock did contend (bare handles lose about half of these commits to "locked")
    assert(handles.some((h) => kvStats(h)!.busyRetries > 0));
  } finally {
    for (const h of handles) h.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("KV queues are refused: Deno Deploy and KV Connect do not offer them", async () => {
  const kv = wrapKv(await Deno.openKv(":memory:"));
  try {
    const refused = async (f: () => unknown) => {
      try {
        await f();
      } catch (e) {
        return String(e);
      }
      return "accepted";
    };
    assert((await refused(() => kv.enqueue("x"))).includes("KV queues are not available"));
    assert((await refused(() => kv.listenQueue(() => {}))).includes("KV queues"));
    assert((await refused(() => kv.atomic().enqueue("x"))).includes("KV queues"));
  } finally {
    kv.close();
  }
});

Deno.test("round trips: counted per scope, reads started together are one, prefetched are free", async () => {
  const kv = wrapKv(await Deno.openKv(":memory:"));
  try {
    await kv.set(["a"], 1);
    const { trips } = await withRoundTrips(async () => {
      await kv.get(["a"]);
      await Promise.all([kv.get(["a"]), kv.get(["b"])]);
      prefetch(kv, [["a"], ["c"]]);
      assertEquals((await kv.get(["a"])).value, 1);
      await kv.getMany([["c"]]);
      // a prefetched entry answers one read: the second goes to the store
      await kv.get(["a"]);
      await kv.get(["x"], { consistency: "eventual" });
    });
    assertEquals([trips.sequential, trips.strong, trips.eventual], [4, 5, 1]);
  } finally {
    kv.close();
  }
});

Deno.test("an eventual read takes a prefetched entry, without using it up; else the replica", async () => {
  const kv = wrapKv(await Deno.openKv(":memory:"));
  try {
    await kv.set(["a"], 1);
    const { trips } = await withRoundTrips(async () => {
      prefetch(kv, [["a"]]);
      // the session's read answers the second look (an order's at its customer): no store call
      assertEquals((await kv.get(["a"], { consistency: "eventual" })).value, 1);
      // and still answers the strong read it was made for
      assertEquals((await kv.get(["a"])).value, 1);
      // a key nobody prefetched goes to the replica
      await kv.get(["b"], { consistency: "eventual" });
    });
    assertEquals([trips.sequential, trips.strong, trips.eventual], [1, 1, 1]);
  } finally {
    kv.close();
  }
});

Deno.test("an eventual read after the strong read takes the prefetched entry too; a write forgets it", async () => {
  const kv = wrapKv(await Deno.openKv(":memory:"));
  try {
    await kv.set(["a"], 1);
    const { trips } = await withRoundTrips(async () => {
      prefetch(kv, [["a"]]);
      // the route's gate reads the customer strongly (the prefetched entry answers it)
      assertEquals((await kv.get(["a"])).value, 1);
      // the order's second look, after it: the same entry, no store call, no replica's delay
      assertEquals((await kv.get(["a"], { consistency: "eventual" })).value, 1);
      assertEquals(currentRoundTrips()!.eventual, 0);
      // after a write the request's entries are not the store's: the replica is asked
      await kv.set(["a"], 2);
      await kv.get(["a"], { consistency: "eventual" });
    });
    // the prefetch, the set; one eventual read (after the write)
    assertEquals([trips.strong, trips.eventual], [2, 1]);
  } finally {
    kv.close();
  }
});

Deno.test("a write forgets the prefetched entries of its keys and the lists under them; the others still answer", async () => {
  const kv = wrapKv(await Deno.openKv(":memory:"));
  try {
    await kv.set(["session"], 1);
    await kv.set(["user"], "u");
    await kv.set(["orders", 1], "o1");
    await kv.set(["notes", 1], "n1");
    const { trips } = await withRoundTrips(async () => {
      prefetch(kv, [["session"], ["user"]]);
      prefetchList(kv, [
        { selector: { prefix: ["orders"] } },
        { selector: { prefix: ["notes"] } },
      ]);
      assertEquals((await kv.get(["session"])).value, 1);
      // the session's last-seen time, and an order, written by the request
      const w = await kv.atomic().check({ key: ["session"], versionstamp: null }).set(
        ["session"],
        2,
      ).set(["orders", 2], "o2").commit();
      assertEquals(w.ok, false);
      await kv.set(["orders", 2], "o2");
      // untouched: the prefetched user and the notes' list answer, no store call
      assertEquals((await kv.get(["user"])).value, "u");
      assertEquals((await Array.fromAsync(kv.list({ prefix: ["notes"] }))).length, 1);
      // written: the store answers (the request reads its own write)
      assertEquals((await kv.get(["session"])).value, 1);
      assertEquals((await Array.fromAsync(kv.list({ prefix: ["orders"] }))).length, 2);
    });
    // the prefetch (one call: two keys) and two lists; the failed commit, the set; the session
    // and the orders again
    assertEquals(trips.strong, 7);
  } finally {
    kv.close();
  }
});

Deno.test("round trips: a read started after another finished is in sequence, whatever overlaps", async () => {
  const real = await Deno.openKv(":memory:");
  // each read waits until the test opens its gate (by the key's name): the order is the test's
  const gates = new Map<string, () => void>();
  const opened = new Map<string, Promise<void>>();
  const gate = (k: string) => {
    if (!opened.has(k)) opened.set(k, new Promise((r) => gates.set(k, r)));
    return opened.get(k)!;
  };
  const kv = wrapKv(
    new Proxy(real, {
      get(target, p) {
        if (p !== "get") {
          return (target[p as keyof Deno.Kv] as (...a: unknown[]) => unknown).bind(target);
        }
        return async (key: Deno.KvKey) => {
          await gate(String(key[0]));
          return target.get(key);
        };
      },
    }),
  );
  try {
    const { trips } = await withRoundTrips(async () => {
      const a = kv.get(["a"]);
      const b = kv.get(["b"]); // started with a: rides along
      gates.get("a")!();
      await a;
      // b is still out, but c waited for a: a second round trip in sequence
      const c = kv.get(["c"]);
      gates.get("b")!();
      await b;
      gates.get("c")!();
      await c;
    });
    assertEquals([trips.sequential, trips.strong], [2, 3]);
  } finally {
    real.close();
  }
});
