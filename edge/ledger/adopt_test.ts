import { assertEquals } from "../../tests/assert.ts";
import { accountId, house, user } from "./accounts.ts";
import { adoptHolds } from "./adopt.ts";
import { Ledger } from "./service.ts";
import { keys } from "./store.ts";
import { verifyLedger } from "./invariants.ts";

const T = "demo";

Deno.test("money held before reservations existed is adopted once, and the checker agrees", async () => {
  const kv = await Deno.openKv(":memory:");
  const ledger = new Ledger(kv);
  const acct = user("1", "contract", "USDT");
  await ledger.post(T, { key: "d", request: 1 }, () => ({
    type: "deposit",
    ref: "d",
    postings: [{ account: house("external", "USDT"), available: -100n }, {
      account: acct,
      available: 100n,
    }],
    result: () => null,
  }));
  // an earlier version's order: 30 moved to frozen by a journal, no reservation record
  const j = {
    id: "000000000000001-000000-legacy",
    book: "live" as const,
    type: "fast" as const,
    ref: "fast:o1",
    idemKey: "legacy",
    at: 1,
    postings: [{ account: accountId(acct), available: -30n, frozen: 30n }],
  };
  await kv.atomic().set(keys.journal(T, j.id), j).set(keys.balance(T, accountId(acct)), {
    available: 70n,
    frozen: 30n,
  }).set(keys.line(T, "live", "1", j.id, 0), {}).set(["order", "o1"], { open: true }).commit();
  assertEquals((await verifyLedger(kv)).breaches.length, 1); // frozen 30 != reservations 0
  const scan = async function* () {
    yield {
      owner: await kv.get(["order", "o1"]),
      id: "fast:o1",
      account: acct,
      amount: 30n,
      ref: "fast:o1",
    };
  };
  assertEquals(await adoptHolds(kv, T, scan, () => 5), 1);
  assertEquals(await adoptHolds(kv, T, scan, () => 6), 0);
  assertEquals((await verifyLedger(kv)).breaches, []);
  assertEquals(await ledger.reserved(T, "fast:o1"), 30n);
  kv.close();
});
