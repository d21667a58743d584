/**
 * Adoption of money held before reservations existed: a store written by an earlier version has
 * frozen balances owned by open records (and withdrawal `hold` records) but no reservation
 * records. Each such hold becomes an open reservation of what the record holds, written in one
 * commit with a check on the owning record (a record that changes meanwhile is read again), no
 * balance moves (the money is frozen already). Idempotent: a reservation that exists is left
 * alone; a marker per tenant says the store was adopted.
 */
import { accountId, type AccountRef } from "./accounts.ts";
import type { Reservation } from "./reservations.ts";
import { keys } from "./store.ts";

export interface LegacyHold {
  /** the owning record as read: checked unchanged at the commit */
  owner: Deno.KvEntryMaybe<unknown>;
  id: string;
  account: AccountRef;
  amount: bigint;
  ref: string;
}

const marker = (t: string) => [t, "ledger", "adopted", "reservations"];
/** withdrawal holds of the first funds version, replaced by reservations */
const legacyHoldKey = (t: string, id: string) => [t, "ledger", "hold", id];

export async function adopted(kv: Deno.Kv, t: string): Promise<boolean> {
  return (await kv.get(marker(t))).value !== null;
}

/**
 * Adopt the holds `scan` finds (read again on a conflict). `now`: the reservations' time.
 * Returns how many reservations were created.
 */
export async function adoptHolds(
  kv: Deno.Kv,
  t: string,
  scan: () => AsyncIterable<LegacyHold>,
  now: () => number,
): Promise<number> {
  if (await adopted(kv, t)) return 0;
  let created = 0;
  for (let pass = 0; pass < 5; pass++) {
    let conflicts = 0;
    for await (const h of scan()) {
      if (h.amount <= 0n) continue;
      const key = keys.reservation(t, h.id);
      const r: Reservation = {
        id: h.id,
        account: accountId(h.account),
        owner: h.ref,
        amount: h.amount,
        posted: 0n,
        released: 0n,
        state: "open",
        at: now(),
        closedAt: null,
      };
      const res = await kv.atomic().check(h.owner).check({ key, versionstamp: null }).set(key, r)
        .commit();
      if (res.ok) created++;
      else if ((await kv.get(key)).versionstamp === null) conflicts++;
    }
    if (conflicts === 0) break;
  }
  // the first version's withdrawal holds are replaced by the reservations
  for await (const e of kv.list({ prefix: [t, "ledger", "hold"] })) {
    await kv.delete(legacyHoldKey(t, String(e.key[3])));
  }
  await kv.set(marker(t), now());
  return created;
}
