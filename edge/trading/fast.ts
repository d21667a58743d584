/**
 * Fast (short-expiry up/down) contracts. The stake is frozen at order time; the entry is the
 * last tick at or before acceptance (the symbol's trading clock), the exit the last tick at or
 * before expiry; the core computes the outcome; settlement happens exactly once (one
 * idempotency key per order and a versionstamp check on the order).
 */
import type { ListRead, PrivateRead } from "../platform/kv_round_trips.ts";
import { formatDecimal, parseDecimal, settleFast } from "../../core-wasm/mod.ts";
import { bookOfUser, houseFor, user } from "../ledger/accounts.ts";
import { idemKeys } from "../ledger/idem.ts";
import { reservationIds, type ReservationOp } from "../ledger/reservations.ts";
import { journalId, type Plan } from "../ledger/service.ts";
import {
  commitOrder,
  customerIdem,
  freshTick,
  ledgerReads,
  orderTerms,
  type TickRef,
  TradingDesk,
} from "./pipeline.ts";
import { addVolume } from "../funds/turnover.ts";
import { Emitter } from "../platform/emitter.ts";
import { DomainError } from "../platform/errors.ts";
import { enforce, fastStakeRules } from "../../contract/rules.ts";
import type { Tenant } from "../platform/tenants.ts";
import { listPage, recordsByIndex } from "../platform/kvpage.ts";
import { carriedRecord, fastKeys, saveFast } from "./store.ts";
import type { FastOption, FastOrderJson } from "../../contract/trading.ts";
import { assertProductAllowed } from "./jurisdictions.ts";
import { recordResult } from "../customers/standing.ts";

/** A stake as the limits judge it (0 when malformed: the stake rules refuse it right after). */
const stakeOf = (s: string) => {
  try {
    return parseDecimal(s.trim(), { maxDecimals: 2 });
  } catch {
    return 0n;
  }
};

/** The UTC day number of a time. */
const dayOf = (ms: number) => Math.floor(ms / 86_400_000);

export type { FastOption };

export type { TickRef };

export interface FastOrder {
  id: string;
  userId: string;
  symbol: string;
  direction: "up" | "down";
  duration: number;
  rate: bigint;
  stake: bigint;
  entry: TickRef;
  /** wall time the order was accepted */
  createdAt: number;
  /** expiry on the symbol's trading clock */
  expiresAt: number;
  status: "open" | "settled";
  exit: TickRef | null;
  outcome: "win" | "lose" | "tie" | "refund" | null;
  payout: bigint | null;
  settledAt: number | null;
  /** the product terms' version the order was placed at (absent: before versions, i.e. 1) */
  terms?: number;
}

/**
 * What a placed order's idempotency record keeps (the rest is the request, which a replay must
 * repeat exactly): id, acceptance time, entry tick time and price, payout rate.
 */
type PlacedRef = [
  id: string,
  createdAt: number,
  entryTime: number,
  entryPrice: bigint,
  rate: bigint,
  /** the terms' version (absent in references stored before versions) */
  terms?: number,
  /** the entry tick's sequence number on the tape */
  entrySeq?: number,
];

/** The order as accepted, from its reference and the request. */
function placedOrder(
  [id, createdAt, entryTime, entryPrice, rate, terms, entrySeq]: PlacedRef,
  userId: string,
  req: { symbol: string; direction: "up" | "down"; duration: number },
  stake: bigint,
): FastOrder {
  return {
    id,
    userId,
    symbol: req.symbol,
    direction: req.direction,
    duration: req.duration,
    rate,
    stake,
    entry: entrySeq
      ? { time: entryTime, price: entryPrice, seq: entrySeq }
      : { time: entryTime, price: entryPrice },
    createdAt,
    expiresAt: entryTime + req.duration * 1000,
    status: "open",
    exit: null,
    outcome: null,
    payout: null,
    settledAt: null,
    terms: terms ?? 1,
  };
}

/** A tick of an order: time, price and, when it is on the tape, its sequence number. */
const tickJson = (k: TickRef) =>
  k.seq === undefined
    ? { time: k.time, price: formatDecimal(k.price) }
    : { time: k.time, price: formatDecimal(k.price), seq: k.seq };

/** JSON shape of an order (amounts as decimal strings). */
export function fastJson(o: FastOrder): FastOrderJson {
  const d = formatDecimal;
  return {
    orderNo: o.id,
    symbol: o.symbol,
    direction: o.direction,
    duration: o.duration,
    rate: d(o.rate),
    stake: d(o.stake),
    // the ticks with their place on the public tape (the result card shows and links them)
    entry: tickJson(o.entry),
    exit: o.exit ? tickJson(o.exit) : null,
    createTime: o.createdAt,
    openTime: o.entry.time,
    expiryTime: o.expiresAt,
    settlementTime: o.settledAt,
    status: o.status,
    outcome: o.outcome,
    payout: o.payout === null ? null : d(o.payout),
    income: o.payout === null ? null : d(o.payout - o.stake),
  };
}

/** What the customer asks: a direction on a symbol for a duration, and the stake. */
export interface FastRequest {
  symbol: string;
  direction: "up" | "down";
  duration: number;
  stake: string;
  termsVersion?: number;
}

/**
 * The commit of a new order: the stake is held (a fresh order id: the reservation is new by
 * construction); the idempotency record keeps what the request does not say (`ref`), and the
 * reply (first or replayed) is rebuilt from it and the request, which a replay repeats exactly
 * (records stored before the reference was introduced hold the whole reply).
 */
function placePlan(
  t: string,
  order: FastOrder,
  ref: PlacedRef,
): Plan<PlacedRef | { order: FastOrderJson }> {
  const { id, userId } = order;
  return {
    type: "fast",
    ref: `fast:${id}`,
    postings: [],
    reservations: [{
      op: "reserve",
      id: reservationIds.fast(id),
      account: user(userId, "contract", "USDT"),
      amount: order.stake,
      guard: "owner",
    }],
    events: [{ user: userId, kind: "fast.open", id }],
    write: (op) => {
      saveFast(op, t, order);
      addVolume(op, t, userId, order.stake);
      op.set(fastKeys.open(t, id), {
        symbol: order.symbol,
        expiresAt: order.expiresAt,
        createdAt: order.createdAt,
        duration: order.duration,
      });
    },
    result: () => ref,
  };
}

export class FastContracts extends TradingDesk {
  /** Called with each accepted order (the trigger engine indexes its expiry). */
  /** what this instance did: the engine listens (other instances hear through the event log) */
  readonly events = new Emitter<{
    opened: [t: string, order: FastOrder];
    settled: [t: string, order: FastOrder];
  }>("fast");
  /** Called with each settled order (the realtime hub tells the customer). */
  onSettled: (t: string, o: FastOrder) => void = () => {};

  async options(t: string, symbol: string) {
    const terms = await this.terms.of(t);
    const def = terms.symbol(symbol);
    if (!def) throw new DomainError("NOT_FOUND");
    return {
      symbol,
      enabled: def.fast,
      stale: this.market.tape.isStale(symbol),
      durations: terms.fastOptions,
      termsVersion: terms.version,
    };
  }

  /** What a fast order reads: the stake's balance, and the customer's key when they sent one. */
  placeReads(t: string, userId: string, key?: string): PrivateRead[] {
    return ledgerReads(t, {
      key: key === undefined ? undefined : idemKeys.customer(userId, "fast", key),
      accounts: [user(userId, "contract", "USDT")],
    });
  }

  /** Place a fast contract through the order pipeline: the stake is held until settlement. */
  async place(
    tenant: Tenant,
    userId: string,
    req: FastRequest,
    idempotencyKey?: string,
  ): Promise<FastOrderJson> {
    const t = tenant.id;
    // jurisdiction, self-exclusion, cooling-off, loss limits: the whole stake can be lost
    await assertProductAllowed(this.kv, tenant, userId, "fast", stakeOf(req.stake), this.now());
    const { terms } = await orderTerms(this.terms, t, req, "fast");
    const option = terms.fastOptions.find((o) => o.duration === req.duration);
    if (!option) throw new DomainError("VALIDATION", {}, { duration: "invalid" });
    // the same rules the ticket checks before its confirmation (the balance: the ledger)
    enforce(fastStakeRules({ stake: req.stake, min: option.min, max: option.max }));
    const stake = parseDecimal(req.stake.trim(), { maxDecimals: 2 });
    const r = await commitOrder(this.kv, this.ledger, {
      t,
      // a key of a fresh random id has no record: neither read (no round trip) nor checked
      idem: customerIdem(userId, "fast", req, idempotencyKey),
      reads: this.placeReads(t, userId, idempotencyKey),
      plan: () => {
        const entry = freshTick(this.market, req.symbol);
        const ref: PlacedRef = [
          journalId(this.now()),
          this.now(),
          entry.time,
          entry.price,
          parseDecimal(option.rate),
          terms.version,
          entry.seq,
        ];
        return { plan: placePlan(t, placedOrder(ref, userId, req, stake), ref), keep: null };
      },
    });
    const placed = r.result;
    if (!Array.isArray(placed)) return placed.order;
    const order = placedOrder(placed, userId, req, stake);
    if (!r.replay) this.events.emit("opened", t, order);
    return fastJson(order);
  }

  /**
   * Settle an order at its exit tick (null: no tick after expiry within the staleness limit,
   * the stake is returned). Exactly once: a second call finds it settled and does nothing.
   */
  async settle(t: string, orderId: string, exit: TickRef | null): Promise<FastOrder | null> {
    try {
      const posted = await this.ledger.post(
        t,
        { key: idemKeys.fastSettle(orderId), request: orderId },
        async () => {
          const entry = await this.kv.get<FastOrder>(fastKeys.order(t, orderId));
          const o = entry.value;
          if (!o) throw new DomainError("NOT_FOUND");
          if (o.status !== "open") throw new DomainError("HOLD_SETTLED");
          const account = user(o.userId, "contract", "USDT");
          const pnl = houseFor(o.userId, "pnl", "USDT");
          const { outcome, payout } = outcomeOf(o, exit);
          // the stake held since the order: back when refunded or tied, else it leaves the
          // reservation and the payout comes back (the house keeps or pays the difference)
          const id = reservationIds.fast(orderId);
          const held: ReservationOp[] = payout === o.stake
            ? [{ op: "release", id, account, guard: "owner" }]
            : [{ op: "post", id, account, guard: "owner" }];
          const postings = payout === o.stake ? [] : [
            { account, available: payout },
            { account: pnl, available: o.stake - payout },
          ];
          const settled: FastOrder = {
            ...o,
            status: "settled",
            exit,
            outcome,
            payout,
            settledAt: this.now(),
          };
          return {
            type: "fast",
            ref: `fast:${orderId}`,
            postings,
            reservations: held,
            checks: [entry],
            events: [{ user: o.userId, kind: "fast.settled", id: orderId }],
            write: (op) => {
              saveFast(op, t, settled);
              op.delete(fastKeys.open(t, orderId));
              // the customer's loss limits count the net result
              recordResult(
                op,
                t,
                o.userId,
                settled.settledAt!,
                `fast:${orderId}`,
                payout - o.stake,
              );
              // the published fairness statistics count the live book's contracts
              if (bookOfUser(o.userId) === "live") {
                op.sum(
                  fastKeys.fair(t, o.symbol, o.duration, dayOf(settled.settledAt!), outcome!),
                  1n,
                );
              }
            },
            result: () => orderId,
          };
        },
      );
      const o = (await this.kv.get<FastOrder>(fastKeys.order(t, orderId))).value;
      if (o && !posted.replay) this.events.emit("settled", t, o);
      return o;
    } catch (e) {
      if (e instanceof DomainError && e.error === "HOLD_SETTLED") return null;
      throw e;
    }
  }

  /**
   * Fairness: per symbol and duration, how many live contracts settled over the last `days`
   * UTC days (today included) were won, lost, tied or refunded, and the shares of the decided.
   */
  async fairness(t: string, days = 30) {
    const today = dayOf(this.now());
    const from = today - days + 1;
    const rows = new Map<
      string,
      { symbol: string; duration: number; counts: Record<string, bigint> }
    >();
    for await (
      const e of this.kv.list<Deno.KvU64>({
        start: [...fastKeys.fairPrefix(t), from],
        end: [...fastKeys.fairPrefix(t), today + 1],
      })
    ) {
      const [symbol, duration, outcome] = e.key.slice(4) as [string, number, string];
      const k = `${symbol}|${duration}`;
      let r = rows.get(k);
      if (!r) rows.set(k, r = { symbol, duration, counts: {} });
      r.counts[outcome] = (r.counts[outcome] ?? 0n) + e.value.value;
    }
    // a fraction with 4 decimals, rounded half up
    const share = (n: bigint, of: bigint) =>
      of === 0n ? "0" : formatDecimal(((n * 20_000n + of) / (2n * of)) * 10_000n);
    const items = [...rows.values()].sort((a, b) =>
      a.symbol.localeCompare(b.symbol) || a.duration - b.duration
    ).map((r) => {
      const won = r.counts.win ?? 0n, lost = r.counts.lose ?? 0n, tied = r.counts.tie ?? 0n;
      const refunded = r.counts.refund ?? 0n;
      const decided = won + lost + tied;
      return {
        symbol: r.symbol,
        duration: r.duration,
        won: Number(won),
        lost: Number(lost),
        tied: Number(tied),
        refunded: Number(refunded),
        /** fractions of the decided contracts (won + lost + tied), 4 decimals */
        wonShare: share(won, decided),
        lostShare: share(lost, decided),
        tiedShare: share(tied, decided),
      };
    });
    return { days, from: from * 86_400_000, to: (today + 1) * 86_400_000, items };
  }

  /** What `list` reads of the customer's (its first page), to start with the session. */
  listReads(t: string, userId: string): ListRead {
    return {
      selector: { prefix: fastKeys.byUserPrefix(t, userId) },
      options: { reverse: true },
      record: (id) => fastKeys.order(t, id),
      carries: (v) => carriedRecord(v) !== null,
    };
  }

  async list(
    t: string,
    userId: string,
    o: { status?: "open" | "settled"; limit: number; cursor?: string },
  ) {
    const r = this.listReads(t, userId);
    const iter = listPage<true>(this.kv, r.selector, { ...r.options, cursor: o.cursor });
    const page = await recordsByIndex<FastOrder>(this.kv, iter, (id) => fastKeys.order(t, id), {
      keep: (order) => !o.status || order.status === o.status,
      limit: o.limit,
      scan: 500,
      carried: carriedRecord<FastOrder>,
    });
    return { items: page.items.map(fastJson), cursor: page.cursor };
  }

  /** Open orders of a tenant (the engine's index after a restart). */
  /** What `get` reads (to start with the session). */
  orderRead(t: string, id: string): { key: Deno.KvKey } {
    return { key: fastKeys.order(t, id) };
  }

  async get(t: string, id: string): Promise<FastOrder | null> {
    return (await this.kv.get<FastOrder>(fastKeys.order(t, id))).value;
  }

  async *openOrders(t: string) {
    for await (
      const e of this.kv.list<
        { symbol: string; expiresAt: number; createdAt: number; duration: number }
      >({ prefix: fastKeys.openPrefix(t) })
    ) {
      yield { id: e.key[e.key.length - 1] as string, ...e.value };
    }
  }
}

/** A fast contract's outcome and payout at its exit tick (none: refunded, the stake back). */
function outcomeOf(o: FastOrder, exit: TickRef | null) {
  if (!exit) return { outcome: "refund" as const, payout: o.stake };
  return settleFast({
    direction: o.direction,
    entry: o.entry.price,
    exit: exit.price,
    stake: o.stake,
    rate: o.rate,
  });
}
