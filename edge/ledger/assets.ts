/** A customer's assets: balances per wallet and currency, valued in USDT through the price port. */
import { formatDecimal, mulDiv, SCALE } from "../../core-wasm/mod.ts";
import type { Line } from "./store.ts";
import type { PricePort } from "../market/prices.ts";
import {
  accountId,
  CURRENCIES,
  type Currency,
  user,
  type Wallet,
  WALLET_CURRENCIES,
  WALLETS,
} from "./accounts.ts";
import type { Ledger } from "./service.ts";

export interface AssetRow {
  wallet: Wallet;
  currency: Currency;
  available: bigint;
  frozen: bigint;
  total: bigint;
  /** total valued in USDT, rounded down */
  valueUsdt: bigint;
}

export interface Assets {
  rows: AssetRow[];
  totals: { availableUsdt: bigint; frozenUsdt: bigint; totalUsdt: bigint };
  prices: Record<Currency, bigint>;
  priceSource: PricePort["source"];
}

/** Assets as the API sends them (decimal strings). */
export function assetsJson(a: Assets) {
  return {
    rows: a.rows.map((r) => ({
      wallet: r.wallet,
      currency: r.currency,
      available: formatDecimal(r.available),
      frozen: formatDecimal(r.frozen),
      total: formatDecimal(r.total),
      valueUsdt: formatDecimal(r.valueUsdt),
    })),
    totals: {
      availableUsdt: formatDecimal(a.totals.availableUsdt),
      frozenUsdt: formatDecimal(a.totals.frozenUsdt),
      totalUsdt: formatDecimal(a.totals.totalUsdt),
    },
    prices: Object.fromEntries(
      Object.entries(a.prices).map(([k, v]) => [k, formatDecimal(v)]),
    ) as Record<Currency, string>,
    priceSource: a.priceSource,
  };
}

/** A fund-flow line as the API sends it. */
export function lineJson(l: Line) {
  return {
    journalId: l.journalId,
    type: l.type,
    ref: l.ref,
    at: l.at,
    wallet: l.wallet,
    currency: l.currency,
    available: formatDecimal(l.available),
    frozen: formatDecimal(l.frozen),
  };
}

export async function customerAssets(
  ledger: Ledger,
  prices: PricePort,
  t: string,
  userId: string,
): Promise<Assets> {
  const refs = WALLETS.flatMap((w) => WALLET_CURRENCIES[w].map((c) => ({ w, c })));
  const balances = await ledger.balances(t, refs.map((r) => user(userId, r.w, r.c)));
  const value = (amount: bigint, c: Currency) => mulDiv(amount, prices.usdtPrice(c), SCALE, "down");
  const rows = refs.map(({ w, c }): AssetRow => {
    const b = balances.get(accountId(user(userId, w, c)))!;
    const total = b.available + b.frozen;
    return {
      wallet: w,
      currency: c,
      available: b.available,
      frozen: b.frozen,
      total,
      valueUsdt: value(total, c),
    };
  });
  const totals = { availableUsdt: 0n, frozenUsdt: 0n, totalUsdt: 0n };
  for (const r of rows) {
    totals.availableUsdt += value(r.available, r.currency);
    totals.frozenUsdt += value(r.frozen, r.currency);
    totals.totalUsdt += r.valueUsdt;
  }
  return {
    rows,
    totals,
    prices: Object.fromEntries(CURRENCIES.map((c) => [c, prices.usdtPrice(c)])) as Record<
      Currency,
      bigint
    >,
    priceSource: prices.source,
  };
}
