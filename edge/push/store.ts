/**
 * The push store: each customer's subscriptions in one record (at most MAX_PUSH_SUBSCRIPTIONS,
 * about 1 KB each), so a delivery is one read and a change one versionstamped commit; and which
 * customer owns an endpoint, so a browser handed from one account to another stops receiving the
 * first one's pushes when the second subscribes.
 */
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import { MAX_PUSH_SUBSCRIPTIONS } from "../../contract/push.ts";

export interface PushRecord {
  /** sha-256 of the endpoint (hex, 32 digits) */
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: number;
}

export const pushKeys = {
  subscriptions: (t: string, userId: string) => [t, "push", "subscriptions", userId],
  owner: (t: string, id: string) => [t, "push", "owner", id],
};

export async function endpointId(endpoint: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(endpoint));
  return Array.from(new Uint8Array(d).slice(0, 16), (b) => b.toString(16).padStart(2, "0"))
    .join("");
}

export async function subscriptionsOf(kv: Deno.Kv, t: string, userId: string) {
  return (await kv.get<PushRecord[]>(pushKeys.subscriptions(t, userId))).value ?? [];
}

/**
 * Store `rec` for `userId` (the same endpoint again: its keys replaced). A full list loses its
 * oldest; an endpoint another customer held leaves their list. Returns how many devices remain.
 */
export async function addSubscription(kv: Deno.Kv, t: string, userId: string, rec: PushRecord) {
  for await (const _ of commitAttempts()) {
    const [mine, owner] = await kv.getMany<[PushRecord[], string]>([
      pushKeys.subscriptions(t, userId),
      pushKeys.owner(t, rec.id),
    ]);
    const op = kv.atomic().check(mine, owner);
    const before = owner.value;
    let other: Deno.KvEntryMaybe<PushRecord[]> | null = null;
    if (before && before !== userId) {
      other = await kv.get<PushRecord[]>(pushKeys.subscriptions(t, before));
      op.check(other);
      const rest = (other.value ?? []).filter((s) => s.id !== rec.id);
      rest.length ? op.set(other.key, rest) : op.delete(other.key);
    }
    const list = [...(mine.value ?? []).filter((s) => s.id !== rec.id), rec]
      .sort((a, b) => a.createdAt - b.createdAt);
    const dropped = list.splice(0, Math.max(0, list.length - MAX_PUSH_SUBSCRIPTIONS));
    for (const d of dropped) op.delete(pushKeys.owner(t, d.id));
    op.set(mine.key, list).set(owner.key, userId);
    if ((await op.commit()).ok) return list.length;
  }
  throw storeBusy();
}

/** Remove the customer's subscriptions with these ids; false when none was theirs. */
export async function removeSubscriptions(
  kv: Deno.Kv,
  t: string,
  userId: string,
  ids: readonly string[],
): Promise<boolean> {
  for await (const _ of commitAttempts()) {
    const mine = await kv.get<PushRecord[]>(pushKeys.subscriptions(t, userId));
    const list = mine.value ?? [];
    const rest = list.filter((s) => !ids.includes(s.id));
    if (rest.length === list.length) return false;
    const op = kv.atomic().check(mine);
    rest.length ? op.set(mine.key, rest) : op.delete(mine.key);
    for (const s of list) if (ids.includes(s.id)) op.delete(pushKeys.owner(t, s.id));
    if ((await op.commit()).ok) return true;
  }
  throw storeBusy();
}
