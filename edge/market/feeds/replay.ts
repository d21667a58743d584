/**
 * Replay: plays a CSV of minute candles (`open_time,open,high,low,close,volume`) as ticks, four
 * per candle (core `candleTicks`), at `speed` (60 = one minute per second). Tick times are the
 * file's, moved by whole days when `shiftDays` is set; the minute candles the tape builds equal
 * the file's rows.
 */
import { type Candle, candleTicks, parseDecimal } from "../../../core-wasm/mod.ts";
import type { Feed, RawTick } from "./feed.ts";

const DAY = 86_400_000;

export function parseCandleCsv(text: string): Candle[] {
  const num = (x: string) => parseDecimal(x.trim(), { allowExponent: true });
  const out: Candle[] = [];
  text.split("\n").forEach((line, i) => {
    const l = line.trim();
    if (!l || (i === 0 && /[a-z]/i.test(l.split(",")[0]!.replace(/\d{4}-\d\d-\d\d.*/, "")))) return;
    const [t, o, h, lo, c, v] = l.split(",");
    const time = /^\d+$/.test(t!.trim()) ? Number(t) : Date.parse(t!.trim().replace(" ", "T"));
    if (!Number.isFinite(time) || v === undefined) {
      throw new Error(`replay file line ${i + 1}: bad row`);
    }
    out.push({
      openTime: time,
      open: num(o!),
      high: num(h!),
      low: num(lo!),
      close: num(c!),
      volume: num(v),
    });
  });
  return out;
}

/** Days to add so that the tape ends today (UTC). */
export function shiftToToday(candles: Candle[], now: number): number {
  const last = candles[candles.length - 1];
  if (!last) return 0;
  return Math.floor(now / DAY) - Math.floor(last.openTime / DAY);
}

export class ReplayFeed implements Feed {
  readonly kind = "replay" as const;
  private stopped = false;
  private done: Promise<void> | undefined;
  /** the tick being played and the wall time it was played at */
  private playing: { time: number; wall: number } | null = null;
  /** the stored position: ticks at or before it were played (by this or another instance) */
  private after = -Infinity;

  constructor(
    private candles: Candle[],
    private opts: {
      symbol: string;
      speed: number;
      shiftDays: number;
      /** the replay position (file time, ms): rows before it are history, played from it */
      startAt?: number;
      now?: () => number;
      sleep?: (ms: number) => Promise<void>;
    },
  ) {}

  /** Resolves when every tick has been played (or the feed stopped). */
  finished(): Promise<void> {
    return this.done ?? Promise.resolve();
  }

  /** The rows before the replay position as history (shifted), one UTC day per chunk. */
  *history(symbol: string): Generator<Candle[]> {
    const at = this.opts.startAt;
    if (symbol !== this.opts.symbol || at === undefined) return;
    const shift = this.opts.shiftDays * DAY;
    let chunk: Candle[] = [];
    for (const c of this.candles) {
      if (c.openTime >= at) break;
      const row = { ...c, openTime: c.openTime + shift };
      if (chunk.length && Math.floor(row.openTime / DAY) !== Math.floor(chunk[0]!.openTime / DAY)) {
        yield chunk;
        chunk = [];
      }
      chunk.push(row);
    }
    if (chunk.length) yield chunk;
  }

  /** The ticks to play (rows from the replay position on) in order, with their (shifted) times. */
  ticks(): RawTick[] {
    const shift = this.opts.shiftDays * DAY;
    const at = this.opts.startAt ?? -Infinity;
    return this.candles.filter((c) => c.openTime >= at).flatMap((c) =>
      candleTicks({ ...c, openTime: c.openTime + shift }).map((t) => ({
        symbol: this.opts.symbol,
        ...t,
      }))
    ).filter((t) => t.time > this.after);
  }

  /** Continue after the stored position (the symbol's latest stored tick). */
  resume(last: ReadonlyMap<string, { price: bigint; time: number }>) {
    const t = last.get(this.opts.symbol);
    if (t) this.after = Math.max(this.after, t.time);
  }

  start(emit: (t: RawTick) => void | Promise<void>) {
    this.stopped = false;
    const now = this.opts.now ?? Date.now;
    const sleep = this.opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
    const ticks = this.ticks();
    const t0 = now();
    const first = ticks[0]?.time ?? 0;
    this.done = (async () => {
      for (const tick of ticks) {
        if (this.stopped) return;
        // tick time t plays at wall time t0 + (t - first) / speed
        const wait = t0 + (tick.time - first) / this.opts.speed - now();
        if (wait > 0) await sleep(wait);
        if (this.stopped) return;
        this.playing = { time: tick.time, wall: now() };
        await emit(tick);
      }
    })();
  }

  /**
   * The replay's clock: the time of the tick it is playing, running on in wall time from there,
   * so a replay is fresh while it plays and goes stale when it stops or stalls.
   */
  clock(): number {
    const now = (this.opts.now ?? Date.now)();
    return this.playing ? this.playing.time + (now - this.playing.wall) : now;
  }

  async stop() {
    this.stopped = true;
    await this.done;
  }
}
