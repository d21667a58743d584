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
 *   (retention only deletes old ones), so a replica's copy is the tick; when the replica has fewer
 *   than the range holds (ticks a moment old, or archived ones), the range is read strongly (one
 *   round trips: the index, then the ticks' batches together). Ticks past the head known here are
 *   taken as far as the replica has them.
 */
import type { SeqTick, Tape } from "./tape.ts";

export interface TapeRangeQuery {
  from?: number;
  to?: number;
  limit: number;
}

/** The ticks a query asks for, the chain hash before the first, and the head they end under. */
export async function publicRange(tape: Tape, symbol: string, q: TapeRangeQuery) {
  const known = tape.chainHead(symbol);
  const head = known.seq ? known : await tape.storedHead(symbol);
  const from = q.from ?? Math.max(1, head.seq - q.limit + 1);
  const to = Math.min(q.to ?? head.seq, from + q.limit - 1);
  // every tick up to the head known here is stored: the replica must have those
  const expected = Math.max(0, Math.min(to, head.seq) - from + 1);
  const items = to >= from ? await ticks(tape, symbol, from, to, q.limit, expected) : [];
  const first = items[0];
  const prevHash = first
    ? await tape.hashAt(symbol, first.seq - 1, "eventual") ??
      await tape.hashAt(symbol, first.seq - 1)
    : null;
  return { items, prevHash, head: { seq: head.seq, time: head.time, hash: head.hash } };
}

/**
 * Ticks [from, to] from the replica, or from the store when the replica has fewer than the
 * `expected` first ones (a strong read: the index, then the ticks together).
 */
async function ticks(
  tape: Tape,
  symbol: string,
  from: number,
  to: number,
  limit: number,
  expected: number,
) {
  const near: SeqTick[] = await tape.range(symbol, from, to, limit, "eventual");
  const whole = near.length >= expected &&
    near.slice(0, expected).every((t, i) => t.seq === from + i);
  return whole ? near : await tape.range(symbol, from, to, limit);
}
