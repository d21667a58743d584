/**
 * Seeded randomized ledger simulation: >= 10,000 mixed operations (deposits, withdrawal holds
 * posted or voided, transfers, fees, trading P&L, yield payouts) from 40 concurrent virtual
 * users, with injected faults (commits that throw before or after committing, operations
 * delivered twice, retries after an unknown outcome). After every step the touched accounts
 * must equal an independent model; every 500 steps and at the end the full checker runs.
 * Replay a run with SIM_SEED=<seed>.
 */
import { assert, assertEquals } from "../assert.ts";
import {
  accountId,
  type AccountRef,
  type Currency,
  house,
  user,
} from "../../edge/ledger/accounts.ts";
import { Ledger } from "../../edge/ledger/service.ts";
import type { Balance } from "../../edge/ledger/store.ts";
import { formatReport, verifyLedger } from "../../edge/ledger/verify.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { FaultyKv, InjectedFault } from "./faulty_kv.ts";
import { mulberry32 } from "../../edge/market/feeds/simulated.ts";

const T = "sim";
const OPS = Number(Deno.env.get("SIM_OPS") ?? 10_000);

const uniform = (seed: number) => {
  const next = mulberry32(seed);
  return () => next() / 4294967296;
};

interface Op {
  key: string;
  kind: string;
  /** Balance changes the model applies once the operation succeeds. */
  deltas: [AccountRef, bigint, bigint][];
  run: (ledger: Ledger) => Promise<{ replay: boolean }>;
  holdId?: string;
}

async function simulate(seed: number) {
  const rnd = uniform(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <X>(xs: readonly X[]) => xs[int(xs.length)]!;
  const real = await Deno.openKv(":memory:");
  const kv = new FaultyKv(real, () => {
    const r = rnd();
    return r < 0.02 ? "before" : r < 0.04 ? "after" : null;
  });
  const ledger = new Ledger(kv as unknown as Deno.Kv);
  const model = new Map<string, Balance>();
  const applied = new Set<string>();
  const holds: { id: string; account: AccountRef; amount: bigint }[] = [];
  const done: Op[] = [];
  const users = Array.from({ length: 40 }, (_, i) => `v${i + 1}`);
  const currencies: Currency[] = ["USDT", "BTC", "ETH"];
  let n = 0;
  let refused = 0, replays = 0, retries = 0;

  const post = (op: Omit<Op, "run" | "key">, type: string): Op => {
    const key = `${op.kind}-${n++}`;
    return {
      ...op,
      key,
      run: (l) =>
        l.post(T, {
          key,
          request: op.deltas.map(([a, x, y]) => [accountId(a), String(x), String(y)]),
        }, () => ({
          type,
          ref: key,
          postings: op.deltas.map(([account, available, frozen]) => ({
            account,
            available,
            frozen,
          })),
          result: (j) => ({ journalId: j.id }),
        })),
    };
  };

  const makeOp = (): Op => {
    const u = pick(users);
    const amount = BigInt(1 + int(1_000_000_000));
    switch (
      pick([
        "deposit",
        "deposit",
        "transfer",
        "transfer",
        "fee",
        "pnl",
        "payout",
        "hold",
        "settle",
        "settle",
        "duplicate",
      ])
    ) {
      case "deposit": {
        const c = pick(currencies);
        return post({
          kind: "deposit",
          deltas: [[house("external", c), -amount, 0n], [user(u, "spot", c), amount, 0n]],
        }, "deposit");
      }
      case "transfer": {
        const [a, b] = rnd() < 0.5 ? ["spot", "contract"] as const : ["contract", "spot"] as const;
        return post({
          kind: "transfer",
          deltas: [[user(u, a, "USDT"), -amount, 0n], [user(u, b, "USDT"), amount, 0n]],
        }, "transfer");
      }
      case "fee":
        return post({
          kind: "fee",
          deltas: [[user(u, "contract", "USDT"), -amount / 100n - 1n, 0n], [
            house("fees", "USDT"),
            amount / 100n + 1n,
            0n,
          ]],
        }, "fee");
      case "pnl": {
        const win = rnd() < 0.5 ? 1n : -1n;
        return post({
          kind: "pnl",
          deltas: [[user(u, "contract", "USDT"), win * amount, 0n], [
            house("pnl", "USDT"),
            -win * amount,
            0n,
          ]],
        }, "contract");
      }
      case "payout":
        return post({
          kind: "payout",
          deltas: [[house("yield", "USDT"), -amount, 0n], [user(u, "spot", "USDT"), amount, 0n]],
        }, "wealth");
      case "hold": {
        const c = pick(currencies);
        const id = `h${n}`;
        const key = `hold-${n++}`;
        const account = user(u, "spot", c);
        return {
          key,
          kind: "hold",
          holdId: id,
          deltas: [[account, -amount, amount]],
          run: (l) =>
            l.freeze(
              T,
              { key, request: id },
              { id, account, amount, type: "withdrawal", ref: id },
              () => id,
            ),
        };
      }
      case "settle": {
        const h = holds.length ? holds[int(holds.length)]! : null;
        if (!h) return makeOp();
        const key = `settle-${n++}`;
        const toExternal = rnd() < 0.5;
        const c = (h.account as { currency: Currency }).currency;
        return {
          key,
          kind: "settle",
          deltas: toExternal
            ? [[h.account, 0n, -h.amount], [house("external", c), h.amount, 0n]]
            : [[h.account, h.amount, -h.amount]],
          run: (l) =>
            l.settle(T, { key, request: [h.id, toExternal] }, {
              holdId: h.id,
              to: toExternal ? house("external", c) : "void",
              type: "withdrawal",
            }, () => h.id),
        };
      }
      default: {
        // an operation delivered twice: same key, same request
        return done.length ? done[int(done.length)]! : makeOp();
      }
    }
  };

  const exec = async (op: Op) => {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        const r = await op.run(ledger);
        if (r.replay) replays++;
        if (!applied.has(op.key)) {
          applied.add(op.key);
          for (const [a, av, fr] of op.deltas) {
            const id = accountId(a);
            const b = model.get(id) ?? { available: 0n, frozen: 0n };
            model.set(id, { available: b.available + av, frozen: b.frozen + fr });
          }
          if (op.holdId) {
            holds.push({ id: op.holdId, account: op.deltas[0]![0], amount: op.deltas[0]![2] });
          }
          done.push(op);
        }
        return;
      } catch (e) {
        if (e instanceof InjectedFault) {
          retries++;
          continue; // unknown outcome or failed commit: retry with the same key
        }
        if (e instanceof DomainError) {
          refused++;
          return;
        }
        throw e;
      }
    }
    throw new Error(`operation ${op.key} never went through`);
  };

  let ops = 0;
  let step = 0;
  while (ops < OPS) {
    step++;
    const batch = Array.from({ length: 1 + int(8) }, makeOp);
    ops += batch.length;
    await Promise.all(batch.map(exec));
    // after every step: the touched accounts equal the model, no customer balance negative
    const touched = [...new Set(batch.flatMap((o) => o.deltas.map(([a]) => a)))];
    const stored = await ledger.balances(T, touched);
    for (const a of touched) {
      const id = accountId(a);
      const want = model.get(id) ?? { available: 0n, frozen: 0n };
      assertEquals(stored.get(id), want, `seed ${seed} step ${step}: ${id}`);
      if ("user" in a) assert(want.available >= 0n && want.frozen >= 0n, `negative ${id}`);
    }
    if (step % 500 === 0) {
      const report = await verifyLedger(real);
      assertEquals(report.breaches, [], formatReport(report));
    }
  }
  const report = await verifyLedger(real);
  assertEquals(report.breaches, [], formatReport(report));
  // the model itself conserves money: every currency sums to zero over all accounts
  const sums = new Map<string, bigint>();
  for (const [id, b] of model) {
    const c = id.split(":").pop()!;
    sums.set(c, (sums.get(c) ?? 0n) + b.available + b.frozen);
  }
  for (const [, s] of sums) assertEquals(s, 0n);
  real.close();
  return { ops, step, refused, replays, retries, faults: kv.faults, journals: report.journals };
}

const seeds = Deno.env.get("SIM_SEED") ? [Number(Deno.env.get("SIM_SEED"))] : [1, 20261121, 777];
for (const seed of seeds) {
  Deno.test(`ledger simulation, seed ${seed} (replay: SIM_SEED=${seed})`, async () => {
    const r = await simulate(seed);
    console.log(
      `seed ${seed}: ${r.ops} ops in ${r.step} steps, ${r.journals} journals, ${r.refused} refused, ` +
        `${r.replays} replays, ${r.retries} retries, faults ${JSON.stringify(r.faults)}`,
    );
    assert(r.ops >= OPS && r.faults.before > 0 && r.faults.after > 0 && r.replays > 0);
  });
}
