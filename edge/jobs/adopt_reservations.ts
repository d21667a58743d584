/**
 * First start after the reservations release: every open record that holds money (fast
 * contracts, pending orders and positions, spot limit orders, withdrawals under review) gets its
 * reservation (see edge/ledger/adopt.ts). Runs at start, after seeding, under a job lease; a
 * tenant is adopted once (a marker), so later starts only read the marker.
 */
import type { Job } from "./scheduler.ts";
import { user } from "../ledger/accounts.ts";
import { adoptHolds, type LegacyHold } from "../ledger/adopt.ts";
import { reservationIds } from "../ledger/reservations.ts";
import { type FastOrder } from "../trading/fast.ts";
import { type Position } from "../trading/contracts.ts";
import { type SpotOrder } from "../trading/spot.ts";
import { type Withdrawal } from "../funds/withdraw.ts";
import { fastKeys, posKeys, spotKeys } from "../trading/store.ts";
import { withdrawKeys } from "../funds/store.ts";

async function* legacyHolds(kv: Deno.Kv, t: string): AsyncIterable<LegacyHold> {
  for await (const e of kv.list({ prefix: fastKeys.openPrefix(t) })) {
    const id = String(e.key[e.key.length - 1]);
    const owner = await kv.get<FastOrder>(fastKeys.order(t, id));
    const o = owner.value;
    if (!o || o.status !== "open") continue;
    yield {
      owner,
      id: reservationIds.fast(id),
      account: user(o.userId, "contract", "USDT"),
      amount: o.stake,
      ref: `fast:${id}`,
    };
  }
  for await (const e of kv.list({ prefix: posKeys.openPrefix(t) })) {
    const id = String(e.key[e.key.length - 1]);
    const owner = await kv.get<Position>(posKeys.pos(t, id));
    const p = owner.value;
    if (!p || (p.status !== "pending" && p.status !== "holding")) continue;
    yield {
      owner,
      id: p.status === "pending" ? reservationIds.contractOrder(id) : reservationIds.position(id),
      account: user(p.userId, "contract", "USDT"),
      amount: p.status === "pending" ? p.margin + p.openFee : p.margin,
      ref: `contract:${id}`,
    };
  }
  for await (const e of kv.list({ prefix: spotKeys.openPrefix(t) })) {
    const id = String(e.key[e.key.length - 1]);
    const owner = await kv.get<SpotOrder>(spotKeys.order(t, id));
    const o = owner.value;
    if (!o || o.status !== "open") continue;
    yield {
      owner,
      id: reservationIds.spot(id),
      account: user(o.userId, "spot", o.side === "buy" ? "USDT" : o.base),
      amount: o.held,
      ref: `spot:${id}`,
    };
  }
  for (const status of ["auditing", "withdrawing", "frozen"] as const) {
    for await (const e of kv.list({ prefix: withdrawKeys.byStatusPrefix(t, status) })) {
      const id = String(e.key[e.key.length - 1]);
      const owner = await kv.get<Withdrawal>(withdrawKeys.withdrawal(t, id));
      const w = owner.value;
      if (!w || w.status !== status) continue;
      yield {
        owner,
        id: reservationIds.withdrawal(id),
        account: user(w.userId, "spot", w.currency),
        amount: w.amount,
        ref: `withdrawal:${id}`,
      };
    }
  }
}

/** The start-up job: before the engine and the holding fee touch a reservation. */
export const adoptReservationsJob = (
  kv: Deno.Kv,
  tenants: string[],
  now: () => number,
): Job => ({
  name: "adopt-reservations",
  run: () => adoptReservations(kv, tenants, now),
  atStart: "first",
  leased: { waitMs: 120_000 },
});

/** Adopt every tenant's held money (once; a no-op on a store that has been adopted). */
export async function adoptReservations(kv: Deno.Kv, tenants: string[], now: () => number) {
  let created = 0;
  for (const t of tenants) created += await adoptHolds(kv, t, () => legacyHolds(kv, t), now);
  if (created) console.log(`[adopt] ${created} held amounts now owned by reservations`);
  return created;
}
