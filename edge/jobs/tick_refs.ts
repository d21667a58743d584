/**
 * Migration (at start, one instance): settlement records made before the tape was a chain name
 * their ticks by time and price only; their ticks' sequence numbers are looked up on the stored
 * tape (the tick of that millisecond with that price, or for a limit fill the millisecond's last
 * tick) and written onto the record, checked against the record's version. Records whose ticks
 * are no longer stored stay as they are (the verifier counts them as from before the chain).
 */
import type { Deps } from "../http/context.ts";
import type { FastOrder, TickRef } from "../trading/fast.ts";
import type { Position } from "../trading/positions.ts";
import type { SpotOrder } from "../trading/spot.ts";
import { saveFast, savePosition, saveSpot } from "../trading/store.ts";
import type { Job } from "./scheduler.ts";

type Stored = { price: bigint; seq?: number };

async function seqOf(kv: Deno.Kv, symbol: string, ref: TickRef, exact: boolean) {
  let last: number | undefined;
  for await (const e of kv.list<Stored>({ prefix: ["market", "tick", symbol, ref.time] })) {
    if (e.value.seq === undefined) continue;
    if (e.value.price === ref.price) return e.value.seq;
    last = e.value.seq;
  }
  return exact ? undefined : last;
}

async function withSeq(kv: Deno.Kv, symbol: string, ref: TickRef | null, exact = true) {
  if (!ref || ref.seq) return ref;
  const seq = await seqOf(kv, symbol, ref, exact);
  return seq ? { ...ref, seq } : ref;
}

export async function migrateTickRefs(deps: Deps) {
  const kv = deps.kv;
  // the tape's own migration first (jobs may start before the market loads the tape)
  await deps.market.tape.ensureChain(deps.market.symbols.map((s) => s.code));
  let updated = 0;
  let missed = 0;
  // the record and the customer's index entry that carries it (edge/trading/store.ts)
  const save = async <T extends { id: string; userId: string }>(
    e: Deno.KvEntry<T>,
    next: T,
    changed: boolean,
    write: (op: Deno.AtomicOperation, t: string, record: T) => void,
  ) => {
    if (!changed) return;
    const op = kv.atomic().check(e);
    write(op, e.key[0] as string, next);
    if ((await op.commit()).ok) updated++;
    else missed++; // the record moved meanwhile: the next start tries again
  };
  for (const t of deps.tenants.byId.keys()) {
    // once per tenant: records made since carry their sequence numbers
    const done = [t, "trading", "tickRefsMigrated"];
    if ((await kv.get(done)).value) continue;
    for await (const e of kv.list<FastOrder>({ prefix: [t, "trading", "fast"] })) {
      const o = e.value;
      if (o.entry.seq && (!o.exit || o.exit.seq)) continue;
      const entry = (await withSeq(kv, o.symbol, o.entry))!;
      const exit = await withSeq(kv, o.symbol, o.exit);
      await save(e, { ...o, entry, exit }, entry !== o.entry || exit !== o.exit, saveFast);
    }
    for await (const e of kv.list<Position>({ prefix: [t, "trading", "pos"] })) {
      const p = e.value;
      if (p.entry.seq && (!p.closeTick || p.closeTick.seq)) continue;
      // a limit order's entry price is its limit: the fill's millisecond names the tick
      const entry = (await withSeq(kv, p.symbol, p.entry, false))!;
      const closeTick = await withSeq(kv, p.symbol, p.closeTick);
      const changed = entry !== p.entry || closeTick !== p.closeTick;
      await save(e, { ...p, entry, closeTick }, changed, savePosition);
    }
    for await (const e of kv.list<SpotOrder>({ prefix: [t, "trading", "spot"] })) {
      const o = e.value;
      if (!o.fill || o.fill.seq) continue;
      const fill = await withSeq(kv, o.symbol, o.fill, o.type === "market");
      await save(e, { ...o, fill }, fill !== o.fill, saveSpot);
    }
    if (!missed) await kv.set(done, true);
  }
  return updated;
}

export const tickRefsJob = (deps: Deps): Job => ({
  name: "tick-refs",
  run: () => migrateTickRefs(deps),
  atStart: true,
  leased: {},
});
