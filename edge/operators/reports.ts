/**
 * Operator reports, read from the LIVE book only (demo money never appears):
 *
 * - **Daily**: per UTC day and currency, from the journals (keyed by time-ordered ids, so one
 *   range scan from the first day to now): deposits (out of the external account in `deposit`
 *   journals), withdrawals (into the external account in `withdrawal` journals: the net paid out),
 *   fees (into the fees account, any journal), customers' P&L against the house per product
 *   (minus the pnl account's change in `fast` and `contract` journals: positive when customers
 *   won; `customerPnl` is their sum), the house's net intake from spot trades and exchanges (the
 *   pnl account's change in `spot` and `exchange` journals: the other side of a swap at the
 *   market price, an inventory change in that currency and not a customer's loss — a purchase of
 *   BTC shows +USDT and -BTC), insurance used and yield paid (what left
 *   those house accounts), and liabilities at day end (every customer balance, available + held:
 *   today's total rolled back by the customer postings after that day). Reserve coverage is the
 *   wealth reserve now.
 * - **Exposure**: open interest of holding leveraged positions per symbol (long and short lots,
 *   qty, notional at the last price; a side nobody holds is 0) and the house's P&L on them at
 *   the last price and if the market moved +x % / -x % (a customer never loses more than the
 *   position's margin, or a hedged group's pooled margin); open
 *   fast contracts per symbol (stakes up and down) and the house's result if they settled at the
 *   last price, or at +x % / -x %.
 *
 * Both read the book as a nearby replica has it (`eventual`: at most a few seconds behind the
 * store, and free far from it: the long scans cost no round trip to the write region). They are
 * figures for people to read; nothing that moves money decides on them (the reserve coverage is
 * the wealth reserve as the store has it, read with the operator's session: `reserveKeys`).
 */
import {
  accountId,
  CURRENCIES,
  type Currency,
  house,
  isCustomer,
  parseAccountId,
} from "../ledger/accounts.ts";
import { keys as ledgerKeys } from "../ledger/store.ts";
import type { Balance, Journal } from "../ledger/store.ts";
import { formatDecimal, notional, SCALE, settleFast, unrealizedPnl } from "../../core-wasm/mod.ts";
import { isHedged, type Position } from "../trading/positions.ts";
import type { FastOrder } from "../trading/fast.ts";
import { fastKeys, posKeys } from "../trading/store.ts";
import { wealthKeys } from "../wealth/store.ts";

export const DAY_MS = 86_400_000;
/** The longest range one daily report covers. */
export const MAX_REPORT_DAYS = 92;

export const FIGURES = [
  "deposits",
  "withdrawals",
  "fees",
  "fastPnl",
  "contractPnl",
  "customerPnl",
  "exchangeNet",
  "insuranceUsed",
  "yieldPaid",
  "liabilities",
] as const;
export type Figure = typeof FIGURES[number];

type Sums = Record<Figure, bigint>;
const zero = (): Sums => ({
  deposits: 0n,
  withdrawals: 0n,
  fees: 0n,
  fastPnl: 0n,
  contractPnl: 0n,
  customerPnl: 0n,
  exchangeNet: 0n,
  insuranceUsed: 0n,
  yieldPaid: 0n,
  liabilities: 0n,
});

/** `YYYY-MM-DD` (UTC) -> ms at its start; null when not a real date. */
export function dayStart(day: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) return null;
  return ms;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface DailyRow {
  day: string;
  currency: Currency;
  deposits: string;
  withdrawals: string;
  fees: string;
  fastPnl: string;
  contractPnl: string;
  customerPnl: string;
  exchangeNet: string;
  insuranceUsed: string;
  yieldPaid: string;
  liabilities: string;
}

export interface ReserveNow {
  reserve: bigint;
  unpaid: bigint;
  coverage: bigint | null;
}

/**
 * The daily report of days `from`..`to` (ms of their starts, inclusive; the caller bounds the
 * range). `now` bounds the scan; days after now read as nothing moved.
 */
export async function dailyReport(
  kv: Deno.Kv,
  t: string,
  from: number,
  to: number,
  now: number,
  /** read beside the scans */
  reserving: ReserveNow | Promise<ReserveNow>,
) {
  const days: number[] = [];
  for (let d = from; d <= to; d += DAY_MS) days.push(d);
  const [{ sums, after }, total, reserve] = await Promise.all([
    dayFigures(kv, t, { days, from, to }, now),
    customerTotals(kv, t),
    reserving,
  ]);
  const rows: DailyRow[] = [];
  days.forEach((d, i) => {
    for (const c of CURRENCIES) {
      const s = sums.get(`${i}:${c}`) ?? zero();
      s.liabilities = d > now ? 0n : total.get(c)! - after.get(c)![i]!;
      rows.push({
        day: dayOf(d),
        currency: c,
        ...Object.fromEntries(FIGURES.map((f) => [f, formatDecimal(s[f])])) as Record<
          Figure,
          string
        >,
      });
    }
  });
  return {
    from: dayOf(from),
    to: dayOf(to),
    rows,
    reserve: {
      currency: "USDT" as const,
      reserve: formatDecimal(reserve.reserve),
      unpaid: formatDecimal(reserve.unpaid),
      coverage: reserve.coverage === null ? null : formatDecimal(reserve.coverage),
    },
  };
}

/**
 * One range scan of the live journals from the first day on: the house figures per day and
 * currency (`${dayIndex}:${currency}`), and per currency the customer money moved after each
 * day's end (liabilities roll back from today's total by it).
 */
async function dayFigures(
  kv: Deno.Kv,
  t: string,
  { days, from, to }: { days: number[]; from: number; to: number },
  now: number,
) {
  const sums = new Map<string, Sums>();
  const sum = (i: number, c: Currency) => {
    const k = `${i}:${c}`;
    let s = sums.get(k);
    if (!s) sums.set(k, s = zero());
    return s;
  };
  const after = new Map<Currency, bigint[]>(CURRENCIES.map((c) => [c, days.map(() => 0n)]));
  const pad = (ms: number) => String(ms).padStart(15, "0");
  for await (
    const e of kv.list<Journal>({
      start: [...ledgerKeys.journals(t), pad(from)],
      end: [...ledgerKeys.journals(t), pad(Math.max(now, to + DAY_MS) + 1)],
    }, { batchSize: 500, consistency: "eventual" })
  ) {
    const j = e.value;
    if ((j.book ?? "live") !== "live") continue;
    const i = Math.floor((j.at - from) / DAY_MS);
    for (const p of j.postings) {
      const a = parseAccountId(p.account);
      if (a.book !== "live") continue;
      if (isCustomer(p.account)) {
        const rows = after.get(a.currency)!;
        // this journal is after the end of every day before i
        for (let k = Math.min(i, days.length) - 1; k >= 0; k--) rows[k]! += p.available + p.frozen;
      } else if (i >= 0 && i < days.length && "house" in a) {
        addHouse(sum(i, a.currency), a.house, j.type, p.available);
      }
    }
  }
  return { sums, after };
}

/** A house posting's part in the day's figures. */
function addHouse(s: Sums, house: string, type: Journal["type"], x: bigint) {
  if (house === "external") {
    if (type === "deposit") s.deposits -= x;
    else if (type === "withdrawal") s.withdrawals += x;
  } else if (house === "fees") s.fees += x;
  else if (house === "pnl") addPnl(s, type, x);
  else if (house === "insurance" && x < 0n) s.insuranceUsed -= x;
  else if (house === "yield" && x < 0n) s.yieldPaid -= x;
}

/**
 * A pnl-account posting by product: fast contracts and leveraged contracts are the customers'
 * result against the house; spot trades and exchanges are swaps (the house's intake).
 */
function addPnl(s: Sums, type: Journal["type"], x: bigint) {
  if (type === "spot" || type === "exchange") {
    s.exchangeNet += x;
    return;
  }
  s.customerPnl -= x;
  if (type === "fast") s.fastPnl -= x;
  else if (type === "contract") s.contractPnl -= x;
}

/** What live customers hold now per currency (available + frozen). */
async function customerTotals(kv: Deno.Kv, t: string) {
  const total = new Map<Currency, bigint>(CURRENCIES.map((c) => [c, 0n]));
  for await (
    const e of kv.list<Balance>({ prefix: ledgerKeys.balances(t) }, {
      batchSize: 1000,
      consistency: "eventual",
    })
  ) {
    const id = e.key.at(-1) as string;
    if (!id.startsWith("u:")) continue; // live customers only
    const c = parseAccountId(id).currency;
    total.set(c, total.get(c)! + e.value.available + e.value.frozen);
  }
  return total;
}

export function dailyCsv(rows: DailyRow[]): string {
  const head = ["day", "currency", ...FIGURES];
  return [
    head.join(","),
    ...rows.map((r) => [r.day, r.currency, ...FIGURES.map((f) => r[f])].join(",")),
  ].join("\r\n") + "\r\n";
}

/**
 * The house's P&L on one customer's holding legs on a symbol, each at `priceOf(leg)`: minus the
 * customer's, a loss capped at the margin: each leg's own, or a hedged group's pooled margin (the
 * opposite side's profit covers a leg's loss beyond its margin before insurance pays anything).
 */
function houseOn(legs: readonly Position[], priceOf: (p: Position) => bigint): bigint {
  const capped = (pnl: bigint, margin: bigint) => -(pnl < -margin ? -margin : pnl);
  const pnlOf = (p: Position) => unrealizedPnl(p.side, p.qty, p.entry.price, priceOf(p));
  if (isHedged(legs)) {
    return capped(
      legs.reduce((s, p) => s + pnlOf(p), 0n),
      legs.reduce((s, p) => s + p.margin, 0n),
    );
  }
  return legs.reduce((s, p) => s + capped(pnlOf(p), p.margin), 0n);
}

/**
 * One side's notional at `price`: 0 when nobody holds that side (the core refuses a zero
 * quantity, and a symbol held long only or short only is an ordinary book).
 */
function sideNotional(qty: bigint, price: bigint): bigint {
  return qty === 0n ? 0n : notional(qty, price);
}

/** What one symbol's row sums: open interest and the house's P&L now, up and down. */
interface HouseSums {
  houseNow: bigint;
  houseUp: bigint;
  houseDown: bigint;
}

/**
 * Open interest and the house's P&L per symbol at the last price and `move` percent up and
 * down (`move` as a fixed-point fraction of 100, e.g. 5 % = 5 * SCALE).
 */
export function exposure(
  positions: Iterable<Position>,
  lastPrice: (symbol: string) => bigint | null,
  move: bigint,
  fastOrders: Iterable<FastOrder> = [],
) {
  const leveraged = leveragedExposure(positions, lastPrice, move);
  const fast = fastExposure(fastOrders, lastPrice, move);
  const all = [...leveraged.values(), ...fast.values()];
  const tot = (f: (a: HouseSums) => bigint) => formatDecimal(all.reduce((s, a) => s + f(a), 0n));
  const d = formatDecimal;
  return {
    move: d(move),
    items: [...leveraged].sort(([x], [y]) => x.localeCompare(y)).map(([symbol, a]) => ({
      symbol,
      price: a.price === null ? null : d(a.price),
      longLots: a.longLots,
      shortLots: a.shortLots,
      longQty: d(a.longQty),
      shortQty: d(a.shortQty),
      longNotional: a.price === null ? null : d(sideNotional(a.longQty, a.price)),
      shortNotional: a.price === null ? null : d(sideNotional(a.shortQty, a.price)),
      houseNow: d(a.houseNow),
      houseUp: d(a.houseUp),
      houseDown: d(a.houseDown),
    })),
    fast: [...fast].sort(([x], [y]) => x.localeCompare(y)).map(([symbol, a]) => ({
      symbol,
      orders: a.orders,
      upStake: d(a.up),
      downStake: d(a.down),
      houseNow: d(a.houseNow),
      houseUp: d(a.houseUp),
      houseDown: d(a.houseDown),
    })),
    total: {
      houseNow: tot((a) => a.houseNow),
      houseUp: tot((a) => a.houseUp),
      houseDown: tot((a) => a.houseDown),
    },
  };
}

/** Live customers' holding positions per symbol: lots, quantity, the house's P&L (hedges pooled). */
function leveragedExposure(
  positions: Iterable<Position>,
  lastPrice: (symbol: string) => bigint | null,
  move: bigint,
) {
  interface Acc extends HouseSums {
    longLots: number;
    shortLots: number;
    longQty: bigint;
    shortQty: bigint;
    price: bigint | null;
  }
  const by = new Map<string, Acc>();
  /** each customer's legs per symbol (`symbol|userId`): a hedged group is margined together */
  const groups = new Map<string, Position[]>();
  for (const p of positions) {
    if (p.status !== "holding" || p.userId.startsWith("D")) continue;
    const gk = `${p.symbol}|${p.userId}`;
    groups.set(gk, [...groups.get(gk) ?? [], p]);
    let a = by.get(p.symbol);
    if (!a) {
      by.set(
        p.symbol,
        a = {
          longLots: 0,
          shortLots: 0,
          longQty: 0n,
          shortQty: 0n,
          price: lastPrice(p.symbol),
          houseNow: 0n,
          houseUp: 0n,
          houseDown: 0n,
        },
      );
    }
    if (p.side === "long") {
      a.longLots += p.lots;
      a.longQty += p.qty;
    } else {
      a.shortLots += p.lots;
      a.shortQty += p.qty;
    }
  }
  for (const legs of groups.values()) {
    const a = by.get(legs[0]!.symbol)!;
    const price = (p: Position) => a.price ?? p.entry.price;
    const delta = (p: Position) => price(p) * move / (100n * SCALE);
    a.houseNow += houseOn(legs, price);
    a.houseUp += houseOn(legs, (p) => price(p) + delta(p));
    a.houseDown += houseOn(legs, (p) => price(p) - delta(p) > 0n ? price(p) - delta(p) : 0n);
  }
  return by;
}

/** Live customers' open fast contracts per symbol: stakes each way, the house's P&L. */
function fastExposure(
  fastOrders: Iterable<FastOrder>,
  lastPrice: (symbol: string) => bigint | null,
  move: bigint,
) {
  interface FastAcc extends HouseSums {
    up: bigint;
    down: bigint;
    orders: number;
  }
  const fastBy = new Map<string, FastAcc>();
  for (const o of fastOrders) {
    if (o.status !== "open" || o.userId.startsWith("D")) continue;
    let a = fastBy.get(o.symbol);
    if (!a) {
      fastBy.set(
        o.symbol,
        a = { up: 0n, down: 0n, orders: 0, houseNow: 0n, houseUp: 0n, houseDown: 0n },
      );
    }
    a.orders++;
    if (o.direction === "up") a.up += o.stake;
    else a.down += o.stake;
    const price = lastPrice(o.symbol) ?? o.entry.price;
    const delta = price * move / (100n * SCALE);
    // the house keeps the stake and pays the payout
    const house = (exit: bigint) =>
      o.stake -
      settleFast({
        direction: o.direction,
        entry: o.entry.price,
        exit,
        stake: o.stake,
        rate: o.rate,
      })
        .payout;
    a.houseNow += house(price);
    a.houseUp += house(price + delta);
    a.houseDown += house(price - delta > 0n ? price - delta : 0n);
  }
  return fastBy;
}

/**
 * The records an open index names, as the nearest replica has them: the index, then its records
 * (10 a read, all in flight together). Eventual: free far from the store.
 */
async function openRecords<T>(
  kv: Deno.Kv,
  prefix: Deno.KvKey,
  record: (id: string) => Deno.KvKey,
): Promise<T[]> {
  const ids: string[] = [];
  for await (const e of kv.list({ prefix }, { consistency: "eventual", batchSize: 500 })) {
    ids.push(e.key.at(-1) as string);
  }
  const reads: Promise<Deno.KvEntryMaybe<T>[]>[] = [];
  for (let i = 0; i < ids.length; i += 10) {
    reads.push(kv.getMany<T[]>(ids.slice(i, i + 10).map(record), { consistency: "eventual" }));
  }
  return (await Promise.all(reads)).flat().flatMap((e) => e.value === null ? [] : [e.value]);
}

/** The reports service: the daily figures and the live exposure. */
export class Reports {
  constructor(
    private kv: Deno.Kv,
    private wealth: { reserve(t: string): Promise<ReserveNow> },
    private market: { tape: { lastTick(symbol: string): { price: bigint } | null | undefined } },
    private now: () => number,
  ) {}

  /** What the daily report reads strongly (the reserve), to read with the operator's session. */
  reserveKeys(t: string): Deno.KvKey[] {
    return [
      wealthKeys.promised(t),
      wealthKeys.settled(t),
      ledgerKeys.balance(t, accountId(house("yield", "USDT"))),
    ];
  }

  async daily(t: string, from: number, to: number) {
    // the reserve (with the session) beside the scans (the replica's: free)
    return await dailyReport(this.kv, t, from, to, this.now(), this.wealth.reserve(t));
  }

  /** The open book as the replica has it: index and records of each kind read together. */
  async exposure(t: string, move: bigint) {
    const [open, fast] = await Promise.all([
      openRecords<Position>(this.kv, posKeys.openPrefix(t), (id) => posKeys.pos(t, id)),
      openRecords<FastOrder>(this.kv, fastKeys.openPrefix(t), (id) => fastKeys.order(t, id)),
    ]);
    const holding = open.filter((p) => p.status === "holding" || p.status === "pending");
    return exposure(holding, (s) => this.market.tape.lastTick(s)?.price ?? null, move, fast);
  }
}
