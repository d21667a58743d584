/**
 * Ledger accounts. Customer accounts: (tenant, user, wallet, currency) with `available` and
 * `frozen`. House accounts per tenant and currency: external (deposits in, withdrawals out),
 * fees, trading P&L, wealth yield reserve, insurance, rounding. Over all accounts every
 * currency sums to zero.
 */
export const CURRENCIES = ["BTC", "ETH", "USDT"] as const;
export type Currency = typeof CURRENCIES[number];
export const WALLETS = ["spot", "contract"] as const;
export type Wallet = typeof WALLETS[number];
export const HOUSE_ACCOUNTS = [
  "external",
  "fees",
  "pnl",
  "yield",
  "insurance",
  "rounding",
] as const;
export type House = typeof HOUSE_ACCOUNTS[number];

/** Display and input precision per currency (domain rules: USDT 2, BTC 6, ETH 5). */
export const DECIMALS: Record<Currency, number> = { USDT: 2, BTC: 6, ETH: 5 };

/** Which currencies a wallet holds: the contract wallet is USDT only. */
export const WALLET_CURRENCIES: Record<Wallet, readonly Currency[]> = {
  spot: CURRENCIES,
  contract: ["USDT"],
};

export type AccountRef =
  | { user: string; wallet: Wallet; currency: Currency }
  | { house: House; currency: Currency };

/** Stable string id of an account: `u:<userId>:<wallet>:<currency>` or `h:<house>:<currency>`. */
export function accountId(a: AccountRef): string {
  return "user" in a ? `u:${a.user}:${a.wallet}:${a.currency}` : `h:${a.house}:${a.currency}`;
}

export function parseAccountId(id: string): AccountRef {
  const p = id.split(":");
  if (p[0] === "u" && p.length === 4 && isWallet(p[2]) && isCurrency(p[3])) {
    return { user: p[1]!, wallet: p[2], currency: p[3] };
  }
  if (p[0] === "h" && p.length === 3 && isHouse(p[1]) && isCurrency(p[2])) {
    return { house: p[1], currency: p[2] };
  }
  throw new Error(`bad account id ${id}`);
}

export function isCustomer(id: string): boolean {
  return id.startsWith("u:");
}

export function currencyOf(id: string): Currency {
  return parseAccountId(id).currency;
}

export function isCurrency(x: unknown): x is Currency {
  return typeof x === "string" && (CURRENCIES as readonly string[]).includes(x);
}
export function isWallet(x: unknown): x is Wallet {
  return typeof x === "string" && (WALLETS as readonly string[]).includes(x);
}
function isHouse(x: unknown): x is House {
  return typeof x === "string" && (HOUSE_ACCOUNTS as readonly string[]).includes(x);
}

export const user = (userId: string, wallet: Wallet, currency: Currency): AccountRef => ({
  user: userId,
  wallet,
  currency,
});
export const house = (name: House, currency: Currency): AccountRef => ({ house: name, currency });

/** Journal types (fund-flow filter); later capabilities post the ones named for them. */
export const JOURNAL_TYPES = [
  "deposit",
  "withdrawal",
  "transfer",
  "fast",
  "contract",
  "spot",
  "exchange",
  "fee",
  "wealth",
] as const;
export type JournalType = typeof JOURNAL_TYPES[number];
