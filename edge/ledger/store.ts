/**
 * KV keys and records of the ledger. Every key starts with the tenant.
 *
 * Commit sizes (many instances share one store; self-hosted denokv allows 10 checks per atomic
 * operation, every backend 1000 mutations). A journal commits with 1 + postings + the caller's
 * checks (the idempotency record, each posted balance, the business records) and writes each
 * balance, one line per customer posting, the journal, the idempotency record, the caller's
 * records and the event-log entry with its head (2 mutations, no check). Measured by
 * tests/api/kv_limits_test.ts (which fails above the limits):
 * - most checks: 9 checks, 17 mutations: a withdrawal's completion by an operator (the
 *   operator's session, `guardJournals`, and the audit chain's head and entry among them); a
 *   customer's or operator's write checks its session besides its records (one check more than
 *   the engine's and the jobs' journals); the seed's opening deposit 8 (4 customer balances and
 *   3 external house accounts); a close settling several legs of a hedged group 7 whatever the
 *   number of legs (one version key guards them all);
 * - most mutations: that group close, 10 + 4 per leg (34 for six legs).
 * The tape's commit: 1 check (the market lease) and 2 + ticks + intervals (13 for one tick).
 */
import type { Book, Currency, JournalType, Wallet } from "./accounts.ts";

export interface Balance {
  available: bigint;
  frozen: bigint;
}

export const ZERO: Balance = { available: 0n, frozen: 0n };

/** One account's change in a journal: deltas of its available and frozen balances. */
export interface Posting {
  account: string;
  available: bigint;
  frozen: bigint;
}

export interface Journal {
  id: string;
  /** absent on journals written before books existed: live */
  book?: Book;
  type: JournalType;
  /** The business record that caused it (e.g. `transfer:<id>`). */
  ref: string;
  idemKey: string;
  at: number;
  postings: Posting[];
}

/** A customer's view of one posting, for the fund flow (newest first by journal id). */
export interface Line {
  journalId: string;
  type: JournalType;
  ref: string;
  at: number;
  wallet: Wallet;
  currency: Currency;
  available: bigint;
  frozen: bigint;
}

export interface IdemRecord {
  journalId: string;
  /** Hash of the request that first used the key. */
  fingerprint: string;
  /** The reply the first request got (replayed verbatim). */
  result: unknown;
}

export const keys = {
  balance: (t: string, account: string) => [t, "ledger", "bal", account],
  balances: (t: string) => [t, "ledger", "bal"],
  journal: (t: string, id: string) => [t, "ledger", "journal", id],
  journals: (t: string) => [t, "ledger", "journal"],
  idem: (t: string, key: string) => [t, "ledger", "idem", key],
  idems: (t: string) => [t, "ledger", "idem"],
  /** a customer's fund-flow lines, per book (live lines keep their pre-book keys) */
  line: (t: string, book: Book, userId: string, journalId: string, n: number) => [
    ...keys.lines(t, book, userId),
    journalId,
    n,
  ],
  lines: (t: string, book: Book, userId: string): Deno.KvKey =>
    book === "live" ? [t, "ledger", "line", userId] : [t, "ledger", "line", `${book}:${userId}`],
  reservation: (t: string, id: string) => [t, "ledger", "res", id],
  reservations: (t: string) => [t, "ledger", "res"],
};
