import { assert, assertEquals, assertRejects } from "../../tests/assert.ts";
import { DomainError } from "../platform/errors.ts";
import { type AccountRef, house, user } from "./accounts.ts";
import type { ReservationOp } from "./reservations.ts";
import { Ledger } from "./service.ts";
import { keys } from "./store.ts";
import { verifyLedger } from "./invariants.ts";
import { guardJournals, withRoundTrips } from "../platform/kv_round_trips.ts";

const T = "demo";
const U = 100_000_000n;

async function setup() {
  const kv = await Deno.openKv(":memory:");
  const ledger = new Ledger(kv);
  const deposit = (userId: string, amount: bigint, key: string = crypto.randomUUID()) =>
    ledger.post(T, { key, request: { userId, amount: amount.toString() } }, () => ({
      type: "deposit",
      ref: `deposit:${key}`,
      postings: [
        { account: house("external", "USDT"), available: -amount },
        { account: user(userId, "spot", "USDT"), available: amount },
      ],
      result: (j) => ({ journalId: j.id }),
    }));
  return { kv, ledger, deposit };
}

async function expectError(p: Promise<unknown>, error: string) {
  await assertRejects(async () => {
    try {
      await p;
    } catch (e) {
      assert(e instanceof DomainError && e.error === error, `expected ${error}, got ${e}`);
      throw e;
    }
  });
}

Deno.test("a journal moves money between accounts and the books balance", async () => {
  const { kv, ledger, deposit } = await setup();
  await deposit("1", 100n * U);
  assertEquals(await ledger.balance(T, user("1", "spot", "USDT")), {
    available: 100n * U,
    frozen: 0n,
  });
  assertEquals((await ledger.balance(T, house("external", "USDT"))).available, -100n * U);
  const r = await verifyLedger(kv);
  assertEquals(r.breaches, []);
  assertEquals(r.journals, 1);
  kv.close();
});

Deno.test("a request's guards: its journals read them with the balances and post while they are there; one gone refuses the journal (UNAUTHORIZED), nothing moved", async () => {
  const { kv, ledger, deposit } = await setup();
  const session = ["demo", "accounts", "userSession", "1", "h"];
  await kv.set(session, 1);
  const guarded = (f: () => Promise<unknown>) =>
    withRoundTrips(async () => {
      guardJournals([session]);
      return await f();
    });
  await guarded(() => deposit("1", 10n * U));
  // the session ends: the request's next journal moves nothing
  await kv.delete(session);
  await expectError(guarded(() => deposit("1", 5n * U)), "UNAUTHORIZED");
  assertEquals((await ledger.balance(T, user("1", "spot", "USDT"))).available, 10n * U);
  // outside a guarded request (the engine, a job) nothing is asked of it
  await deposit("1", U);
  assertEquals((await ledger.balance(T, user("1", "spot", "USDT"))).available, 11n * U);
  assertEquals((await verifyLedger(kv)).journals, 2);
  kv.close();
});

Deno.test("a request's guards are checked at the commit: a guard deleted between the journal's read and its commit fails the commit, and the next attempt refuses it (UNAUTHORIZED), nothing moved", async () => {
  const kv = await Deno.openKv(":memory:");
  // the store as the ledger commits to it, with a hook that runs just before a commit (a
  // sign-out landing between the journal's read and its commit)
  let beforeCommit: (() => Promise<unknown>) | null = null;
  const hooked = new Proxy(kv, {
    get(target, prop) {
      if (prop === "atomic") {
        return () => {
          const op = target.atomic();
          const commit = op.commit.bind(op);
          op.commit = async () => {
            const hook = beforeCommit;
            beforeCommit = null;
            if (hook) await hook();
            return await commit();
          };
          return op;
        };
      }
      const v = Reflect.get(target, prop);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  const ledger = new Ledger(hooked, Date.now, { reads: kv });
  const session = ["demo", "accounts", "userSession", "1", "h"];
  await kv.set(session, 1);
  const deposit = (amount: bigint) =>
    withRoundTrips(async () => {
      guardJournals([session]);
      return await ledger.post(T, { key: crypto.randomUUID(), request: 1 }, () => ({
        type: "deposit",
        ref: "deposit:guarded",
        postings: [
          { account: house("external", "USDT"), available: -amount },
          { account: user("1", "spot", "USDT"), available: amount },
        ],
        result: () => null,
      }));
    });
  await deposit(3n * U);
  beforeCommit = () => kv.delete(session);
  await expectError(deposit(5n * U), "UNAUTHORIZED");
  assertEquals(beforeCommit, null, "the hook ran");
  assertEquals((await ledger.balance(T, user("1", "spot", "USDT"))).available, 3n * U);
  assertEquals((await verifyLedger(kv)).journals, 1);
  kv.close();
});

Deno.test("postings that do not sum to zero are refused", async () => {
  const { kv, ledger } = await setup();
  await assertRejects(() =>
    ledger.post(T, { key: "k", request: 1 }, () => ({
      type: "deposit",
      ref: "x",
      postings: [{ account: user("1", "spot", "USDT"), available: 5n }],
      result: () => null,
    }))
  );
  await assertRejects(() =>
    ledger.post(T, { key: "k2", request: 1 }, () => ({
      type: "deposit",
      ref: "x",
      postings: [
        { account: house("external", "BTC"), available: -5n },
        { account: user("1", "spot", "USDT"), available: 5n },
      ],
      result: () => null,
    }))
  );
  assertEquals((await verifyLedger(kv)).journals, 0);
  kv.close();
});

Deno.test("no customer balance can go negative", async () => {
  const { kv, ledger, deposit } = await setup();
  await deposit("1", 10n);
  await expectError(
    ledger.post(T, { key: "spend", request: 1 }, () => ({
      type: "fee",
      ref: "x",
      postings: [
        { account: user("1", "spot", "USDT"), available: -11n },
        { account: house("fees", "USDT"), available: 11n },
      ],
      result: () => null,
    })),
    "INSUFFICIENT_BALANCE",
  );
  assertEquals((await ledger.balance(T, user("1", "spot", "USDT"))).available, 10n);
  kv.close();
});

Deno.test("idempotency: a replay returns the first result; another body is 409", async () => {
  const { kv, ledger, deposit } = await setup();
  const first = await deposit("1", 5n, "same");
  const again = await deposit("1", 5n, "same");
  assertEquals(again.replay, true);
  assertEquals(again.result, first.result);
  await expectError(deposit("1", 6n, "same"), "IDEMPOTENCY_CONFLICT");
  const many = await Promise.all(Array.from({ length: 20 }, () => deposit("1", 5n, "burst")));
  assertEquals(many.filter((m) => !m.replay).length, 1);
  assertEquals(new Set(many.map((m) => JSON.stringify(m.result))).size, 1);
  assertEquals((await ledger.balance(T, user("1", "spot", "USDT"))).available, 10n);
  assertEquals((await verifyLedger(kv)).breaches, []);
  kv.close();
});

/** A journal that only moves a reservation (its counter-postings given). */
function hold(
  ledger: Ledger,
  key: string,
  ops: ReservationOp[],
  postings: { account: AccountRef; available: bigint }[] = [],
) {
  return ledger.post(T, { key, request: key }, () => ({
    type: "withdrawal",
    ref: `w:${key}`,
    postings,
    reservations: ops,
    result: () => key,
  }));
}

Deno.test("reservations: reserve, post in part, release the rest, each exactly once", async () => {
  const { kv, ledger, deposit } = await setup();
  await deposit("1", 100n);
  const acct = user("1", "spot", "USDT");
  await hold(ledger, "r1", [{ op: "reserve", id: "w1", account: acct, amount: 40n }]);
  assertEquals(await ledger.balance(T, acct), { available: 60n, frozen: 40n });
  // once per id, and never more than is available
  await expectError(
    hold(ledger, "r1b", [{ op: "reserve", id: "w1", account: acct, amount: 1n }]),
    "CONFLICT",
  );
  await expectError(
    hold(ledger, "r2", [{ op: "reserve", id: "w2", account: acct, amount: 61n }]),
    "INSUFFICIENT_BALANCE",
  );
  // post 15 of it to the house, then release the rest
  await hold(ledger, "p1", [{ op: "post", id: "w1", account: acct, amount: 15n }], [
    { account: house("fees", "USDT"), available: 15n },
  ]);
  assertEquals(await ledger.reserved(T, "w1"), 25n);
  await expectError(
    hold(ledger, "p2", [{ op: "post", id: "w1", account: acct, amount: 26n }], [
      { account: house("fees", "USDT"), available: 26n },
    ]),
    "HOLD_SETTLED",
  );
  await hold(ledger, "x1", [{ op: "release", id: "w1", account: acct }]);
  assertEquals(await ledger.balance(T, acct), { available: 85n, frozen: 0n });
  const r = await ledger.reservation(T, "w1");
  assertEquals([r?.state, r?.posted, r?.released, r?.owner], ["closed", 15n, 25n, "w:r1"]);
  await expectError(
    hold(ledger, "x2", [{ op: "release", id: "w1", account: acct }]),
    "HOLD_SETTLED",
  );
  assertEquals((await verifyLedger(kv)).breaches, []);
  kv.close();
});

Deno.test("reservations: two settlements race, exactly one wins", async () => {
  const { kv, ledger, deposit } = await setup();
  await deposit("1", 100n);
  const acct = user("1", "spot", "USDT");
  await hold(ledger, "r1", [{ op: "reserve", id: "h1", account: acct, amount: 40n }]);
  const results = await Promise.allSettled([
    hold(ledger, "s1", [{ op: "post", id: "h1", account: acct }], [
      { account: house("external", "USDT"), available: 40n },
    ]),
    hold(ledger, "s2", [{ op: "release", id: "h1", account: acct }]),
    hold(ledger, "s3", [{ op: "release", id: "h1", account: acct }]),
  ]);
  assertEquals(results.filter((r) => r.status === "fulfilled").length, 1);
  const b = await ledger.balance(T, acct);
  assert(b.frozen === 0n && (b.available === 60n || b.available === 100n));
  assertEquals((await verifyLedger(kv)).breaches, []);
  kv.close();
});

Deno.test("books: demo money stays in the demo book", async () => {
  const { kv, ledger, deposit } = await setup();
  await deposit("1", 100n);
  const demo = user("1", "contract", "USDT", "demo");
  await ledger.post(T, { key: "mint", request: 1 }, () => ({
    type: "demo",
    ref: "demo:start:1",
    postings: [
      { account: house("mint", "USDT", "demo"), available: -10_000n },
      { account: demo, available: 10_000n },
    ],
    result: () => null,
  }));
  assertEquals((await ledger.balance(T, demo)).available, 10_000n);
  assertEquals((await ledger.balance(T, user("1", "contract", "USDT"))).available, 0n);
  // a journal never spans two books
  await assertRejects(() =>
    ledger.post(T, { key: "cross", request: 1 }, () => ({
      type: "transfer",
      ref: "x",
      postings: [
        { account: demo, available: -5n },
        { account: user("1", "spot", "USDT"), available: 5n },
      ],
      result: () => null,
    }))
  );
  assertEquals((await ledger.lines(T, "1", { limit: 10 })).items.length, 1);
  assertEquals((await ledger.lines(T, "1", { limit: 10 }, "demo")).items.length, 1);
  const r = await verifyLedger(kv);
  assertEquals(r.breaches, []);
  assertEquals([r.books.live.journals, r.books.demo.journals], [1, 1]);
  kv.close();
});

Deno.test("the checker proves frozen = open reservations", async () => {
  const { kv, ledger, deposit } = await setup();
  await deposit("1", 100n);
  const acct = user("1", "spot", "USDT");
  await hold(ledger, "r1", [{ op: "reserve", id: "w1", account: acct, amount: 40n }]);
  assertEquals((await verifyLedger(kv)).breaches, []);
  // test-only: a reservation closed around the ledger leaves frozen money nobody holds
  const r = (await ledger.reservation(T, "w1"))!;
  await kv.set(keys.reservation(T, "w1"), { ...r, released: 40n, state: "closed" });
  const report = await verifyLedger(kv);
  assert(
    report.breaches.some((b) => b.includes("u:1:spot:USDT: frozen 40 != open reservations 0")),
    report.breaches.join("\n"),
  );
  kv.close();
});

Deno.test("the checker catches a deliberately broken posting", async () => {
  const { kv, ledger, deposit } = await setup();
  await deposit("1", 100n);
  // test-only: a journal written around the ledger, and a balance edited directly
  await kv.set(keys.journal(T, "000000000000000-broken"), {
    id: "000000000000000-broken",
    type: "fee",
    ref: "broken",
    idemKey: "broken",
    at: 0,
    postings: [{ account: "u:1:spot:USDT", available: -1n, frozen: 0n }],
  });
  await kv.set(keys.balance(T, "u:2:spot:USDT"), { available: 7n, frozen: 0n });
  const r = await verifyLedger(kv);
  assert(r.breaches.some((b) => b.includes("does not sum to zero")), r.breaches.join("\n"));
  assert(r.breaches.some((b) => b.includes("u:2:spot:USDT: stored 7/0 != journals 0/0")));
  assert(r.breaches.some((b) => b.includes("u:1:spot:USDT: stored")));
  assert(r.breaches.some((b) => b.includes("no fund-flow line")));
  void ledger;
  kv.close();
});

Deno.test("fund-flow lines page newest first with filters", async () => {
  const { kv, ledger, deposit } = await setup();
  for (let i = 0; i < 7; i++) await deposit("1", BigInt(i + 1));
  const page1 = await ledger.lines(T, "1", { limit: 3 });
  assertEquals(page1.items.map((l) => l.available), [7n, 6n, 5n]);
  const page2 = await ledger.lines(T, "1", { limit: 3, cursor: page1.cursor! });
  assertEquals(page2.items.map((l) => l.available), [4n, 3n, 2n]);
  const page3 = await ledger.lines(T, "1", { limit: 3, cursor: page2.cursor! });
  assertEquals(page3.items.map((l) => l.available), [1n]);
  assertEquals(page3.cursor, null);
  assertEquals((await ledger.lines(T, "1", { limit: 10, type: "transfer" })).items, []);
  assertEquals((await ledger.lines(T, "1", { limit: 10, currency: "USDT" })).items.length, 7);
  assertEquals((await ledger.lines(T, "2", { limit: 10 })).items, []);
  kv.close();
});
