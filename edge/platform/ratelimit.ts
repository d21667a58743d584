/**
 * Fixed-window counters in KV, taken atomically (versionstamp check, retry on conflict), so that
 * concurrent requests can never slip past a limit: every attempt takes a slot before it runs.
 */
import { DomainError } from "./errors.ts";
import { commitAttempts } from "./kvstore.ts";

/** The "locked, try again in N minutes" refusal of a throttle (429 with Retry-After). */
export function locked(retryAfterMs: number): DomainError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new DomainError("LOCKED", { minutes }, undefined, {
    retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
  });
}

export interface Limit {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

export interface Take {
  allowed: boolean;
  count: number;
  retryAfterMs: number;
}

export async function take(
  kv: Deno.Kv,
  key: Deno.KvKey,
  limit: Limit,
  now = Date.now(),
): Promise<Take> {
  const windowStart = now - (now % limit.windowMs);
  const k = [...key, windowStart];
  for await (const _attempt of commitAttempts(50)) {
    const cur = await kv.get<number>(k);
    const count = (cur.value ?? 0) + 1;
    const retryAfterMs = windowStart + limit.windowMs - now;
    if (count > limit.max) return { allowed: false, count: count - 1, retryAfterMs };
    const res = await kv.atomic().check(cur).set(k, count, { expireIn: limit.windowMs + 1000 })
      .commit();
    if (res.ok) return { allowed: true, count, retryAfterMs };
  }
  // Heavy contention on one counter: refuse (fail closed) rather than error.
  return { allowed: false, count: limit.max, retryAfterMs: 1000 };
}

/** Forget the current window (after a successful login the failed-attempt counter restarts). */
export async function reset(kv: Deno.Kv, key: Deno.KvKey, limit: Limit, now = Date.now()) {
  await kv.delete([...key, now - (now % limit.windowMs)]);
}

/**
 * Return a slot taken by an attempt that turned out legitimate (a correct password), so only
 * failures use up the window; the slot was held while the attempt ran, so races cannot exceed it.
 */
export async function giveBack(kv: Deno.Kv, key: Deno.KvKey, limit: Limit, now = Date.now()) {
  const k = [...key, now - (now % limit.windowMs)];
  for await (const _attempt of commitAttempts(50)) {
    const cur = await kv.get<number>(k);
    if (!cur.value) return;
    const res = await kv.atomic().check(cur).set(k, cur.value - 1, {
      expireIn: limit.windowMs + 1000,
    }).commit();
    if (res.ok) return;
  }
}

/**
 * Sign-in limits: a cap per source IP (all accounts), a cap per account *and* source (the lock a
 * guesser runs into), and a higher cap per account across all sources (distributed guessing).
 * They slow guessers; they never lock the owner out: a full window only narrows who may pass to
 * the owner's own paths (the caller decides which: a valid second-factor code, a known device),
 * and a successful sign-in gives back every slot it took, so successes never count.
 */
export interface SignInLimits {
  perIp: Limit;
  perAccountSource: Limit;
  perAccount: Limit;
}

export interface SignInGate {
  /**
   * null: every window had room. Otherwise the time until the full window reopens: the attempt
   * may pass only by one of the owner's paths (the caller checks them and otherwise answers as
   * locked, revealing nothing).
   */
  lockedForMs: number | null;
  /** After a successful sign-in: give back every slot taken, restart this source's window. */
  succeeded(): Promise<void>;
  /** The attempt was no failure (the first of two steps): give back the slots it took. */
  refund(): Promise<void>;
}

/**
 * Take the sign-in slots for one attempt, each before the attempt runs (no races past a limit):
 * per source, per (account, source), per account, stopping at the first full window (an attempt
 * stopped at its source takes nothing from the account).
 */
export async function signInGate(
  kv: Deno.Kv,
  rateKey: (what: string, who: string) => Deno.KvKey,
  account: string,
  ip: string,
  limits: SignInLimits,
  now: number,
): Promise<SignInGate> {
  const windows: [Deno.KvKey, Limit][] = [
    [rateKey("login-ip", ip), limits.perIp],
    [[...rateKey("login-acct-src", account), ip], limits.perAccountSource],
    [rateKey("login-acct", account), limits.perAccount],
  ];
  const taken: [Deno.KvKey, Limit][] = [];
  let lockedForMs: number | null = null;
  for (const [key, limit] of windows) {
    const slot = await take(kv, key, limit, now);
    if (!slot.allowed) {
      lockedForMs = slot.retryAfterMs;
      break;
    }
    taken.push([key, limit]);
  }
  const giveAllBack = async () => {
    for (const [key, limit] of taken) await giveBack(kv, key, limit, now);
  };
  return {
    lockedForMs,
    async succeeded() {
      await giveAllBack();
      const [sourceKey, sourceLimit] = windows[1]!;
      await reset(kv, sourceKey, sourceLimit, now);
    },
    refund: giveAllBack,
  };
}
