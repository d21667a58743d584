/**
 * Market data: the configured feed -> tape (guards, candles) -> quotes and listeners (trigger
 * engine, realtime hub). Also implements the price port used to value assets.
 */
import type { Currency } from "../ledger/accounts.ts";
import type { AppConfig } from "../platform/config.ts";
import type { Feed } from "./feeds/feed.ts";
import { parseCandleCsv, ReplayFeed, shiftToToday } from "./feeds/replay.ts";
import { SimulatedFeed } from "./feeds/simulated.ts";
import { ExchangeFeed } from "./feeds/exchange.ts";
import type { PricePort, ReferencePrices } from "./prices.ts";
import { Quotes } from "./quotes.ts";
import { type SymbolDef, SYMBOLS } from "./symbols.ts";
import { DEFAULT_TAPE, Tape, type TapeEvent } from "./tape.ts";

export class MarketService implements PricePort {
  readonly tape: Tape;
  readonly quotes: Quotes;
  private feed: Feed | null = null;
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

  async start(feed: Feed) {
    await this.tape.load(this.symbols.map((s) => s.code));
    await this.backfill(feed);
    await this.quotes.load();
    this.feed = feed;
    this.tape.setClock(feed.clock ? () => feed.clock!() : null);
    const prices = new Map<string, bigint>();
    for (const s of this.symbols) {
      const last = this.tape.lastTick(s.code);
      if (last) prices.set(s.code, last.price);
    }
    feed.resume?.(prices);
    feed.start((t) => this.tape.ingest(t));
    // staleness is the latest tick's age in wall time: re-publish quotes when a symbol goes quiet
    this.staleTimer = setInterval(() => this.quotes.markDirty(), 1000);
  }

  /**
   * First start (no tick and no candle stored for a symbol): the feed's history, rolled up into
   * every interval, so charts of days, weeks and years are not one candle.
   */
  private async backfill(feed: Feed) {
    if (!feed.history) return;
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
  }

  async stop() {
    clearInterval(this.staleTimer);
    await this.feed?.stop();
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
