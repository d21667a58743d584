/**
 * Actions on a holding position that are more than one contract command: close-and-reverse
 * (close, then open the same lots the other way at market) and hedge (open an equal opposite
 * position; long and short coexist on one symbol). Each command runs under its own idempotency
 * key derived from the request's, so a retried request replays the commands that already ran.
 */
import { DomainError } from "../platform/errors.ts";
import type { Tenant } from "../platform/tenants.ts";
import type { Contracts } from "./contracts.ts";
import type { PositionJson } from "../../contract/trading.ts";

/** What a reverse or a hedge did: the closed leg (reverse), the opened leg, and whether reversed. */
export interface PositionActionResult {
  closed: PositionJson | null;
  opened: PositionJson | null;
  reversed: boolean;
}

/** An action on the customer's position `id`, under the request's idempotency key. */
export interface PositionAction {
  contracts: Pick<Contracts, "get" | "open" | "close">;
  tenant: Tenant;
  userId: string;
  id: string;
  idempotencyKey?: string;
}

/** The customer's holding position `id` and the order that opens its opposite. */
async function oppositeOf(
  contracts: PositionAction["contracts"],
  t: string,
  userId: string,
  id: string,
) {
  const p = await contracts.get(t, id);
  if (!p || p.userId !== userId) throw new DomainError("NOT_FOUND");
  if (p.status !== "holding") throw new DomainError("POSITION_CLOSED");
  return {
    symbol: p.symbol,
    side: p.side === "long" ? "short" as const : "long" as const,
    lots: p.lots,
    leverage: p.leverage,
  };
}

/** Lock a position: open an equal position in the opposite direction. */
export async function hedgePosition(
  { contracts, tenant, userId, id, idempotencyKey }: PositionAction,
): Promise<PositionActionResult> {
  const opposite = await oppositeOf(contracts, tenant.id, userId, id);
  const key = idempotencyKey && `${idempotencyKey}:hedge`;
  const opened = await contracts.open(tenant, userId, opposite, key);
  return { closed: null, opened, reversed: false };
}

/**
 * Close a position, then open the same lots in the opposite direction at market. If the margin
 * for the new leg falls short, only the close happens and `reversed` is false.
 */
export async function reversePosition(
  { contracts, tenant, userId, id, idempotencyKey }: PositionAction,
): Promise<PositionActionResult> {
  const opposite = await oppositeOf(contracts, tenant.id, userId, id);
  const closed = await contracts.close(tenant.id, id, {
    userId,
    reason: "manual",
    idempotencyKey: idempotencyKey && `${idempotencyKey}:close`,
  });
  try {
    const opened = await contracts.open(
      tenant,
      userId,
      opposite,
      idempotencyKey && `${idempotencyKey}:open`,
    );
    return { closed, opened, reversed: true };
  } catch (e) {
    if (e instanceof DomainError && e.error === "INSUFFICIENT_BALANCE") {
      return { closed, opened: null, reversed: false };
    }
    throw e;
  }
}
