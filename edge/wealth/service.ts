/**
 * Wealth ("mining financing"): fixed-term USDT products paid from the tenant's yield reserve.
 *
 * - Subscribe: the principal is reserved in the customer's spot USDT account with the order (a
 *   reservation owned by the order); refused when the product is off, the amount outside its
 *   limits, the product's cap reached, or the reserve cannot cover every promised unpaid payout
 *   plus this order's (coverage). The counters behind coverage are checked in the commit, so two
 *   subscriptions cannot both pass on the same reserve.
 * - Payouts: amount x daily rate for each 00:00 UTC after the value date (the first 00:00 after
 *   the subscription), from the reserve to the customer, once per (order, day), caught up in
 *   order; the last one releases the principal in the same commit (underway -> retired).
 * - Early redemption: a quote (remaining days, penalty = ratio x days x amount rounded up by the
 *   core, refund) valid a few seconds and bound to the order's state; confirming it posts the
 *   penalty to the house and releases the refund, once. Payouts made are kept.
 */
import {
  dailyPayout,
  expectedIncome,
  formatDecimal,
  mulDiv,
  parseDecimal,
  redemption,
  SCALE,
} from "../../core-wasm/mod.ts";
import { accountId, house, user } from "../ledger/accounts.ts";
import { keys as ledgerKeys } from "../ledger/store.ts";
import { PublicCache } from "../platform/public_cache.ts";
import type { ListRead } from "../platform/kv_round_trips.ts";
import { listPage, recordsByIndex } from "../platform/kvpage.ts";
import { idemKeys } from "../ledger/idem.ts";
import { reservationIds } from "../ledger/reservations.ts";
import { journalId, type Ledger } from "../ledger/service.ts";
import { messageInto } from "../messages/store.ts";
import { DomainError } from "../platform/errors.ts";
import { addVolume } from "../funds/turnover.ts";
import { DEFAULT_PRODUCTS } from "./products.ts";
import { type RedeemQuote, wealthKeys, type WealthOrder, type WealthProduct } from "./store.ts";
import type { WealthOrderJson } from "../../contract/wealth.ts";
import {
  DAY_MS,
  elapsedDays,
  nextMidnight,
  orderJson,
  productJson,
  quoteJson,
  turnoverRatioOf,
} from "./figures.ts";

/** How long a redemption quote may be confirmed. */
export const QUOTE_TTL_MS = 10_000;

const u64 = (e: Deno.KvEntryMaybe<Deno.KvU64>) => e.value?.value ?? 0n;
type Four<T> = [T, T, T, T];
const d = formatDecimal;

export class Wealth {
  constructor(
    private kv: Deno.Kv,
    private ledger: Ledger,
    private now: () => number,
  ) {
    this.cache = new PublicCache(kv);
  }

  private cache: PublicCache;

  /** The tenant's products (the defaults until an operator changes them). */
  async products(t: string): Promise<WealthProduct[]> {
    return (await this.kv.get<WealthProduct[]>(wealthKeys.products(t))).value ??
      [...DEFAULT_PRODUCTS];
  }

  async product(t: string, id: string): Promise<WealthProduct> {
    const p = (await this.products(t)).find((x) => x.id === id);
    if (!p) throw new DomainError("NOT_FOUND");
    return p;
  }

  /** The reserve (the yield account's balance) and the promised yield not yet paid. */
  async reserve(t: string) {
    const [[promised, settled], yieldAccount] = await Promise.all([
      this.kv.getMany<[Deno.KvU64, Deno.KvU64]>([wealthKeys.promised(t), wealthKeys.settled(t)]),
      this.ledger.balance(t, house("yield", "USDT")),
    ]);
    const reserve = yieldAccount.available;
    const unpaid = u64(promised) - u64(settled);
    return { reserve, unpaid, coverage: unpaid > 0n ? reserve * SCALE / unpaid : null };
  }

  /**
   * Products as customers see them: limits, hosted amount, coverage, open or paused (display
   * only, from memory: edge/platform/public_cache.ts; a subscription reads its limits itself).
   */
  list(t: string) {
    return this.cache.get(
      `list|${t}`,
      [[t, "wealth"], ledgerKeys.balance(t, accountId(house("yield", "USDT")))],
      async () => {
        // read together: a cold instance pays one round trip (or one replica's delay)
        const [{ reserve, unpaid, coverage }, products, hosted] = await Promise.all([
          this.reserve(t),
          this.products(t),
          this.hostedAll(t),
        ]);
        const out = products.map((p) => productJson(p, hosted(p.id), coverage));
        return {
          items: out,
          reserve: d(reserve),
          unpaid: d(unpaid),
          coverage: coverage === null ? null : d(coverage),
        };
      },
    );
  }

  /** Every product's hosted amount (in minus out), its sums listed whatever the products. */
  private async hostedAll(t: string): Promise<(productId: string) => bigint> {
    const sums = (prefix: Deno.KvKey) =>
      Array.fromAsync(this.kv.list<Deno.KvU64>({ prefix }), (e) => [e.key.at(-1), u64(e)] as const);
    const [hostedIn, hostedOut] = await Promise.all([
      sums(wealthKeys.hostedIn(t, "").slice(0, -1)),
      sums(wealthKeys.hostedOut(t, "").slice(0, -1)),
    ]);
    const inOf = new Map(hostedIn), outOf = new Map(hostedOut);
    return (id) => (inOf.get(id) ?? 0n) - (outOf.get(id) ?? 0n);
  }

  /** Every figure a customer sees before confirming, at this amount and this moment. */
  async preview(t: string, productId: string, amountText: string) {
    const p = await this.product(t, productId);
    const amount = this.amountOf(p, amountText);
    const at = this.now();
    const valueDate = nextMidnight(at);
    const daily = dailyPayout(amount, p.dailyRate);
    // the early-redemption rule at this amount: leaving with half the term left
    const exampleDays = Math.max(1, Math.floor(p.periodDays / 2));
    const example = redemption(amount, p.redeemRatio, exampleDays);
    return {
      productId: p.id,
      amount: d(amount),
      dailyRate: d(p.dailyRate),
      apr: d(p.dailyRate * 365n),
      dailyIncome: d(daily),
      expectedIncome: d(expectedIncome(amount, p.dailyRate, p.periodDays)),
      valueDate,
      firstPayout: valueDate + DAY_MS,
      maturity: valueDate + p.periodDays * DAY_MS,
      redeemRatio: d(p.redeemRatio),
      redeemExample: {
        daysLeft: exampleDays,
        penalty: d(example.penalty),
        refund: d(example.refund),
      },
    };
  }

  private amountOf(p: WealthProduct, text: string): bigint {
    let amount: bigint;
    try {
      amount = parseDecimal(text.trim(), { maxDecimals: 2 });
    } catch {
      throw new DomainError("VALIDATION", {}, { amount: "amountInvalid" });
    }
    if (amount < p.minAmount || amount > p.maxAmount) {
      // the field says it too ("from 100 to 100000 USDT"), not a generic "invalid"
      throw new DomainError("WEALTH_LIMITS", { min: d(p.minAmount), max: d(p.maxAmount) }, {
        amount: "errors.WEALTH_LIMITS",
      });
    }
    return amount;
  }

  /**
   * What a subscription reads, to read with the session (one round trip; the customer's balances
   * come with every session): the products, the coverage and cap counters, the reserve and the
   * record of the customer's `Idempotency-Key`.
   */
  subscribeReads(t: string, userId: string, productId: unknown, key?: string): Deno.KvKey[] {
    const id = typeof productId === "string" ? productId : "";
    return [
      wealthKeys.products(t),
      wealthKeys.promised(t),
      wealthKeys.settled(t),
      wealthKeys.hostedIn(t, id),
      wealthKeys.hostedOut(t, id),
      ledgerKeys.balance(t, accountId(house("yield", "USDT"))),
      ...key ? [ledgerKeys.idem(t, idemKeys.customer(userId, "wealth", key))] : [],
    ];
  }

  /** Subscribe: the principal reserved with the order, once per idempotency key. */
  async subscribe(
    t: string,
    userId: string,
    req: { productId: string; amount: string },
    idempotencyKey?: string,
  ): Promise<WealthOrderJson> {
    const p = await this.product(t, req.productId);
    if (!p.enabled) throw new DomainError("PRODUCT_DISABLED");
    const amount = this.amountOf(p, req.amount);
    const key = idemKeys.customer(userId, "wealth", idempotencyKey ?? crypto.randomUUID());
    // without the customer's key a random one: fresh, neither read nor checked
    const fresh = idempotencyKey === undefined;
    // the order as this request placed it (the reply: no read after the commit)
    let placed: WealthOrder | undefined;
    const posted = await this.ledger.post(t, { key, request: req, fresh }, async () => {
      const counters = await this.kv.getMany<Deno.KvU64[]>([
        wealthKeys.promised(t),
        wealthKeys.settled(t),
        wealthKeys.hostedIn(t, p.id),
        wealthKeys.hostedOut(t, p.id),
      ]);
      const [promised, settled, hostedIn, hostedOut] = counters.map(u64) as Four<bigint>;
      if (hostedIn - hostedOut + amount > p.cap) {
        throw new DomainError("WEALTH_CAP", { left: d(p.cap - (hostedIn - hostedOut)) });
      }
      const expected = expectedIncome(amount, p.dailyRate, p.periodDays);
      const reserve = (await this.ledger.balance(t, house("yield", "USDT"))).available;
      if (reserve < promised - settled + expected) throw new DomainError("WEALTH_COVERAGE");
      const at = this.now();
      const id = journalId(at);
      const o: WealthOrder = {
        id,
        userId,
        productId: p.id,
        productName: p.name,
        amount,
        dailyRate: p.dailyRate,
        periodDays: p.periodDays,
        redeemRatio: p.redeemRatio,
        valueDate: nextMidnight(at),
        createdAt: at,
        paidDays: 0,
        paid: 0n,
        expected,
        status: "underway",
        end: null,
      };
      placed = o;
      return {
        type: "wealth",
        ref: `wealth:${id}`,
        postings: [],
        reservations: [{
          op: "reserve",
          id: reservationIds.wealth(id),
          account: user(userId, "spot", "USDT"),
          amount,
          guard: "owner",
        }],
        // the coverage and the cap were judged on these: unchanged at the commit
        checks: counters,
        write: (op) => {
          op.set(wealthKeys.order(t, id), o)
            .set(wealthKeys.byUser(t, userId, id), true)
            .set(wealthKeys.open(t, id), true)
            .sum(wealthKeys.promised(t), expected)
            .sum(wealthKeys.hostedIn(t, p.id), amount);
          // the withdrawal turnover rule counts the subscription as the operator configured
          addVolume(op, t, userId, mulDiv(amount, turnoverRatioOf(p), SCALE, "down"));
        },
        result: () => id,
      };
    });
    // a replay shows the order as it is now
    const order = posted.replay ? await this.get(t, posted.result) : placed;
    return orderJson(order!, this.now());
  }

  async get(t: string, id: string) {
    return (await this.kv.get<WealthOrder>(wealthKeys.order(t, id))).value;
  }

  /** An order's key, for a page that reads it with the session. */
  orderKey(t: string, id: string): Deno.KvKey {
    return wealthKeys.order(t, id);
  }

  /** What `orders` reads of the customer's (the index and its records), with the session. */
  ordersRead(t: string, userId: string, limit = 50): ListRead {
    return {
      selector: { prefix: wealthKeys.byUserPrefix(t, userId) },
      options: { reverse: true, limit },
      record: (id) => wealthKeys.order(t, id),
    };
  }

  /** The customer's orders, newest first (the index, then its records together). */
  async orders(t: string, userId: string, limit = 50) {
    const now = this.now();
    const r = this.ordersRead(t, userId, limit);
    const page = await recordsByIndex<WealthOrder>(
      this.kv,
      listPage<true>(this.kv, r.selector, r.options!),
      r.record!,
      { keep: () => true, limit, scan: limit },
    );
    const items: WealthOrderJson[] = page.items.map((o) => orderJson(o, now));
    return { items };
  }

  /**
   * Pay every payout due by now, in day order, once per (order, day); the last day releases the
   * principal (retired). Idempotent; returns the payouts made.
   */
  async payDue(t: string): Promise<number> {
    let made = 0;
    for await (const e of this.kv.list({ prefix: wealthKeys.openPrefix(t) })) {
      const id = String(e.key[e.key.length - 1]);
      for (;;) {
        const o = await this.get(t, id);
        if (!o || o.status !== "underway" || o.paidDays >= elapsedDays(o, this.now())) break;
        const posted = await this.payDay(t, id, o.paidDays + 1);
        if (posted) made++;
        else break;
      }
    }
    return made;
  }

  private async payDay(t: string, id: string, day: number): Promise<boolean> {
    const posted = await this.ledger.post(
      t,
      { key: idemKeys.wealthPayout(id, day), request: { id, day } },
      async () => {
        const entry = await this.kv.get<WealthOrder>(wealthKeys.order(t, id));
        const o = entry.value;
        if (!o || o.status !== "underway" || o.paidDays !== day - 1) {
          throw new DomainError("WEALTH_RETIRED");
        }
        const x = dailyPayout(o.amount, o.dailyRate);
        const last = day === o.periodDays;
        const at = this.now();
        // the rounding of each day sums to what was promised: the last day pays the rest
        const pay = last ? o.expected - o.paid : x;
        const next: WealthOrder = {
          ...o,
          paidDays: day,
          paid: o.paid + pay,
          status: last ? "retired" : "underway",
          end: last ? { kind: "matured", at } : null,
        };
        const account = user(o.userId, "spot", "USDT");
        return {
          type: "wealth",
          ref: `wealth:${id}`,
          postings: [
            { account: house("yield", "USDT"), available: -pay },
            { account, available: pay },
          ],
          reservations: last
            ? [{ op: "release", id: reservationIds.wealth(id), account, guard: "owner" }]
            : [],
          checks: [entry],
          // a day's payout tells the customer (edge/notifications/); the last day's maturity
          // is told by its message
          events: last ? [] : [{ user: o.userId, kind: "wealth", id: `${id}.${day}` }],
          write: (op) => {
            op.set(entry.key, next).sum(wealthKeys.settled(t), pay);
            if (last) {
              op.delete(wealthKeys.open(t, id)).sum(wealthKeys.hostedOut(t, o.productId), o.amount);
              messageInto(op, t, o.userId, {
                at,
                kind: "wealthMatured",
                params: { product: o.productName, amount: d(o.amount), earned: d(next.paid) },
              });
            }
          },
          result: () => day,
        };
      },
    ).catch((e) => {
      if (e instanceof DomainError && e.error === "WEALTH_RETIRED") return null;
      throw e;
    });
    return posted !== null && !posted.replay;
  }

  /** Early redemption, quoted: remaining days, penalty and refund, valid QUOTE_TTL_MS. */
  async redeemQuote(t: string, userId: string, id: string) {
    const o = await this.get(t, id);
    if (!o || o.userId !== userId) throw new DomainError("NOT_FOUND");
    if (o.status !== "underway") throw new DomainError("WEALTH_RETIRED");
    const now = this.now();
    const daysLeft = o.periodDays - elapsedDays(o, now);
    const { penalty, refund } = redemption(o.amount, o.redeemRatio, daysLeft);
    const q: RedeemQuote = {
      id: crypto.randomUUID(),
      orderId: id,
      userId,
      paidDays: o.paidDays,
      daysLeft,
      penalty,
      refund,
      expiresAt: now + QUOTE_TTL_MS,
    };
    await this.kv.set(wealthKeys.quote(t, q.id), q, { expireIn: QUOTE_TTL_MS * 6 });
    return quoteJson(q, o, now);
  }

  /**
   * What a redemption reads, to read with the session (one round trip): the order, the quote,
   * the order's reservation, the fee account and the record of the request's key.
   */
  redeemReads(t: string, userId: string, id: string, quoteId: unknown, key?: string) {
    const q = typeof quoteId === "string" ? quoteId : "";
    return [
      wealthKeys.order(t, id),
      wealthKeys.quote(t, q),
      ledgerKeys.reservation(t, reservationIds.wealth(id)),
      ledgerKeys.balance(t, accountId(house("fees", "USDT"))),
      ledgerKeys.idem(t, idemKeys.customer(userId, "wealthRedeem", key ?? q)),
    ];
  }

  /** Confirm a quote: penalty to the house, refund to the customer, once. */
  async redeem(t: string, userId: string, id: string, quoteId: string, idempotencyKey?: string) {
    const key = idemKeys.customer(userId, "wealthRedeem", idempotencyKey ?? quoteId);
    // the order as this request retired it (the reply: no read after the commit)
    let retired: WealthOrder | undefined;
    const posted = await this.ledger.post(t, { key, request: { id, quoteId } }, async () => {
      const [entry, qe] = await this.kv.getMany<[WealthOrder, RedeemQuote]>([
        wealthKeys.order(t, id),
        wealthKeys.quote(t, quoteId),
      ]);
      const o = entry.value, q = qe.value;
      if (!o || o.userId !== userId) throw new DomainError("NOT_FOUND");
      if (o.status !== "underway") throw new DomainError("WEALTH_RETIRED");
      if (!q || q.orderId !== id || q.userId !== userId) throw new DomainError("NOT_FOUND");
      // a payout since the quote, or a quote past its time: quote again
      if (this.now() > q.expiresAt || q.paidDays !== o.paidDays) {
        throw new DomainError("QUOTE_EXPIRED");
      }
      const at = this.now();
      const account = user(o.userId, "spot", "USDT");
      const res = reservationIds.wealth(id);
      const next: WealthOrder = {
        ...o,
        status: "retired",
        end: { kind: "redeemed", at, penalty: q.penalty, refund: q.refund, daysLeft: q.daysLeft },
      };
      retired = next;
      return {
        type: "wealth",
        ref: `wealth:${id}`,
        postings: q.penalty > 0n ? [{ account: house("fees", "USDT"), available: q.penalty }] : [],
        reservations: [
          ...(q.penalty > 0n
            ? [{
              op: "post" as const,
              id: res,
              account,
              amount: q.penalty,
              guard: "owner" as const,
            }]
            : []),
          ...(q.refund > 0n
            ? [{
              op: "release" as const,
              id: res,
              account,
              amount: q.refund,
              guard: "owner" as const,
            }]
            : []),
        ],
        checks: [entry],
        write: (op) => {
          op.set(entry.key, next)
            .delete(wealthKeys.open(t, id))
            .delete(qe.key)
            // the yield it will not be paid is no longer owed
            .sum(wealthKeys.settled(t), o.expected - o.paid)
            .sum(wealthKeys.hostedOut(t, o.productId), o.amount);
          messageInto(op, t, o.userId, {
            at,
            kind: "wealthRedeemed",
            params: {
              product: o.productName,
              amount: d(o.amount),
              refund: d(q.refund),
              penalty: d(q.penalty),
              earned: d(o.paid),
            },
          });
        },
        result: () => id,
      };
    });
    // a replay shows the order as it is now
    return orderJson((posted.replay ? await this.get(t, id) : retired)!, this.now());
  }

  /**
   * Replace the tenant's products (operators, audited; a rate change applies to new orders only:
   * every order keeps the terms it was subscribed at).
   */
  /**
   * Wealth products as an operator sends them, checked: a rate of at most 1 % a day, limits in
   * order, a penalty of at most 1 % a day, turnover counting at most the whole subscription,
   * unique ids. They take effect only through an approved proposal (edge/operators/proposals.ts).
   */
  validateProducts(
    items: {
      id: string;
      name: string;
      dailyRate: string;
      periodDays: number;
      minAmount: string;
      maxAmount: string;
      cap: string;
      redeemRatio: string;
      turnoverRatio?: string;
      enabled: boolean;
    }[],
  ) {
    let products: WealthProduct[];
    try {
      products = items.map((x) => ({
        id: x.id,
        name: x.name,
        currency: "USDT",
        dailyRate: parseDecimal(x.dailyRate),
        periodDays: x.periodDays,
        minAmount: parseDecimal(x.minAmount),
        maxAmount: parseDecimal(x.maxAmount),
        cap: parseDecimal(x.cap),
        redeemRatio: parseDecimal(x.redeemRatio),
        turnoverRatio: x.turnoverRatio === undefined ? SCALE : parseDecimal(x.turnoverRatio),
        enabled: x.enabled,
      }));
    } catch {
      throw new DomainError("VALIDATION", {}, { items: "invalid" });
    }
    for (const p of products) {
      // a rate of at most 1 % a day, limits in order, a penalty of at most 1 % a day, turnover
      // counting at most the whole subscription
      if (
        p.dailyRate <= 0n || p.dailyRate > SCALE / 100n || p.minAmount <= 0n ||
        p.maxAmount < p.minAmount || p.cap < p.maxAmount || p.redeemRatio > SCALE / 100n ||
        turnoverRatioOf(p) > SCALE
      ) throw new DomainError("VALIDATION", {}, { items: "invalid" });
    }
    if (new Set(products.map((p) => p.id)).size !== products.length) {
      throw new DomainError("VALIDATION", {}, { items: "invalid" });
    }
    return products;
  }
}
