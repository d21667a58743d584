/**
 * The stored tape as any instance reads it (edge/market/tape.ts), with no memory of its own: a
 * tick by time or sequence number, ranges and resumptions for sockets and auditors, chain heads
 * and hashes, candles and the symbols' stored heads, and the repairs `load` makes (the chain put
 * on ticks stored before it, candles rebuilt from ticks). `Tape` adds the live state on top:
 * judging, batching and storing ticks as the writer, following the writer otherwise.
 */
import { marketKeys } from "./store.ts";
import type { CandleRow } from "../../contract/market.ts";
import {
  type Candle,
  formatDecimal,
  type Interval,
  INTERVALS,
  rollupAll,
  rollupCandles,
  type Tick,
} from "../../core-wasm/mod.ts";
import { genesisHash, tickHash } from "../../contract/chain.ts";
import { archiveMarker } from "./archive.ts";

export interface TapeTick extends Tick {
  symbol: string;
  /**
   * The tick's place in the symbol's hash chain and its hash (contract/chain.ts); set once
   * stored (a back-filled head before any live tick has seq 0: it is not on the tape).
   */
  seq?: number;
  hash?: string;
}

/** A symbol's chain position: the last stored tick's sequence number and hash. */
export interface ChainHead {
  seq: number;
  hash: string;
}

/**
 * A symbol's stored head (`market/last`): its latest tick, that tick's place among ticks of the
 * same millisecond, and the writer's clock when it was stored (followers judge staleness by it).
 */
export interface TapeHead extends TapeTick {
  n?: number;
  clock?: number;
}

export interface StoredTick {
  price: bigint;
  qty: bigint;
  /** the chain (absent only in ticks stored before it, until `load` migrates them) */
  seq?: number;
  hash?: string;
}

/** A tick of the tape as the API sends it (and as archives hold it). */
export interface SeqTick {
  seq: number;
  time: number;
  price: bigint;
  qty: bigint;
  hash: string;
}

/** A candle as the API sends it (decimal strings). */
export function candleRow(k: Candle): CandleRow {
  return [
    k.openTime,
    formatDecimal(k.open),
    formatDecimal(k.high),
    formatDecimal(k.low),
    formatDecimal(k.close),
    formatDecimal(k.volume),
  ];
}

export class StoredTape {
  constructor(protected kv: Deno.Kv) {}

  /** The highest sequence number stored for a symbol (0: none), from the sequence index. */
  protected async lastStoredSeq(symbol: string): Promise<number> {
    for await (
      const e of this.kv.list({ prefix: marketKeys.seqs(symbol) }, { reverse: true, limit: 1 })
    ) return e.key[3] as number;
    return 0;
  }

  /** Put the chain on every listed symbol's stored ticks that lack it (idempotent). */
  async ensureChain(symbols: readonly string[]) {
    // every head in one read (one per symbol took a round trip each far from the store)
    for (const [s, head] of await this.heads(symbols)) {
      if (head.seq === undefined) await this.migrateChain(s);
    }
  }

  /**
   * Number and hash the ticks stored before the chain existed (in key order: time, then place
   * in the millisecond), write the sequence index, and put the chain on the head.
   */
  protected async migrateChain(symbol: string) {
    let head: ChainHead = { seq: 0, hash: genesisHash(symbol) };
    let op = this.kv.atomic(), pending = 0;
    for await (const e of this.kv.list<StoredTick>({ prefix: marketKeys.ticks(symbol) })) {
      const time = e.key[3] as number, n = e.key[4] as number;
      const seq = head.seq + 1;
      const hash = tickHash(head.hash, seq, time, e.value.price, e.value.qty);
      op.set(e.key, { price: e.value.price, qty: e.value.qty, seq, hash });
      op.set(marketKeys.seq(symbol, seq), [time, n]);
      head = { seq, hash };
      if (++pending === 200) {
        if (!(await op.commit()).ok) throw new Error(`[tape] chain migration of ${symbol} failed`);
        op = this.kv.atomic();
        pending = 0;
      }
    }
    // the head only if nobody put the chain on it meanwhile (another instance migrating too, or
    // already writing numbered ticks after it)
    const last = await this.kv.get<TapeHead>(marketKeys.last(symbol));
    if (last.value && last.value.seq === undefined) {
      op.check(last).set(marketKeys.last(symbol), { ...last.value, ...head });
    }
    await op.commit();
  }

  /** The place of the last stored tick of a millisecond (heads stored before they carried it). */
  protected async lastSeq(symbol: string, time: number): Promise<number> {
    for await (
      const e of this.kv.list({ prefix: [...marketKeys.ticks(symbol), time] }, {
        reverse: true,
        limit: 1,
      })
    ) return e.key[4] as number;
    return -1;
  }

  /** Candles from the stored ticks (after a crash between tick and candle, or a new interval). */
  protected async rebuild(symbol: string, open: Map<Interval, Candle>) {
    const ticks: Tick[] = [];
    for await (const e of this.kv.list<StoredTick>({ prefix: marketKeys.ticks(symbol) })) {
      ticks.push({ time: e.key[3] as number, price: e.value.price, qty: e.value.qty });
    }
    if (!ticks.length) return;
    const all = rollupAll(ticks, INTERVALS);
    for (const iv of INTERVALS) {
      const candles = all[iv];
      for (let i = 0; i < candles.length; i += 500) {
        const op = this.kv.atomic();
        for (const c of candles.slice(i, i + 500)) {
          op.set(marketKeys.candle(symbol, iv, c.openTime), c);
        }
        await op.commit();
      }
      const lastCandle = candles[candles.length - 1];
      if (lastCandle) open.set(iv, lastCandle);
    }
  }

  /** The last stored tick at or before `time` (settlement after a restart). */
  async tickAtOrBefore(symbol: string, time: number): Promise<TapeTick | null> {
    const iter = this.kv.list<StoredTick>(
      { prefix: marketKeys.ticks(symbol), end: marketKeys.tick(symbol, time + 1, 0) },
      { reverse: true, limit: 1 },
    );
    for await (const e of iter) {
      return {
        symbol,
        time: e.key[3] as number,
        price: e.value.price,
        qty: e.value.qty,
        seq: e.value.seq,
        hash: e.value.hash,
      };
    }
    return null;
  }

  /** The stored chain head of a symbol (any instance's latest write). */
  async storedHead(symbol: string): Promise<{ seq: number; time: number | null; hash: string }> {
    const h = (await this.kv.get<TapeHead>(marketKeys.last(symbol))).value;
    return h?.seq
      ? { seq: h.seq, time: h.time, hash: h.hash! }
      : { seq: 0, time: null, hash: genesisHash(symbol) };
  }

  /** One tick by its sequence number (null: not on the tape, e.g. archived or never stored). */
  async tickBySeq(symbol: string, seq: number): Promise<SeqTick | null> {
    const at = (await this.kv.get<[number, number]>(marketKeys.seq(symbol, seq))).value;
    if (!at) return null;
    const v = (await this.kv.get<StoredTick>(marketKeys.tick(symbol, at[0], at[1]))).value;
    return v && v.seq === seq
      ? { seq, time: at[0], price: v.price, qty: v.qty, hash: v.hash! }
      : null;
  }

  /**
   * The chain hash after tick `seq`: the genesis for 0, a stored tick's, or the archive's end
   * (null: not known here).
   */
  async hashAt(symbol: string, seq: number): Promise<string | null> {
    if (seq === 0) return genesisHash(symbol);
    const t = await this.tickBySeq(symbol, seq);
    if (t) return t.hash;
    const m = await archiveMarker(this.kv, symbol);
    return m?.seq === seq ? m.hash : null;
  }

  /**
   * Ticks with sequence numbers in [from, to], ascending, at most `limit` (a range read of the
   * sequence index, then one read per tick in batches).
   */
  async range(symbol: string, from: number, to: number, limit: number): Promise<SeqTick[]> {
    const at: [number, number][] = [];
    for await (
      const e of this.kv.list<[number, number]>({
        start: marketKeys.seq(symbol, from),
        end: marketKeys.seq(symbol, to + 1),
      }, { limit, batchSize: Math.min(limit, 500) })
    ) at.push(e.value);
    const out: SeqTick[] = [];
    for (let i = 0; i < at.length; i += 10) {
      const got = await this.kv.getMany<StoredTick[]>(
        at.slice(i, i + 10).map(([time, n]) => marketKeys.tick(symbol, time, n)),
      );
      got.forEach((e, j) => {
        const v = e.value;
        if (v?.seq !== undefined && v.hash) {
          out.push({ seq: v.seq, time: at[i + j]![0], price: v.price, qty: v.qty, hash: v.hash });
        }
      });
    }
    return out;
  }

  /**
   * The ticks after sequence number `seq`, ascending, at most `limit`: where the next one is
   * (the sequence index), then one range read of the ticks from there (a socket resuming after
   * `seq`; the ticks' keys are in chain order).
   */
  async after(symbol: string, seq: number, limit: number): Promise<SeqTick[]> {
    const at = (await this.kv.get<[number, number]>(marketKeys.seq(symbol, seq + 1))).value;
    if (!at) return [];
    const out: SeqTick[] = [];
    for await (
      const e of this.kv.list<StoredTick>({
        prefix: marketKeys.ticks(symbol),
        start: marketKeys.tick(symbol, at[0], at[1]),
      }, { limit, batchSize: Math.min(limit, 500) })
    ) {
      const v = e.value;
      if (v.seq === undefined || !v.hash) break;
      out.push({ seq: v.seq, time: e.key[3] as number, price: v.price, qty: v.qty, hash: v.hash });
    }
    return out;
  }

  /** The stored heads of these symbols (the latest tick of each, with its place and clock). */
  async heads(symbols: readonly string[]): Promise<Map<string, TapeHead>> {
    const out = new Map<string, TapeHead>();
    for (let i = 0; i < symbols.length; i += 10) {
      const chunk = symbols.slice(i, i + 10);
      const got = await this.kv.getMany<TapeHead[]>(chunk.map((s) => marketKeys.last(s)));
      got.forEach((e, j) => e.value && out.set(chunk[j]!, e.value));
    }
    return out;
  }

  /**
   * Candles of a symbol, oldest first, in [from, to], at most `limit` (the newest when more),
   * gaps filled with the previous close and zero volume.
   */
  async candles(
    symbol: string,
    iv: Interval,
    o: { from?: number; to?: number; limit: number },
  ): Promise<Candle[]> {
    const out: Candle[] = [];
    const prefix = marketKeys.candles(symbol, iv);
    const start = o.from !== undefined ? marketKeys.candle(symbol, iv, o.from) : undefined;
    const end = o.to !== undefined ? marketKeys.candle(symbol, iv, o.to + 1) : undefined;
    const selector: Deno.KvListSelector = start && end
      ? { start, end }
      : start
      ? { prefix, start }
      : end
      ? { prefix, end }
      : { prefix };
    for await (const e of this.kv.list<Candle>(selector, { reverse: true, limit: o.limit })) {
      out.push(e.value);
    }
    out.reverse();
    return out.length ? rollupCandles(out, iv, { fill: true }).slice(-o.limit) : out;
  }
}
