/**
 * Spot (coin-to-coin) orders on the spot wallet: market orders fill at the current tick; limit
 * orders hold their funds (quote for buys, base for sells) and fill at the limit when the price
 * crosses it; the fee is paid in USDT. The trading P&L account is the counterparty.
 */
import type { ListRead, PrivateRead } from "../platform/kv_round_trips.ts";
import { listPage, recordsByIndex } from "../platform/kvpage.ts";
import { formatDecimal, mulDiv, parseDecimal, SCALE } from "../../core-wasm/mod.ts";
import { type Currency, houseFor, user } from "../ledger/accounts.ts";
import { journalId, type Plan } from "../ledger/service.ts";
import { idemKeys } from "../ledger/idem.ts";
import { reservationIds, type ReservationOp } from "../ledger/reservations.ts";
import { addVolume } from "../funds/turnover.ts";
import { Emitter } from "../platform/emitter.ts";
import { type OrderKind, type Transition, transition } from "./order_machine.ts";
import { DomainError } from "../platform/errors.ts";
import { enforce, spotOrderRules } from "../../contract/rules.ts";
import type { Tenant } from "../platform/tenants.ts";
import type { TickRef } from "./fast.ts";
import { carriedRecord, saveSpot, spotKeys } from "./store.ts";
import { SPOT_FEE } from "./terms.ts";
import { symbolOf } from "../../contract/symbols.ts";
import {
  commitOrder,
  customerIdem,
  freshTick,
  ledgerReads,
  orderTerms,
  TradingDesk,
} from "./pipeline.ts";
import type { SpotOrderJson } from "../../contract/trading.ts";

export interface SpotOrder {
  id: string;
  userId: string;
  symbol: string;
  base: Currency;
  side: "buy" | "sell";
  type: "market" | "limit";
  qty: bigint;
  /** limit price, or the fill price of a market order */
  price: bigint;
  /** held funds of an open limit order (USDT for a buy, base for a sell) */
  held: bigint;
  fee: bigint;
  status: "open" | "filled" | "cancelled";
  createdAt: number;
  fill: TickRef | null;
  /** the fee rate agreed when placed (absent: the shipped default) and the terms' version */
  feeRate?: bigint;
  terms?: number;
}

/** What the customer asks to buy or sell. */
export interface SpotRequest {
  symbol: string;
  side: "buy" | "sell";
  type: "market" | "limit";
  qty: string;
  price?: string;
  termsVersion?: number;
}

export function spotJson(o: SpotOrder): SpotOrderJson {
  const d = formatDecimal;
  return {
    orderNo: o.id,
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    qty: d(o.qty),
    price: d(o.price),
    amount: d(mulDiv(o.qty, o.price, SCALE, "down")),
    fee: d(o.fee),
    status: o.status,
    createTime: o.createdAt,
    fillTime: o.fill?.time ?? null,
  };
}

/** An open limit order waits to fill or be cancelled. */
const OPEN_ORDER: OrderKind<SpotOrder> = {
  type: "spot",
  ref: (id) => `spot:${id}`,
  event: "spot",
  key: spotKeys.order,
  waiting: "open",
  write: (op, t, next) => {
    // the customer's index carries the record (store.ts `saveSpot`)
    op.set(spotKeys.byUser(t, next.userId, next.id), next);
    op.delete(spotKeys.open(t, next.id));
    if (next.status === "filled") {
      addVolume(op, t, next.userId, mulDiv(next.qty, next.price, SCALE, "up"));
    }
  },
};

export class Spot extends TradingDesk {
  /** what this instance did: the engine listens (other instances hear through the event log) */
  readonly events = new Emitter<{
    opened: [t: string, order: SpotOrder];
    changed: [t: string, order: SpotOrder];
  }>("spot");

  /**
   * Postings of a fill at `price`: coins one way, USDT (gross, fee) the other. A limit order
   * pays from its reservation (`held`): what the fill costs is posted from it, the rest released.
   */
  private fillPostings(
    o: {
      id: string;
      userId: string;
      base: Currency;
      side: "buy" | "sell";
      qty: bigint;
      feeRate?: bigint;
    },
    price: bigint,
    /** what the order's reservation holds (0n: a market order, paid from available) */
    held: bigint,
  ) {
    const gross = o.side === "buy"
      ? mulDiv(o.qty, price, SCALE, "up")
      : mulDiv(o.qty, price, SCALE, "down");
    const fee = mulDiv(gross, o.feeRate ?? SPOT_FEE, SCALE, "up");
    const usdt = user(o.userId, "spot", "USDT"), coin = user(o.userId, "spot", o.base);
    const pays = o.side === "buy" ? usdt : coin;
    const cost = o.side === "buy" ? gross + fee : o.qty;
    const id = reservationIds.spot(o.id);
    const reservations: ReservationOp[] = held
      ? [{ op: "post", id, account: pays, amount: cost, guard: "owner" }]
      : [];
    if (held > cost) reservations.push({ op: "release", id, account: pays, guard: "owner" });
    const paid = held ? 0n : -cost;
    const postings = o.side === "buy"
      ? [
        // pay gross + fee, receive the coins
        { account: usdt, available: paid },
        { account: coin, available: o.qty },
        { account: houseFor(o.userId, "pnl", "USDT"), available: gross },
        { account: houseFor(o.userId, "pnl", o.base), available: -o.qty },
        { account: houseFor(o.userId, "fees", "USDT"), available: fee },
      ]
      : [
        { account: coin, available: paid },
        { account: usdt, available: gross - fee },
        { account: houseFor(o.userId, "pnl", o.base), available: o.qty },
        { account: houseFor(o.userId, "pnl", "USDT"), available: -gross },
        { account: houseFor(o.userId, "fees", "USDT"), available: fee },
      ];
    return { postings, reservations, fee };
  }

  /** What a spot order reads (its balances; its key when the customer sent one). */
  placeReads(t: string, userId: string, symbol: string, key?: string): PrivateRead[] {
    const base = (symbolOf(symbol)?.base ?? "BTC") as Currency;
    return ledgerReads(t, {
      key: key === undefined ? undefined : idemKeys.customer(userId, "spot", key),
      accounts: [
        user(userId, "spot", "USDT"),
        user(userId, "spot", base),
        houseFor(userId, "pnl", "USDT"),
        houseFor(userId, "pnl", base),
        houseFor(userId, "fees", "USDT"),
      ],
    });
  }

  /** Place a market or limit order through the order pipeline. */
  async place(
    tenant: Tenant,
    userId: string,
    req: SpotRequest,
    idempotencyKey?: string,
  ): Promise<SpotOrderJson> {
    const t = tenant.id;
    const { terms, def } = await orderTerms(this.terms, t, req, "spot");
    const base = def.base as Currency;
    // the same rules the ticket checks before its confirmation (the balance: the ledger)
    const rules = (market: bigint | null) =>
      spotOrderRules({
        side: req.side,
        base,
        qty: req.qty,
        qtyDecimals: def.qtyDecimals,
        priceDecimals: def.priceDecimals,
        limitPrice: req.type === "limit" ? req.price ?? "" : undefined,
        market,
      });
    enforce(rules(null));
    const qty = parseDecimal(req.qty.trim(), { maxDecimals: def.qtyDecimals });
    if (qty > 1_000_000n * SCALE) {
      throw new DomainError("VALIDATION", {}, { qty: "amountInvalid" });
    }
    const limit = req.type === "limit"
      ? parseDecimal((req.price ?? "").trim(), { maxDecimals: def.priceDecimals })
      : null;
    const r = await commitOrder(this.kv, this.ledger, {
      t,
      idem: customerIdem(userId, "spot", req, idempotencyKey),
      reads: this.placeReads(t, userId, req.symbol, idempotencyKey),
      plan: () => {
        const tick = freshTick(this.market, req.symbol);
        enforce(rules(tick.price));
        const o: SpotOrder = {
          id: journalId(this.now()),
          userId,
          symbol: req.symbol,
          base,
          side: req.side,
          type: req.type,
          qty,
          price: limit ?? tick.price,
          held: 0n,
          fee: 0n,
          status: limit === null ? "filled" : "open",
          createdAt: this.now(),
          fill: limit === null ? tick : null,
          feeRate: terms.spotFee,
          terms: terms.version,
        };
        return { plan: this.placePlan(t, o, tick), keep: o };
      },
    });
    if (!r.replay && r.keep.status === "open") this.events.emit("opened", t, r.keep);
    return r.result.json;
  }

  /**
   * The commit of a new order: a market order fills at the tick; a limit order holds what its
   * fill will need (gross + fee in USDT for a buy, the coins for a sell).
   */
  private placePlan(
    t: string,
    o: SpotOrder,
    tick: TickRef,
  ): Plan<{ json: SpotOrderJson; raw: SpotOrder }> {
    let postings: Plan<unknown>["postings"] = [], reservations: ReservationOp[] = [];
    if (o.status === "filled") {
      const f = this.fillPostings(o, tick.price, 0n);
      postings = f.postings;
      o.fee = f.fee;
    } else {
      const gross = mulDiv(o.qty, o.price, SCALE, "up");
      o.held = o.side === "buy" ? gross + mulDiv(gross, o.feeRate!, SCALE, "up") : o.qty;
      reservations = [{
        op: "reserve",
        id: reservationIds.spot(o.id),
        account: user(o.userId, "spot", o.side === "buy" ? "USDT" : o.base),
        amount: o.held,
        guard: "owner",
      }];
    }
    return {
      type: "spot",
      ref: `spot:${o.id}`,
      postings,
      reservations,
      events: [{ user: o.userId, kind: "spot", id: o.id }],
      write: (op) => {
        saveSpot(op, t, o);
        if (o.status === "open") op.set(spotKeys.open(t, o.id), { symbol: o.symbol });
        else addVolume(op, t, o.userId, mulDiv(o.qty, o.price, SCALE, "up"));
      },
      result: () => ({ json: spotJson(o), raw: o }),
    };
  }

  private async transition(
    t: string,
    id: string,
    key: string,
    userId: string | undefined,
    f: (o: SpotOrder) => Transition<SpotOrder>,
  ) {
    const r = await transition(this.kv, this.ledger, OPEN_ORDER, t, { id, key, userId }, f);
    if (r && !r.replay) this.events.emit("changed", t, r.order);
    return r?.order ?? null;
  }

  /** Fill an open limit order at its limit (the engine, on the crossing tick). */
  fill(t: string, id: string, tick: TickRef) {
    return this.transition(t, id, idemKeys.spotFill(id), undefined, (o) => {
      const f = this.fillPostings(o, o.price, o.held);
      return {
        postings: f.postings,
        reservations: f.reservations,
        next: {
          ...o,
          status: "filled",
          fee: f.fee,
          held: 0n,
          fill: tick.seq
            ? { time: tick.time, price: o.price, seq: tick.seq }
            : { time: tick.time, price: o.price },
        },
      };
    });
  }

  async cancel(t: string, userId: string, id: string, idempotencyKey?: string) {
    const o = await this.transition(
      t,
      id,
      idemKeys.customer(userId, "spotcancel", idempotencyKey ?? id),
      userId,
      (o) => ({
        postings: [],
        reservations: [{
          op: "release",
          id: reservationIds.spot(o.id),
          account: user(o.userId, "spot", o.side === "buy" ? "USDT" : o.base),
          guard: "owner",
        }],
        next: { ...o, status: "cancelled", held: 0n },
      }),
    );
    return spotJson(o!);
  }

  /** What `list` reads of the customer's, to start with the session. */
  listReads(t: string, userId: string): ListRead {
    return {
      selector: { prefix: spotKeys.byUserPrefix(t, userId) },
      options: { reverse: true, limit: 500 },
      record: (id) => spotKeys.order(t, id),
      carries: (v) => carriedRecord(v) !== null,
    };
  }

  async list(t: string, userId: string, status: SpotOrder["status"] | undefined, limit: number) {
    const r = this.listReads(t, userId);
    const iter = listPage<true>(this.kv, r.selector, r.options!);
    const page = await recordsByIndex<SpotOrder>(this.kv, iter, (id) => spotKeys.order(t, id), {
      keep: (o) => !status || o.status === status,
      limit,
      scan: 500,
      carried: carriedRecord<SpotOrder>,
    });
    return page.items.map(spotJson);
  }

  async get(t: string, id: string): Promise<SpotOrder | null> {
    return (await this.kv.get<SpotOrder>(spotKeys.order(t, id))).value;
  }

  /** Ids of the open orders, from the index alone. */
  async *openIds(t: string) {
    for await (const e of this.kv.list({ prefix: spotKeys.openPrefix(t) })) {
      yield e.key[e.key.length - 1] as string;
    }
  }

  async *openOrders(t: string) {
    for await (const e of this.kv.list<{ symbol: string }>({ prefix: spotKeys.openPrefix(t) })) {
      const o =
        (await this.kv.get<SpotOrder>(spotKeys.order(t, e.key[e.key.length - 1] as string))).value;
      if (o?.status === "open") yield o;
    }
  }
}
