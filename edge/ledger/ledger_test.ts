import { assert, assertEquals, assertRejects } from "../../tests/assert.ts";
import { DomainError } from "../platform/errors.ts";
import { house, user } from "./accounts.ts";
import { Ledger } from "./service.ts";
import { keys } from "./store.ts";
import { verifyLedger } from "./verify.ts";

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

Deno.test("holds: freeze, then post or void exactly once", async () => {
  const { kv, ledger, deposit } = await setup();
  await deposit("1", 100n);
  const acct = user("1", "spot", "USDT");
  await ledger.freeze(T, { key: "f1", request: 1 }, {
    id: "h1",
    account: acct,
    amount: 40n,
    type: "withdrawal",
    ref: "w:1",
  }, (h) => h.state);
  assertEquals(await ledger.balance(T, acct), { available: 60n, frozen: 40n });
  await expectError(
    ledger.freeze(T, { key: "f1b", request: 1 }, {
      id: "h2",
      account: acct,
      amount: 61n,
      type: "withdrawal",
      ref: "w:2",
    }, (h) => h.state),
    "INSUFFICIENT_BALANCE",
  );
  // two settlements race: exactly one wins
  const settle = (to: "void" | ReturnType<typeof house>, key: string) =>
    ledger.settle(
      T,
      { key, request: key },
      { holdId: "h1", to, type: "withdrawal" },
      (h) => h.state,
    );
  const results = await Promise.allSettled([
    settle(house("external", "USDT"), "s1"),
    settle("void", "s2"),
    settle("void", "s3"),
  ]);
  assertEquals(results.filter((r) => r.status === "fulfilled").length, 1);
  const b = await ledger.balance(T, acct);
  assert(b.frozen === 0n && (b.available === 60n || b.available === 100n));
  assertEquals((await verifyLedger(kv)).breaches, []);
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
