/**
 * Refused privileged attempts, on the audit log: an operator who tries what the rules forbid
 * (approving their own proposal, a related operator's approval, raising the four-eyes threshold
 * without a proposal, a section their roles do not open) leaves an entry saying who tried what
 * and why it was refused. Auditors look for those attempts: a refusal that leaves no trace
 * hides the probing of a compromised or dishonest account.
 *
 * The entry is written in the refused request itself (before its reply), on its own (nothing
 * else is committed by a refused request). It is bounded per operator (`REFUSALS_AUDITED` per
 * window): the last entry of a spent window says so, and the window's further refusals are
 * not written, so a script hammering a forbidden endpoint cannot flood the chain.
 */
import { auditAlone } from "../audit/audit.ts";
import { type Limit, take } from "../platform/ratelimit.ts";
import type { Actor } from "../audit/audit.ts";

/** Refusals audited per operator and window (a person makes a few; a script many). */
export const REFUSALS_AUDITED: Limit = { max: 20, windowMs: 10 * 60_000 };

/** The action of a refusal's entry (the audit log's filter finds them all under it). */
export const REFUSED_ACTION = "refused";

/** The error ids that are a refusal of a privileged attempt (not a mistake in the input). */
export const REFUSALS: ReadonlySet<string> = new Set([
  "PROPOSAL_NOT_OWN",
  "FORBIDDEN",
  "PROPOSAL_OWN",
  "PROPOSAL_RELATED",
  "OPERATOR_SELF",
  "FOUR_EYES_REQUIRED",
]);

/** A console path's record: `/api/admin/proposals/P1/approve` -> `proposal:P1`. */
export function refusalTarget(method: string, path: string): string {
  const m =
    /^\/api\/admin\/(recharges|withdrawals|certifications|proposals|operators)\/([\w-]{1,64})(?:\/|$)/
      .exec(path);
  if (m && m[2] !== "login") return `${m[1]!.replace(/s$/, "")}:${m[2]}`;
  return `request:${method} ${path.slice(0, 200)}`;
}

/**
 * Audit one refused attempt (`why`: the error id), unless the operator's window is spent.
 * Returns whether an entry was written.
 */
export async function auditRefusal(
  kv: Deno.Kv,
  t: string,
  by: Actor,
  attempt: { method: string; path: string; why: string },
  now: number,
): Promise<boolean> {
  const slot = await take(kv, [t, "operators", "refusals", by.operator], REFUSALS_AUDITED, now);
  if (!slot.allowed) return false;
  await auditAlone(kv, t, {
    at: now,
    operator: by.operator,
    action: REFUSED_ACTION,
    target: refusalTarget(attempt.method, attempt.path),
    before: null,
    after: {
      why: attempt.why,
      request: `${attempt.method} ${attempt.path.slice(0, 200)}`,
      // the last one audited in this window says so (later ones are not written)
      ...(slot.count === REFUSALS_AUDITED.max ? { lastInWindow: true } : {}),
    },
    ip: by.ip,
  });
  return true;
}
