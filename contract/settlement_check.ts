/**
 * The verifier of one settlement against the public tape, pure and shared by the Verify island
 * (in the browser) and the tests: it fetches the ticks around the ones the order used, recomputes
 * every fetched tick's hash from its predecessor (contract/chain.ts), checks the stored ticks
 * are the tape's, re-derives the exit (a fast contract's: the last tick at or before expiry, a
 * later one existing) and recomputes the outcome with the pricing core. Findings are locale keys
 * with parameters; the island words them.
 */
import {
  fee,
  formatDecimal,
  parseDecimal,
  settleFast,
  trigger,
  unrealizedPnl,
} from "../core-wasm/mod.ts";
import { genesisHash, tickHash } from "./chain.ts";
import type { TapeItem } from "./market.ts";
import type {
  FastSettlementJson,
  PositionSettlementJson,
  SettlementJson,
  SettlementTickJson,
} from "./settlements.ts";

export type { TapeItem };

/** Reads the tape from `from` to `to` (sequence numbers, inclusive), at most 1000 per call. */
export type TapeReader = (from: number, to: number) => Promise<TapeItem[]>;

/** ok: checked and holds; bad: checked and differs; note: what was not (or could not be) checked */
export interface Finding {
  level: "ok" | "bad" | "note";
  key: string;
  params: Record<string, string | number>;
}

export type Verdict = "verified" | "mismatch" | "unrecorded";

export interface Report {
  verdict: Verdict;
  findings: Finding[];
  /** ticks whose hash was recomputed */
  hashed: number;
}

/** Ticks fetched between two used ticks at most (more: the windows around each, and a note). */
export const MAX_SPAN = 10_000;
const PAGE = 1000;

/** Every tick from `from` to `to` the tape has (paged by 1000). */
async function range(read: TapeReader, from: number, to: number): Promise<TapeItem[]> {
  const out: TapeItem[] = [];
  let next = from;
  while (next <= to) {
    const last = Math.min(to, next + PAGE - 1);
    const page = (await read(next, last)).filter((t) => t.seq >= next && t.seq <= last);
    out.push(...page);
    if (!page.length) {
      // nothing from here: later ones may still exist (a gap is reported by the chain walk)
      next = last + 1;
      continue;
    }
    next = page[page.length - 1]!.seq + 1;
  }
  return out;
}

/** Check the chain over `items` (one contiguous window, ascending). */
function walk(symbol: string, items: TapeItem[], findings: Finding[]): number {
  if (!items.length) return 0;
  // the window's first tick anchors it (its published hash), unless the window starts the chain
  let prev: { seq: number; hash: string; time: number } = items[0]!.seq === 1
    ? { seq: 0, hash: genesisHash(symbol), time: 0 }
    : items[0]!;
  const rest = items[0]!.seq === 1 ? items : items.slice(1);
  let hashed = 0;
  for (const t of rest) {
    if (t.seq !== prev.seq + 1) {
      findings.push({
        level: "bad",
        key: "verify.f.gap",
        params: { from: prev.seq + 1, to: t.seq - 1 },
      });
      return hashed;
    }
    let h: string;
    try {
      h = tickHash(prev.hash, t.seq, t.time, parseDecimal(t.price), parseDecimal(t.qty));
    } catch {
      h = "";
    }
    if (h !== t.hash || t.time < prev.time) {
      findings.push({
        level: "bad",
        key: "verify.f.hash",
        params: { seq: t.seq, expected: h || "-", found: t.hash },
      });
      return hashed;
    }
    hashed++;
    prev = t;
  }
  const first = items[0]!.seq;
  findings.push({
    level: "ok",
    key: first === 1 ? "verify.f.chainGenesis" : "verify.f.chain",
    params: { from: first, to: items[items.length - 1]!.seq, n: hashed },
  });
  return hashed;
}

/** Fetch and chain-check the ticks around `a` and `b` (sequence numbers, a <= b). */
async function fetchAround(
  symbol: string,
  read: TapeReader,
  a: number,
  b: number,
  findings: Finding[],
) {
  const from = Math.max(1, a - 1), to = b + 1;
  const windows: [number, number][] = to - from + 1 <= MAX_SPAN
    ? [[from, to]]
    : [[from, a + 1], [Math.max(1, b - 1), to]];
  if (windows.length > 1) {
    findings.push({
      level: "note",
      key: "verify.f.windows",
      params: { n: b - a - 1, from: a + 2, to: b - 2 },
    });
  }
  const ticks = new Map<number, TapeItem>();
  let hashed = 0;
  for (const [x, y] of windows) {
    const items = await range(read, x, y);
    hashed += walk(symbol, items, findings);
    for (const t of items) ticks.set(t.seq, t);
  }
  return { ticks, hashed };
}

/** The stored tick `s` against the tape's tick of the same number. */
function sameTick(
  label: string,
  s: SettlementTickJson,
  tape: TapeItem | undefined,
  findings: Finding[],
  priceRule?: (tape: bigint, stored: bigint) => boolean,
): TapeItem | null {
  const seq = s.seq!;
  if (!tape) {
    findings.push({ level: "bad", key: "verify.f.missing", params: { label, seq } });
    return null;
  }
  const stored = parseDecimal(s.price), got = parseDecimal(tape.price);
  if (tape.time !== s.time) {
    findings.push({
      level: "bad",
      key: "verify.f.tickDiffers",
      params: { label, seq, field: "time", stored: s.time, tape: tape.time },
    });
    return null;
  }
  if (stored !== got) {
    if (priceRule?.(got, stored)) {
      findings.push({
        level: "ok",
        key: "verify.f.limitFill",
        params: { label, seq, price: s.price, tape: tape.price },
      });
      return tape;
    }
    findings.push({
      level: "bad",
      key: "verify.f.tickDiffers",
      params: { label, seq, field: "price", stored: s.price, tape: tape.price },
    });
    return null;
  }
  findings.push({ level: "ok", key: "verify.f.tick", params: { label, seq } });
  return tape;
}

function verdictOf(findings: Finding[], hashed: number): Report {
  return {
    verdict: findings.some((f) => f.level === "bad") ? "mismatch" : "verified",
    findings,
    hashed,
  };
}

async function verifyFast(s: FastSettlementJson, read: TapeReader): Promise<Report> {
  const findings: Finding[] = [];
  const { entry, exit } = s.ticks;
  const d = formatDecimal;
  if (s.outcome.result === "refund" || !exit) {
    // no exit tick: the stake comes back whole (a refund follows from the tape's silence)
    const ok = s.outcome.result === "refund" && !exit && s.outcome.payout === s.terms.stake;
    findings.push({
      level: ok ? "ok" : "bad",
      key: ok ? "verify.f.refund" : "verify.f.refundDiffers",
      params: { stake: s.terms.stake, payout: s.outcome.payout },
    });
    if (entry.seq === null) {
      return { verdict: "unrecorded", findings, hashed: 0 };
    }
    const { ticks, hashed } = await fetchAround(s.symbol, read, entry.seq, entry.seq, findings);
    sameTick("entry", entry, ticks.get(entry.seq), findings);
    return verdictOf(findings, hashed);
  }
  if (entry.seq === null || exit.seq === null) {
    return { verdict: "unrecorded", findings, hashed: 0 };
  }
  const { ticks, hashed } = await fetchAround(s.symbol, read, entry.seq, exit.seq, findings);
  const e = sameTick("entry", entry, ticks.get(entry.seq), findings);
  // the expiry is the entry tick's time plus the duration (the trading clock)
  if (s.terms.expiryTime !== entry.time + s.terms.duration * 1000) {
    findings.push({ level: "bad", key: "verify.f.expiryDiffers", params: { seq: entry.seq } });
  }
  const x = sameTick("exit", exit, ticks.get(exit.seq), findings);
  // the exit is the last tick at or before expiry, and a later one exists (settled on it)
  const after = ticks.get(exit.seq + 1);
  if (x) {
    if (x.time > s.terms.expiryTime) {
      findings.push({
        level: "bad",
        key: "verify.f.exitLate",
        params: { seq: x.seq, time: x.time, expiry: s.terms.expiryTime },
      });
    } else if (!after) {
      findings.push({ level: "bad", key: "verify.f.noLater", params: { seq: x.seq } });
    } else if (after.time <= s.terms.expiryTime) {
      findings.push({
        level: "bad",
        key: "verify.f.notLast",
        params: { seq: x.seq, next: after.seq },
      });
    } else {
      findings.push({
        level: "ok",
        key: "verify.f.exitLast",
        params: { seq: x.seq, next: after.seq },
      });
    }
  }
  if (e && x) {
    const r = settleFast({
      direction: s.terms.direction,
      entry: parseDecimal(e.price),
      exit: parseDecimal(x.price),
      stake: parseDecimal(s.terms.stake),
      rate: parseDecimal(s.terms.rate),
    });
    const ok = r.outcome === s.outcome.result && d(r.payout) === s.outcome.payout;
    findings.push({
      level: ok ? "ok" : "bad",
      key: ok ? "verify.f.outcome" : "verify.f.outcomeDiffers",
      params: {
        result: r.outcome,
        payout: d(r.payout),
        storedResult: s.outcome.result,
        storedPayout: s.outcome.payout,
      },
    });
  }
  return verdictOf(findings, hashed);
}

async function verifyPosition(s: PositionSettlementJson, read: TapeReader): Promise<Report> {
  const findings: Finding[] = [];
  const { fill, trigger: close } = s.ticks;
  if (fill.seq === null || close.seq === null) {
    return { verdict: "unrecorded", findings, hashed: 0 };
  }
  const a = Math.min(fill.seq, close.seq), b = Math.max(fill.seq, close.seq);
  const { ticks, hashed } = await fetchAround(s.symbol, read, a, b, findings);
  const side = s.terms.side;
  // a limit order fills at its price on a tick that crossed it
  const crossed = (tape: bigint, limit: bigint) => side === "long" ? tape <= limit : tape >= limit;
  const f = sameTick("fill", fill, ticks.get(fill.seq), findings, crossed);
  const c = sameTick("trigger", close, ticks.get(close.seq), findings);
  if (!f || !c) return verdictOf(findings, hashed);
  const price = parseDecimal(c.price);
  const reason = s.outcome.closeReason;
  const num = (v: string | null) => v === null ? null : parseDecimal(v);
  if (reason === "stopLoss" || reason === "takeProfit" || reason === "liquidation") {
    const got = trigger(side, price, {
      stopLoss: num(s.terms.stopLoss),
      takeProfit: num(s.terms.takeProfit),
      liquidation: num(s.terms.liquidationPrice) || null,
    });
    if (got === reason) {
      findings.push({ level: "ok", key: "verify.f.reason", params: { reason, price: c.price } });
    } else if (reason === "liquidation") {
      // a hedged leg is liquidated with its group, at the group's level
      findings.push({ level: "note", key: "verify.f.group", params: { price: c.price } });
    } else {
      findings.push({
        level: "bad",
        key: "verify.f.reasonDiffers",
        params: { reason, got: got ?? "none", price: c.price },
      });
    }
  } else {
    findings.push({ level: "note", key: `verify.f.${reason}`, params: { price: c.price } });
  }
  // the close: P&L and the close fee at the trigger tick's price, for the lots closed last
  const qty = parseDecimal(s.terms.qty);
  const entry = parseDecimal(s.terms.entry);
  const pnl = unrealizedPnl(side, qty, entry, price);
  const closeFee = fee(qty, price, parseDecimal(s.terms.feeRate));
  const storedPnl = parseDecimal(s.outcome.realizedPnl, { allowNegative: true });
  const storedFee = parseDecimal(s.outcome.fees.close);
  const params = {
    pnl: formatDecimal(pnl),
    fee: formatDecimal(closeFee),
    storedPnl: s.outcome.realizedPnl,
    storedFee: s.outcome.fees.close,
  };
  if (pnl === storedPnl && closeFee === storedFee) {
    findings.push({ level: "ok", key: "verify.f.pnl", params });
  } else if (storedFee > closeFee) {
    // partial closes before the last: their ticks are not part of this record
    findings.push({ level: "note", key: "verify.f.partial", params });
  } else {
    findings.push({ level: "bad", key: "verify.f.pnlDiffers", params });
  }
  return verdictOf(findings, hashed);
}

/** Verify a settlement against the tape `read` serves. */
export function verifySettlement(s: SettlementJson, read: TapeReader): Promise<Report> {
  return s.kind === "fast" ? verifyFast(s, read) : verifyPosition(s, read);
}

/** The finding keys the island words (every one in the locales). */
export const FINDING_KEYS = [
  "verify.f.gap",
  "verify.f.hash",
  "verify.f.chain",
  "verify.f.chainGenesis",
  "verify.f.windows",
  "verify.f.missing",
  "verify.f.tickDiffers",
  "verify.f.limitFill",
  "verify.f.tick",
  "verify.f.refund",
  "verify.f.refundDiffers",
  "verify.f.exitLate",
  "verify.f.expiryDiffers",
  "verify.f.noLater",
  "verify.f.notLast",
  "verify.f.exitLast",
  "verify.f.outcome",
  "verify.f.outcomeDiffers",
  "verify.f.reason",
  "verify.f.group",
  "verify.f.reasonDiffers",
  "verify.f.manual",
  "verify.f.trailingStop",
  "verify.f.hedged",
  "verify.f.pnl",
  "verify.f.partial",
  "verify.f.pnlDiffers",
] as const;
