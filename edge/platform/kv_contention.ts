/**
 * Contention on the store (edge/platform/kvstore.ts): which failures mean "busy, try again" (SQLite
 * locked, a transient remote failure), the refusal when it stays busy (503 STORE_BUSY, never a
 * 500), how long a busy store is retried, and the attempts of an optimistic read-check-commit
 * loop with their jittered pauses. Apart from the handle so services take their conflict loop's
 * attempts without the wrapper's machinery.
 */
import { DomainError } from "./errors.ts";
import { instruments } from "./telemetry.ts";

/** SQLite busy/locked: nothing was written, always safe to retry. */
const LOCKED = /database (table )?is (locked|busy)|SQLITE_BUSY|SQLITE_LOCKED/i;
/** Transient remote KV failures the KV Connect client does not retry itself. */
const TRANSIENT =
  /KV Connect failed to (read|decode)|Unspecified (read|write) error|(Reads|Writes) are disabled|Strong consistency reads are not available|KV Connect failed to call .*status=(408|429)\b/i;

/** "locked": the store refused before writing; "transient": a remote call may or may not have applied. */
export type BusyKind = "locked" | "transient";

export function busyKind(e: unknown): BusyKind | null {
  if (!(e instanceof Error) || e instanceof DomainError) return null;
  if (LOCKED.test(e.message)) return "locked";
  if (TRANSIENT.test(e.message)) return "transient";
  return null;
}

/** A store failure that means "busy, try again" (mapped to 503 STORE_BUSY, never 500). */
export function isBusyError(e: unknown): boolean {
  return busyKind(e) !== null || (e instanceof DomainError && e.error === "STORE_BUSY");
}

/** The refusal when the store stays busy: 503, "the service is busy, please try again". */
export function storeBusy(cause?: unknown): DomainError {
  const e = new DomainError("STORE_BUSY", {}, undefined, { retryAfterSeconds: 1 });
  if (cause !== undefined) e.cause = cause;
  return e;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Pause before conflict attempt `n` (n >= 1): about 1 ms, doubling, capped at 50 ms, jittered. */
export function conflictPause(n: number, random = Math.random): number {
  const d = Math.min(50, 2 ** (n - 1));
  return d / 2 + random() * d / 2;
}

/**
 * Attempts of an optimistic read-check-commit loop: yields 0, 1, 2 ... `max - 1`, pausing
 * `conflictPause` before every attempt after the first so competing requests and instances stop
 * colliding. The caller says what running out means (usually `throw storeBusy()`).
 */
export async function* commitAttempts(max = 10): AsyncGenerator<number, void, void> {
  for (let n = 0; n < max; n++) {
    if (n > 0) {
      instruments.conflictRetries.add(1);
      await sleep(conflictPause(n));
    }
    yield n;
  }
}

/** How long a busy store is retried. */
export interface BusyPolicy {
  /** Give up (503) when the next pause would end after this many ms since the first try. */
  budgetMs: number;
  /** First pause bound (ms); doubles per retry up to `capMs`; each pause is uniform in [1, bound]. */
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BUSY_POLICY: BusyPolicy = { budgetMs: 2500, baseMs: 2, capMs: 250 };
