/**
 * What a customer set for themselves and what the operators decided about them, beside the
 * account (issue 30, sections 4 and 5): loss limits (daily, monthly), a deposit limit, a session
 * reminder, a cooling-off period, self-exclusion and the loss-figure acknowledgements (the
 * professional-client flag is on the user record: the session carries it). One record per customer (`standing`), read together with the session
 * (edge/http/middleware.ts `prefetchPrivate`), so an order's checks cost no round trip of their
 * own.
 *
 * The rules (docs/domain-rules.md, "Limits customers set"):
 * - a stricter value (a lower limit, a limit where there was none, a shorter reminder) holds at
 *   once; a looser one (higher, or none) is stored as pending and holds 24 h later — the customer
 *   sees when; asking again for the value in force drops the pending one;
 * - cooling-off (1 day to 6 weeks) and self-exclusion (6 months to 5 years) only ever extend:
 *   nobody shortens them, the customer, nor an operator (no route or proposal kind does);
 * - the limits count the customer's net results (fast: payout - stake; leveraged: realized P&L -
 *   fees), kept as one entry per settlement under `result` (written blind in the settlement's
 *   commit: no read, no check), and their deposits as credited, under `deposit`.
 */
import { formatDecimal, parseDecimal } from "../../core-wasm/mod.ts";
import {
  COOLING_OFF_DAYS,
  LIMIT_KINDS,
  type LimitKindJson,
  type LimitsBodyJson,
  type LimitsJson,
  type LossProduct,
  SELF_EXCLUSION_MONTHS,
} from "../../contract/limits.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import type { ListRead } from "../platform/kv_round_trips.ts";
import { DomainError } from "../platform/errors.ts";
import { DEMO_USER_PREFIX } from "../ledger/accounts.ts";
import { setBounded } from "../platform/bounded_map.ts";

/** A time in messages: `2026-11-28 00:00 UTC` (the same in every language). */
export const utcMinute = (ms: number) =>
  new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";

export const DAY_MS = 86_400_000;
/** How long a looser limit waits before it holds. */
export const RAISE_DELAY_MS = 24 * 3600_000;
/** The window of the deposit limit. */
export const DEPOSIT_WINDOW_MS = 30 * DAY_MS;

/** Money limits are USDT amounts (bigint, 10^-8); the reminder is minutes. */
export type LimitKind = LimitKindJson;
export { COOLING_OFF_DAYS, LIMIT_KINDS, SELF_EXCLUSION_MONTHS };

/** One limit: the value in force (null: none) and a looser one waiting for its time. */
export interface LimitSetting {
  value: bigint | null;
  pending: { value: bigint | null; from: number } | null;
}

export interface Standing {
  limits: Record<LimitKind, LimitSetting>;
  coolingOffUntil: number | null;
  selfExcludedUntil: number | null;
  /** when the customer acknowledged each product's loss figure (before their first trade) */
  riskAck: Partial<Record<"fast" | "leveraged", number>>;
  updatedAt: number;
}

const NONE: LimitSetting = { value: null, pending: null };
export const EMPTY_STANDING: Standing = {
  limits: { dailyLoss: NONE, monthlyLoss: NONE, deposit: NONE, sessionReminder: NONE },
  coolingOffUntil: null,
  selfExcludedUntil: null,
  riskAck: {},
  updatedAt: 0,
};

export const standingKeys = {
  standing: (t: string, userId: string) => [t, "accounts", "standing", userId],
  /** one net result per settlement: [.., at, ref] = bigint (negative: a loss) */
  results: (t: string, userId: string) => [t, "accounts", "result", userId],
  result: (t: string, userId: string, at: number, ref: string) => [
    t,
    "accounts",
    "result",
    userId,
    at,
    ref,
  ],
  /** one entry per credited deposit: [.., at, ref] = bigint (USDT) */
  deposits: (t: string, userId: string) => [t, "accounts", "deposit", userId],
  deposit: (t: string, userId: string, at: number, ref: string) => [
    t,
    "accounts",
    "deposit",
    userId,
    at,
    ref,
  ],
};

/** The customer's standing record (the empty one when they never set anything). */
export async function readStanding(
  kv: Deno.Kv,
  t: string,
  userId: string,
): Promise<Deno.KvEntryMaybe<Standing>> {
  return await kv.get<Standing>(standingKeys.standing(t, userId));
}

export function standingOf(e: Deno.KvEntryMaybe<Standing>): Standing {
  return e.value ? { ...EMPTY_STANDING, ...e.value } : EMPTY_STANDING;
}

/** The value of a limit in force at `now` (a pending looser one once its time has come). */
export function effective(l: LimitSetting, now: number): bigint | null {
  return l.pending && now >= l.pending.from ? l.pending.value : l.value;
}

/** Whether `a` is at least as strict as `b` (smaller is stricter; none is the loosest). */
const stricter = (a: bigint | null, b: bigint | null) => a !== null && (b === null || a <= b);

/** A limit after the customer asks for `next`: stricter at once, looser in 24 h. */
export function setLimit(cur: LimitSetting, next: bigint | null, now: number): LimitSetting {
  const inForce = effective(cur, now);
  if (next === inForce) return { value: inForce, pending: null };
  if (stricter(next, inForce)) return { value: next, pending: null };
  return { value: inForce, pending: { value: next, from: now + RAISE_DELAY_MS } };
}

/** UTC day start and the next one. */
export function dayWindow(now: number) {
  const from = Math.floor(now / DAY_MS) * DAY_MS;
  return { from, resetsAt: from + DAY_MS };
}

/** UTC calendar month start and the next one. */
export function monthWindow(now: number) {
  const d = new Date(now);
  return {
    from: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
    resetsAt: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
  };
}

/** `months` calendar months after `at` (UTC). */
export function addMonths(at: number, months: number): number {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}

/** The net of results at or after `from` (entries as listed from the customer's results). */
export function netSince(entries: { key: Deno.KvKey; value: bigint }[], from: number): bigint {
  let net = 0n;
  for (const e of entries) if ((e.key.at(-2) as number) >= from) net += e.value;
  return net;
}

/** Refused while a cooling-off period or a self-exclusion runs (orders and deposits). */
export function assertNotExcluded(s: Standing, now: number) {
  if (s.selfExcludedUntil !== null && now < s.selfExcludedUntil) {
    throw new DomainError("SELF_EXCLUDED", { until: utcMinute(s.selfExcludedUntil) }, undefined, {
      until: s.selfExcludedUntil,
    });
  }
  if (s.coolingOffUntil !== null && now < s.coolingOffUntil) {
    throw new DomainError("COOLING_OFF", { until: utcMinute(s.coolingOffUntil) }, undefined, {
      until: s.coolingOffUntil,
    });
  }
}

/**
 * An order whose whole stake or margin (`maxLoss`, with its fee) could be lost must fit in what
 * is left of the daily and monthly loss limits (the net result of the period counts; a gain
 * leaves more room). Refused with the limit and when it resets.
 */
export function assertWithinLossLimits(
  s: Standing,
  results: { key: Deno.KvKey; value: bigint }[],
  maxLoss: bigint,
  now: number,
) {
  const periods = [
    ["dailyLoss", dayWindow(now)],
    ["monthlyLoss", monthWindow(now)],
  ] as const;
  for (const [kind, w] of periods) {
    const limit = effective(s.limits[kind], now);
    if (limit === null) continue;
    const net = netSince(results, w.from);
    const lost = net < 0n ? -net : 0n;
    if (lost + maxLoss > limit) {
      const limitText = formatDecimal(limit);
      const resets = utcMinute(w.resetsAt);
      throw new DomainError(
        kind === "dailyLoss" ? "DAILY_LOSS_LIMIT" : "MONTHLY_LOSS_LIMIT",
        {
          limit: limitText,
          resetsAt: resets,
        },
        undefined,
        { limit: limitText, resetsAt: w.resetsAt },
      );
    }
  }
}

/**
 * Keep one settlement's net result for the customer's loss limits (a blind write in the
 * settlement's own commit: no read, no check; demo accounts keep none).
 */
export function recordResult(
  op: Deno.AtomicOperation,
  t: string,
  userId: string,
  at: number,
  ref: string,
  net: bigint,
) {
  if (userId.startsWith(DEMO_USER_PREFIX)) return;
  op.set(standingKeys.result(t, userId, at, ref), net, { expireIn: RESULT_TTL_MS });
}

/** Results older than the longest window (a calendar month) are of no use to the limits. */
const RESULT_TTL_MS = 40 * DAY_MS;

/** The customer's credited deposits of the last 30 days (prefetched by the pages and recharges). */
export function depositsRead(t: string, userId: string, now: number): ListRead {
  return {
    selector: {
      prefix: standingKeys.deposits(t, userId),
      // from the start of that day (the same list all day: a prefetched read matches the
      // service's); the exact window is counted by the readers
      start: standingKeys.deposit(t, userId, dayWindow(now - DEPOSIT_WINDOW_MS).from, ""),
    },
    options: { batchSize: 500 },
  };
}

/** Keep a credited deposit (USDT value) for the deposit limit, in the credit's own commit. */
export function recordDeposit(
  op: Deno.AtomicOperation,
  t: string,
  userId: string,
  at: number,
  ref: string,
  usdt: bigint,
) {
  op.set(standingKeys.deposit(t, userId, at, ref), usdt, { expireIn: DEPOSIT_WINDOW_MS + DAY_MS });
}

/**
 * A recharge request of `usdt` must fit in what the deposit limit leaves of the last 30 days'
 * credited deposits (refused with the limit and the room left); none during an exclusion.
 */
export function assertDepositAllowed(
  s: Standing,
  deposits: { key: Deno.KvKey; value: bigint }[],
  usdt: bigint,
  now: number,
) {
  assertNotExcluded(s, now);
  const limit = effective(s.limits.deposit, now);
  if (limit === null) return;
  const from = now - DEPOSIT_WINDOW_MS;
  const used = deposits.reduce((a, e) => (e.key.at(-2) as number) >= from ? a + e.value : a, 0n);
  if (used + usdt > limit) {
    const left = limit > used ? limit - used : 0n;
    throw new DomainError(
      "DEPOSIT_LIMIT",
      {
        limit: formatDecimal(limit),
        left: formatDecimal(left),
      },
      undefined,
      { limit: formatDecimal(limit), left: formatDecimal(left) },
    );
  }
}

const limitJson = (l: LimitSetting, now: number) => {
  const value = effective(l, now);
  const pending = l.pending && now < l.pending.from ? l.pending : null;
  return {
    value: value === null ? null : formatDecimal(value),
    pending: pending
      ? {
        value: pending.value === null ? null : formatDecimal(pending.value),
        from: pending.from,
      }
      : null,
  };
};

/** The user centre's limits: set, cool off, exclude oneself, acknowledge a loss figure. */
export class Standings {
  constructor(private kv: Deno.Kv, private now: () => number) {}

  /** What the limits screen shows (its reads prefetched with the session: `reads`). */
  reads(t: string, userId: string): ListRead[] {
    const now = this.now();
    return [resultsListRead(t, userId, now), depositsRead(t, userId, now)];
  }

  /** The customer's record, for every signed-in page (read with the session: no trip). */
  read(t: string, userId: string): Promise<Deno.KvEntryMaybe<Standing>> {
    return readStanding(this.kv, t, userId);
  }

  /** The session reminder in force (whole minutes, stored scaled like money; null: none). */
  reminderMinutes(entry: Deno.KvEntryMaybe<Standing>): number | null {
    const minutes = effective(standingOf(entry).limits.sessionReminder, this.now());
    return minutes === null ? null : Number(minutes / SCALE_ONE);
  }

  /** `known`: the record as the page already read it (a read takes a prefetched entry once). */
  async get(t: string, userId: string, known?: Deno.KvEntryMaybe<Standing>): Promise<LimitsJson> {
    const now = this.now();
    const [rr, dr] = this.reads(t, userId);
    const [entry, results, deposits] = await Promise.all([
      known?.key.at(-1) === userId ? known : readStanding(this.kv, t, userId),
      Array.fromAsync(this.kv.list<bigint>(rr!.selector, rr!.options)),
      Array.fromAsync(this.kv.list<bigint>(dr!.selector, dr!.options)),
    ]);
    return standingJson(standingOf(entry), now, {
      dayNet: netSince(results, dayWindow(now).from),
      monthNet: netSince(results, monthWindow(now).from),
      deposits30d: netSince(deposits, now - DEPOSIT_WINDOW_MS),
    });
  }

  /** Change the record (read, change, commit under its versionstamp) and reply with it. */
  private async change(t: string, userId: string, f: (s: Standing, now: number) => Standing) {
    for await (const _attempt of commitAttempts()) {
      const entry = await readStanding(this.kv, t, userId);
      const now = this.now();
      const next = { ...f(standingOf(entry), now), updatedAt: now };
      if ((await this.kv.atomic().check(entry).set(entry.key, next).commit()).ok) {
        noteLossLimited(this.kv, t, userId, lossLimited(next, now));
        return await this.get(t, userId);
      }
    }
    throw storeBusy();
  }

  /** Lowering a limit holds at once; raising or removing one 24 h later. */
  set(t: string, userId: string, body: LimitsBodyJson) {
    return this.change(t, userId, (s, now) => {
      const limits = { ...s.limits };
      for (const k of LIMIT_KINDS) {
        const v = body[k];
        if (v === undefined) continue;
        const next = v === null
          ? null
          : k === "sessionReminder"
          ? BigInt(v as number) * SCALE_ONE
          : parseDecimal(String(v), { maxDecimals: 2 });
        limits[k] = setLimit(s.limits[k], next, now);
      }
      return { ...s, limits };
    });
  }

  /** A cooling-off period from now: it only ever extends (nobody shortens it). */
  coolOff(t: string, userId: string, days: number) {
    if (!(days >= COOLING_OFF_DAYS.min && days <= COOLING_OFF_DAYS.max)) {
      throw new DomainError("VALIDATION", {}, { days: "coolingOffBounds" });
    }
    return this.change(t, userId, (s, now) => ({
      ...s,
      coolingOffUntil: Math.max(s.coolingOffUntil ?? 0, now + days * DAY_MS),
    }));
  }

  /** Self-exclusion from now: it only ever extends; no operator action lifts it early. */
  selfExclude(t: string, userId: string, months: number) {
    if (!(months >= SELF_EXCLUSION_MONTHS.min && months <= SELF_EXCLUSION_MONTHS.max)) {
      throw new DomainError("VALIDATION", {}, { months: "selfExclusionBounds" });
    }
    return this.change(t, userId, (s, now) => ({
      ...s,
      selfExcludedUntil: Math.max(s.selfExcludedUntil ?? 0, addMonths(now, months)),
    }));
  }

  /** The customer read a product's loss figure before their first trade of it (kept: the first time). */
  acknowledge(t: string, userId: string, product: LossProduct) {
    return this.change(t, userId, (s, now) => ({
      ...s,
      riskAck: { ...s.riskAck, [product]: s.riskAck[product] ?? now },
    }));
  }
}

/** Minutes are kept as whole units in the same bigint fixed point as the amounts. */
const SCALE_ONE = 100_000_000n;

/** Whether a loss limit (daily or monthly) is in force at `now`: an order reads the results. */
export function lossLimited(s: Standing, now: number): boolean {
  return effective(s.limits.dailyLoss, now) !== null ||
    effective(s.limits.monthlyLoss, now) !== null;
}

/**
 * Whether each customer had a loss limit when this instance last read their record: a hint
 * only, which decides whether an order starts reading the month's results with its session
 * (most customers set none, and the list grows with every settled trade). The record read with
 * the session decides; a wrong hint costs one read after it. One map per instance (by its store
 * handle); bounded: the oldest leaves first.
 */
const limitedHints = new WeakMap<Deno.Kv, Map<string, boolean>>();
const LIMITED_HINTS = 20_000;

/** The hint for the customer on this instance (undefined: not seen here yet). */
export function lossLimitHint(kv: Deno.Kv, t: string, userId: string): boolean | undefined {
  return limitedHints.get(kv)?.get(`${t}|${userId}`);
}

/** Keep what the customer's record said (`lossLimited`) for their next order here. */
export function noteLossLimited(kv: Deno.Kv, t: string, userId: string, limited: boolean) {
  let hints = limitedHints.get(kv);
  if (!hints) limitedHints.set(kv, hints = new Map());
  const k = `${t}|${userId}`;
  if (hints.get(k) !== limited) setBounded(hints, k, limited, LIMITED_HINTS);
}

/** The customer's results of this month (the list the loss limits read). */
export function resultsListRead(t: string, userId: string, now: number): ListRead {
  return {
    selector: {
      prefix: standingKeys.results(t, userId),
      start: standingKeys.result(t, userId, monthWindow(now).from, ""),
    },
    options: { batchSize: 500 },
  };
}

export function standingJson(
  s: Standing,
  now: number,
  usage: { dayNet: bigint; monthNet: bigint; deposits30d: bigint },
): LimitsJson {
  return {
    dailyLoss: limitJson(s.limits.dailyLoss, now),
    monthlyLoss: limitJson(s.limits.monthlyLoss, now),
    deposit: limitJson(s.limits.deposit, now),
    sessionReminder: limitJson(s.limits.sessionReminder, now),
    coolingOffUntil: s.coolingOffUntil !== null && s.coolingOffUntil > now
      ? s.coolingOffUntil
      : null,
    selfExcludedUntil: s.selfExcludedUntil !== null && s.selfExcludedUntil > now
      ? s.selfExcludedUntil
      : null,
    riskAck: { fast: s.riskAck.fast ?? null, leveraged: s.riskAck.leveraged ?? null },
    usage: {
      dayNet: formatDecimal(usage.dayNet),
      monthNet: formatDecimal(usage.monthNet),
      deposits30d: formatDecimal(usage.deposits30d),
    },
  };
}
