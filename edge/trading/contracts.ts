/**
 * Leveraged contracts (linear, USDT-margined, isolated). Opening freezes the margin and charges
 * the open fee; closing (by the customer, a stop-loss, a take-profit or liquidation) releases the
 * margin with the P&L less the close fee; a loss beyond the margin is charged to the insurance
 * account. Every figure comes from the pricing core; every price is a recorded tick.
 */
import {
  fee,
  formatDecimal,
  liquidationPrice,
  margin as marginOf,
  mulDiv,
  notional,
  parseDecimal,
  position as figures,
  trigger,
  unrealizedPnl,
} from "../../core-wasm/mod.ts";
import { house, user } from "../ledger/accounts.ts";
import { journalId, type Ledger } from "../ledger/service.ts";
import type { MarketService } from "../market/service.ts";
import { symbolOf } from "../market/symbols.ts";
import { addVolume } from "../funds/turnover.ts";
import { ApiError } from "../platform/errors.ts";
import { contractOrderRules, enforce, stopRules } from "../platform/rules.ts";
import type { Tenant } from "../platform/tenants.ts";
import type { TickRef } from "./fast.ts";

export type CloseReason = "manual" | "stopLoss" | "takeProfit" | "liquidation";

export interface Position {
  id: string;
  userId: string;
  symbol: string;
  side: "long" | "short";
  lots: number;
  qty: bigint;
  leverage: number;
  entry: TickRef;
  margin: bigint;
  mmr: bigint;
  feeRate: bigint;
  openFee: bigint;
  stopLoss: bigint | null;
  takeProfit: bigint | null;
  liquidationPrice: bigint;
  /** pending: a limit order waiting for the price to cross; cancelled: withdrawn before filling */
  status: "pending" | "holding" | "closed" | "cancelled";
  createdAt: number;
  /** realized so far (partial closes), and the closing details */
  realizedPnl: bigint;
  closeTick: TickRef | null;
  closeReason: CloseReason | null;
  closedAt: number | null;
  /** fees paid after opening: closing (all partial closes) and daily holding fees (absent: 0) */
  closeFee?: bigint;
  holdingFees?: bigint;
}

export const posKeys = {
  pos: (t: string, id: string) => [t, "trading", "pos", id],
  byUser: (t: string, userId: string, id: string) => [t, "trading", "posByUser", userId, id],
  byUserPrefix: (t: string, userId: string) => [t, "trading", "posByUser", userId],
  open: (t: string, id: string) => [t, "trading", "posOpen", id],
  openPrefix: (t: string) => [t, "trading", "posOpen"],
};

export function positionJson(p: Position, mark: bigint | null) {
  const d = formatDecimal;
  const live = mark && p.status === "holding"
    ? figures({
      side: p.side,
      qty: p.qty,
      entry: p.entry.price,
      leverage: p.leverage,
      mmr: p.mmr,
      feeRate: p.feeRate,
    }, mark)
    : null;
  return {
    orderNo: p.id,
    symbol: p.symbol,
    side: p.side,
    lots: p.lots,
    leverage: p.leverage,
    qty: d(p.qty),
    openPrice: d(p.entry.price),
    openTime: p.entry.time,
    createTime: p.createdAt,
    margin: d(p.margin),
    openFee: d(p.openFee),
    stopLoss: p.stopLoss === null ? null : d(p.stopLoss),
    takeProfit: p.takeProfit === null ? null : d(p.takeProfit),
    liquidationPrice: d(p.liquidationPrice),
    status: p.status,
    markPrice: mark === null ? null : d(mark),
    unrealizedPnl: live ? d(live.pnl) : null,
    roe: live ? d(live.roe) : null,
    realizedPnl: d(p.realizedPnl),
    closeFee: d(p.closeFee ?? 0n),
    holdingFees: d(p.holdingFees ?? 0n),
    closePrice: p.closeTick ? d(p.closeTick.price) : null,
    closeTime: p.closeTick?.time ?? null,
    closeReason: p.closeReason,
  };
}
export type PositionJson = ReturnType<typeof positionJson>;

export class Contracts {
  onOpen: (t: string, p: Position) => void = () => {};
  onChange: (t: string, p: Position) => void = () => {};

  constructor(
    private kv: Deno.Kv,
    private ledger: Ledger,
    private market: MarketService,
    private now: () => number,
  ) {}

  private tickOf(symbol: string): TickRef {
    if (this.market.tape.isStale(symbol)) throw new ApiError(503, "MARKET_STALE");
    const tick = this.market.tape.lastTick(symbol);
    if (!tick) throw new ApiError(503, "MARKET_STALE");
    return { time: tick.time, price: tick.price };
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
    },
    idempotencyKey?: string,
  ): Promise<PositionJson> {
    const t = tenant.id;
    const def = symbolOf(req.symbol);
    if (!def) throw new ApiError(404, "NOT_FOUND");
    if (!def.leveraged || !tenant.products.includes("leveraged")) {
      throw new ApiError(403, "PRODUCT_DISABLED");
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
    const key = `u:${userId}:contract:${idempotencyKey ?? crypto.randomUUID()}`;
    const posted = await this.ledger.post(t, { key, request: req }, () => {
      const tick = this.tickOf(req.symbol);
      // a limit on the far side of the market, stops on the right side of the fill price
      enforce(rules(tick.price));
      const at = limit ?? tick.price;
      const qty = BigInt(req.lots) * def.lot;
      const margin = marginOf(qty, at, req.leverage);
      const openFee = fee(qty, at, def.takerFee);
      const lp = liquidationPrice({ side: req.side, qty, entry: at, margin, mmr: def.mmr });
      const id = journalId(this.now());
      const p: Position = {
        id,
        userId,
        symbol: req.symbol,
        side: req.side,
        lots: req.lots,
        qty,
        leverage: req.leverage,
        entry: { time: tick.time, price: at },
        margin,
        mmr: def.mmr,
        feeRate: def.takerFee,
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
        // a pending order holds margin and fee; a fill pays the fee from the hold
        postings: limit === null
          ? [
            {
              account: user(userId, "contract", "USDT"),
              available: -(margin + openFee),
              frozen: margin,
            },
            { account: house("fees", "USDT"), available: openFee },
          ]
          : [{
            account: user(userId, "contract", "USDT"),
            available: -(margin + openFee),
            frozen: margin + openFee,
          }],
        write: (op) => {
          op.set(posKeys.pos(t, id), p);
          op.set(posKeys.byUser(t, userId, id), true);
          op.set(posKeys.open(t, id), { symbol: p.symbol });
          if (p.status === "holding") addVolume(op, t, userId, notional(qty, at));
        },
        result: () => ({ json: positionJson(p, tick.price), raw: p }),
      };
    });
    const r = posted.result as { json: PositionJson; raw: Position };
    if (!posted.replay) this.onOpen(t, r.raw);
    return r.json;
  }

  /**
   * Close `lots` (all when omitted) at `tick`: margin share back with P&L less the close fee;
   * beyond the margin the insurance account pays. `expect` guards automatic closes (the engine
   * closes a position once, by one reason).
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
    },
  ): Promise<PositionJson | null> {
    const key = o.reason === "manual"
      ? `u:${o.userId}:close:${o.idempotencyKey ?? crypto.randomUUID()}`
      : `pos:auto:${id}`;
    try {
      const posted = await this.ledger.post(t, {
        key,
        request: { id, lots: o.lots ?? null, reason: o.reason },
      }, async () => {
        const entry = await this.kv.get<Position>(posKeys.pos(t, id));
        const p = entry.value;
        if (!p || (o.userId && p.userId !== o.userId)) throw new ApiError(404, "NOT_FOUND");
        if (p.status !== "holding") throw new ApiError(409, "POSITION_CLOSED");
        const lots = o.lots ?? p.lots;
        if (!Number.isInteger(lots) || lots < 1 || lots > p.lots) {
          throw new ApiError(400, "VALIDATION", {}, { lots: "invalid" });
        }
        const tick = o.tick ?? this.tickOf(p.symbol);
        const full = lots === p.lots;
        const qty = full ? p.qty : mulDiv(p.qty, BigInt(lots), BigInt(p.lots), "down");
        const margin = full ? p.margin : mulDiv(p.margin, BigInt(lots), BigInt(p.lots), "down");
        const pnl = unrealizedPnl(p.side, qty, p.entry.price, tick.price);
        const closeFee = fee(qty, tick.price, p.feeRate);
        const payout = margin + pnl - closeFee;
        const shortfall = payout < 0n ? -payout : 0n;
        const account = user(p.userId, "contract", "USDT");
        const postings = [
          { account, frozen: -margin, available: payout > 0n ? payout : 0n },
          { account: house("fees", "USDT"), available: closeFee },
          { account: house("pnl", "USDT"), available: -pnl },
          ...(shortfall ? [{ account: house("insurance", "USDT"), available: -shortfall }] : []),
        ];
        const next: Position = full
          ? {
            ...p,
            status: "closed",
            realizedPnl: p.realizedPnl + pnl,
            closeFee: (p.closeFee ?? 0n) + closeFee,
            closeTick: tick,
            closeReason: o.reason,
            closedAt: this.now(),
          }
          : {
            ...p,
            lots: p.lots - lots,
            qty: p.qty - qty,
            margin: p.margin - margin,
            realizedPnl: p.realizedPnl + pnl,
            closeFee: (p.closeFee ?? 0n) + closeFee,
          };
        return {
          type: "contract",
          ref: `contract:${id}`,
          postings,
          checks: [entry],
          write: (op) => {
            op.set(entry.key, next);
            if (full) op.delete(posKeys.open(t, id));
            addVolume(op, t, p.userId, notional(qty, tick.price));
          },
          result: () => ({ json: positionJson(next, tick.price), raw: next }),
        };
      });
      const r = posted.result as { json: PositionJson; raw: Position };
      if (!posted.replay) this.onChange(t, r.raw);
      return r.json;
    } catch (e) {
      if (o.reason !== "manual" && e instanceof ApiError && e.error === "POSITION_CLOSED") {
        return null;
      }
      throw e;
    }
  }

  /** Fill a pending limit order at its limit price (the engine, on the crossing tick). */
  async fill(t: string, id: string, tick: TickRef): Promise<Position | null> {
    return await this.pendingTransition(t, id, `pos:fill:${id}`, undefined, (p) => ({
      postings: [
        { account: user(p.userId, "contract", "USDT"), frozen: -p.openFee },
        { account: house("fees", "USDT"), available: p.openFee },
      ],
      next: { ...p, status: "holding", entry: { time: tick.time, price: p.entry.price } },
    }));
  }

  /** Withdraw a pending order: the held margin and fee go back. */
  async cancel(t: string, userId: string, id: string, idempotencyKey?: string) {
    const p = await this.pendingTransition(
      t,
      id,
      `u:${userId}:cancel:${idempotencyKey ?? id}`,
      userId,
      (p) => ({
        postings: [{
          account: user(p.userId, "contract", "USDT"),
          frozen: -(p.margin + p.openFee),
          available: p.margin + p.openFee,
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
      `u:${userId}:chase:${idempotencyKey ?? id}`,
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
        const held = p.margin + p.openFee;
        return {
          postings: [
            {
              account: user(p.userId, "contract", "USDT"),
              available: held - margin - openFee,
              frozen: margin - held,
            },
            { account: house("fees", "USDT"), available: openFee },
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
    f: (
      p: Position,
    ) => {
      postings: { account: ReturnType<typeof user>; available?: bigint; frozen?: bigint }[];
      next: Position;
    },
  ): Promise<Position | null> {
    try {
      const posted = await this.ledger.post(t, { key, request: { id, key } }, async () => {
        const entry = await this.kv.get<Position>(posKeys.pos(t, id));
        const p = entry.value;
        if (!p || (userId && p.userId !== userId)) throw new ApiError(404, "NOT_FOUND");
        if (p.status !== "pending") throw new ApiError(409, "POSITION_CLOSED");
        const { postings, next } = f(p);
        return {
          type: "contract",
          ref: `contract:${id}`,
          postings,
          checks: [entry],
          write: (op) => {
            op.set(entry.key, next);
            if (next.status === "cancelled") op.delete(posKeys.open(t, id));
            if (next.status === "holding") {
              addVolume(op, t, next.userId, notional(next.qty, next.entry.price));
            }
          },
          result: () => next,
        };
      });
      const next = posted.result as Position;
      if (!posted.replay) this.onChange(t, next);
      return next;
    } catch (e) {
      if (!userId && e instanceof ApiError && e.error === "POSITION_CLOSED") return null;
      throw e;
    }
  }

  async setStops(
    t: string,
    userId: string,
    id: string,
    s: { stopLoss?: string | null; takeProfit?: string | null },
  ): Promise<PositionJson> {
    for (let i = 0; i < 10; i++) {
      const entry = await this.kv.get<Position>(posKeys.pos(t, id));
      const p = entry.value;
      if (!p || p.userId !== userId) throw new ApiError(404, "NOT_FOUND");
      if (p.status !== "holding") throw new ApiError(409, "POSITION_CLOSED");
      const def = symbolOf(p.symbol)!;
      const parse = (v: string | null | undefined, cur: bigint | null, field: string) => {
        if (v === undefined) return cur;
        if (v === null) return null;
        let x: bigint;
        try {
          x = parseDecimal(v, { maxDecimals: def.priceDecimals });
        } catch {
          throw new ApiError(400, "VALIDATION", {}, { [field]: "invalid" });
        }
        if (x <= 0n) throw new ApiError(400, "VALIDATION", {}, { [field]: "invalid" });
        return x;
      };
      const sl = parse(s.stopLoss, p.stopLoss, "stopLoss"),
        tp = parse(s.takeProfit, p.takeProfit, "takeProfit");
      const tick = this.tickOf(p.symbol);
      enforce(stopRules(p.side, tick.price, { stopLoss: sl, takeProfit: tp }, def.priceDecimals));
      const next = { ...p, stopLoss: sl, takeProfit: tp };
      const res = await this.kv.atomic().check(entry).set(entry.key, next).commit();
      if (res.ok) {
        this.onChange(t, next);
        return positionJson(next, tick.price);
      }
    }
    throw new ApiError(409, "CONFLICT");
  }

  /** What a price does to a position: liquidation first, then stop-loss, then take-profit. */
  reason(p: Position, price: bigint): CloseReason | null {
    return trigger(p.side, price, {
      stopLoss: p.stopLoss,
      takeProfit: p.takeProfit,
      liquidation: p.liquidationPrice || null,
    });
  }

  async get(t: string, id: string) {
    return (await this.kv.get<Position>(posKeys.pos(t, id))).value;
  }

  async list(t: string, userId: string, status: Position["status"], limit: number) {
    const items: PositionJson[] = [];
    for await (
      const e of this.kv.list<true>({ prefix: posKeys.byUserPrefix(t, userId) }, {
        reverse: true,
        limit: 500,
      })
    ) {
      const p = await this.get(t, e.key[e.key.length - 1] as string);
      if (p && p.status === status) {
        items.push(positionJson(p, this.market.tape.lastTick(p.symbol)?.price ?? null));
      }
      if (items.length >= limit) break;
    }
    return items;
  }

  async *openPositions(t: string) {
    for await (const e of this.kv.list<{ symbol: string }>({ prefix: posKeys.openPrefix(t) })) {
      const p = await this.get(t, e.key[e.key.length - 1] as string);
      if (p && (p.status === "holding" || p.status === "pending")) yield p;
    }
  }
}
