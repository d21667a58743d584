/**
 * The trading capability's KV keys, in one place: fast contracts, leveraged positions, spot
 * orders and exchange quotes (records under `[tenant, "trading", ...]`). The services read and
 * write through them; nothing outside edge/trading builds a trading key.
 */

export const fastKeys = {
  order: (t: string, id: string) => [t, "trading", "fast", id],
  byUser: (t: string, userId: string, id: string) => [t, "trading", "fastByUser", userId, id],
  byUserPrefix: (t: string, userId: string) => [t, "trading", "fastByUser", userId],
  open: (t: string, id: string) => [t, "trading", "fastOpen", id],
  openPrefix: (t: string) => [t, "trading", "fastOpen"],
  /**
   * Fairness counters: settled live contracts per symbol, duration, UTC day and outcome (a sum
   * moved in the settlement's commit).
   */
  fair: (t: string, symbol: string, duration: number, day: number, outcome: string) => [
    t,
    "trading",
    "fastFair",
    day,
    symbol,
    duration,
    outcome,
  ],
  fairPrefix: (t: string) => [t, "trading", "fastFair"],
};

export const spotKeys = {
  order: (t: string, id: string) => [t, "trading", "spot", id],
  byUser: (t: string, userId: string, id: string) => [t, "trading", "spotByUser", userId, id],
  byUserPrefix: (t: string, userId: string) => [t, "trading", "spotByUser", userId],
  open: (t: string, id: string) => [t, "trading", "spotOpen", id],
  openPrefix: (t: string) => [t, "trading", "spotOpen"],
};

export const posKeys = {
  pos: (t: string, id: string) => [t, "trading", "pos", id],
  byUser: (t: string, userId: string, id: string) => [t, "trading", "posByUser", userId, id],
  byUserPrefix: (t: string, userId: string) => [t, "trading", "posByUser", userId],
  open: (t: string, id: string) => [t, "trading", "posOpen", id],
  openPrefix: (t: string) => [t, "trading", "posOpen"],
  /** a customer's open (pending or holding) positions per symbol: brackets and hedged groups */
  userOpen: (t: string, userId: string, symbol: string, id: string) => [
    t,
    "trading",
    "posUserOpen",
    userId,
    symbol,
    id,
  ],
  /** a customer's open positions on every symbol */
  userOpenByUser: (t: string, userId: string) => [t, "trading", "posUserOpen", userId],
  userOpenPrefix: (t: string, userId: string, symbol: string) => [
    t,
    "trading",
    "posUserOpen",
    userId,
    symbol,
  ],
  userOpenIndexed: (t: string) => [t, "trading", "posUserOpenV1"],
  /**
   * bumped by every change to a customer's positions on a symbol (`touchSymbol`): the guard of
   * the bracket check and of a close that settles several legs (one check for all of them).
   * It lies beside the symbol's open index (`userOpenByUser` lists both), so that one list reads
   * the legs and their version in one snapshot (a list of the symbol's prefix excludes it).
   * (It lived at `posUserSym` before: those keys are no longer read; here it is absent until the
   * customer's next change on the symbol, and a check of its absence guards as well.)
   */
  userSymbol: (t: string, userId: string, symbol: string) => [
    t,
    "trading",
    "posUserOpen",
    userId,
    symbol,
  ],
};

/** Record, in `op`, a change to one of the customer's positions on the symbol. */
export function touchSymbol(
  op: Deno.AtomicOperation,
  t: string,
  p: { id: string; userId: string; symbol: string },
) {
  op.set(posKeys.userSymbol(t, p.userId, p.symbol), p.id);
}

/**
 * A trading record and the customer's index entry of it, written together: the by-customer
 * indexes (`fastByUser`, `posByUser`, `spotByUser`) carry the record itself as their value, set
 * in the same commit as the record at every change, so that the customer's lists (the tickets,
 * the order lists) read the index alone, one round trip with the session and no record read
 * after it (far from the store, that read waited on the index). Entries written before (value
 * `true`) only name the record: it is read then (`carriedRecord`). A record is well under a
 * KiB (the value limit is 64 KiB); the second write is one mutation more per commit.
 */
function saver(
  recordKey: (t: string, id: string) => Deno.KvKey,
  byUser: (t: string, userId: string, id: string) => Deno.KvKey,
) {
  return (op: Deno.AtomicOperation, t: string, record: { id: string; userId: string }) => {
    op.set(recordKey(t, record.id), record);
    op.set(byUser(t, record.userId, record.id), record);
  };
}
export const saveFast = saver(fastKeys.order, fastKeys.byUser);
export const savePosition = saver(posKeys.pos, posKeys.byUser);
export const saveSpot = saver(spotKeys.order, spotKeys.byUser);

/** The record a by-customer index entry carries (null: an entry that only names it). */
export function carriedRecord<T>(value: unknown): T | null {
  return typeof value === "object" && value !== null ? value as T : null;
}

/** price alerts, per customer (edge/trading/alerts.ts) */
export const alertKeys = {
  alert: (t: string, userId: string, id: string) => [t, "trading", "alert", userId, id],
  byUser: (t: string, userId: string) => [t, "trading", "alert", userId],
  all: (t: string) => [t, "trading", "alert"],
  /** changed by every set, edit and delete of the customer's alerts: the count's guard */
  guard: (t: string, userId: string) => [t, "trading", "alertGuard", userId],
};

/** an exchange quote, kept a few times its validity */
export const quoteKey = (t: string, id: string) => [t, "trading", "xquote", id];

/**
 * the latest liquidation warning per customer and position (id) or hedged group (`group.SYMBOL`)
 * (edge/trading/liq_warnings.ts)
 */
export const liqWarnKeys = {
  warning: (t: string, userId: string, id: string) => [t, "trading", "liqWarn", userId, id],
  all: (t: string) => [t, "trading", "liqWarn"],
};
