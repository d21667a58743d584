/**
 * Which actions a customer's record allows, by its state: one table that the islands read to
 * decide which buttons a record gets, and that the server can ask before it acts
 * (`allows(...)`), instead of each keeping its own copy of the state machine. Pure, part of the
 * shared module `rules.ts`.
 */
import type { PositionJson, SpotOrderJson } from "./trading.ts";

const ACTIONS = {
  /** a leveraged order: a pending limit order waits (cancel, or chase: fill it at the market);
   * a holding position can be closed, reversed, hedged and given stops, a trailing stop and a
   * one-cancels-other pair */
  position: {
    pending: ["cancel", "chase"],
    holding: ["close", "reverse", "hedge", "tpsl", "trailing", "oco"],
    closed: [],
    cancelled: [],
  },
  /** a spot order: an open limit order can be cancelled */
  spot: { open: ["cancel"], filled: [], cancelled: [] },
} as const satisfies {
  position: Record<PositionJson["status"], readonly string[]>;
  spot: Record<SpotOrderJson["status"], readonly string[]>;
};

export type RecordKind = keyof typeof ACTIONS;
type Table<K extends RecordKind> = (typeof ACTIONS)[K];
/** The states of a kind of record. */
export type RecordStatus<K extends RecordKind> = keyof Table<K>;
/** Every action a kind of record can have, in some state. */
export type RecordAction<K extends RecordKind> = Table<K>[RecordStatus<K>] extends
  readonly (infer A)[] ? A : never;
export type PositionAction = RecordAction<"position">;
export type SpotOrderAction = RecordAction<"spot">;

/** The actions a record allows now, in the order its buttons show. */
export function allowedActions<K extends RecordKind>(
  kind: K,
  record: { status: RecordStatus<K> },
): readonly RecordAction<K>[] {
  return ACTIONS[kind][record.status] as readonly RecordAction<K>[];
}

/** Whether a record allows `action` now. */
export function allows<K extends RecordKind>(
  kind: K,
  record: { status: RecordStatus<K> },
  action: RecordAction<K>,
): boolean {
  return allowedActions(kind, record).includes(action);
}

/**
 * Of a spot order as shown and an update of it (a reply, or a socket event that can arrive after a
 * later reply), the one to show: a filled or cancelled order never opens again, so an "open"
 * update of it is older than what is shown.
 */
export function latestSpotOrder<T extends { status: SpotOrderJson["status"] }>(
  shown: T,
  update: T,
): T {
  return shown.status !== "open" && update.status === "open" ? shown : update;
}
