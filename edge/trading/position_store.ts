/**
 * The stored positions of the leveraged product, read: one, a customer's (by symbol, for
 * brackets and hedged groups; by status, for lists), the open ones (the engine's index), and the
 * JSON a customer is shown. The service that moves them (contracts.ts) extends this.
 */
import type { MarketService } from "../market/service.ts";
import { type HedgeInfo, hedgeInfo, type Position, positionJson } from "./positions.ts";
import { carriedRecord, posKeys } from "./store.ts";
import type { ListRead } from "../platform/kv_round_trips.ts";
import { listPage, recordsByIndex } from "../platform/kvpage.ts";
import type { PositionJson } from "../../contract/trading.ts";

export class PositionStore {
  constructor(protected kv: Deno.Kv, protected market: MarketService) {}

  /**
   * A customer's open (pending and holding) positions on a symbol, with their entries: the index,
   * then its records together (one round trip, not one per leg).
   */
  async userEntries(t: string, userId: string, symbol: string) {
    const index = await Array.fromAsync(
      this.kv.list({ prefix: posKeys.userOpenPrefix(t, userId, symbol) }),
    );
    const read = await Promise.all(
      index.map((e) => this.kv.get<Position>(posKeys.pos(t, e.key.at(-1) as string))),
    );
    return read.filter((p): p is Deno.KvEntry<Position> =>
      p.value?.status === "holding" || p.value?.status === "pending"
    );
  }

  async userPositions(t: string, userId: string, symbol: string): Promise<Position[]> {
    return (await this.userEntries(t, userId, symbol)).map((e) => e.value);
  }

  /** The hedge info of a holding position (undefined: not hedged). */
  async hedgeOf(t: string, p: Position): Promise<HedgeInfo | undefined> {
    if (p.status !== "holding") return undefined;
    return hedgeInfo(
      (await this.userPositions(t, p.userId, p.symbol)).filter((x) => x.status === "holding"),
    );
  }

  /**
   * What the socket shows after `changed` positions of one customer on one symbol changed: each
   * of them, and every other holding leg (a hedged leg shows its group's level, which moves with
   * any leg), each once; the customer's legs are read once.
   */
  async changedJson(t: string, changed: Position[]): Promise<PositionJson[]> {
    const first = changed[0];
    if (!first) return [];
    const open = await this.userPositions(t, first.userId, first.symbol);
    const hedge = hedgeInfo(open.filter((x) => x.status === "holding"));
    const mark = this.market.tape.lastTick(first.symbol)?.price ?? null;
    const shown = new Map(changed.map((p) => [p.id, p]));
    for (const p of open) if (p.status === "holding" && !shown.has(p.id)) shown.set(p.id, p);
    return [...shown.values()].map((p) =>
      positionJson(p, mark, p.status === "holding" ? hedge : undefined)
    );
  }

  /**
   * Index every open position by customer and symbol once per tenant (positions opened before
   * the index existed); idempotent, marked done in KV.
   */
  async indexUserOpen(t: string) {
    if ((await this.kv.get(posKeys.userOpenIndexed(t))).value) return;
    for await (const e of this.kv.list<{ symbol: string }>({ prefix: posKeys.openPrefix(t) })) {
      const p = await this.get(t, e.key[e.key.length - 1] as string);
      if (p && (p.status === "holding" || p.status === "pending")) {
        await this.kv.set(posKeys.userOpen(t, p.userId, p.symbol, p.id), true);
      }
    }
    await this.kv.set(posKeys.userOpenIndexed(t), true);
  }

  /** What `get` reads (to start with the session). */
  positionRead(t: string, id: string): { key: Deno.KvKey } {
    return { key: posKeys.pos(t, id) };
  }

  async get(t: string, id: string) {
    return (await this.kv.get<Position>(posKeys.pos(t, id))).value;
  }

  /** What the lists read of the customer's (the index of their positions and the records). */
  listReads(t: string, userId: string): ListRead {
    return {
      selector: { prefix: posKeys.byUserPrefix(t, userId) },
      options: { reverse: true, limit: 500 },
      record: (id) => posKeys.pos(t, id),
      carries: (v) => carriedRecord(v) !== null,
    };
  }

  async list(t: string, userId: string, status: Position["status"], limit: number) {
    return (await this.lists(t, userId, [status], limit))[status];
  }

  /**
   * The customer's positions of each status in `statuses`, newest first, at most `limit` each:
   * from one read of their newest 500 (the index, then its records together). A holding leg shows
   * its hedged group, made of every holding leg of its symbol: those read when the index was read
   * to its end, else the symbol's open index.
   */
  async lists<S extends Position["status"]>(
    t: string,
    userId: string,
    statuses: readonly S[],
    limit: number,
  ): Promise<Record<S, PositionJson[]>> {
    const r = this.listReads(t, userId);
    const page = await recordsByIndex<Position>(
      this.kv,
      listPage<true>(this.kv, r.selector, r.options!),
      r.record!,
      { keep: () => true, limit: 500, scan: 500, carried: carriedRecord<Position> },
    );
    const hedges = new Map<string, Promise<HedgeInfo | undefined>>();
    const hedge = (p: Position) => {
      if (p.status !== "holding") return undefined;
      if (!hedges.has(p.symbol)) {
        hedges.set(
          p.symbol,
          page.cursor === null
            ? Promise.resolve(
              hedgeInfo(page.items.filter((x) => x.symbol === p.symbol && x.status === "holding")),
            )
            : this.hedgeOf(t, p),
        );
      }
      return hedges.get(p.symbol);
    };
    const out = {} as Record<S, PositionJson[]>;
    for (const status of statuses) {
      const items = page.items.filter((p) => p.status === status).slice(0, limit);
      out[status] = await Promise.all(items.map(async (p) => {
        const mark = this.market.tape.lastTick(p.symbol)?.price ?? null;
        return positionJson(p, mark, await hedge(p));
      }));
    }
    return out;
  }

  /** Ids of the open (pending and holding) positions, from the index alone. */
  async *openIds(t: string) {
    for await (const e of this.kv.list({ prefix: posKeys.openPrefix(t) })) {
      yield e.key[e.key.length - 1] as string;
    }
  }

  async *openPositions(t: string) {
    for await (const e of this.kv.list<{ symbol: string }>({ prefix: posKeys.openPrefix(t) })) {
      const p = await this.get(t, e.key[e.key.length - 1] as string);
      if (p && (p.status === "holding" || p.status === "pending")) yield p;
    }
  }
}
