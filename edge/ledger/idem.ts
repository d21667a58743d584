/**
 * Idempotency keys of journals, built here only. The strings are stored with every journal and
 * replay record: never change an existing one (a retry after a deploy must find its first reply).
 */
import { type Book, bookOfUser } from "./accounts.ts";

/** What a customer asks for; each names its own key space. */
export type CustomerAction =
  | "fast"
  | "contract"
  | "close"
  | "cancel"
  | "chase"
  | "spot"
  | "spotcancel"
  | "exchange"
  | "transfer"
  | "withdraw"
  | "wealth"
  | "wealthRedeem";

export const idemKeys = {
  /**
   * A customer's request: their `Idempotency-Key` (or the fallback the product chooses: a fresh
   * id, the order id) within their action; demo requests live apart from live ones.
   */
  customer: (
    userId: string,
    action: CustomerAction,
    key: string,
    book: Book = bookOfUser(userId),
  ) => `${book === "live" ? "" : `${book}:`}u:${userId}:${action}:${key}`,
  /** the engine and jobs: one journal per record and event */
  fastSettle: (orderId: string) => `fast:settle:${orderId}`,
  spotFill: (orderId: string) => `spot:fill:${orderId}`,
  positionFill: (positionId: string) => `pos:fill:${positionId}`,
  positionAuto: (positionId: string) => `pos:auto:${positionId}`,
  /** a one-cancels-other pair of a position fired (one journal per pair) */
  positionOco: (positionId: string, pairId: string) => `pos:oco:${positionId}:${pairId}`,
  holdingFee: (positionId: string, day: string) => `pos:holdfee:${positionId}:${day}`,
  /** a wealth order's payout for day `day` of its term (1..period) */
  wealthPayout: (orderId: string, day: number) => `wealth:pay:${orderId}:${day}`,
  /** operators: one journal per decision */
  rechargePass: (rechargeId: string) => `op:recharge:${rechargeId}`,
  withdrawalSettle: (withdrawalId: string) => `op:withdrawal:${withdrawalId}:settle`,
  /** first start: a demo customer's opening balance */
  seedOpening: (userId: string) => `seed:opening:${userId}`,
  /** first start: the demo tenant's wealth reserve */
  seedReserve: () => "seed:wealth-reserve",
};
