/**
 * Leveraged contracts (linear, USDT-margined, isolated). Opening freezes the margin and charges
 * the open fee; closing (by the customer, a stop-loss, a take-profit or liquidation) releases the
 * margin with the P&L less the close fee; a loss beyond the margin is charged to the insurance
 * account. Every figure comes from the pricing core; every price is a recorded tick.
 *
 * Risk limits: the leverage of an order is capped by the symbol's bracket for the customer's
 * resulting notional on that symbol and side (open and pending positions plus this order, at the
 * order's price, as exchanges use the position notional); the bracket's MMR is the position's.
 * Hedged pairs: a customer's longs and shorts on one symbol are margined together for
 * liquidation (the engine watches the group's level, not each leg's), and a close that would
 * leave a loss beyond a leg's margin while the opposite side is in profit settles the whole
 * group in one journal, so the profit covers the loss before the insurance account pays.
 */
import {
  fee,
  formatDecimal,
  liquidationPrice,
  margin as marginOf,
  notional,
  parseDecimal,
  trigger,
  unrealizedPnl,
} from "../../core-wasm/mod.ts";
import { houseFor, user } from "../ledger/accounts.ts";
import { journalId, type Ledger } from "../ledger/service.ts";
import { idemKeys } from "../ledger/idem.ts";
import { reservationIds, type ReservationOp } from "../ledger/reservations.ts";
import { stageEvents } from "../ledger/events.ts";
import type { MarketService } from "../market/service.ts";
import { bracketFor, symbolOf } from "../../contract/symbols.ts";
import type { ProductTerms } from "./terms.ts";
import { addVolume } from "../funds/turnover.ts";
import { Emitter } from "../platform/emitter.ts";
import { type OrderKind, type Transition, transition } from "./order_machine.ts";
import { DomainError } from "../platform/errors.ts";
import { commitAttempts, storeBusy } from "../platform/kvstore.ts";
import {
  contractOrderRules,
  enforce,
  ocoRules,
  stopRules,
  trailingRules,
} from "../../contract/rules.ts";
import type { Tenant } from "../platform/tenants.ts";
import type { TickRef } from "./fast.ts";
import { PositionStore } from "./position_store.ts";
import {
  bracketsJson,
  type CloseReason,
  groupOf,
  hedgeInfo,
  isHedged,
  ocoLeg,
  type Position,
  positionJson,
  settleLeg,
} from "./positions.ts";
import { posKeys, touchSymbol } from "./store.ts";
import type { PositionJson } from "../../contract/trading.ts";
import { assertProductAllowed } from "./jurisdictions.ts";
import { recordResult } from "../accounts/standing.ts";

// the records this service moves (importers of the service find them here too)
export * from "./positions.ts";

/** The reservation of a position's margin, opened when a pending order fills. */
function heldByPosition(p: Position, margin: bigint): ReservationOp[] {
  return [{
    op: "reserve",
    id: reservationIds.position(p.id),
    account: user(p.userId, "contract", "USDT"),
    amount: margin,
    // the pending order's check: it fills (or is chased) once
    guard: "owner",
  }];
}

/** A pending (limit) order waits to fill, be chased or be cancelled. */
const PENDING_ORDER: OrderKind<Position> = {
  type: "contract",
  ref: (id) => `contract:${id}`,
  event: "position",
  key: posKeys.pos,
  waiting: "pending",
  write: (op, t, next) => {
    touchSymbol(op, t, next);
    if (next.status === "cancelled") {
      op.delete(posKeys.open(t, next.id));
      op.delete(posKeys.userOpen(t, next.userId, next.symbol, next.id));
    }
    if (next.status === "holding") {
      addVolume(op, t, next.userId, notional(next.qty, next.entry.price));
    }
  },
};

export class Contracts extends PositionStore {
  /** what this instance did: the engine listens (other instances hear through the event log) */
  readonly events = new Emitter<{
    opened: [t: string, position: Position];
    changed: [t: string, position: Position];
  }>("contracts");

  constructor(
    kv: Deno.Kv,
    private ledger: Ledger,
    market: MarketService,
    private now: () => number,
    private terms: ProductTerms,
  ) {
    super(kv, market);
  }

  private tickOf(symbol: string): TickRef {
    if (this.market.tape.isStale(symbol)) throw new DomainError("MARKET_STALE");
    const tick = this.market.tape.lastTick(symbol);
    if (!tick) throw new DomainError("MARKET_STALE");
    return tick.seq
      ? { time: tick.time, price: tick.price, seq: tick.seq }
      : { time: tick.time, price: tick.price };
  }

  /** The leveraged terms of a symbol, with its leverage brackets (tickets, the rates page). */
  async options(tenant: Tenant, symbol: string) {
    const terms = await this.terms.of(tenant.id);
    const def = terms.symbol(symbol);
    if (!def) throw new DomainError("NOT_FOUND");
    return {
      symbol,
      enabled: def.leveraged && tenant.products.includes("leveraged"),
      stale: this.market.tape.isStale(symbol),
      lot: formatDecimal(def.lot),
      leverages: def.leverage,
      takerFee: formatDecimal(def.takerFee),
      brackets: bracketsJson(def.brackets),
      holdingFeeDaily: formatDecimal(terms.holdingFeeDaily),
      termsVersion: terms.version,
    };
  }

  /** What an order could lose at the last price (or its limit): its margin and opening fee. */
  private maxLoss(
    def: { lot: bigint; takerFee: bigint },
    req: { symbol: string; lots: number; leverage: number; limitPrice?: string },
  ): bigint {
    const last = this.market.tape.lastTick(req.symbol)?.price ?? 0n;
    let at = last;
    try {
      if (req.limitPrice !== undefined) at = parseDecimal(req.limitPrice);
    } catch { /* the order rules refuse it */ }
    const qty = BigInt(Number.isInteger(req.lots) && req.lots > 0 ? req.lots : 0) * def.lot;
    return marginOf(qty, at, Math.max(1, req.leverage)) + fee(qty, at, def.takerFee);
  }

  async open(
    tenant: Tenant,
    userId: string,
    req: {
      symbol: string;
      side: "long" | "short";
      lots: number;
      leverage: number;
      stopLoss?: string;
      takeProfit?: string;
      /** a limit order: waits until the price crosses it, then fills at it */
      limitPrice?: string;
      termsVersion?: number;
    },
    idempotencyKey?: string,
  ): Promise<PositionJson> {
    const t = tenant.id;
    // the terms in force now (a change approved later applies to later orders)
    const terms = await this.terms.of(t);
    // the customer confirmed what the ticket showed: not terms approved since
    if (req.termsVersion !== undefined && req.termsVersion !== terms.version) {
      throw new DomainError("TERMS_CHANGED");
    }
    const def = terms.symbol(req.symbol);
    if (!def) throw new DomainError("NOT_FOUND");
    // jurisdiction, self-exclusion, cooling-off, loss limits: the margin and fee can be lost
    await assertProductAllowed(
      this.kv,
      tenant,
      userId,
      "leveraged",
      this.maxLoss(def, req),
      this.now(),
    );
    // the tenant's switch is the route's (`product` middleware); the symbol's is the terms'
    if (!def.leveraged) {
      throw new DomainError("PRODUCT_DISABLED");
    }
    // the same rules the ticket checks before its confirmation (the balance: the ledger)
    const rules = (market: bigint | null) =>
      contractOrderRules({
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
    enforce(rules(null));
    const price = (s: string | undefined) =>
      s === undefined ? null : parseDecimal(s, { maxDecimals: def.priceDecimals });
    const sl = price(req.stopLoss), tp = price(req.takeProfit);
    const limit = price(req.limitPrice);
    const key = idemKeys.customer(userId, "contract", idempotencyKey ?? crypto.randomUUID());
    const posted = await this.ledger.post(t, { key, request: req }, async () => {
      const tick = this.tickOf(req.symbol);
      // a limit on the far side of the market, stops on the right side of the fill price
      enforce(rules(tick.price));
      const at = limit ?? tick.price;
      const qty = BigInt(req.lots) * def.lot;
      // the bracket of the resulting notional on this symbol and side caps the leverage
      // the customer's open positions on the symbol, read under a version key so that two
      // concurrent orders cannot both pass the bracket on the same total
      const version = await this.kv.get(posKeys.userSymbol(t, userId, req.symbol));
      const mine = await this.userPositions(t, userId, req.symbol);
      const sameSide = mine
        .filter((x) => x.side === req.side)
        .reduce((sum, x) => sum + x.qty, 0n);
      const { bracket } = bracketFor(def, notional(sameSide + qty, at));
      if (req.leverage > bracket.maxLeverage) {
        throw new DomainError("LEVERAGE_BRACKET", { max: bracket.maxLeverage }, {
          leverage: "leverageBracket",
        }, { maxLeverage: bracket.maxLeverage });
      }
      const mmr = bracket.mmr;
      const margin = marginOf(qty, at, req.leverage);
      const openFee = fee(qty, at, def.takerFee);
      const lp = liquidationPrice({ side: req.side, qty, entry: at, margin, mmr });
      const id = journalId(this.now());
      const p: Position = {
        id,
        userId,
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
        mmr,
        feeRate: def.takerFee,
        holdingFeeRate: terms.holdingFeeDaily,
        terms: terms.version,
        limitPrice: limit,
        openFee,
        stopLoss: sl,
        takeProfit: tp,
        liquidationPrice: lp,
        status: limit === null ? "holding" : "pending",
        createdAt: this.now(),
        realizedPnl: 0n,
        closeTick: null,
        closeReason: null,
        closedAt: null,
      };
      return {
        type: "contract",
        ref: `contract:${id}`,
        // a position holds its margin and pays the fee; a pending order holds margin and fee
        // (its fill pays the fee from the hold)
        postings: limit === null
          ? [
            { account: user(userId, "contract", "USDT"), available: -openFee },
            { account: houseFor(userId, "fees", "USDT"), available: openFee },
          ]
          : [],
        reservations: [
          limit === null
            ? {
              op: "reserve",
              id: reservationIds.position(id),
              account: user(userId, "contract", "USDT"),
              amount: margin,
              guard: "owner",
            }
            : {
              op: "reserve",
              id: reservationIds.contractOrder(id),
              account: user(userId, "contract", "USDT"),
              amount: margin + openFee,
              guard: "owner",
            },
        ],
        checks: [version],
        events: [{ user: userId, kind: "position", id }],
        write: (op) => {
          touchSymbol(op, t, p);
          op.set(posKeys.pos(t, id), p);
          op.set(posKeys.byUser(t, userId, id), true);
          op.set(posKeys.open(t, id), { symbol: p.symbol });
          op.set(posKeys.userOpen(t, userId, p.symbol, id), true);
          if (p.status === "holding") addVolume(op, t, userId, notional(qty, at));
        },
        result: () => {
          // with an opposite side held, the legs are margined together
          const held = [...mine, p].filter((x) => x.status === "holding");
          return {
            json: positionJson(p, tick.price, p.status === "holding" ? hedgeInfo(held) : undefined),
            raw: p,
          };
        },
      };
    });
    const r = posted.result;
    if (!posted.replay) {
      this.events.emit("opened", t, r.raw);
      await this.groupChanged(t, r.raw);
    }
    return r.json;
  }

  /**
   * Close `lots` (all when omitted) at `tick`: margin share back with P&L less the close fee;
   * beyond the margin the insurance account pays, unless the customer holds the opposite side
   * of the symbol in profit: then the legs are settled together (see the module comment).
   * `wholeGroup`: liquidate the hedged group `id` belongs to (the engine, at the group's level).
   * `expect` guards automatic closes (the engine closes a position once, by one reason).
   */
  async close(
    t: string,
    id: string,
    o: {
      userId?: string;
      lots?: number;
      tick?: TickRef;
      reason: CloseReason;
      idempotencyKey?: string;
      wholeGroup?: boolean;
      /** the engine: the one-cancels-other pair `oco` fired (it closes the pair's lots) */
      oco?: string;
    },
  ): Promise<PositionJson | null> {
    const key = o.reason === "manual"
      ? idemKeys.customer(o.userId ?? "", "close", o.idempotencyKey ?? crypto.randomUUID())
      : o.oco
      ? idemKeys.positionOco(id, o.oco)
      : idemKeys.positionAuto(id);
    try {
      const posted = await this.ledger.post(t, {
        key,
        request: { id, lots: o.lots ?? null, reason: o.reason },
      }, async () => {
        const entry = await this.kv.get<Position>(posKeys.pos(t, id));
        const p = entry.value;
        if (!p || (o.userId && p.userId !== o.userId)) throw new DomainError("NOT_FOUND");
        if (p.status !== "holding") throw new DomainError("POSITION_CLOSED");
        // a pair fires once: not when it was cleared or replaced meanwhile
        const pair = o.oco ? p.oco : null;
        if (o.oco && pair?.id !== o.oco) throw new DomainError("POSITION_CLOSED");
        const lots = pair ? Math.min(pair.lots, p.lots) : o.lots ?? p.lots;
        if (!Number.isInteger(lots) || lots < 1 || lots > p.lots) {
          throw new DomainError("VALIDATION", {}, { lots: "invalid" });
        }
        const tick = o.tick ?? this.tickOf(p.symbol);
        // read before the legs: unchanged at the commit, none of them changed (touchSymbol)
        const version = await this.kv.get(posKeys.userSymbol(t, p.userId, p.symbol));
        const legs = (await this.userEntries(t, p.userId, p.symbol))
          .filter((e) => e.value.status === "holding" && e.value.id !== id);
        const opposite = legs.filter((e) => e.value.side !== p.side);
        const here = settleLeg(p, lots, tick.price);
        let closing: { entry: Deno.KvEntry<Position>; lots: number }[] = [{ entry, lots }];
        const all = [p, ...legs.map((e) => e.value)];
        // A hedged leg is liquidated only with its group, whatever the caller knew of the hedge
        // (an engine on another instance may not have seen the opposite leg open yet).
        const whole = o.wholeGroup || (o.reason === "liquidation" && isHedged(all));
        if (whole) {
          // nothing due (the group changed meanwhile): the engine re-arms
          if (!isHedged(all) || !groupOf(all, tick.price).liquidatable) {
            throw new DomainError("POSITION_CLOSED");
          }
          closing = [
            { entry, lots: p.lots },
            ...legs.map((e) => ({ entry: e, lots: e.value.lots })),
          ];
        } else if (opposite.length) {
          // a loss beyond a leg's margin is covered by the opposite side's profit first: this
          // leg in deficit closes with the opposite legs in profit; this leg in profit closes
          // with the opposite legs it would leave in deficit
          const with_ = here.payout < 0n
            ? opposite.filter((e) =>
              unrealizedPnl(e.value.side, e.value.qty, e.value.entry.price, tick.price) > 0n
            )
            : here.payout > 0n && lots === p.lots
            ? opposite.filter((e) => settleLeg(e.value, e.value.lots, tick.price).payout < 0n)
            : [];
          if (with_.length) {
            closing = [
              { entry, lots: p.lots },
              ...with_.map((e) => ({ entry: e, lots: e.value.lots })),
            ];
          }
        }
        const account = user(p.userId, "contract", "USDT");
        let frozen = 0n, payout = 0n, fees = 0n, pnl = 0n;
        const nexts: Position[] = [];
        const settled: ReturnType<typeof settleLeg>[] = [];
        for (const c of closing) {
          const x0 = c.entry.value!;
          const s = settleLeg(x0, c.lots, tick.price);
          // the pair that fired is kept with what it closed; the other leg is cancelled with it
          const x = pair && x0.id === id
            ? {
              ...x0,
              oco: null,
              ocoFired: [...(x0.ocoFired ?? []), {
                ...pair,
                leg: o.reason as "stopLoss" | "takeProfit",
                tick,
                closed: c.lots,
                pnl: s.pnl,
                closeFee: s.closeFee,
              }],
            }
            : x0;
          settled.push(s);
          frozen += s.margin;
          payout += s.payout;
          fees += s.closeFee;
          pnl += s.pnl;
          nexts.push(
            c.lots === x.lots
              ? {
                ...x,
                status: "closed",
                realizedPnl: x.realizedPnl + s.pnl,
                closeFee: (x.closeFee ?? 0n) + s.closeFee,
                closeTick: tick,
                // the legs closed along with the one asked for (a group liquidation: all)
                closeReason: whole || x.id === id ? o.reason : "hedged",
                closedAt: this.now(),
              }
              : {
                ...x,
                lots: x.lots - c.lots,
                qty: x.qty - s.qty,
                margin: x.margin - s.margin,
                realizedPnl: x.realizedPnl + s.pnl,
                closeFee: (x.closeFee ?? 0n) + s.closeFee,
              },
          );
        }
        const shortfall = payout < 0n ? -payout : 0n;
        const postings = [
          { account, available: payout > 0n ? payout : 0n },
          { account: houseFor(p.userId, "fees", "USDT"), available: fees },
          { account: houseFor(p.userId, "pnl", "USDT"), available: -pnl },
          ...(shortfall
            ? [{ account: houseFor(p.userId, "insurance", "USDT"), available: -shortfall }]
            : []),
        ];
        return {
          type: "contract",
          ref: `contract:${id}`,
          postings,
          // each leg's margin leaves its reservation (all of it when the leg closes)
          reservations: closing.map((c, i): ReservationOp => ({
            op: "post",
            id: reservationIds.position(c.entry.value!.id),
            account,
            amount: settled[i]!.margin,
            guard: "owner",
          })),
          // one check for every leg, however many (a commit carries at most 10 checks)
          checks: [entry, version],
          events: nexts.map((x) => ({ user: x.userId, kind: "position" as const, id: x.id })),
          write: (op, journal) => {
            touchSymbol(op, t, p);
            closing.forEach((c, i) => {
              const next = nexts[i]!;
              op.set(c.entry.key, next);
              if (next.status === "closed") {
                op.delete(posKeys.open(t, next.id));
                op.delete(posKeys.userOpen(t, next.userId, next.symbol, next.id));
              }
              addVolume(op, t, next.userId, notional(settled[i]!.qty, tick.price));
              // the customer's loss limits: P&L less fees (the opening and holding fees when
              // the leg closes for good)
              const s = settled[i]!;
              const paid = next.status === "closed" ? next.openFee + (next.holdingFees ?? 0n) : 0n;
              recordResult(
                op,
                t,
                next.userId,
                next.closedAt ?? this.now(),
                `contract:${next.id}:${journal.id}`,
                s.pnl - s.closeFee - paid,
              );
            });
          },
          result: () => ({ json: positionJson(nexts[0]!, tick.price), raw: nexts }),
        };
      });
      const r = posted.result;
      if (!posted.replay) {
        for (const x of r.raw) this.events.emit("changed", t, x);
        await this.groupChanged(t, r.raw[0]!);
      }
      return r.json;
    } catch (e) {
      if (o.reason !== "manual" && e instanceof DomainError && e.error === "POSITION_CLOSED") {
        return null;
      }
      throw e;
    }
  }

  /** Fill a pending limit order at its limit price (the engine, on the crossing tick). */
  async fill(t: string, id: string, tick: TickRef): Promise<Position | null> {
    return await this.pendingTransition(t, id, idemKeys.positionFill(id), undefined, (p) => ({
      // the fee is paid from the order's hold; the margin stays held by the position
      postings: [{ account: houseFor(p.userId, "fees", "USDT"), available: p.openFee }],
      reservations: [
        {
          op: "post",
          id: reservationIds.contractOrder(p.id),
          account: user(p.userId, "contract", "USDT"),
          amount: p.openFee,
          guard: "owner",
        },
        ...heldByPosition(p, p.margin),
      ],
      // filled at its limit, on the tick that crossed it (its place in the chain kept)
      next: {
        ...p,
        status: "holding",
        entry: tick.seq
          ? { time: tick.time, price: p.entry.price, seq: tick.seq }
          : { time: tick.time, price: p.entry.price },
      },
    }));
  }

  /** Withdraw a pending order: the held margin and fee go back. */
  async cancel(t: string, userId: string, id: string, idempotencyKey?: string) {
    const p = await this.pendingTransition(
      t,
      id,
      idemKeys.customer(userId, "cancel", idempotencyKey ?? id),
      userId,
      (p) => ({
        postings: [],
        reservations: [{
          op: "release",
          id: reservationIds.contractOrder(p.id),
          account: user(p.userId, "contract", "USDT"),
          guard: "owner",
        }],
        next: { ...p, status: "cancelled", closedAt: this.now() },
      }),
    );
    return positionJson(p!, null);
  }

  /** Move a pending order to the current price, which fills it there (figures recomputed). */
  async chase(t: string, userId: string, id: string, idempotencyKey?: string) {
    const p = await this.pendingTransition(
      t,
      id,
      idemKeys.customer(userId, "chase", idempotencyKey ?? id),
      userId,
      (p) => {
        const tick = this.tickOf(p.symbol);
        const margin = marginOf(p.qty, tick.price, p.leverage);
        const openFee = fee(p.qty, tick.price, p.feeRate);
        const lp = liquidationPrice({
          side: p.side,
          qty: p.qty,
          entry: tick.price,
          margin,
          mmr: p.mmr,
        });
        const wrong = new Set(
          stopRules(p.side, tick.price, { stopLoss: p.stopLoss, takeProfit: p.takeProfit })
            .map((f) => f.field),
        );
        const stops = { stopLoss: !wrong.has("stopLoss"), takeProfit: !wrong.has("takeProfit") };
        const account = user(p.userId, "contract", "USDT");
        return {
          // the order's hold goes back; the position holds the margin at the new price and
          // the fee is paid at it
          postings: [
            { account, available: -openFee },
            { account: houseFor(p.userId, "fees", "USDT"), available: openFee },
          ],
          reservations: [
            {
              op: "release",
              id: reservationIds.contractOrder(p.id),
              account,
              guard: "owner",
            },
            ...heldByPosition(p, margin),
          ],
          next: {
            ...p,
            status: "holding",
            entry: tick,
            margin,
            openFee,
            liquidationPrice: lp,
            stopLoss: stops.stopLoss ? p.stopLoss : null,
            takeProfit: stops.takeProfit ? p.takeProfit : null,
          },
        };
      },
    );
    return positionJson(p!, p!.entry.price);
  }

  private async pendingTransition(
    t: string,
    id: string,
    key: string,
    userId: string | undefined,
    f: (p: Position) => Transition<Position>,
  ): Promise<Position | null> {
    const r = await transition(this.kv, this.ledger, PENDING_ORDER, t, { id, key, userId }, f);
    if (r && !r.replay) this.events.emit("changed", t, r.order);
    return r?.order ?? null;
  }

  async setStops(
    t: string,
    userId: string,
    id: string,
    s: { stopLoss?: string | null; takeProfit?: string | null },
  ): Promise<PositionJson> {
    return await this.amend(t, userId, id, (p, tick, def) => {
      const sl = levelOf(s.stopLoss, p.stopLoss, "stopLoss", def.priceDecimals),
        tp = levelOf(s.takeProfit, p.takeProfit, "takeProfit", def.priceDecimals);
      enforce(stopRules(p.side, tick.price, { stopLoss: sl, takeProfit: tp }, def.priceDecimals));
      return { ...p, stopLoss: sl, takeProfit: tp };
    });
  }

  /**
   * Set (or clear: null) a trailing stop on a holding position: it follows the best price from
   * the current tick on at `callbackRate` behind (a fraction) and closes the whole position.
   */
  async setTrailing(
    t: string,
    userId: string,
    id: string,
    s: { callbackRate: string | null },
  ): Promise<PositionJson> {
    return await this.amend(t, userId, id, (p, tick) => {
      if (s.callbackRate === null) return { ...p, trailing: null };
      enforce(trailingRules(s.callbackRate));
      return { ...p, trailing: { callback: parseDecimal(s.callbackRate), from: tick } };
    });
  }

  /**
   * Set (or clear: null) the one-cancels-other pair of a holding position: a stop-loss and a
   * take-profit for `lots` of it; the first reached closes those lots, the other is cancelled.
   */
  async setOco(
    t: string,
    userId: string,
    id: string,
    s: { lots: number; stopLoss: string; takeProfit: string } | null,
  ): Promise<PositionJson> {
    return await this.amend(t, userId, id, (p, tick, def) => {
      if (s === null) return { ...p, oco: null };
      const sl = levelOf(s.stopLoss, null, "stopLoss", def.priceDecimals),
        tp = levelOf(s.takeProfit, null, "takeProfit", def.priceDecimals);
      enforce(ocoRules({
        side: p.side,
        lots: s.lots,
        held: p.lots,
        stopLoss: sl,
        takeProfit: tp,
        market: tick.price,
        priceDecimals: def.priceDecimals,
      }));
      return {
        ...p,
        oco: { id: crypto.randomUUID(), lots: s.lots, stopLoss: sl!, takeProfit: tp!, from: tick },
      };
    });
  }

  /**
   * Change a holding position's own orders (stops, trailing stop, pair) at the current tick:
   * no money moves, the engine re-indexes it from the change event.
   */
  private async amend(
    t: string,
    userId: string,
    id: string,
    f: (p: Position, tick: TickRef, def: NonNullable<ReturnType<typeof symbolOf>>) => Position,
  ): Promise<PositionJson> {
    for await (const _attempt of commitAttempts()) {
      const entry = await this.kv.get<Position>(posKeys.pos(t, id));
      const p = entry.value;
      if (!p || p.userId !== userId) throw new DomainError("NOT_FOUND");
      if (p.status !== "holding") throw new DomainError("POSITION_CLOSED");
      const tick = this.tickOf(p.symbol);
      const next = f(p, tick, symbolOf(p.symbol)!);
      const op = this.kv.atomic().check(entry).set(entry.key, next);
      touchSymbol(op, t, next);
      stageEvents(op, t, this.now(), { refs: [{ user: userId, kind: "position", id }] });
      const res = await op.commit();
      if (res.ok) {
        this.events.emit("changed", t, next);
        return positionJson(next, tick.price, await this.hedgeOf(t, next));
      }
    }
    throw storeBusy();
  }

  /**
   * What a tick does to a position: liquidation first, then stop-loss, then take-profit (the
   * core's `trigger`), then the trailing stop (`trailing`: the engine saw this tick reach its
   * level), then the one-cancels-other pair (`oco`: it closes the pair's lots). A hedged leg is
   * liquidated only with its group (`closeGroup`), never on its own level.
   */
  due(
    p: Position,
    price: bigint,
    o: { hedged?: boolean; trailing?: boolean } = {},
  ): { reason: CloseReason; oco: boolean } | null {
    const whole = trigger(p.side, price, {
      stopLoss: p.stopLoss,
      takeProfit: p.takeProfit,
      liquidation: o.hedged ? null : p.liquidationPrice || null,
    });
    if (whole) return { reason: whole, oco: false };
    if (o.trailing && p.trailing) return { reason: "trailingStop", oco: false };
    const leg = p.oco ? ocoLeg(p.side, p.oco, price) : null;
    return leg ? { reason: leg, oco: true } : null;
  }

  /** A leg opened or closed: the other legs' liquidation level may have changed. */
  private async groupChanged(t: string, p: Position) {
    for (const leg of await this.userPositions(t, p.userId, p.symbol)) {
      if (leg.id !== p.id && leg.status === "holding") this.events.emit("changed", t, leg);
    }
  }
}

/**
 * A price level the customer sent: unchanged (`cur`) when absent, cleared when null, else a
 * positive price within the symbol's precision.
 */
function levelOf(
  v: string | null | undefined,
  cur: bigint | null,
  field: string,
  decimals: number,
): bigint | null {
  if (v === undefined) return cur;
  if (v === null) return null;
  let x: bigint;
  try {
    x = parseDecimal(v, { maxDecimals: decimals });
  } catch {
    throw new DomainError("VALIDATION", {}, { [field]: "invalid" });
  }
  if (x <= 0n) throw new DomainError("VALIDATION", {}, { [field]: "invalid" });
  return x;
}
