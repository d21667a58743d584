/**
 * Market data: the configured feed -> tape (guards, candles) -> quotes and listeners (trigger
 * engine, realtime hub). Also implements the price port used to value assets.
 *
 * Many instances, one market: only the holder of the market lease runs the feed and writes the
 * tape (every tape commit is fenced by the lease); every other instance follows the stored tape
 * (watching each symbol's head, reading the new ticks) and feeds the same ticks to its quotes,
 * candle cache, trigger engine and sockets. When the holder dies another takes the lease within
 * seconds, catches up with the stored tape and continues from its last tick.
 */
import type { Currency } from "../../contract/currencies.ts";
import type { AppConfig } from "../platform/config.ts";
import { Favourites } from "./favourites.ts";
import type { Feed } from "./feeds/feed.ts";
import { parseCandleCsv, ReplayFeed, shiftToToday } from "./feeds/replay.ts";
import { SimulatedFeed } from "./feeds/simulated.ts";
import { ExchangeFeed } from "./feeds/exchange.ts";
import type { PricePort, ReferencePrices } from "./prices.ts";
import { Quotes } from "./quotes.ts";
import { type SymbolDef, SYMBOLS } from "../../contract/symbols.ts";
import { DEFAULT_TAPE, Tape, type TapeEvent } from "./tape.ts";
import { marketKeys } from "./store.ts";
import type { TapeHead } from "./stored_tape.ts";
import { INSTANCE_ID, Lease } from "../platform/lease.ts";
import { type KeyWatch, watchKeys } from "../platform/kvwatch.ts";

export class MarketService implements PricePort {
  readonly tape: Tape;
  readonly quotes: Quotes;
  /** the customers' favourite symbols */
  readonly favourites: Favourites;
  private feed: Feed | null = null;
  private lease: Lease | null = null;
  private leading = false;
  private follower: KeyWatch | null = null;
  /** where lease changes are reported */
  log: (line: string) => void = console.log;
  private staleTimer: ReturnType<typeof setInterval> | undefined;
  private listeners: ((e: TapeEvent) => void)[] = [];

  constructor(
    private kv: Deno.Kv,
    readonly symbols: readonly SymbolDef[] = SYMBOLS,
    private fallback: ReferencePrices,
    private now: () => number = Date.now,
    tapeOptions: Partial<typeof DEFAULT_TAPE> = {},
  ) {
    this.tape = new Tape(kv, { ...DEFAULT_TAPE, ...tapeOptions, now });
    this.quotes = new Quotes(this.tape, symbols, now);
    this.favourites = new Favourites(kv, this.quotes);
    this.tape.onTicks((e) => {
      this.quotes.onTicks(e);
      for (const l of this.listeners) l(e);
    });
  }

  onTicks(f: (e: TapeEvent) => void) {
    this.listeners.push(f);
  }

  get feedKind(): Feed["kind"] | null {
    return this.feed?.kind ?? null;
  }

  /**
   * Run the market on this instance: follow the stored tape from the start; take the market
   * lease when it is free and then ingest from `feed` (one writer per market, fenced by the
   * lease); hand it back to following when the lease is lost. `lease` defaults to
   * `["lease", "market"]` with this process as owner. No feed (a `web` process): follow only,
   * never taking the lease.
   */
  async start(feed: Feed | null, o: { lease?: Lease; pollMs?: number } = {}) {
    const codes = this.symbols.map((s) => s.code);
    await this.tape.load(codes);
    await this.quotes.load();
    this.feed = feed;
    this.tape.setClock("writer");
    this.follower = watchKeys(
      this.kv,
      codes.map((c) => marketKeys.last(c)),
      async (changed, entries) => {
        if (this.leading) return;
        // the heads as the watch read them (no second read), each symbol's new ticks read side
        // by side: far from the store each read is a round trip
        const heads = changed.flatMap((i) => {
          const head = entries[i]?.value as TapeHead | null | undefined;
          return head ? [[codes[i]!, head] as const] : [];
        });
        await Promise.all(heads.map(async ([symbol, head]) => {
          const fresh = !this.tape.lastTick(symbol);
          if (fresh) await this.tape.load([symbol]);
          // the head came from a replica: its ticks are there too (a slower one shows them later)
          await this.tape.pull(symbol, head, "eventual");
          if (fresh) await this.quotes.load();
        }));
      },
      // a follower reads the tape from a nearby replica: the writer's lease and chain make what
      // it stored final, so a replica's copy is the same, at most its lag behind
      { pollMs: o.pollMs, consistency: "eventual" },
    );
    if (feed) {
      this.lease = o.lease ??
        new Lease(this.kv, "market", undefined, { log: (l) => this.log(l) });
      await this.lease.keep((epoch) => this.lead(epoch), () => this.follow());
    }
    // staleness is the latest tick's age in wall time: re-publish quotes when a symbol goes quiet
    this.staleTimer = setInterval(() => this.quotes.markDirty(), 1000);
  }

  /** This instance won the market lease: catch up with the stored tape, then ingest. */
  private async lead(epoch: number) {
    const feed = this.feed!;
    const codes = this.symbols.map((s) => s.code);
    // whatever the previous writer stored (it cannot store more: its epoch is over)
    const heads = await this.tape.heads(codes);
    for (const [symbol, head] of heads) {
      if (!this.tape.lastTick(symbol)) await this.tape.load([symbol]);
      await this.tape.pull(symbol, head);
    }
    // lost again while catching up (a stall longer than the lease): the next holder writes
    if (this.lease?.epoch !== epoch) return;
    this.leading = true;
    this.tape.lead(this.lease, (l) => void l.lost(epoch));
    // the 24 h figures follow the ticks; only history written just now must be read in
    if (await this.backfill(feed)) await this.quotes.load();
    this.tape.setClock(feed.clock ? () => feed.clock!() : null);
    const last = new Map<string, { price: bigint; time: number }>();
    for (const s of this.symbols) {
      const t = this.tape.lastTick(s.code);
      if (t) last.set(s.code, { price: t.price, time: t.time });
    }
    feed.resume?.(last);
    feed.start((t) => this.tape.ingest(t));
    this.log(`[market] ${INSTANCE_ID} writes the ${feed.kind} tape (epoch ${epoch})`);
  }

  /** The lease is gone (or was never held): stop ingesting, follow the stored tape. */
  private async follow() {
    if (!this.leading) return;
    this.leading = false;
    this.tape.lead(null);
    this.tape.setClock("writer");
    await this.feed?.stop();
    this.log(`[market] ${INSTANCE_ID} follows the tape`);
  }

  /**
   * First start (no tick and no candle stored for a symbol): the feed's history, rolled up into
   * every interval, so charts of days, weeks and years are not one candle. Returns the minutes
   * back-filled.
   */
  private async backfill(feed: Feed): Promise<number> {
    if (!feed.history) return 0;
    const t0 = performance.now();
    let minutes = 0;
    for (const s of this.symbols) {
      if (this.tape.lastTick(s.code) || this.tape.openCandle(s.code, "1m")) continue;
      minutes += (await this.tape.backfill(s.code, feed.history(s.code, this.now()))).minutes;
    }
    if (minutes) {
      console.log(
        `[market] back-filled ${minutes} minutes of ${feed.kind} history in ${
          ((performance.now() - t0) / 1000).toFixed(1)
        } s`,
      );
    }
    return minutes;
  }

  async stop() {
    clearInterval(this.staleTimer);
    this.follower?.stop();
    await this.feed?.stop();
    // the ticks already accepted are stored before the lease is handed over
    await this.tape.idle();
    // hand the market over at once instead of after the lease's expiry
    await this.lease?.stop(true);
  }

  /** "market" once BTC and ETH have ticks; configured reference prices until then. */
  get source(): PricePort["source"] {
    return this.tape.lastTick("BTCUSDT") && this.tape.lastTick("ETHUSDT") ? "market" : "reference";
  }

  /** Coins valued at the last tick of their USDT symbol; reference prices until one exists. */
  usdtPrice(currency: Currency): bigint {
    if (currency === "USDT") return 100_000_000n;
    return this.tape.lastTick(`${currency}USDT`)?.price ?? this.fallback.usdtPrice(currency);
  }
}

/**
 * The feed named by configuration (FEED, REPLAY_FILE, REPLAY_SPEED, REPLAY_SYMBOL, REPLAY_SHIFT,
 * REPLAY_START, SIM_HISTORY_DAYS, EXCHANGE_*).
 */
export async function feedFromConfig(
  config: AppConfig,
  now: () => number = Date.now,
): Promise<Feed> {
  if (config.feed === "replay") {
    if (!config.replayFile) throw new Error("FEED=replay needs REPLAY_FILE");
    const candles = parseCandleCsv(await Deno.readTextFile(config.replayFile));
    const shiftDays = config.replayShift === "days" ? shiftToToday(candles, now()) : 0;
    return new ReplayFeed(candles, {
      symbol: config.replaySymbol,
      speed: config.replaySpeed,
      shiftDays,
      startAt: config.replayStart,
      now,
    });
  }
  if (config.feed === "exchange") {
    return new ExchangeFeed({
      wsBase: config.exchangeWsUrl,
      restBase: config.exchangeRestUrl,
      symbols: config.exchangeSymbols,
      now,
      historyDays: config.exchangeHistoryDays,
    });
  }
  const symbols = config.simSymbols
    ? SYMBOLS.filter((s) => config.simSymbols!.includes(s.code))
    : SYMBOLS;
  return new SimulatedFeed(symbols, config.simSeed, { now, historyDays: config.simHistoryDays });
}
