import { assert, assertEquals } from "../../tests/assert.ts";
import { exclusive, Lease, LeaseLost, type LeaseRecord } from "./lease.ts";

/** `f` must refuse with LeaseLost (a write built without the lease). */
function assertLeaseLost(f: () => unknown) {
  let thrown: unknown = null;
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  assert(thrown instanceof LeaseLost, `expected LeaseLost, got ${thrown}`);
}

/** Two instances' leases on one store, each with its own clock (one may be paused). */
async function pair() {
  const kv = await Deno.openKv(":memory:");
  const clocks = { a: 1_000_000, b: 1_000_000 };
  const a = new Lease(kv, "market", "host:1:a", { ttlMs: 3_000, now: () => clocks.a });
  const b = new Lease(kv, "market", "host:2:b", { ttlMs: 3_000, now: () => clocks.b });
  return { kv, clocks, a, b };
}

Deno.test("lease: one holder; another takes it only after expiry, with the next epoch", async () => {
  const { kv, clocks, a, b } = await pair();
  try {
    assert(await a.tryAcquire());
    assertEquals(a.epoch, 1);
    assert(!(await b.tryAcquire()), "held and not expired");
    assertEquals(b.epoch, null);
    // just before expiry: still A's
    clocks.b += 2_999;
    assert(!(await b.tryAcquire()));
    // expired on the store's record: B takes it with epoch 2
    clocks.b += 2;
    assert(await b.tryAcquire());
    assertEquals(b.epoch, 2);
    const rec = (await kv.get<LeaseRecord>(["lease", "market"])).value!;
    assertEquals([rec.owner, rec.epoch], ["host:2:b", 2]);
  } finally {
    kv.close();
  }
});

Deno.test("lease: renewal extends the expiry; a renewal of a lost lease fails", async () => {
  const { kv, clocks, a, b } = await pair();
  try {
    assert(await a.tryAcquire());
    for (let i = 0; i < 5; i++) {
      clocks.a += 2_000;
      clocks.b += 2_000;
      assert(await a.renew(), "renewed in time");
      assert(!(await b.tryAcquire()), "renewed lease is not free");
    }
    // A stalls past its expiry; B takes over
    clocks.b += 3_001;
    assert(await b.tryAcquire());
    clocks.a += 3_001;
    assert(!(await a.renew()), "A's epoch is over");
    assertEquals(a.epoch, null);
  } finally {
    kv.close();
  }
});

Deno.test("lease: fencing: a paused former holder's write fails; the holder's passes", async () => {
  const { kv, clocks, a, b } = await pair();
  try {
    assert(await a.tryAcquire());
    const write = (l: Lease, v: string) => l.guard(kv.atomic()).set(["tape"], v).commit();
    assert((await write(a, "a1")).ok);
    // A pauses (its clock stands still); B's clock runs past the expiry and B takes over
    clocks.b += 3_500;
    assert(await b.tryAcquire());
    assert((await write(b, "b1")).ok);
    // A wakes up believing it still holds the lease (its own clock): its write is refused
    assertEquals(a.epoch, 1);
    assert(!(await write(a, "a2")).ok, "stale holder's write must fail");
    assert(!(await a.confirm()), "A learns it lost the lease");
    assertEquals((await kv.get(["tape"])).value, "b1");
    // and without the lease it cannot even build a write
    assertLeaseLost(() => a.guard(kv.atomic()));
  } finally {
    kv.close();
  }
});

Deno.test("lease: a write racing the holder's own renewal lands (the fence moves per epoch)", async () => {
  const { kv, clocks, a } = await pair();
  try {
    assert(await a.tryAcquire());
    const op = a.guard(kv.atomic()).set(["tape"], "x");
    clocks.a += 1_000;
    assert(await a.renew());
    // far from the store a writer always has a commit in flight: a renewal must not fail it
    assert((await op.commit()).ok, "the renewal left the fence alone");
    assert(await a.confirm(), "still ours");
    assert((await a.guard(kv.atomic()).set(["tape"], "y").commit()).ok);
  } finally {
    kv.close();
  }
});

Deno.test("lease: a holder whose own clock passed the expiry writes nothing", async () => {
  const { kv, clocks, a } = await pair();
  try {
    assert(await a.tryAcquire());
    clocks.a += 3_000;
    assertEquals(a.epoch, null);
    assertLeaseLost(() => a.guard(kv.atomic()));
  } finally {
    kv.close();
  }
});

Deno.test("lease: stop releases at once; keep() hands over to the next instance", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const events: string[] = [];
    // a long expiry: B can only take the lease before it when A gives it up (a busy machine may
    // hold A's renewals back a while, never for seconds)
    const a = new Lease(kv, "engine", "host:1:a", { ttlMs: 8_000, renewMs: 50 });
    const b = new Lease(kv, "engine", "host:2:b", { ttlMs: 8_000, renewMs: 50 });
    await a.keep((e) => void events.push(`a+${e}`), (e) => void events.push(`a-${e}`));
    await b.keep((e) => void events.push(`b+${e}`), (e) => void events.push(`b-${e}`));
    await new Promise((r) => setTimeout(r, 300));
    assertEquals(events, ["a+1"], "A renews; B waits");
    await a.stop(true);
    // released: B takes it on its next try, long before the expiry
    for (let i = 0; i < 40 && events.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    assertEquals(events, ["a+1", "b+2"], "released: B takes it without waiting for the expiry");
    await b.stop(true);
  } finally {
    kv.close();
  }
});

/**
 * A store whose reads (`get`) or commits wait, while `hold` is on, until `release()`: a renewal
 * stopped in either half. `waiting` resolves when the first call is held.
 */
function heldStore(kv: Deno.Kv, what: "get" | "commit") {
  let gate: PromiseWithResolvers<void> | null = null;
  let arrived = Promise.withResolvers<void>();
  const wait = async () => {
    if (!gate) return;
    arrived.resolve();
    await gate.promise;
  };
  const store = new Proxy(kv, {
    get(target, p) {
      if (p === "get" && what === "get") {
        return async (k: Deno.KvKey) => (await wait(), target.get(k));
      }
      if (p === "atomic" && what === "commit") {
        return () => {
          const op = target.atomic();
          const commit = op.commit.bind(op);
          op.commit = async () => (await wait(), commit());
          return op;
        };
      }
      const v = Reflect.get(target, p);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  return {
    store,
    hold() {
      gate = Promise.withResolvers();
      arrived = Promise.withResolvers();
      return arrived.promise;
    },
    release() {
      gate?.resolve();
      gate = null;
    },
  };
}

for (const half of ["get", "commit"] as const) {
  Deno.test(`lease: stopped while a renewal's ${half} is on its way: released, neither lost nor held`, async () => {
    // a core far from the store shutting down: its renewal was on its way when stop() gave the
    // lease up. Before, a renewal stopped after its read found nothing held and counted as a
    // lost epoch ("[lease] market: lost epoch 2": the holder's work stopped a second time); one
    // stopped after its commit made the stopped lease held again (an expiry without an epoch)
    const kv = await Deno.openKv(":memory:");
    try {
      const gated = heldStore(kv, half);
      const events: string[] = [];
      const lines: string[] = [];
      const a = new Lease(gated.store, "market", "host:1:a", {
        ttlMs: 8_000,
        renewMs: 20,
        log: (l) => void lines.push(l),
      });
      await a.keep((e) => void events.push(`a+${e}`), (e) => void events.push(`a-${e}`));
      // the next renewal waits in its read (or its commit) while the lease stops
      await gated.hold();
      const stopped = a.stop(true);
      gated.release();
      await stopped;
      await new Promise((r) => setTimeout(r, 100));
      assertEquals(events, ["a+1"], "started once, never stopped as lost");
      assertEquals([a.stats.lost, a.isHeld, a.epoch], [0, false, null]);
      assertEquals(lines.filter((l) => /lost|failed/.test(l)), []);
      const rec = (await kv.get<LeaseRecord>(["lease", "market"])).value;
      assertEquals([rec?.owner, rec?.expiresAt], ["host:1:a", 0], "released");
    } finally {
      kv.close();
    }
  });
}

Deno.test("lease: an epoch learned lost twice (a guarded write, then the renewal) stops its work once", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const events: string[] = [];
    const lines: string[] = [];
    const a = new Lease(kv, "market", "host:1:a", { ttlMs: 8_000, log: (l) => void lines.push(l) });
    await a.keep((e) => void events.push(`a+${e}`), (e) => void events.push(`a-${e}`));
    await Promise.all([a.lost(1), a.lost(1)]);
    assertEquals(events, ["a+1", "a-1"]);
    assertEquals(a.stats.lost, 1);
    assertEquals(lines.filter((l) => l.includes("lost")).length, 1);
    await a.stop(true);
  } finally {
    kv.close();
  }
});

Deno.test("exclusive: the second caller does not run while the first holds the job", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    let running = 0, max = 0, ran = 0;
    const job = () =>
      exclusive(kv, "job:x", async () => {
        running++;
        max = Math.max(max, running);
        await new Promise((r) => setTimeout(r, 100));
        running--;
        return ++ran;
      });
    const [r1, r2] = await Promise.all([job(), job()]);
    assertEquals(max, 1);
    assertEquals([r1, r2].filter((x) => x === null).length, 1, "one ran, one was skipped");
    assertEquals(await job(), 2, "free again afterwards");
  } finally {
    kv.close();
  }
});
