import { assert, assertEquals } from "../../tests/assert.ts";
import { Ledger } from "../ledger/service.ts";
import { keys as ledgerKeys } from "../ledger/store.ts";
import { type AccountRef, house, user } from "../ledger/accounts.ts";
import { customerMoneyMovedSince, epochJson, Liabilities } from "./service.ts";
import { checkProof } from "../../contract/liabilities_check.ts";
import { sha256Hex } from "../../contract/liabilities_tree.ts";

const T = "t";

Deno.test("liabilities service: a tree above one chunk (stored upper levels, many buckets)", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const N = 3000; // 4096 leaves: 16 leaf chunks, levels 8.. stored
    let op = kv.atomic();
    for (let i = 0; i < N; i++) {
      op.set(ledgerKeys.balance(T, `u:${500 + i}:spot:USDT`), {
        available: BigInt(i),
        frozen: 1n,
      });
      op.set(ledgerKeys.balance(T, `demo:u:D${i}:spot:USDT`), { available: 5n, frozen: 0n });
      if (i % 200 === 199) {
        await op.commit();
        op = kv.atomic();
      }
    }
    await op.commit();
    const pol = new Liabilities(kv, new Ledger(kv), () => Date.UTC(2026, 10, 25, 0, 0, 5));
    const r = await pol.runDue(T);
    assert(r?.built);
    const e = r!.record;
    // 3000 customers x 2 shares: two halves of 4096 leaves
    assertEquals([e.epoch, e.leaves, e.customers, e.shares], ["2026-11-25", 8192, N, 2]);
    assertEquals(e.totals.USDT, BigInt(N * (N - 1) / 2 + N));
    assert(e.buckets >= 1);
    for (const i of [0, 1, 255, 256, 1234, 2047, 2999]) {
      const p = await pol.proof(T, String(500 + i));
      assertEquals(p.shares.map((s) => s.path.length), [13, 13]);
      assertEquals(p.balances.USDT, String(i + 1));
      const v = await checkProof(sha256Hex, String(500 + i), p, { ...epochJson(e) });
      assert(v.ok, `customer ${i}`);
    }
    // the salt is the same on every request and differs between customers
    assertEquals((await pol.proof(T, "500")).salt, (await pol.proof(T, "500")).salt);
    assert((await pol.proof(T, "500")).salt !== (await pol.proof(T, "501")).salt);
    await assertRejectsWith(() => pol.proof(T, "D1"), "POL_NOT_INCLUDED");
    await assertRejectsWith(() => pol.proof(T, "99999999"), "POL_NOT_INCLUDED");
  } finally {
    kv.close();
  }
});

async function assertRejectsWith(f: () => Promise<unknown>, error: string) {
  try {
    await f();
  } catch (e) {
    assertEquals((e as { error?: string }).error, error);
    return;
  }
  throw new Error(`expected ${error}`);
}

Deno.test("liabilities service: customer money moved since a time (live customers only)", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    let now = Date.UTC(2026, 10, 25);
    const ledger = new Ledger(kv, () => now);
    const move = async (key: string, account: AccountRef, from: AccountRef) =>
      await ledger.post(T, { key, request: key }, () => ({
        type: "deposit",
        ref: key,
        postings: [{ account: from, available: -5n }, { account, available: 5n }],
        result: () => null,
      }));
    await move("a", user("1", "spot", "USDT"), house("external", "USDT"));
    assert(await customerMoneyMovedSince(kv, T, now - 1));
    now += 60_000;
    assert(!(await customerMoneyMovedSince(kv, T, now - 1)));
    // the demo book and house-only journals do not count
    await move("b", user("D1", "spot", "USDT"), house("mint", "USDT", "demo"));
    await move("c", house("yield", "USDT"), house("external", "USDT"));
    assert(!(await customerMoneyMovedSince(kv, T, now - 1)));
    now += 1;
    await move("d", user("2", "contract", "USDT"), house("external", "USDT"));
    assert(await customerMoneyMovedSince(kv, T, now - 1));
  } finally {
    kv.close();
  }
});
