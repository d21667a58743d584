/**
 * The ledger's posting path against the raw Deno KV atomic-commit rate, same run, same store
 * (a local SQLite file, as in production without a remote KV). `deno task bench`.
 */
import { house, user } from "../edge/ledger/accounts.ts";
import { Ledger } from "../edge/ledger/service.ts";
import { transfer } from "../edge/funds/transfer.ts";

const dir = await Deno.makeTempDir();
const kv = await Deno.openKv(`${dir}/bench.kv`);
const ledger = new Ledger(kv);
const T = "bench";
let n = 0;

// opening balance through a journal
await ledger.post(T, { key: "open", request: 1 }, () => ({
  type: "deposit",
  ref: "open",
  postings: [
    { account: house("external", "USDT"), available: -(10n ** 17n) },
    { account: user("1", "spot", "USDT"), available: 10n ** 17n },
  ],
  result: () => null,
}));

Deno.bench(
  "raw KV atomic commit (2 checked balance writes)",
  { group: "commit", baseline: true },
  async () => {
    const a = ["raw", "bal", "a"], b = ["raw", "bal", "b"];
    const [ea, eb] = await kv.getMany<bigint[]>([a, b]);
    const r = await kv.atomic().check(ea!, eb!).set(a, (ea!.value ?? 0n) - 1n).set(
      b,
      (eb!.value ?? 0n) + 1n,
    )
      .commit();
    if (!r.ok) throw new Error("conflict");
  },
);

Deno.bench("ledger transfer (journal, 2 balances, 2 lines, idempotency record)", {
  group: "commit",
}, async () => {
  await transfer(ledger, T, "1", {
    from: n % 2 ? "contract" : "spot",
    to: n % 2 ? "spot" : "contract",
    currency: "USDT",
    amount: 1n,
  }, `bench-${n++}`);
});

Deno.bench("ledger replay of a used idempotency key", { group: "replay" }, async () => {
  await transfer(
    ledger,
    T,
    "1",
    { from: "spot", to: "contract", currency: "USDT", amount: 1n },
    "bench-0",
  );
});

globalThis.addEventListener("unload", () => {
  kv.close();
  Deno.removeSync(dir, { recursive: true });
});
