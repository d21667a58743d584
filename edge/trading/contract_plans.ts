/**
 * The plan builders of leveraged contracts (the pipeline's "plan" step, edge/trading/pipeline.ts):
 * what opening or closing does to the customer's positions and money, computed in memory from
 * what was read (the customer's open legs on the symbol under their version key), the tick and
 * the terms. `Contracts` (contracts.ts) reads, hands them here and commits what they return; the
 * rules (brackets, hedged groups, the insurance account) are described in its module comment.
 */
import { recordResult } from "../customers/standing.ts";
import {
  fee,
  liquidationPrice,
  margin as marginOf,
  notional,
  parseDecimal,
  unrealizedPnl,
} from "../../core-wasm/mod.ts";
import { houseFor, user } from "../ledger/accounts.ts";
import { reservationIds, type ReservationOp } from "../ledger/reservations.ts";
import type { Plan } from "../ledger/service.ts";
import { addVolume } from "../funds/turnover.ts";
import { DomainError } from "../platform/errors.ts";
import { bracketFor } from "../../contract/symbols.ts";
import { contractOrderRules, enforce } from "../../contract/rules.ts";
import type { PositionJson } from "../../contract/trading.ts";
import type { TickRef } from "./fast.ts";
import type { OrderTerms } from "./pipeline.ts";
import {
  type CloseReason,
  groupOf,
  hedgeInfo,
  isHedged,
  type Position,
  positionJson,
  settleLeg,
} from "./positions.ts";
import { posKeys, savePosition, touchSymbol } from "./store.ts";

/** What the customer asks to open. */
export interface OpenRequest {
  symbol: string;
  side: "long" | "short";
  lots: number;
  leverage: number;
  stopLoss?: string;
  takeProfit?: string;
  /** a limit order: waits until the price crosses it, then fills at it */
  limitPrice?: string;
  termsVersion?: number;
}

/** The reply of an open, as the idempotency record keeps it (a replay answers `json`). */
export interface OpenResult {
  json: PositionJson;
  raw: Position;
}

/** The reply of a close: the position asked for, and every leg the close changed (first: it). */
export interface CloseResult {
  json: PositionJson;
  raw: Position[];
}

/** What an open or a close decided on: the customer's open legs on the symbol, as read. */
export interface LegsRead {
  /** the customer's version key of the symbol (`touchSymbol`), checked at the commit */
  version: Deno.KvEntryMaybe<unknown>;
  /** their open (pending and holding) positions on the symbol, with their entries */
  legs: Deno.KvEntry<Position>[];
}

/** The ticket's rules, at the market price (`null`: before a price, the request alone). */
export function openRules(req: OpenRequest, def: OrderTerms["def"], market: bigint | null) {
  return contractOrderRules({
    side: req.side,
    lots: req.lots,
    leverage: req.leverage,
    leverages: def.leverage,
    priceDecimals: def.priceDecimals,
    market,
    limitPrice: req.limitPrice,
    stopLoss: req.stopLoss,
    takeProfit: req.takeProfit,
  });
}

/**
 * The position an order opens at `tick` (a limit order: pending at its limit), its leverage
 * capped by the bracket of the customer's resulting notional on the symbol and side.
 */
export function openedPosition(
  o: { id: string; userId: string; req: OpenRequest; terms: OrderTerms; tick: TickRef; at: number },
  legs: readonly Position[],
): Position {
  const { req, tick } = o, { def, terms } = o.terms;
  // a limit on the far side of the market, stops on the right side of the fill price
  enforce(openRules(req, def, tick.price));
  const price = (s: string | undefined) =>
    s === undefined ? null : parseDecimal(s, { maxDecimals: def.priceDecimals });
  const limit = price(req.limitPrice);
  const at = limit ?? tick.price;
  const qty = BigInt(req.lots) * def.lot;
  const sameSide = legs.filter((x) => x.side === req.side).reduce((sum, x) => sum + x.qty, 0n);
  const { bracket } = bracketFor(def, notional(sameSide + qty, at));
  if (req.leverage > bracket.maxLeverage) {
    throw new DomainError("LEVERAGE_BRACKET", { max: bracket.maxLeverage }, {
      leverage: "leverageBracket",
    }, { maxLeverage: bracket.maxLeverage });
  }
  const margin = marginOf(qty, at, req.leverage);
  return {
    id: o.id,
    userId: o.userId,
    symbol: req.symbol,
    side: req.side,
    lots: req.lots,
    qty,
    leverage: req.leverage,
    // a market order's fill tick (a limit order's is set when it fills)
    entry: tick.seq
      ? { time: tick.time, price: at, seq: tick.seq }
      : { time: tick.time, price: at },
    margin,
    mmr: bracket.mmr,
    feeRate: def.takerFee,
    holdingFeeRate: terms.holdingFeeDaily,
    terms: terms.version,
    limitPrice: limit,
    openFee: fee(qty, at, def.takerFee),
    stopLoss: price(req.stopLoss),
    takeProfit: price(req.takeProfit),
    liquidationPrice: liquidationPrice({
      side: req.side,
      qty,
      entry: at,
      margin,
      mmr: bracket.mmr,
    }),
    status: limit === null ? "holding" : "pending",
    createdAt: o.at,
    realizedPnl: 0n,
    closeTick: null,
    closeReason: null,
    closedAt: null,
  };
}

/**
 * The commit of an open: a position holds its margin and pays the fee; a pending order holds
 * margin and fee (its fill pays the fee from the hold). One check: the symbol's version key.
 */
export function openPlan(t: string, p: Position, read: LegsRead, mark: bigint): Plan<OpenResult> {
  const account = user(p.userId, "contract", "USDT");
  const holding = p.status === "holding";
  return {
    type: "contract",
    ref: `contract:${p.id}`,
    postings: holding
      ? [
        { account, available: -p.openFee },
        { account: houseFor(p.userId, "fees", "USDT"), available: p.openFee },
      ]
      : [],
    reservations: [{
      op: "reserve",
      id: holding ? reservationIds.position(p.id) : reservationIds.contractOrder(p.id),
      account,
      amount: holding ? p.margin : p.margin + p.openFee,
      guard: "owner",
    }],
    checks: [read.version],
    events: [{ user: p.userId, kind: "position", id: p.id }],
    write: (op) => {
      touchSymbol(op, t, p);
      savePosition(op, t, p);
      op.set(posKeys.open(t, p.id), { symbol: p.symbol });
      op.set(posKeys.userOpen(t, p.userId, p.symbol, p.id), true);
      if (holding) addVolume(op, t, p.userId, notional(p.qty, p.entry.price));
    },
    result: () => {
      // with an opposite side held, the legs are margined together
      const held = [...read.legs.map((e) => e.value), p].filter((x) => x.status === "holding");
      return { json: positionJson(p, mark, holding ? hedgeInfo(held) : undefined), raw: p };
    },
  };
}

/** What closes: the customer's request or the engine's trigger. */
export interface CloseOrder {
  id: string;
  lots?: number;
  reason: CloseReason;
  /** liquidate the hedged group the position belongs to (the engine, at the group's level) */
  wholeGroup?: boolean;
  /** the engine: the one-cancels-other pair `oco` fired (it closes the pair's lots) */
  oco?: string;
}

/** One leg a close settles, and how many of its lots. */
interface Closing {
  entry: Deno.KvEntry<Position>;
  lots: number;
}

/**
 * The legs a close settles: the one asked for; with its hedged group when liquidated (`whole`);
 * else, with an opposite side held, the opposite legs that cover its loss (it in deficit: those
 * in profit) or that it would leave in deficit (it in profit, closed whole).
 */
export function closingLegs(
  o: CloseOrder,
  entry: Deno.KvEntry<Position>,
  lots: number,
  legs: Deno.KvEntry<Position>[],
  price: bigint,
): { closing: Closing[]; whole: boolean } {
  const p = entry.value;
  const all = [p, ...legs.map((e) => e.value)];
  const group = (with_: Deno.KvEntry<Position>[]) => [
    { entry, lots: p.lots },
    ...with_.map((e) => ({ entry: e, lots: e.value.lots })),
  ];
  // A hedged leg is liquidated only with its group, whatever the caller knew of the hedge
  // (an engine on another instance may not have seen the opposite leg open yet).
  const whole = !!o.wholeGroup || (o.reason === "liquidation" && isHedged(all));
  if (whole) {
    // nothing due (the group changed meanwhile): the engine re-arms
    if (!isHedged(all) || !groupOf(all, price).liquidatable) {
      throw new DomainError("POSITION_CLOSED");
    }
    return { closing: group(legs), whole };
  }
  const opposite = legs.filter((e) => e.value.side !== p.side);
  const here = settleLeg(p, lots, price);
  const with_ = !opposite.length
    ? []
    : here.payout < 0n
    ? opposite.filter((e) =>
      unrealizedPnl(e.value.side, e.value.qty, e.value.entry.price, price) > 0n
    )
    : here.payout > 0n && lots === p.lots
    ? opposite.filter((e) => settleLeg(e.value, e.value.lots, price).payout < 0n)
    : [];
  return { closing: with_.length ? group(with_) : [{ entry, lots }], whole };
}

/** A leg after its close: closed when all its lots go, else smaller by them. */
function closedLeg(
  x: Position,
  lots: number,
  s: ReturnType<typeof settleLeg>,
  tick: TickRef,
  reason: CloseReason,
  at: number,
): Position {
  const paid = {
    realizedPnl: x.realizedPnl + s.pnl,
    closeFee: (x.closeFee ?? 0n) + s.closeFee,
  };
  return lots === x.lots
    ? { ...x, ...paid, status: "closed", closeTick: tick, closeReason: reason, closedAt: at }
    : { ...x, ...paid, lots: x.lots - lots, qty: x.qty - s.qty, margin: x.margin - s.margin };
}

/** The one-cancels-other pair that fired, kept on the leg with what it closed (cleared). */
function firedPair(
  x: Position,
  o: CloseOrder,
  tick: TickRef,
  lots: number,
  s: ReturnType<typeof settleLeg>,
): Position {
  return {
    ...x,
    oco: null,
    ocoFired: [...(x.ocoFired ?? []), {
      ...x.oco!,
      leg: o.reason as "stopLoss" | "takeProfit",
      tick,
      closed: lots,
      pnl: s.pnl,
      closeFee: s.closeFee,
    }],
  };
}

/**
 * The commit of a close of `lots` of `entry` at `tick` (see `closingLegs`): each leg's margin
 * share back with its P&L less the close fee; beyond the margins the insurance account pays.
 * One check for every leg however many (their version key), and the position's own.
 */
export function closePlan(
  t: string,
  o: CloseOrder,
  c: { entry: Deno.KvEntry<Position>; lots: number; read: LegsRead; tick: TickRef; at: number },
): Plan<CloseResult> {
  const p = c.entry.value, tick = c.tick;
  const { closing, whole } = closingLegs(o, c.entry, c.lots, c.read.legs, tick.price);
  const account = user(p.userId, "contract", "USDT");
  const settled = closing.map((x) => settleLeg(x.entry.value, x.lots, tick.price));
  const nexts = closing.map((x, i) => {
    const s = settled[i]!;
    // the pair that fired is kept with what it closed; the other leg is cancelled with it
    const leg = o.oco && x.entry.value.id === o.id
      ? firedPair(x.entry.value, o, tick, x.lots, s)
      : x.entry.value;
    // the legs closed along with the one asked for (a group liquidation: all)
    return closedLeg(leg, x.lots, s, tick, whole || leg.id === o.id ? o.reason : "hedged", c.at);
  });
  const sum = (f: (s: ReturnType<typeof settleLeg>) => bigint) =>
    settled.reduce((n, s) => n + f(s), 0n);
  const payout = sum((s) => s.payout), pnl = sum((s) => s.pnl);
  const shortfall = payout < 0n ? -payout : 0n;
  return {
    type: "contract",
    ref: `contract:${o.id}`,
    postings: [
      { account, available: payout > 0n ? payout : 0n },
      { account: houseFor(p.userId, "fees", "USDT"), available: sum((s) => s.closeFee) },
      { account: houseFor(p.userId, "pnl", "USDT"), available: -pnl },
      ...(shortfall
        ? [{ account: houseFor(p.userId, "insurance", "USDT"), available: -shortfall }]
        : []),
    ],
    // each leg's margin leaves its reservation (all of it when the leg closes)
    reservations: closing.map((x, i): ReservationOp => ({
      op: "post",
      id: reservationIds.position(x.entry.value.id),
      account,
      amount: settled[i]!.margin,
      guard: "owner",
    })),
    // one check for every leg, however many (a commit carries at most 10 checks)
    checks: [c.entry, c.read.version],
    events: nexts.map((x) => ({ user: x.userId, kind: "position" as const, id: x.id })),
    write: (op, journal) => {
      touchSymbol(op, t, p);
      nexts.forEach((next, i) => {
        savePosition(op, t, next);
        if (next.status === "closed") {
          op.delete(posKeys.open(t, next.id));
          op.delete(posKeys.userOpen(t, next.userId, next.symbol, next.id));
        }
        const s = settled[i]!;
        addVolume(op, t, next.userId, notional(s.qty, tick.price));
        // the customer's loss limits: P&L less fees (the opening and holding fees when the leg
        // closes for good)
        const paid = next.status === "closed" ? next.openFee + (next.holdingFees ?? 0n) : 0n;
        const ref = `contract:${next.id}:${journal.id}`;
        recordResult(op, t, next.userId, next.closedAt ?? c.at, ref, s.pnl - s.closeFee - paid);
      });
    },
    result: () => ({ json: positionJson(nexts[0]!, tick.price), raw: nexts }),
  };
}
