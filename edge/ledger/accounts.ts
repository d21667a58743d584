/**
 * Ledger accounts. Customer accounts: (tenant, book, user, wallet, currency) with `available`
 * and `frozen`. House accounts per tenant, book and currency: external (deposits in, withdrawals
 * out), fees, trading P&L, wealth yield reserve, insurance, rounding, demo mint. Within each
 * book, over all accounts, every currency sums to zero; a journal never spans two books.
 *
 * Books: `live` holds real money; `demo` holds practice money that can never become real (its
 * own customer and house accounts; `demo:` before the id). Live ids carry no prefix, so the ids
 * of records written before books existed are live ids. The currencies, wallets, their decimals
 * and the journal types are the contract's (`contract/currencies.ts`: the islands show them too).
 */
export {
  CURRENCIES,
  type Currency,
  DECIMALS,
  JOURNAL_TYPES,
  type JournalType,
  type Wallet,
  WALLET_CURRENCIES,
  WALLETS,
} from "../../contract/currencies.ts";
import { CURRENCIES, type Currency, type Wallet, WALLETS } from "../../contract/currencies.ts";
export const HOUSE_ACCOUNTS = [
  "external",
  "fees",
  "pnl",
  "yield",
  "insurance",
  "rounding",
  /** where practice money comes from (demo book only) */
  "mint",
  /** the other side of operators' balance adjustments (four-eyes, with a reason) */
  "adjustments",
] as const;
export type House = typeof HOUSE_ACCOUNTS[number];

export const BOOKS = ["live", "demo"] as const;
export type Book = typeof BOOKS[number];

export type AccountRef =
  | { book: Book; user: string; wallet: Wallet; currency: Currency }
  | { book: Book; house: House; currency: Currency };

/**
 * Stable string id of an account, the one place that builds it: `u:<userId>:<wallet>:<currency>`
 * or `h:<house>:<currency>`, with `demo:` before it in the demo book.
 */
export function accountId(a: AccountRef): string {
  const base = "user" in a ? `u:${a.user}:${a.wallet}:${a.currency}` : `h:${a.house}:${a.currency}`;
  return a.book === "live" ? base : `${a.book}:${base}`;
}

export function parseAccountId(id: string): AccountRef {
  const p = id.split(":");
  const book: Book = p[0] === "demo" ? "demo" : "live";
  if (book !== "live") p.shift();
  if (p[0] === "u" && p.length === 4 && isWallet(p[2]) && isCurrency(p[3])) {
    return { book, user: p[1]!, wallet: p[2], currency: p[3] };
  }
  if (p[0] === "h" && p.length === 3 && isHouse(p[1]) && isCurrency(p[2])) {
    if (p[1] === "mint" && book === "live") throw new Error(`bad account id ${id}`);
    return { book, house: p[1], currency: p[2] };
  }
  throw new Error(`bad account id ${id}`);
}

export function isCustomer(id: string): boolean {
  return id.startsWith("u:") || id.startsWith("demo:u:");
}

export function bookOf(id: string): Book {
  return parseAccountId(id).book;
}

export function currencyOf(id: string): Currency {
  return parseAccountId(id).currency;
}

export function isCurrency(x: unknown): x is Currency {
  return typeof x === "string" && (CURRENCIES as readonly string[]).includes(x);
}
export function isBook(x: unknown): x is Book {
  return typeof x === "string" && (BOOKS as readonly string[]).includes(x);
}
export function isWallet(x: unknown): x is Wallet {
  return typeof x === "string" && (WALLETS as readonly string[]).includes(x);
}
function isHouse(x: unknown): x is House {
  return typeof x === "string" && (HOUSE_ACCOUNTS as readonly string[]).includes(x);
}

/**
 * The book a customer id trades in: demo accounts have their own ids (`D` and digits, see
 * edge/demo/), so every record that names a customer also says which book its money is in.
 */
export const DEMO_USER_PREFIX = "D";
export const bookOfUser = (userId: string): Book =>
  userId.startsWith(DEMO_USER_PREFIX) ? "demo" : "live";

/** A customer's account, in the customer's book unless `book` says otherwise. */
export const user = (
  userId: string,
  wallet: Wallet,
  currency: Currency,
  book: Book = bookOfUser(userId),
): AccountRef => ({ book, user: userId, wallet, currency });
/** A house account of the book (the mint exists in the demo book only). */
export const house = (name: House, currency: Currency, book: Book = "live"): AccountRef => ({
  book,
  house: name,
  currency,
});

/** The house account on the other side of a customer's trade: in that customer's book. */
export const houseFor = (userId: string, name: House, currency: Currency): AccountRef =>
  house(name, currency, bookOfUser(userId));
