/**
 * The settlement verifier (domain rules, "Verifiable settlement"): from the tape alone it
 * re-derives every settlement's ticks, outcome and amounts, checks each symbol's hash chain, and
 * reports counts and every mismatch precisely. It reads the store (or an archive of ticks plus an
 * export of orders) through `SettlementSource`, so the same checks run on a live store, a copy,
 * and files.
 *
 * Rules re-derived (the engine's, edge/trading/engine.ts):
 * - fast contract: the entry is the tick it names (time, price, place in the chain); the exit is
 *   the last tick at or before expiry (entry time + duration), and a later tick exists (the
 *   settlement waits for one); outcome and payout by the core's `settleFast` at the stored rate;
 *   a refund only when no tick came within the staleness limit after expiry;
 * - position: its fill and its closing tick are on the tape as stored; an automatic close
 *   (stop-loss, take-profit, liquidation) is what the core's `trigger` says at that tick's price;
 *   a trailing stop's close is the first tick from its setting on that reaches its level, the
 *   best price re-derived tick by tick from the tape (the core's `trailingStop`); each
 *   one-cancels-other pair that fired: its tick is on the tape, is after the pair was set, and
 *   reaches the leg that fired (the core's `trigger`), and its P&L is the core's for its lots;
 *   the realized P&L of a position closed in one go is the core's P&L at that price;
 * - spot fill: the tick is on the tape; a limit fill's tick reached the limit.
 * Records made before the chain (no sequence numbers) are counted as such, not as mismatches.
 * Each symbol's tape is also held against every signed checkpoint (edge/checkpoints): the tick at
 * a checkpointed seq must have the checkpointed hash and the tape must reach it, so a tape edited
 * and re-hashed, or cut back, fails even though its links verify.
 */
import { fee, settleFast, trigger, unrealizedPnl } from "../../core-wasm/mod.ts";
import { type ChainBreak, type ChainTick, genesisHash, verifyChain } from "../../contract/chain.ts";
import type { FastOrder, TickRef } from "../trading/fast.ts";
import { type Position, trailStep } from "../trading/positions.ts";
import type { SpotOrder } from "../trading/spot.ts";
import {
  type Anchor,
  checkAnchors,
  type SignedCheckpoint,
  tapeAnchors,
  verifyCheckpoints,
} from "../audit/checkpoint.ts";
import { allCheckpoints } from "../checkpoints/store.ts";

/** Ticks of one symbol, by sequence number (seq 1 at index 0, or from an archive's start). */
export interface SymbolTape {
  symbol: string;
  /** ascending, consecutive */
  ticks: ChainTick[];
  /** the tick before the first (genesis for a tape from its start) */
  prev: { seq: number; hash: string; time: number };
}

export interface Mismatch {
  kind: "fast" | "position" | "spot" | "chain" | "checkpoint";
  id: string;
  what: string;
  expected: string;
  found: string;
}

export interface VerifyReport {
  symbols: number;
  ticks: number;
  chainBreaks: (ChainBreak & { symbol: string })[];
  checked: { fast: number; position: number; spot: number };
  /** signed checkpoints the tapes were held against */
  checkpoints: number;
  /** settled before sequence numbers were recorded: not re-derivable from the chain */
  legacy: number;
  mismatches: Mismatch[];
  ms: number;
}

/** Lookups over a symbol's ticks: by seq, and the last at or before a time (binary search). */
class TapeIndex {
  constructor(readonly t: SymbolTape) {}
  bySeq(seq: number): ChainTick | null {
    const first = this.t.ticks[0];
    if (!first) return null;
    return this.t.ticks[seq - first.seq] ?? null;
  }
  /** index of the last tick with time <= at (-1: none) */
  lastAtOrBefore(at: number): number {
    let lo = 0, hi = this.t.ticks.length - 1, found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.t.ticks[mid]!.time <= at) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }
}

const show = (t: { time: number; price: bigint; seq?: number } | null | undefined) =>
  t ? `#${t.seq ?? "?"} ${t.time} ${t.price}` : "none";

export interface Options {
  /** the staleness limit: a refund is right only when no tick came this soon after expiry */
  staleMs: number;
}

export class SettlementVerifier {
  private tapes = new Map<string, TapeIndex>();
  readonly report: VerifyReport = {
    symbols: 0,
    ticks: 0,
    chainBreaks: [],
    checked: { fast: 0, position: 0, spot: 0 },
    checkpoints: 0,
    legacy: 0,
    mismatches: [],
    ms: 0,
  };
  private started = performance.now();

  constructor(private o: Options) {}

  /** Add a symbol's tape: its chain is checked now. */
  addTape(t: SymbolTape) {
    this.tapes.set(t.symbol, new TapeIndex(t));
    this.report.symbols++;
    this.report.ticks += t.ticks.length;
    const broke = verifyChain(t.prev, t.ticks);
    if (broke) this.report.chainBreaks.push({ ...broke, symbol: t.symbol });
  }

  /**
   * Hold the tapes added so far against signed checkpoints: `invalid` are the ids of checkpoints
   * whose signature failed (each a mismatch), `anchors` each symbol's checkpointed heads. A tick
   * not held here (archived elsewhere) is not judged; a tape that ends before an anchor is.
   */
  checkpoints(valid: number, invalid: readonly string[], anchors: Map<string, Anchor[]>) {
    this.report.checkpoints += valid;
    for (const id of invalid) {
      this.miss("checkpoint", id, "signature", "signed by the checkpoint key", "another signature");
    }
    for (const [symbol, list] of anchors) {
      const tape = this.tapes.get(symbol)?.t;
      const ticks = tape?.ticks ?? [];
      const last = ticks[ticks.length - 1]?.seq ?? tape?.prev.seq ?? 0;
      const b = checkAnchors(list, last, (seq) => {
        const tick = this.tapes.get(symbol)?.bySeq(seq);
        if (tick) return tick.hash;
        return tape?.prev.seq === seq && /^[0-9a-f]{64}$/.test(tape.prev.hash)
          ? tape.prev.hash
          : undefined;
      });
      if (b) {
        this.miss(
          "checkpoint",
          symbol,
          `tape #${b.seq} ${b.reason} (checkpoint ${b.checkpoint})`,
          b.expected,
          b.found,
        );
      }
    }
  }

  private miss(kind: Mismatch["kind"], id: string, what: string, expected: string, found: string) {
    this.report.mismatches.push({ kind, id, what, expected, found });
  }

  /** The stored tick reference against the tape: the same time and price at that seq. */
  private onTape(
    kind: Mismatch["kind"],
    id: string,
    what: string,
    symbol: string,
    ref: TickRef,
    priceMustMatch = true,
  ): ChainTick | null {
    const tape = this.tapes.get(symbol);
    const tick = tape && ref.seq ? tape.bySeq(ref.seq) : null;
    if (!tick) {
      this.miss(kind, id, `${what} tick not on the tape`, `#${ref.seq}`, "missing");
      return null;
    }
    if (tick.time !== ref.time || (priceMustMatch && tick.price !== ref.price)) {
      this.miss(kind, id, `${what} tick`, show(tick), show(ref));
    }
    return tick;
  }

  fast(o: FastOrder) {
    if (o.status !== "settled") return;
    if (!o.entry.seq || (o.exit && !o.exit.seq)) {
      this.report.legacy++;
      return;
    }
    this.report.checked.fast++;
    const tape = this.tapes.get(o.symbol);
    this.onTape("fast", o.id, "entry", o.symbol, o.entry);
    // the entry was the market when the order was accepted: not after it (beyond the 2 s a
    // tick may be stamped ahead), not older than the staleness limit
    if (o.entry.time > o.createdAt + 2_000 || o.createdAt - o.entry.time > this.o.staleMs) {
      this.miss(
        "fast",
        o.id,
        "entry time",
        `within ${this.o.staleMs} ms before ${o.createdAt}`,
        String(o.entry.time),
      );
    }
    if (!tape) return;
    const expiry = o.entry.time + o.duration * 1000;
    if (o.expiresAt !== expiry) {
      this.miss("fast", o.id, "expiry", String(expiry), String(o.expiresAt));
    }
    // the exit the rule gives: the last tick at or before expiry, if a later one came in time
    const i = tape.lastAtOrBefore(expiry);
    const after = tape.t.ticks[i + 1];
    const due = i >= 0 && after !== undefined && after.time <= expiry + this.o.staleMs;
    if (o.outcome === "refund") {
      if (o.exit !== null || o.payout !== o.stake) {
        this.miss("fast", o.id, "refund", `payout ${o.stake}, no exit`, `payout ${o.payout}`);
      }
      // voided before expiry (a demo reset or cleanup) is not the market's refund
      const voided = o.settledAt !== null && o.settledAt < expiry;
      if (due && !voided) {
        this.miss("fast", o.id, "outcome", "settled on the tape (a tick came in time)", "refund");
      }
      return;
    }
    const exitTick = i >= 0 ? tape.t.ticks[i]! : null;
    if (!exitTick || !after) {
      this.miss("fast", o.id, "exit", "a tick at or before expiry and one after", "none");
      return;
    }
    if (!o.exit || o.exit.seq !== exitTick.seq || o.exit.price !== exitTick.price) {
      this.miss("fast", o.id, "exit tick", show(exitTick), show(o.exit));
    }
    const r = settleFast({
      direction: o.direction,
      entry: o.entry.price,
      exit: exitTick.price,
      stake: o.stake,
      rate: o.rate,
    });
    if (r.outcome !== o.outcome) this.miss("fast", o.id, "outcome", r.outcome, String(o.outcome));
    if (r.payout !== o.payout) {
      this.miss("fast", o.id, "payout", String(r.payout), String(o.payout));
    }
  }

  position(p: Position) {
    if (p.status !== "closed" && p.status !== "holding") return;
    if (!p.entry.seq || (p.closeTick && !p.closeTick.seq)) {
      this.report.legacy++;
      return;
    }
    this.report.checked.position++;
    // a limit order's entry price is its limit, filled on the tick that reached it; a market
    // order's is the tick's own (records from before `limitPrice` was kept: judged by the price)
    const limitFill = p.limitPrice !== undefined
      ? p.limitPrice !== null
      : p.entry.price !== this.tapes.get(p.symbol)?.bySeq(p.entry.seq)?.price;
    const fill = this.onTape("position", p.id, "fill", p.symbol, p.entry, !limitFill);
    if (fill && limitFill) {
      const reached = p.side === "long" ? fill.price <= p.entry.price : fill.price >= p.entry.price;
      if (!reached) {
        this.miss("position", p.id, "limit fill", `a tick reaching ${p.entry.price}`, show(fill));
      }
    }
    for (const f of p.ocoFired ?? []) this.ocoPair(p, f);
    if (p.status !== "closed" || !p.closeTick) return;
    const close = this.onTape("position", p.id, "close", p.symbol, p.closeTick);
    if (!close) return;
    if (p.closeReason === "stopLoss" || p.closeReason === "takeProfit") {
      const t = trigger(p.side, close.price, {
        stopLoss: p.stopLoss,
        takeProfit: p.takeProfit,
        liquidation: p.liquidationPrice || null,
      });
      if (t !== p.closeReason) {
        this.miss("position", p.id, "close reason", String(t), p.closeReason);
      }
    }
    if (p.closeReason === "trailingStop") this.trailing(p, close);
    // a liquidation is checked by its tick and its P&L: a lone position's level is stored, but a
    // hedged group's level is the group's (not on the leg), so the level itself is not re-derived
    // closed in one go (its close fee is the whole position's): the P&L follows from the tick
    if ((p.closeFee ?? 0n) === fee(p.qty, close.price, p.feeRate)) {
      const pnl = unrealizedPnl(p.side, p.qty, p.entry.price, close.price);
      if (pnl !== p.realizedPnl) {
        this.miss("position", p.id, "realized P&L", String(pnl), String(p.realizedPnl));
      }
    }
  }

  /** A trailing stop's close: the first tick after its setting whose price reaches its level. */
  private trailing(p: Position, close: ChainTick) {
    const tr = p.trailing;
    const tape = this.tapes.get(p.symbol);
    if (!tr || !tr.from.seq || !tape) {
      this.miss("position", p.id, "trailing stop", "its setting and tape", "none");
      return;
    }
    this.onTape("position", p.id, "trailing stop set", p.symbol, tr.from);
    let extreme = tr.from.price;
    for (let seq = tr.from.seq + 1; seq <= close.seq; seq++) {
      const tick = tape.bySeq(seq);
      if (!tick) {
        this.miss("position", p.id, "trailing stop tick not on the tape", `#${seq}`, "missing");
        return;
      }
      const step = trailStep(p.side, extreme, tick.price, tr.callback);
      if (step.fires) {
        if (seq !== close.seq) {
          this.miss("position", p.id, "trailing stop tick", show(tick), show(close));
        }
        return;
      }
      extreme = step.extreme;
    }
    this.miss(
      "position",
      p.id,
      "trailing stop",
      `the level ${trailStep(p.side, extreme, extreme, tr.callback).level} reached`,
      show(close),
    );
  }

  /** A one-cancels-other pair that fired: on the tape, after its setting, its leg reached. */
  private ocoPair(p: Position, f: NonNullable<Position["ocoFired"]>[number]) {
    const tick = this.onTape("position", p.id, "pair", p.symbol, f.tick);
    if (!tick) return;
    if (f.from.seq && tick.seq <= f.from.seq) {
      this.miss("position", p.id, "pair tick", `after #${f.from.seq}`, show(tick));
    }
    const leg = trigger(p.side, tick.price, { stopLoss: f.stopLoss, takeProfit: f.takeProfit });
    if (leg !== f.leg) this.miss("position", p.id, "pair leg", String(leg), f.leg);
    // its lots' quantity: every lot of a position holds the same (qty / lots stays the lot size
    // through partial closes), so the P&L follows from the tick
    if (p.lots > 0 && p.qty % BigInt(p.lots) === 0n) {
      const qty = p.qty / BigInt(p.lots) * BigInt(f.closed);
      const want = unrealizedPnl(p.side, qty, p.entry.price, tick.price);
      if (want !== f.pnl) this.miss("position", p.id, "pair P&L", String(want), String(f.pnl));
    }
  }

  spot(o: SpotOrder) {
    if (o.status !== "filled" || !o.fill) return;
    if (!o.fill.seq) {
      this.report.legacy++;
      return;
    }
    this.report.checked.spot++;
    const limit = o.type === "limit";
    const tick = this.onTape("spot", o.id, "fill", o.symbol, o.fill, !limit);
    if (tick && limit) {
      const reached = o.side === "buy" ? tick.price <= o.price : tick.price >= o.price;
      if (!reached) this.miss("spot", o.id, "limit fill", `a tick reaching ${o.price}`, show(tick));
    }
  }

  finish(): VerifyReport {
    this.report.ms = Math.round(performance.now() - this.started);
    for (const b of this.report.chainBreaks) {
      this.miss("chain", b.symbol, `tick #${b.seq} ${b.reason}`, b.expected, b.found);
    }
    return this.report;
  }
}

/** The report as text: counts, then each mismatch on its own line. */
export function formatVerifyReport(r: VerifyReport): string {
  const n = r.checked.fast + r.checked.position + r.checked.spot;
  const lines = [
    `settlements: ${n} re-derived from the tape (fast ${r.checked.fast}, positions ${r.checked.position}, spot ${r.checked.spot}); ${r.legacy} from before the chain`,
    `tape: ${r.symbols} symbols, ${r.ticks} ticks, ${r.chainBreaks.length} chain breaks, ${r.checkpoints} signed checkpoints held against`,
    `${r.mismatches.length} mismatches (${r.ms} ms)`,
    ...r.mismatches.map((m) =>
      `  ${m.kind} ${m.id}: ${m.what}: expected ${m.expected}, found ${m.found}`
    ),
  ];
  return lines.join("\n");
}

export const genesisOf = (symbol: string) => ({ seq: 0, hash: genesisHash(symbol), time: 0 });

/** Every symbol's stored ticks on the chain, in order. */
async function storedChains(kv: Deno.Kv): Promise<Map<string, ChainTick[]>> {
  const bySymbol = new Map<string, ChainTick[]>();
  for await (
    const e of kv.list<{ price: bigint; qty: bigint; seq?: number; hash?: string }>({
      prefix: ["market", "tick"],
    }, { batchSize: 1000 })
  ) {
    if (e.value.seq === undefined || !e.value.hash) continue;
    const symbol = e.key[2] as string;
    let list = bySymbol.get(symbol);
    if (!list) bySymbol.set(symbol, list = []);
    list.push({
      seq: e.value.seq,
      time: e.key[3] as number,
      price: e.value.price,
      qty: e.value.qty,
      hash: e.value.hash,
    });
  }
  return bySymbol;
}

/** The exported records of a file (`exportOrders`'s JSON lines) into the verifier. */
async function ordersFromFile(v: SettlementVerifier, file: string) {
  const revive = (_k: string, x: unknown) =>
    typeof x === "string" && /^-?\d+n$/.test(x) ? BigInt(x.slice(0, -1)) : x;
  for (const line of (await Deno.readTextFile(file)).split("\n")) {
    if (!line.trim()) continue;
    const { kind, record } = JSON.parse(line, revive);
    if (kind === "fast") v.fast(record);
    else if (kind === "position") v.position(record);
    else if (kind === "spot") v.spot(record);
  }
}

/**
 * Verify a store: every symbol's tape (the archived part first when `archived` is given, else
 * from the archive's end as the store's marker records it, or from the genesis), then every
 * settled fast contract, position and spot order of `tenants` — or, with `ordersFile`, the
 * exported records in that file (JSON lines `{kind: "fast"|"position"|"spot", record}`, the
 * records as stored with every bigint written as a string ending in "n", e.g. "6000000000000n":
 * `exportOrders` writes them). With `checkpoints`, the tapes are held against signed
 * checkpoints checked with `key` (a trusted public key, never one read from the store): `items`
 * (copies kept elsewhere), else every tenant's checkpoints stored in `kv`.
 */
export async function verifyStore(
  kv: Deno.Kv,
  tenants: readonly string[],
  o: Options & {
    archived?: Map<
      string,
      { prev: { seq: number; hash: string; time: number }; ticks: ChainTick[] }
    >;
    ordersFile?: string;
    checkpoints?: { key: CryptoKey; items?: SignedCheckpoint[] };
  },
): Promise<VerifyReport> {
  const v = new SettlementVerifier(o);
  const bySymbol = await storedChains(kv);
  const symbols = new Set([...bySymbol.keys(), ...(o.archived?.keys() ?? [])]);
  for (const symbol of symbols) {
    const stored = bySymbol.get(symbol) ?? [];
    const arch = o.archived?.get(symbol);
    if (arch) {
      v.addTape({ symbol, ticks: [...arch.ticks, ...stored], prev: arch.prev });
      continue;
    }
    const first = stored[0];
    if (!first) continue;
    const marker = first.seq === 1
      ? null
      : (await kv.get<{ seq: number; hash: string; time: number }>(
        ["market", "archived", symbol],
      )).value;
    v.addTape({
      symbol,
      ticks: stored,
      prev: first.seq === 1
        ? genesisOf(symbol)
        : marker && marker.seq === first.seq - 1
        ? marker
        : { seq: first.seq - 1, hash: "(not stored: archived elsewhere)", time: 0 },
    });
  }
  if (o.checkpoints) {
    const items = o.checkpoints.items ??
      (await Promise.all(tenants.map((t) => allCheckpoints(kv, t)))).flat();
    const { valid, invalid } = await verifyCheckpoints(o.checkpoints.key, items);
    v.checkpoints(valid.length, invalid, tapeAnchors(valid));
  }
  if (o.ordersFile) {
    await ordersFromFile(v, o.ordersFile);
    return v.finish();
  }
  for (const t of tenants) {
    for await (const e of kv.list<FastOrder>({ prefix: [t, "trading", "fast"] })) v.fast(e.value);
    for await (const e of kv.list<Position>({ prefix: [t, "trading", "pos"] })) {
      v.position(e.value);
    }
    for await (const e of kv.list<SpotOrder>({ prefix: [t, "trading", "spot"] })) v.spot(e.value);
  }
  return v.finish();
}

/** Every fast order, position and spot order of `tenants` as JSON lines (for `--orders`). */
export async function exportOrders(kv: Deno.Kv, tenants: readonly string[]): Promise<string> {
  const out: string[] = [];
  const line = (kind: string, record: unknown) =>
    out.push(
      JSON.stringify({ kind, record }, (_k, x) => typeof x === "bigint" ? `${x}n` : x),
    );
  for (const t of tenants) {
    for await (const e of kv.list({ prefix: [t, "trading", "fast"] })) line("fast", e.value);
    for await (const e of kv.list({ prefix: [t, "trading", "pos"] })) line("position", e.value);
    for await (const e of kv.list({ prefix: [t, "trading", "spot"] })) line("spot", e.value);
  }
  return out.join("\n") + "\n";
}
