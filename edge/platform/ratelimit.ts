/**
 * Fixed-window counters in KV, taken atomically (versionstamp check, retry on conflict), so that
 * concurrent requests can never slip past a limit: every attempt takes a slot before it runs.
 */
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
  for (let attempt = 0; attempt < 50; attempt++) {
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
  for (let attempt = 0; attempt < 50; attempt++) {
    const cur = await kv.get<number>(k);
    if (!cur.value) return;
    const res = await kv.atomic().check(cur).set(k, cur.value - 1, {
      expireIn: limit.windowMs + 1000,
    }).commit();
    if (res.ok) return;
  }
}
