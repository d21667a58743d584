/**
 * The withdrawal turnover rule: trading volume since the last deposit must reach a configured
 * fraction (default 100%) of the deposits. Each customer has a monotonic volume counter (USDT
 * units, a KV `sum` added in the same commit as each trade, so trades never conflict on it) and a
 * requirement record rebased at every credited deposit:
 *   required' = remaining + ratio x deposit, baseline' = volume now,
 *   remaining = max(0, required - (volume - baseline)).
 */
import { mulDiv, SCALE } from "../../core-wasm/mod.ts";
import { turnoverKeys } from "./store.ts";

export interface TurnoverRecord {
  /** USDT units that must be traded after `baseline` */
  required: bigint;
  /** the volume counter when the requirement was last rebased */
  baseline: bigint;
  updatedAt: number;
}

/** Count `usdt` units of trading volume for a customer (inside the trade's own commit). */
export function addVolume(op: Deno.AtomicOperation, t: string, userId: string, usdt: bigint) {
  if (usdt > 0n) op.sum(turnoverKeys.volume(t, userId), usdt);
}

export interface TurnoverState {
  required: bigint;
  traded: bigint;
  remaining: bigint;
  /** read entries, for a versionstamp check when rebasing */
  entries: { requirement: Deno.KvEntryMaybe<TurnoverRecord>; volume: bigint };
}

/** What the turnover state is read from: the requirement and the volume counter. */
export function turnoverReads(t: string, userId: string): [Deno.KvKey, Deno.KvKey] {
  return [turnoverKeys.requirement(t, userId), turnoverKeys.volume(t, userId)];
}

export async function turnoverState(kv: Deno.Kv, t: string, userId: string) {
  const [req, vol] = await kv.getMany<[TurnoverRecord, Deno.KvU64]>(turnoverReads(t, userId));
  return turnoverOf(req, vol);
}

/** The turnover state of the entries read at `turnoverReads` (with a request's other reads). */
export function turnoverOf(
  req: Deno.KvEntryMaybe<TurnoverRecord>,
  vol: Deno.KvEntryMaybe<Deno.KvU64>,
): TurnoverState {
  const volume = vol.value?.value ?? 0n;
  const r = req.value ?? { required: 0n, baseline: 0n, updatedAt: 0 };
  const traded = volume - r.baseline;
  const remaining = r.required > traded ? r.required - traded : 0n;
  return {
    required: r.required,
    traded,
    remaining,
    entries: { requirement: req, volume },
  } satisfies TurnoverState;
}

/** The requirement after a deposit worth `depositUsdt` (written with the deposit's journal). */
export function rebased(
  s: TurnoverState,
  depositUsdt: bigint,
  ratio: bigint,
  at: number,
): TurnoverRecord {
  return {
    required: s.remaining + mulDiv(depositUsdt, ratio, SCALE, "up"),
    baseline: s.entries.volume,
    updatedAt: at,
  };
}
