/**
 * Known devices: a browser or app where the customer signed in before. A successful sign-in
 * hands the client a long-lived random device token (an HttpOnly cookie; API clients may send it
 * back in a header); the store keeps only its SHA-256 with first and last use. A known device is
 * the one thing a guesser elsewhere cannot have, so a correct password from it passes every
 * sign-in limit (guessers are slowed, the owner is never locked out), and only it is shown the
 * customer's anti-phishing word on the sign-in page.
 */
import { randomToken, sha256Hex } from "./passwords.ts";
import { type DeviceRecord, keys } from "./store.ts";

/** A device unused this long is forgotten (browsers keep a cookie at most 400 days). */
export const DEVICE_TTL_MS = 400 * 24 * 3600_000;
/** The devices remembered per customer; a new one beyond it replaces the longest unused. */
const DEVICES_PER_USER = 20;

export class Devices {
  constructor(private d: { kv: Deno.Kv; now: () => number }) {}

  /** The stored entry of a device token (any customer's), or null when it names none. */
  async entry(t: string, token: string | null | undefined) {
    if (!token || token.length > 128) return null;
    const e = await this.d.kv.get<DeviceRecord>(keys.device(t, await sha256Hex(token)));
    return e.value ? e : null;
  }

  /** Whether the token is a known device of this customer's. */
  async known(t: string, userId: string, token: string | null | undefined) {
    return (await this.entry(t, token))?.value.userId === userId;
  }

  /**
   * After a successful sign-in: the token of this device, the one the client sent when it is
   * already this customer's (its last use moves), else a new one (the caller hands it out).
   */
  async remember(t: string, userId: string, token: string | null | undefined): Promise<string> {
    const op = this.d.kv.atomic();
    const next = await this.rememberInto(op, t, userId, token, await this.entry(t, token));
    await op.commit();
    if (next !== token) await this.prune(t, userId);
    return next;
  }

  /** The key of a device token's entry (read with a sign-in's other reads), or null. */
  async keyOf(t: string, token: string | null | undefined): Promise<Deno.KvKey | null> {
    return token && token.length <= 128 ? keys.device(t, await sha256Hex(token)) : null;
  }

  /**
   * `remember` into a sign-in's commit, from the device's entry as read (`held`, null when the
   * client sent none): returns the token to hand out. A new device calls for a `prune` after.
   */
  async rememberInto(
    op: Deno.AtomicOperation,
    t: string,
    userId: string,
    token: string | null | undefined,
    held: Deno.KvEntryMaybe<DeviceRecord> | null,
  ): Promise<string> {
    const now = this.d.now();
    const mine = held?.value?.userId === userId ? token! : null;
    const next = mine ?? randomToken();
    const tokenHash = await sha256Hex(next);
    const rec: DeviceRecord = {
      userId,
      firstUsedAt: mine ? held!.value!.firstUsedAt : now,
      lastUsedAt: now,
    };
    op.set(keys.device(t, tokenHash), rec, { expireIn: DEVICE_TTL_MS })
      .set(keys.userDevice(t, userId, tokenHash), now, { expireIn: DEVICE_TTL_MS });
    return next;
  }

  /** Keep the customer's most recently used devices only. */
  async prune(t: string, userId: string) {
    const all: Deno.KvEntry<number>[] = [];
    for await (const e of this.d.kv.list<number>({ prefix: keys.userDevices(t, userId) })) {
      all.push(e);
    }
    if (all.length <= DEVICES_PER_USER) return;
    all.sort((a, b) => b.value - a.value);
    for (const e of all.slice(DEVICES_PER_USER)) {
      const tokenHash = e.key[e.key.length - 1] as string;
      // a device used meanwhile (its entry moved) stays
      await this.d.kv.atomic().check(e).delete(e.key).delete(keys.device(t, tokenHash)).commit();
    }
  }
}
