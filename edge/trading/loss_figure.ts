/**
 * The honest loss figure (issue 30, section 5; docs/domain-rules.md "Loss figure"): for fast
 * contracts and leveraged contracts, among live customers with at least one settled trade of
 * that product in the last 12 months (365 days up to the computation), the share whose net
 * result was negative —
 * - fast: the sum of payouts less the sum of stakes of the orders settled in the window;
 * - leveraged: of the positions closed in the window, realized P&L less the opening, closing
 *   and holding fees (a position still open counts when it is closed).
 * Demo accounts never count. The figure is published with its window, the count of accounts and
 * the method (the rates page, every ticket, and before a customer's first trade).
 *
 * A daily job (edge/jobs/loss_figure.ts) computes it once per UTC day under a lease, reading the
 * tenant's settled records in pages, and stores the result; pages and tickets read the stored
 * figure from the process's cache of public data (edge/platform/public_cache.ts; reloaded with
 * an eventual read: public, the same for everyone, a day old at most), not from the store on
 * the page's path (far from the store, a read there came after the customer's records).
 */
import { formatDecimal } from "../../core-wasm/mod.ts";
import type { LossFigure, LossFiguresJson, LossProduct } from "../../contract/limits.ts";
import { bookOfUser } from "../ledger/accounts.ts";
import type { FastOrder } from "./fast.ts";
import type { Position } from "./positions.ts";
import { fastKeys, posKeys } from "./store.ts";
import { PublicCache } from "../platform/public_cache.ts";

export const LOSS_WINDOW_MS = 365 * 86_400_000;

export const lossFigureKey = (t: string) => [t, "trading", "lossFigure"];

interface Stored extends LossFiguresJson {
  /** the UTC day it was computed for */
  day: number;
}

/** The figure from each account's net result (a negative net: the account lost money). */
export function figureOf(
  product: LossProduct,
  net: Map<string, bigint>,
  from: number,
  to: number,
): LossFigure {
  const accounts = net.size;
  let losing = 0;
  for (const v of net.values()) if (v < 0n) losing++;
  // one decimal, rounded half up, in integer arithmetic
  const permille = accounts ? Math.floor((losing * 2000 + accounts) / (2 * accounts)) : null;
  const percent = permille === null ? null : formatDecimal(BigInt(permille) * 10_000_000n, 1);
  return { product, percent, accounts, losing, from, to };
}

const add = (m: Map<string, bigint>, user: string, v: bigint) =>
  m.set(user, (m.get(user) ?? 0n) + v);

export class LossFigures {
  #cache: PublicCache;

  constructor(private kv: Deno.Kv, private now: () => number) {
    // computed once a day: a minute fresh, an hour at most on an idle instance
    this.#cache = new PublicCache(kv, { freshMs: 60_000, maxAgeMs: 3_600_000 });
  }

  /** Compute both products' figures over the window ending `to` from the settled records. */
  async compute(t: string, to = this.now()): Promise<LossFiguresJson> {
    const from = to - LOSS_WINDOW_MS;
    const fast = new Map<string, bigint>();
    for await (const e of this.kv.list<FastOrder>({ prefix: fastKeys.order(t, "").slice(0, -1) })) {
      const o = e.value;
      if (o.status !== "settled" || o.settledAt === null || bookOfUser(o.userId) !== "live") {
        continue;
      }
      if (o.settledAt < from || o.settledAt > to) continue;
      add(fast, o.userId, (o.payout ?? 0n) - o.stake);
    }
    const leveraged = new Map<string, bigint>();
    for await (const e of this.kv.list<Position>({ prefix: posKeys.pos(t, "").slice(0, -1) })) {
      const p = e.value;
      if (p.status !== "closed" || p.closedAt === null || bookOfUser(p.userId) !== "live") continue;
      if (p.closedAt < from || p.closedAt > to) continue;
      add(
        leveraged,
        p.userId,
        p.realizedPnl - p.openFee - (p.closeFee ?? 0n) - (p.holdingFees ?? 0n),
      );
    }
    return {
      items: [figureOf("fast", fast, from, to), figureOf("leveraged", leveraged, from, to)],
      computedAt: to,
    };
  }

  /** The daily run: once per UTC day per tenant (a second run the same day changes nothing). */
  async runDue(t: string) {
    const now = this.now();
    const day = Math.floor(now / 86_400_000);
    const cur = await this.kv.get<Stored>(lossFigureKey(t));
    if (cur.value?.day === day) return false;
    const figures = await this.compute(t, now);
    await this.kv.atomic().check(cur).set(lossFigureKey(t), { ...figures, day }).commit();
    return true;
  }

  /** The published figures (from the cache of public data, see the module comment). */
  published(t: string): Promise<LossFiguresJson> {
    return this.#cache.get(`lossFigure:${t}`, [lossFigureKey(t)], () => this.read(t));
  }

  private async read(t: string): Promise<LossFiguresJson> {
    const v = (await this.kv.get<Stored>(lossFigureKey(t), { consistency: "eventual" })).value;
    if (!v) {
      // not computed yet (a new tenant before its first run): no account counted
      const to = this.now(), from = to - LOSS_WINDOW_MS;
      return {
        items: [figureOf("fast", new Map(), from, to), figureOf("leveraged", new Map(), from, to)],
        computedAt: null,
      };
    }
    return { items: v.items, computedAt: v.computedAt };
  }
}
