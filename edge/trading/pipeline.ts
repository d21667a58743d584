/**
 * One order pipeline for the four ways a customer trades (fast contracts, leveraged contracts,
 * spot, the exchange), and for the closes that settle them:
 *
 *   validate        the route's zod schema, then `orderTerms`: the terms in force, the version the
 *                   customer confirmed, the symbol and the product's switch on it (the ticket's
 *                   own rules are the product's, from contract/rules.ts)
 *   price, terms    `freshTick`: the symbol's last tick, refused when the tape is stale
 *   plan            the product's plan builder: a function of what was read, the tick and the
 *                   terms, in memory (contract_plans.ts for leveraged contracts)
 *   one commit      `Ledger.post`: the journal, the records, the checks on everything read, the
 *                   event-log entry, in one atomic commit
 *   events          this instance's emitter (the trigger engine), after a first commit only
 *
 * Why the reads are named up front (`OrderReads`): far from the store a read that waits on
 * another costs a round trip (issue 26: an order reads once and commits once). The route names
 * them so that they start with the session's read (routes/api/money.ts `reads`); every attempt
 * starts them again together (`prefetchList`: after a lost race the store is read once more, in
 * one round trip), the plan and the ledger then take what was read, and the commit's checks make
 * the reads safe whichever connection or replica answered first.
 */
import { accountId, type AccountRef } from "../ledger/accounts.ts";
import { type CustomerAction, idemKeys } from "../ledger/idem.ts";
import type { Idempotency, Ledger, Plan } from "../ledger/service.ts";
import { keys as ledgerKeys } from "../ledger/store.ts";
import type { MarketService } from "../market/service.ts";
import { DomainError } from "../platform/errors.ts";
import { prefetchList } from "../platform/kvstore.ts";
import type { PrivateRead } from "../platform/kv_round_trips.ts";
import type { Product } from "../platform/tenants.ts";
import type { SymbolDef } from "../../contract/symbols.ts";
import type { ProductTerms, Terms } from "./terms.ts";

/**
 * What a product's service (fast contracts, spot, the exchange) is built on: the store, the
 * ledger that posts its journals, the prices, the trading clock and the tenant's terms.
 */
export abstract class TradingDesk {
  constructor(
    protected kv: Deno.Kv,
    protected ledger: Ledger,
    protected market: MarketService,
    protected now: () => number,
    protected terms: ProductTerms,
  ) {}
}

/** A tick an order or a settlement used: its time, price and place in the symbol's hash chain. */
export interface TickRef {
  time: number;
  price: bigint;
  /** the tick's sequence number on the tape (absent in records made before the chain) */
  seq?: number;
}

/** What every order names: its symbol and the terms' version its ticket showed. */
export interface OrderRequest {
  symbol: string;
  /** the version the customer confirmed (absent: whatever is in force) */
  termsVersion?: number;
}

/** The terms an order is priced at: the tenant's terms in force and its symbol's. */
export interface OrderTerms {
  terms: Terms;
  def: SymbolDef;
}

/**
 * Validate an order against the terms in force (a change approved later applies to later
 * orders): the version the customer confirmed, the symbol, the product's switch on the symbol
 * (the tenant's switch is the route's `product` middleware).
 */
export async function orderTerms(
  terms: ProductTerms,
  t: string,
  req: OrderRequest,
  product: Extract<Product, "fast" | "leveraged" | "spot">,
): Promise<OrderTerms> {
  const now = await terms.of(t);
  // the customer confirmed what the ticket showed: not terms approved since
  if (req.termsVersion !== undefined && req.termsVersion !== now.version) {
    throw new DomainError("TERMS_CHANGED");
  }
  const def = now.symbol(req.symbol);
  if (!def) throw new DomainError("NOT_FOUND");
  if (!def[product]) throw new DomainError("PRODUCT_DISABLED");
  return { terms: now, def };
}

/** The symbol's last tick, with its place on the tape; refused while the tape is stale. */
export function freshTick(market: MarketService, symbol: string): TickRef {
  if (market.tape.isStale(symbol)) throw new DomainError("MARKET_STALE");
  const tick = market.tape.lastTick(symbol);
  if (!tick) throw new DomainError("MARKET_STALE");
  return tick.seq
    ? { time: tick.time, price: tick.price, seq: tick.seq }
    : { time: tick.time, price: tick.price };
}

/**
 * A customer's idempotency: their `Idempotency-Key`, else `fallback` (a record the request
 * names, e.g. a quote: a second confirmation replays the first), else a random id drawn here,
 * fresh by construction (neither read nor recorded: see `Idempotency.fresh`).
 */
export function customerIdem(
  userId: string,
  action: CustomerAction,
  request: unknown,
  key: string | undefined,
  fallback?: string,
): Idempotency {
  const given = key ?? fallback;
  return {
    key: idemKeys.customer(userId, action, given ?? crypto.randomUUID()),
    request,
    fresh: given === undefined,
  };
}

/**
 * What `Ledger.post` reads of an order (its idempotency record unless fresh, the balances of the
 * accounts it posts to, the reservations it closes or changes), to read with the rest.
 */
export function ledgerReads(
  t: string,
  o: { key?: string; accounts: AccountRef[]; reservations?: string[] },
): PrivateRead[] {
  return [
    ...o.key === undefined ? [] : [{ key: ledgerKeys.idem(t, o.key) }],
    ...o.accounts.map((a) => ({ key: ledgerKeys.balance(t, accountId(a)) })),
    ...(o.reservations ?? []).map((id) => ({ key: ledgerKeys.reservation(t, id) })),
  ];
}

/** An order's step through the pipeline, from its reads to its commit. */
export interface OrderStep<R, X> {
  t: string;
  idem: Idempotency;
  /** everything the plan and the ledger read: started together on every attempt */
  reads: PrivateRead[];
  /** the plan of this attempt, and what the caller keeps of it (never stored) */
  plan: () => Promise<{ plan: Plan<R>; keep: X }> | { plan: Plan<R>; keep: X };
}

/** What the commit answered: the reply (first or replayed) and, after a first commit, `keep`. */
export type Committed<R, X> =
  | { result: R; replay: false; keep: X }
  | { result: R; replay: true; keep: null };

/**
 * Read, plan and commit one order (`Ledger.post`, retried on a lost race with a fresh read). A
 * replayed idempotency key answers the first reply and no `keep` (nothing happened now).
 */
export async function commitOrder<R, X>(
  kv: Deno.Kv,
  ledger: Ledger,
  step: OrderStep<R, X>,
): Promise<Committed<R, X>> {
  let keep: X | undefined;
  const posted = await ledger.post(step.t, step.idem, async () => {
    // the reads of this attempt, together (taken from the session's read when it named them)
    prefetchList(kv, step.reads);
    const built = await step.plan();
    keep = built.keep;
    return built.plan;
  });
  return posted.replay
    ? { result: posted.result, replay: true, keep: null }
    : { result: posted.result, replay: false, keep: keep as X };
}
