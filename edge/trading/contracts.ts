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
} from "../../core-wasm/mod.ts";
import { houseFor, user } from "../ledger/accounts.ts";
import { journalId, type Ledger } from "../ledger/service.ts";
import { idemKeys } from "../ledger/idem.ts";
import { reservationIds, type ReservationOp } from "../ledger/reservations.ts";
import { stageEvents } from "../ledger/events.ts";
import { keys as ledgerKeys } from "../ledger/store.ts";
import type { MarketService } from "../market/service.ts";
import { symbolOf } from "../../contract/symbols.ts";
import type { ProductTerms } from "./terms.ts";
import { addVolume } from "../funds/turnover.ts";
import { Emitter } from "../platform/emitter.ts";
import { type OrderKind, type Transition, transition } from "./order_machine.ts";
import { DomainError } from "../platform/errors.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import type { ListRead, PrivateRead } from "../platform/kv_round_trips.ts";
import { enforce, ocoRules, stopRules, trailingRules } from "../../contract/rules.ts";
import type { Tenant } from "../platform/tenants.ts";
import type { TickRef } from "./fast.ts";
import { PositionStore } from "./position_store.ts";
import {
  bracketsJson,
  type CloseReason,
  ocoLeg,
  type Position,
  positionJson,
} from "./positions.ts";
import { posKeys, savePosition, touchSymbol } from "./store.ts";
import type { PositionJson } from "../../contract/trading.ts";
import {
  type CloseOrder,
  closePlan,
  type LegsRead,
  openedPosition,
  openPlan,
  type OpenRequest,
  openRules,
} from "./contract_plans.ts";
import { commitOrder, customerIdem, freshTick, ledgerReads, orderTerms } from "./pipeline.ts";
import { assertProductAllowed } from "./jurisdictions.ts";

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
    // the customer's index carries the record (store.ts `savePosition`)
    op.set(posKeys.byUser(t, next.userId, next.id), next);
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

  /**
   * The customer's open legs on every symbol and each symbol's version key, in one list (one
   * snapshot: store.ts `posKeys.userSymbol`), the records and their holds read beside it.
   */
  openLegsRead(t: string, userId: string): ListRead {
    return {
      selector: { prefix: posKeys.userOpenByUser(t, userId) },
      options: { batchSize: 500 },
      record: (id) => posKeys.pos(t, id),
      beside: (id) => [ledgerKeys.reservation(t, reservationIds.position(id))],
    };
  }

  /** What an open reads, to read with the session (routes/api/trading.ts) and on each attempt. */
  openReads(t: string, userId: string, key?: string): PrivateRead[] {
    return [
      this.openLegsRead(t, userId),
      ...ledgerReads(t, {
        key: key === undefined ? undefined : idemKeys.customer(userId, "contract", key),
        accounts: [user(userId, "contract", "USDT"), houseFor(userId, "fees", "USDT")],
      }),
    ];
  }

  /** What a close by the customer reads, to read with the session and on each attempt. */
  closeReads(t: string, userId: string, id: string, key?: string): PrivateRead[] {
    return [
      { key: posKeys.pos(t, id) },
      this.openLegsRead(t, userId),
      ...ledgerReads(t, {
        key: key === undefined ? undefined : idemKeys.customer(userId, "close", key),
        accounts: (["fees", "pnl", "insurance"] as const).map((h) => houseFor(userId, h, "USDT"))
          .concat(user(userId, "contract", "USDT")),
        reservations: [reservationIds.position(id)],
      }),
    ];
  }

  /**
   * The customer's open legs on `symbol` (all but `except`) under their version key. The index
   * and the version come from one snapshot; the records ride along (kvstore.ts `prefetchList`)
   * and may be older than it: when one is missing, or when `again` says so (a close that may
   * settle and write the opposite legs), the records are read again after it (one round trip),
   * so that what the plan decides on is never older than the version the commit checks.
   */
  private async legsOf(
    t: string,
    userId: string,
    symbol: string,
    o: { except?: string; again?: (legs: Position[]) => boolean } = {},
  ): Promise<LegsRead> {
    const r = this.openLegsRead(t, userId);
    const listed = await Array.fromAsync(this.kv.list<unknown>(r.selector, r.options));
    const version = listed.find((e) => e.key.length === 5 && e.key[4] === symbol) ??
      { key: posKeys.userSymbol(t, userId, symbol), value: null, versionstamp: null };
    const ids = listed.filter((e) => e.key.length === 6 && e.key[4] === symbol)
      .map((e) => e.key[5] as string).filter((id) => id !== o.except);
    const read = () => Promise.all(ids.map((id) => this.kv.get<Position>(posKeys.pos(t, id))));
    let legs = await read();
    if (legs.some((e) => !e.value) || o.again?.(legs.map((e) => e.value!))) legs = await read();
    return {
      version,
      legs: legs.filter((e): e is Deno.KvEntry<Position> =>
        e.value?.status === "holding" || e.value?.status === "pending"
      ),
    };
  }

  /** Open a position (a limit order: a pending one) through the order pipeline. */
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
    req: OpenRequest,
    idempotencyKey?: string,
  ): Promise<PositionJson> {
    const t = tenant.id;
    const terms = await orderTerms(this.terms, t, req, "leveraged");
    const def = terms.def;
    // jurisdiction, self-exclusion, cooling-off, loss limits: the margin and fee can be lost
    await assertProductAllowed(
      this.kv,
      tenant,
      userId,
      "leveraged",
      this.maxLoss(def, req),
      this.now(),
    );
    // the same rules the ticket checks before its confirmation (the balance: the ledger)
    enforce(openRules(req, terms.def, null));
    const r = await commitOrder(this.kv, this.ledger, {
      t,
      idem: customerIdem(userId, "contract", req, idempotencyKey),
      reads: this.openReads(t, userId, idempotencyKey),
      plan: async () => {
        const tick = freshTick(this.market, req.symbol);
        const read = await this.legsOf(t, userId, req.symbol);
        const id = journalId(this.now());
        const o = { id, userId, req, terms, tick, at: this.now() };
        const p = openedPosition(o, read.legs.map((e) => e.value));
        return { plan: openPlan(t, p, read, tick.price), keep: read.legs };
      },
    });
    if (!r.replay) {
      this.events.emit("opened", t, r.result.raw);
      // a leg opened: the other legs' liquidation level may have changed
      this.groupChanged(t, r.result.raw, r.keep.map((e) => e.value));
    }
    return r.result.json;
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
    o: Omit<CloseOrder, "id"> & { userId?: string; tick?: TickRef; idempotencyKey?: string },
  ): Promise<PositionJson | null> {
    const order: CloseOrder = { ...o, id };
    const key = o.reason === "manual"
      ? customerIdem(o.userId ?? "", "close", null, o.idempotencyKey)
      : { key: o.oco ? idemKeys.positionOco(id, o.oco) : idemKeys.positionAuto(id) };
    try {
      const r = await commitOrder(this.kv, this.ledger, {
        t,
        idem: { ...key, request: { id, lots: o.lots ?? null, reason: o.reason } },
        reads: o.userId ? this.closeReads(t, o.userId, id, o.idempotencyKey) : [],
        plan: async () => {
          const { entry, lots, read } = await this.closing(t, order, o.userId);
          const tick = o.tick ?? freshTick(this.market, entry.value.symbol);
          const at = this.now();
          return { plan: closePlan(t, order, { entry, lots, read, tick, at }), keep: read.legs };
        },
      });
      if (!r.replay) {
        for (const x of r.result.raw) this.events.emit("changed", t, x);
        const after = new Map(r.keep.map((e) => [e.value.id, e.value]));
        for (const x of r.result.raw) after.set(x.id, x);
        this.groupChanged(t, r.result.raw[0]!, [...after.values()]);
      }
      return r.result.json;
    } catch (e) {
      if (o.reason !== "manual" && e instanceof DomainError && e.error === "POSITION_CLOSED") {
        return null;
      }
      throw e;
    }
  }

  /**
   * What a close decides on: the position (the customer's, when a customer closes), the lots it
   * closes, the other holding legs on its symbol under their version key.
   */
  private async closing(t: string, o: CloseOrder, userId: string | undefined) {
    const entry = await this.kv.get<Position>(posKeys.pos(t, o.id));
    const p = entry.value;
    if (!p || (userId && p.userId !== userId)) throw new DomainError("NOT_FOUND");
    if (p.status !== "holding") throw new DomainError("POSITION_CLOSED");
    // a pair fires once: not when it was cleared or replaced meanwhile
    const pair = o.oco ? p.oco : null;
    if (o.oco && pair?.id !== o.oco) throw new DomainError("POSITION_CLOSED");
    const lots = pair ? Math.min(pair.lots, p.lots) : o.lots ?? p.lots;
    if (!Number.isInteger(lots) || lots < 1 || lots > p.lots) {
      throw new DomainError("VALIDATION", {}, { lots: "invalid" });
    }
    // the legs under their version key: unchanged at the commit, none of them changed
    // (touchSymbol); read again when an opposite side is open (a close may settle them too)
    const read = await this.legsOf(t, p.userId, p.symbol, {
      except: o.id,
      again: (legs) => legs.some((x) => x.side !== p.side),
    });
    read.legs = read.legs.filter((e) => e.value.status === "holding");
    return { entry: entry as Deno.KvEntry<Position>, lots, read };
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
        const tick = freshTick(this.market, p.symbol);
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
      const tick = freshTick(this.market, p.symbol);
      const next = f(p, tick, symbolOf(p.symbol)!);
      const op = this.kv.atomic().check(entry);
      savePosition(op, t, next);
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

  /**
   * A leg opened or closed: the other legs' liquidation level may have changed (`legs`: the
   * customer's legs on the symbol as the commit left them, read before it and checked by it).
   */
  private groupChanged(t: string, p: Position, legs: readonly Position[]) {
    for (const leg of legs) {
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
