/**
 * The public tape as anyone reads it (`GET /api/tape/{symbol}`: the ticks by sequence number, the
 * hash before the first, the head), without a round trip to the write region (issue 26, the
 * round-trip budget):
 *
 * - **The head is this instance's.** Every instance knows each symbol's chain head in memory
 *   (the writer's own, a follower's kept fresh by the tape and head watches, edge/market/tape.ts
 *   `pull`), at most the follow interval behind the stored one. That is safe: the tape is an
 *   append-only hash chain, so a range up to a slightly older head is a prefix of the same chain,
 *   and a verifier after newer ticks asks again from where it stopped. A symbol with nothing
 *   known here (seq 0) asks the store.
 * - **Ticks come from a nearby replica.** A stored tick and its sequence index never change
 *   (retention only deletes old ones), so a replica's copy is the tick. When the replica lacks
 *   one up to the head known here (ticks a moment old, or archived ones), the store answers as
 *   before (`Tape.range`, `Tape.hashAt`). Ticks past the head known here are taken as far as the
 *   replica has them.
 */
import type { Tape } from "./tape.ts";
import { marketKeys } from "./store.ts";
import type { SeqTick } from "./stored_tape.ts";

export interface TapeRangeQuery {
  from?: number;
  to?: number;
  limit: number;
}

/** A tick as stored (edge/market/tape.ts). */
interface Stored {
  price: bigint;
  qty: bigint;
  seq?: number;
  hash?: string;
}

const NEAR = { consistency: "eventual" } as const;

/**
 * The ticks a query asks for, the chain hash before the first, and the head they end under;
 * `kv`: the store the tape is kept in.
 */
export async function publicRange(kv: Deno.Kv, tape: Tape, symbol: string, q: TapeRangeQuery) {
  const known = tape.chainHead(symbol);
  const head = known.seq ? known : await tape.storedHead(symbol);
  const from = q.from ?? Math.max(1, head.seq - q.limit + 1);
  const to = Math.min(q.to ?? head.seq, from + q.limit - 1);
  if (to < from) return { items: [], prevHash: null, head: headOf(head) };
  // every tick up to the head known here is stored: the replica must have those
  const expected = Math.max(0, Math.min(to, head.seq) - from + 1);
  const [near, before] = await Promise.all([
    nearRange(kv, symbol, from, to, q.limit),
    from === 1 ? tape.hashAt(symbol, 0) : nearHash(kv, symbol, from - 1),
  ]);
  const whole = near.length >= expected &&
    near.slice(0, expected).every((t, i) => t.seq === from + i);
  const items = whole ? near : await tape.range(symbol, from, to, q.limit);
  const first = items[0];
  const prevHash = !first
    ? null
    : whole && before !== null
    ? before
    : await tape.hashAt(symbol, first.seq - 1);
  return { items, prevHash, head: headOf(head) };
}

const headOf = (h: { seq: number; time: number | null; hash: string }) => ({
  seq: h.seq,
  time: h.time,
  hash: h.hash,
});

/** Ticks [from, to] as the replica has them: the sequence index, then the ticks together. */
async function nearRange(kv: Deno.Kv, symbol: string, from: number, to: number, limit: number) {
  const at: [number, number][] = [];
  const index = kv.list<[number, number]>(
    { start: marketKeys.seq(symbol, from), end: marketKeys.seq(symbol, to + 1) },
    { limit, batchSize: Math.min(limit, 500), ...NEAR },
  );
  for await (const e of index) at.push(e.value);
  const batches = [];
  for (let i = 0; i < at.length; i += 10) {
    const keys = at.slice(i, i + 10).map(([time, n]) => marketKeys.tick(symbol, time, n));
    batches.push(kv.getMany<Stored[]>(keys, NEAR));
  }
  const out: SeqTick[] = [];
  (await Promise.all(batches)).flat().forEach((e, j) => {
    const v = e.value;
    if (v?.seq === undefined || !v.hash) return;
    out.push({ seq: v.seq, time: at[j]![0], price: v.price, qty: v.qty, hash: v.hash });
  });
  return out;
}

/** The chain hash after tick `seq` as the replica has it (null: not there). */
async function nearHash(kv: Deno.Kv, symbol: string, seq: number): Promise<string | null> {
  const at = (await kv.get<[number, number]>(marketKeys.seq(symbol, seq), NEAR)).value;
  if (!at) return null;
  const v = (await kv.get<Stored>(marketKeys.tick(symbol, at[0], at[1]), NEAR)).value;
  return v?.seq === seq && v.hash ? v.hash : null;
}
