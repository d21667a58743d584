/**
 * Fixed-window counters in KV, taken atomically (versionstamp check, retry on conflict), so that
 * concurrent requests can never slip past a limit: every attempt takes a slot before it runs.
 */
import { DomainError } from "./errors.ts";
import { commitAttempts } from "./kv_contention.ts";

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
 * and a successful sign-in takes no slot, so successes never count (`SignInWindows`).
 */
export interface SignInLimits {
  perIp: Limit;
  perAccountSource: Limit;
  perAccount: Limit;
}

/** A sign-in's three windows over one length: `max` attempts allowed in each. */
export function signInLimits(
  windowMs: number,
  max: { perIp: number; perAccountSource: number; perAccount: number },
): SignInLimits {
  return {
    perIp: { max: max.perIp, windowMs },
    perAccountSource: { max: max.perAccountSource, windowMs },
    perAccount: { max: max.perAccount, windowMs },
  };
}

/** What an attempt turned out to be, as the sign-in windows count it. */
export type SignInOutcome =
  /** a guess that failed (or was refused while locked): it takes a slot in each window with room */
  | "failure"
  /** signed in: takes nothing and restarts this source's window for the account */
  | "success"
  /** no failure (the right password, first of two steps; a locked account told so): takes nothing */
  | "none";

/**
 * The sign-in windows of one attempt: per source, per (account, source), per account. Far from
 * the store an attempt reads its windows with everything else it needs (one round trip: `keys`)
 * and writes its slots in the commit that records the outcome (`into`), which checks every window
 * as read: attempts racing on a window are ordered by their commits, and one that lost re-reads
 * and decides again, so no attempt passes a full window, as when each took its slot first.
 */
export class SignInWindows {
  readonly windows: { key: Deno.KvKey; limit: Limit; start: number }[];

  constructor(
    rateKey: (what: string, who: string) => Deno.KvKey,
    account: string,
    ip: string,
    limits: SignInLimits,
    readonly now: number,
  ) {
    this.windows = ([
      [rateKey("login-ip", ip), limits.perIp],
      [[...rateKey("login-acct-src", account), ip], limits.perAccountSource],
      [rateKey("login-acct", account), limits.perAccount],
    ] as [Deno.KvKey, Limit][]).map(([key, limit]) => {
      const start = now - (now % limit.windowMs);
      return { key: [...key, start], limit, start };
    });
  }

  /** The counters to read with the attempt's other reads. */
  get keys(): Deno.KvKey[] {
    return this.windows.map((w) => w.key);
  }

  /**
   * From the counters read (in `keys` order): null when every window has room, else the time
   * until the first full one reopens (the attempt may then pass only by one of the owner's
   * paths: the caller checks them and otherwise answers as locked, revealing nothing).
   */
  lockedForMs(read: Deno.KvEntryMaybe<number>[]): number | null {
    const full = this.windows.findIndex((w, i) => (read[i]!.value ?? 0) >= w.limit.max);
    if (full < 0) return null;
    const w = this.windows[full]!;
    return w.start + w.limit.windowMs - this.now;
  }

  /**
   * Into the attempt's commit: a check of every window as read, and the outcome's writes. A
   * failure takes a slot in each window up to the first full one (an attempt stopped at its
   * source takes nothing from the account); a success restarts this source's window.
   */
  into(op: Deno.AtomicOperation, read: Deno.KvEntryMaybe<number>[], outcome: SignInOutcome) {
    this.windows.forEach((_, i) => op.check(read[i]!));
    if (outcome === "success") op.delete(this.windows[1]!.key);
    if (outcome !== "failure") return op;
    for (const [i, w] of this.windows.entries()) {
      const count = read[i]!.value ?? 0;
      if (count >= w.limit.max) break;
      op.set(w.key, count + 1, { expireIn: w.limit.windowMs + 1000 });
    }
    return op;
  }
}
