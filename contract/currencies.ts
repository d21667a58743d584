/**
 * The currencies, wallets and journal types the API speaks and the islands show, with each
 * currency's display and input precision: the ledger (`edge/ledger/accounts.ts`) builds its
 * accounts on them, the forms and `locales/format.ts` format with them.
 */
export const CURRENCIES = ["BTC", "ETH", "USDT"] as const;
export type Currency = typeof CURRENCIES[number];
export const WALLETS = ["spot", "contract"] as const;
export type Wallet = typeof WALLETS[number];
/** Display and input precision per currency (domain rules: USDT 2, BTC 6, ETH 5). */
export const DECIMALS: Record<Currency, number> = { USDT: 2, BTC: 6, ETH: 5 };

/** Which currencies a wallet holds: the contract wallet is USDT only. */
export const WALLET_CURRENCIES: Record<Wallet, readonly Currency[]> = {
  spot: CURRENCIES,
  contract: ["USDT"],
};

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
  /** demo book: starting balance and resets from the demo mint */
  "demo",
  /** an operator's balance adjustment (approved by a second operator) */
  "adjustment",
] as const;
export type JournalType = typeof JOURNAL_TYPES[number];

/** Reference-rate vocabulary (1 USDT in each fiat), here so the kernel's tenant file can validate it. */
/** The currencies a rate can be set for (one per interface language; zh-TW reads yuan too). */
export const FIATS = ["EUR", "USD", "VND", "THB", "JPY", "KRW", "UAH", "CNY"] as const;
export type Fiat = typeof FIATS[number];
/** A rate as the console sends it: digits with up to 8 decimals, more than zero, 12 digits whole. */
export const RATE_PATTERN = /^\d{1,12}(\.\d{1,8})?$/;
