/**
 * The daily holding fee of leveraged positions at 00:00 UTC: notional at entry x the daily rate,
 * once per position and day (the ledger's idempotency key), taken from the contract wallet's
 * available balance and, when that is short, from the position's margin (its liquidation price
 * moves accordingly). Deno.cron can skip or repeat runs: every run charges each day from the
 * last charged one up to today, and a repeated run changes nothing. A charge that fails (the
 * market is stale when an exhausted position must be closed, storage contention) is recorded and
 * retried by the next run (hourly), and still counts once.
 */
import { fee, liquidationPrice } from "../../core-wasm/mod.ts";
import { houseFor, user } from "../ledger/accounts.ts";
import type { Ledger } from "../ledger/service.ts";
import { idemKeys } from "../ledger/idem.ts";
import { reservationIds } from "../ledger/reservations.ts";
import { DomainError } from "../platform/errors.ts";
import type { TenantRegistry } from "../platform/tenants.ts";
import { type Contracts, type Position } from "./contracts.ts";
import { posKeys, savePosition, touchSymbol } from "./store.ts";
import { HOLDING_FEE_DAILY } from "./terms.ts";

class ExhaustedMargin extends Error {}

const DAY = 86_400_000;

const dayKey = (t: string) => [t, "trading", "holdfeeDay"];
/** A position's day whose charge failed: retried by every later run until it is settled. */
const retryKey = (t: string, id: string, day: string) => [t, "trading", "holdfeeRetry", id, day];
const retryPrefix = (t: string) => [t, "trading", "holdfeeRetry"];
const dayName = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Outcome = "charged" | "settled" | "failed";

export class HoldingFees {
  constructor(
    private kv: Deno.Kv,
    private ledger: Ledger,
    private contracts: Contracts,
    private tenants: TenantRegistry,
    private now: () => number,
  ) {}

  /**
   * Retry the charges that failed in earlier runs, then charge every day not charged yet, up to
   * today (00:00 UTC boundaries). A day is marked done once each position's charge for it either
   * succeeded or was recorded for retry; the ledger's key makes a retried charge count once.
   */
  async run(): Promise<number> {
    let charged = 0;
    const today = Math.floor(this.now() / DAY) * DAY;
    for (const t of this.tenants.byId.keys()) {
      for await (const e of this.kv.list<{ day: number }>({ prefix: retryPrefix(t) })) {
        const id = e.key.at(-2) as string;
        const r = await this.chargeOne(t, id, e.value.day);
        if (r === "charged") charged++;
        if (r !== "failed") await this.kv.delete(e.key);
      }
      const last = (await this.kv.get<number>(dayKey(t))).value ?? today - DAY;
      for (let day = last + DAY; day <= today; day += DAY) {
        charged += await this.chargeDay(t, day);
        await this.kv.set(dayKey(t), day);
      }
    }
    return charged;
  }

  /** Positions held at `day` 00:00 UTC (opened before it) pay that day's fee, once. */
  async chargeDay(t: string, day: number): Promise<number> {
    let n = 0;
    for await (const p of this.contracts.openPositions(t)) {
      if (p.status !== "holding" || p.entry.time >= day) continue;
      const r = await this.chargeOne(t, p.id, day);
      if (r === "charged") n++;
      // one position's failure (stale market, contention, storage) must not stop the others,
      // and must not be forgotten: the next run tries that day again
      if (r === "failed") await this.kv.set(retryKey(t, p.id, dayName(day)), { day });
    }
    return n;
  }

  /** One position's fee for one day: charged, settled otherwise (closed, replayed), or failed. */
  private async chargeOne(t: string, id: string, day: number): Promise<Outcome> {
    try {
      const r = await this.chargeOrExhausted(t, id, dayName(day));
      if (r === "exhausted") {
        // the fee would consume the whole margin: the position is closed at the market instead
        await this.contracts.close(t, id, { reason: "liquidation" });
        return "settled";
      }
      return r ? "charged" : "settled";
    } catch (e) {
      // closed meanwhile: nothing is owed any more
      if (e instanceof DomainError && (e.error === "POSITION_CLOSED" || e.error === "NOT_FOUND")) {
        return "settled";
      }
      console.error("[holding-fee]", t, id, dayName(day), e instanceof DomainError ? e.error : e);
      return "failed";
    }
  }

  private async charge(t: string, id: string, day: string): Promise<boolean | "exhausted"> {
    const posted = await this.ledger.post(t, {
      key: idemKeys.holdingFee(id, day),
      request: { id, day },
    }, async () => {
      const entry = await this.kv.get<Position>(posKeys.pos(t, id));
      const p = entry.value;
      if (!p || p.status !== "holding") throw new DomainError("POSITION_CLOSED");
      const amount = fee(p.qty, p.entry.price, p.holdingFeeRate ?? HOLDING_FEE_DAILY);
      const account = user(p.userId, "contract", "USDT");
      const available = (await this.ledger.balance(t, account)).available;
      const fromAvailable = available >= amount ? amount : available > 0n ? available : 0n;
      const fromMargin = amount - fromAvailable;
      // never take the margin down to nothing (the rest of the customer's holds are not ours)
      if (fromMargin >= p.margin) throw new ExhaustedMargin();
      const margin = p.margin - fromMargin;
      const holdingFees = (p.holdingFees ?? 0n) + amount;
      const next: Position = fromMargin === 0n ? { ...p, holdingFees } : {
        ...p,
        holdingFees,
        margin,
        liquidationPrice: liquidationPrice({
          side: p.side,
          qty: p.qty,
          entry: p.entry.price,
          margin,
          mmr: p.mmr,
        }),
      };
      return {
        type: "fee",
        ref: `contract:${id}`,
        postings: [
          { account, available: -fromAvailable },
          { account: houseFor(p.userId, "fees", "USDT"), available: amount },
        ],
        // what the available balance cannot pay comes out of the position's margin
        reservations: fromMargin === 0n ? [] : [{
          op: "post",
          id: reservationIds.position(id),
          account,
          amount: fromMargin,
          guard: "owner",
        }],
        checks: [entry],
        events: [{ user: p.userId, kind: "position", id }],
        write: (op) => {
          savePosition(op, t, next);
          touchSymbol(op, t, next);
        },
        result: () => ({ amount: amount.toString(), fromMargin: fromMargin.toString() }),
      };
    });
    if (!posted.replay) {
      const p = await this.contracts.get(t, id);
      if (p) this.contracts.events.emit("changed", t, p);
    }
    return !posted.replay;
  }

  /** charge(), with an exhausted margin reported instead of thrown */
  private async chargeOrExhausted(t: string, id: string, day: string) {
    try {
      return await this.charge(t, id, day);
    } catch (e) {
      if (e instanceof ExhaustedMargin) return "exhausted" as const;
      throw e;
    }
  }
}
