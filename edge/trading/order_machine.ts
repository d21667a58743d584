/**
 * The one state machine of waiting orders (a pending leveraged order, an open spot limit order):
 * from its waiting state an order moves once, in one journal with its reservation, to what the
 * transition says (filled, cancelled, chased). Read, checked unchanged at the commit, written
 * with the journal; a replayed key returns the first reply; the engine's transition of an order
 * that moved meanwhile is nothing to do (null), a customer's is refused with what happened to
 * the order (ORDER_CANCELLED, ORDER_FILLED).
 */
import type { JournalType } from "../ledger/accounts.ts";
import type { Ledger, Plan } from "../ledger/service.ts";
import type { ReservationOp } from "../ledger/reservations.ts";
import { DomainError } from "../platform/errors.ts";
import type { EventRef } from "../ledger/events.ts";

export interface WaitingOrder {
  id: string;
  userId: string;
  status: string;
}

/** What one transition does: the money (postings, reservations) and the record after it. */
export interface Transition<O> {
  postings: Plan<unknown>["postings"];
  reservations: ReservationOp[];
  next: O;
}

export interface OrderKind<O extends WaitingOrder> {
  type: JournalType;
  /** the journal reference and event-log kind of an order of this kind */
  ref: (id: string) => string;
  event: EventRef["kind"];
  key: (t: string, id: string) => Deno.KvKey;
  /** the state an order waits in */
  waiting: O["status"];
  /** the index writes of the transition besides the record itself */
  write: (op: Deno.AtomicOperation, t: string, next: O) => void;
}

export async function transition<O extends WaitingOrder>(
  kv: Deno.Kv,
  ledger: Ledger,
  kind: OrderKind<O>,
  t: string,
  o: { id: string; key: string; userId?: string },
  f: (order: O) => Transition<O>,
): Promise<{ order: O; replay: boolean } | null> {
  try {
    const posted = await ledger.post(
      t,
      { key: o.key, request: { id: o.id, key: o.key } },
      async () => {
        const entry = await kv.get<O>(kind.key(t, o.id));
        const order = entry.value;
        if (!order || (o.userId && order.userId !== o.userId)) throw new DomainError("NOT_FOUND");
        if (order.status !== kind.waiting) throw moved(order.status);
        const { postings, reservations, next } = f(order);
        return {
          type: kind.type,
          ref: kind.ref(o.id),
          postings,
          reservations,
          checks: [entry],
          events: [{ user: next.userId, kind: kind.event, id: o.id }],
          write: (op) => {
            op.set(entry.key, next);
            kind.write(op, t, next);
          },
          result: () => next,
        };
      },
    );
    return { order: posted.result, replay: posted.replay };
  } catch (e) {
    if (!o.userId && e instanceof DomainError && MOVED.includes(e.error)) return null;
    throw e;
  }
}

/** The refusals of an order that already left its waiting state. */
const MOVED: string[] = ["ORDER_CANCELLED", "ORDER_FILLED"];

/** What happened to an order that is no longer waiting: cancelled, or filled (then held, closed). */
function moved(status: string): DomainError {
  return new DomainError(status === "cancelled" ? "ORDER_CANCELLED" : "ORDER_FILLED");
}
