/**
 * Reservations: the one way money is held. A business record (an open fast contract, a position
 * or pending contract order, a spot limit order, a withdrawal under review, a wealth principal)
 * owns a reservation on one customer account. It moves through the ledger only, inside the
 * journal that changes the business record:
 *
 * - `reserve`: available -> frozen (once per id: the commit checks the id is new);
 * - `post`: part or all of what is still reserved leaves frozen (the journal's other postings
 *   say where it goes: a house account, or back to the customer as a payout);
 * - `release`: part or all of what is still reserved goes back to available.
 *
 * A reservation is closed when nothing remains; a closed one refuses every operation. Nothing
 * else changes a frozen balance (plans post `available` only), so for every account
 * frozen = the sum of what its open reservations still hold; the checker proves it.
 */
import { DomainError } from "../platform/errors.ts";
import { accountId, type AccountRef, isCustomer } from "./accounts.ts";

export interface Reservation {
  id: string;
  /** account id (carries the book) */
  account: string;
  /** the business record that owns it, e.g. `fast:<id>` */
  owner: string;
  amount: bigint;
  posted: bigint;
  released: bigint;
  state: "open" | "closed";
  at: number;
  closedAt: number | null;
}

export const remaining = (r: Reservation): bigint => r.amount - r.posted - r.released;

/** Reservation ids, built here only: one per owning record. */
export const reservationIds = {
  fast: (orderId: string) => `fast:${orderId}`,
  /** a pending leveraged (limit) order: its margin and opening fee until it fills or goes */
  contractOrder: (positionId: string) => `contract-order:${positionId}`,
  /** a leveraged position's margin, from its fill to its close */
  position: (positionId: string) => `position:${positionId}`,
  spot: (orderId: string) => `spot:${orderId}`,
  withdrawal: (withdrawalId: string) => `withdraw:${withdrawalId}`,
  wealth: (orderId: string) => `wealth:${orderId}`,
};

/**
 * What a journal does to reservations. `account` is the reservation's account (the caller
 * knows it; the ledger refuses a mismatch). `amount` of post and release defaults to all that
 * remains. `guard: "owner"`: the commit checks the owning record (or a version key over it),
 * which orders every change to this reservation, so the reservation record needs no check of
 * its own (a commit carries at most 10 checks: a group close settles many legs, and journals
 * share a group commit by their checks). On a reserve it says the id is new by construction
 * (the owner is created in this commit under a freshly minted id, or moves out of the one state
 * that reserves, checked): the record is neither read nor checked.
 */
export type ReservationOp =
  | {
    op: "reserve";
    id: string;
    account: AccountRef;
    amount: bigint;
    owner?: string;
    guard?: "owner";
  }
  | { op: "post"; id: string; account: AccountRef; amount?: bigint; guard?: "owner" }
  | { op: "release"; id: string; account: AccountRef; amount?: bigint; guard?: "owner" };

export interface AppliedReservations {
  /** postings on customer accounts (available and frozen deltas) */
  postings: { account: string; available: bigint; frozen: bigint }[];
  /** the records to write, by id */
  next: Map<string, Reservation>;
  /** ids whose stored record the commit must check (versionstamp as read; null when new) */
  checked: Set<string>;
}

/**
 * Apply a journal's reservation operations to the records as read (`stored`, null = absent).
 * Pure; throws HOLD_SETTLED when a reservation is closed or would go below zero, NOT_FOUND when
 * it does not exist, CONFLICT when it exists already or belongs to another account.
 */
export function applyReservations(
  ops: readonly ReservationOp[],
  stored: ReadonlyMap<string, Reservation | null>,
  ref: string,
  at: number,
): AppliedReservations {
  const next = new Map<string, Reservation>();
  const checked = new Set<string>();
  const postings: AppliedReservations["postings"] = [];
  for (const o of ops) {
    const account = accountId(o.account);
    if (!isCustomer(account)) throw new Error(`reservation ${o.id} on a house account ${account}`);
    const current = next.get(o.id) ?? stored.get(o.id) ?? null;
    if (o.op === "reserve") {
      if (current) throw new DomainError("CONFLICT");
      if (o.amount <= 0n) throw new DomainError("VALIDATION", {}, { amount: "invalid" });
      next.set(o.id, {
        id: o.id,
        account,
        owner: o.owner ?? ref,
        amount: o.amount,
        posted: 0n,
        released: 0n,
        state: "open",
        at,
        closedAt: null,
      });
      if (o.guard !== "owner") checked.add(o.id);
      postings.push({ account, available: -o.amount, frozen: o.amount });
      continue;
    }
    if (!current) throw new DomainError("NOT_FOUND");
    if (current.account !== account) throw new DomainError("CONFLICT");
    const left = remaining(current);
    const amount = o.amount ?? left;
    if (current.state !== "open" || amount < 0n || amount > left) {
      throw new DomainError("HOLD_SETTLED");
    }
    const changed: Reservation = o.op === "post"
      ? { ...current, posted: current.posted + amount }
      : { ...current, released: current.released + amount };
    if (remaining(changed) === 0n) {
      changed.state = "closed";
      changed.closedAt = at;
    }
    next.set(o.id, changed);
    if (o.guard !== "owner") checked.add(o.id);
    postings.push(
      o.op === "post"
        ? { account, available: 0n, frozen: -amount }
        : { account, available: amount, frozen: -amount },
    );
  }
  return { postings, next, checked };
}
