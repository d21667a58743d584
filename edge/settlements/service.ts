/**
 * Per-order proof for customers: a settled fast contract or a closed position as a settlement
 * record (terms, outcome, the ticks used with their sequence numbers on the tape), readable by
 * its owner and by anyone holding the order's share link; to anyone else the order does not
 * exist (NOT_FOUND, whatever the reason). The records are read through the trading services.
 */
import { formatDecimal } from "../../core-wasm/mod.ts";
import { DomainError } from "../platform/errors.ts";
import type { FastContracts, FastOrder, TickRef } from "../trading/fast.ts";
import type { Contracts, Position } from "../trading/contracts.ts";
import type { SettlementJson, SettlementTickJson } from "../../contract/settlements.ts";
import type { VerifyStore } from "./store.ts";

/** Who asks: the session's acting account and/or a share token. */
export interface Reader {
  userId?: string | null;
  share?: string | null;
}

/** A tick reference as stored: the sequence number arrived with the chained tape. */
function tickJson(r: TickRef & { seq?: number }): SettlementTickJson {
  return {
    seq: typeof r.seq === "number" ? r.seq : null,
    time: r.time,
    price: formatDecimal(r.price),
  };
}

/** Which order a settlement is of, and the version of the rules it was settled under. */
const orderOf = (x: { id: string; symbol: string; terms?: number | null }) => ({
  orderNo: x.id,
  symbol: x.symbol,
  ruleVersion: x.terms ?? 1,
});

export function fastSettlementJson(o: FastOrder): SettlementJson | null {
  if (o.status !== "settled" || !o.outcome || o.payout === null) return null;
  const d = formatDecimal;
  return {
    kind: "fast",
    ...orderOf(o),
    terms: {
      direction: o.direction,
      stake: d(o.stake),
      rate: d(o.rate),
      duration: o.duration,
      openTime: o.entry.time,
      expiryTime: o.expiresAt,
    },
    outcome: { result: o.outcome, payout: d(o.payout), settlementTime: o.settledAt },
    ticks: { entry: tickJson(o.entry), exit: o.exit ? tickJson(o.exit) : null },
  };
}

export function positionSettlementJson(p: Position): SettlementJson | null {
  if (p.status !== "closed" || !p.closeTick || !p.closeReason) return null;
  const d = formatDecimal;
  return {
    kind: "position",
    ...orderOf(p),
    terms: {
      side: p.side,
      lots: p.lots,
      qty: d(p.qty),
      leverage: p.leverage,
      entry: d(p.entry.price),
      margin: d(p.margin),
      mmr: d(p.mmr),
      feeRate: d(p.feeRate),
      stopLoss: p.stopLoss === null ? null : d(p.stopLoss),
      takeProfit: p.takeProfit === null ? null : d(p.takeProfit),
      liquidationPrice: d(p.liquidationPrice),
    },
    outcome: {
      closeReason: p.closeReason,
      realizedPnl: d(p.realizedPnl),
      fees: { open: d(p.openFee), close: d(p.closeFee ?? 0n), holding: d(p.holdingFees ?? 0n) },
      closeTime: p.closeTick.time,
    },
    ticks: { fill: tickJson(p.entry), trigger: tickJson(p.closeTick) },
  };
}

export class Verify {
  constructor(
    private store: VerifyStore,
    private fast: FastContracts,
    private contracts: Contracts,
  ) {}

  /**
   * What `read` reads: the order as a fast contract and as a position (an order number is one or
   * the other), and the share link, all at once (with the session when started with it: one
   * round trip).
   */
  reads(t: string, orderNo: string, share?: string | null): { key: Deno.KvKey }[] {
    return [
      this.fast.orderRead(t, orderNo),
      this.contracts.positionRead(t, orderNo),
      ...(share ? this.store.sharedRead(t, share) : []),
    ];
  }

  /** The settled record and its owner (null: no settled contract or closed position). */
  private async record(t: string, orderNo: string) {
    // both read together: one round trip, whichever it is
    const [o, p] = await Promise.all([this.fast.get(t, orderNo), this.contracts.get(t, orderNo)]);
    if (o) {
      const json = fastSettlementJson(o);
      return json && { owner: o.userId, json };
    }
    const json = p && positionSettlementJson(p);
    return json && { owner: p.userId, json };
  }

  /**
   * The settlement of `orderNo` for its owner (`owner` true) or a holder of its share link;
   * NOT_FOUND to anyone else, as for an order that does not exist. The record and the link are
   * read together.
   */
  async read(t: string, orderNo: string, who: Reader) {
    const [r, shared] = await Promise.all([
      this.record(t, orderNo),
      who.share ? this.store.shared(t, who.share) : null,
    ]);
    if (r && who.userId && r.owner === who.userId) return { settlement: r.json, owner: true };
    if (r && who.share && shared === orderNo) return { settlement: r.json, owner: false };
    throw new DomainError("NOT_FOUND");
  }

  async settlement(t: string, orderNo: string, who: Reader): Promise<SettlementJson> {
    return (await this.read(t, orderNo, who)).settlement;
  }

  /** The order's share token (the owner only; the same one every time). */
  async share(t: string, userId: string, orderNo: string): Promise<string> {
    const r = await this.record(t, orderNo);
    if (!r || r.owner !== userId) throw new DomainError("NOT_FOUND");
    return await this.store.shareToken(t, orderNo);
  }
}
