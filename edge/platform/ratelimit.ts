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
 * A guesser elsewhere fills only their own (account, source) window, so the owner signing in from
 * another place is not locked out.
 */
export interface SignInLimits {
  perIp: Limit;
  perAccountSource: Limit;
  perAccount: Limit;
}

export type SignInGate =
  | { locked: true; retryAfterMs: number }
  | {
    locked: false;
    /**
     * The (account, source) window is full: only a correct password with a valid second factor
     * may pass (the caller checks both and otherwise answers as locked, revealing nothing).
     */
    sourceLocked: boolean;
    retryAfterMs: number;
    /** After a successful sign-in: restart this source's window, return the account-wide slot. */
    succeeded(): Promise<void>;
    /** The attempt was no failure (the first of two steps): give back the slots it took. */
    refund(): Promise<void>;
  };

/**
 * Take the sign-in slots for one attempt, each before the attempt runs (no races past a limit).
 * `withSecondFactor`: the attempt carries a second-factor code, so it may pass a full (account,
 * source) window; without one such an attempt stops there, before the account-wide slot is taken.
 */
export async function signInGate(
  kv: Deno.Kv,
  rateKey: (what: string, who: string) => Deno.KvKey,
  account: string,
  ip: string,
  limits: SignInLimits,
  now: number,
  withSecondFactor: boolean,
): Promise<SignInGate> {
  const perIp = await take(kv, rateKey("login-ip", ip), limits.perIp, now);
  if (!perIp.allowed) return { locked: true, retryAfterMs: perIp.retryAfterMs };
  const sourceKey = [...rateKey("login-acct-src", account), ip];
  const source = await take(kv, sourceKey, limits.perAccountSource, now);
  if (!source.allowed && !withSecondFactor) {
    return { locked: true, retryAfterMs: source.retryAfterMs };
  }
  const accountKey = rateKey("login-acct", account);
  const perAccount = await take(kv, accountKey, limits.perAccount, now);
  if (!perAccount.allowed) return { locked: true, retryAfterMs: perAccount.retryAfterMs };
  return {
    locked: false,
    sourceLocked: !source.allowed,
    retryAfterMs: source.retryAfterMs,
    async succeeded() {
      await reset(kv, sourceKey, limits.perAccountSource, now);
      await giveBack(kv, accountKey, limits.perAccount, now);
    },
    async refund() {
      await giveBack(kv, sourceKey, limits.perAccountSource, now);
      await giveBack(kv, accountKey, limits.perAccount, now);
    },
  };
}
