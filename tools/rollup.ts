/**
 * Back-fill history: `deno task rollup <trades.csv> --interval 1h` reads `time_ms,price,qty`
 * rows (header optional, time ascending) and prints candles as CSV
 * `openTime,open,high,low,close,volume` (openTime ms UTC, decimals as plain strings, intervals
 * without trades omitted). Streams the file in batches through the pricing core.
 */
import {
  type Candle,
  DecimalError,
  formatDecimal,
  type Interval,
  INTERVALS,
  parseDecimal,
  rollup,
  rollupCandles,
  TickBuffer,
} from "../core-wasm/mod.ts";

/** Ticks per batch (24 MiB of WebAssembly memory); ROLLUP_BATCH overrides it (tests use tiny
 * batches to exercise the carry-over between batches). */
const BATCH = Math.max(1, Number(Deno.env.get("ROLLUP_BATCH")) || 1 << 20);

/** 9999-12-31T23:59:59.999Z */
const MAX_TIME = 253_402_300_799_999;

export class RowError extends Error {
  constructor(readonly line: number, message: string) {
    super(`line ${line}: ${message}`);
  }
}

function parseRow(line: string, n: number): [number, bigint, bigint] {
  const cells = line.split(",").map((c) => c.trim());
  if (cells.length !== 3) {
    throw new RowError(n, `expected 3 columns time_ms,price,qty, got ${cells.length}`);
  }
  const [t, p, q] = cells as [string, string, string];
  if (!/^\d{1,15}$/.test(t) || Number(t) > MAX_TIME) {
    throw new RowError(
      n,
      `time_ms must be whole milliseconds from 0 to ${MAX_TIME} (year 9999; got "${
        t.slice(0, 30)
      }")`,
    );
  }
  const dec = (label: string, s: string) => {
    try {
      return parseDecimal(s, { allowExponent: true });
    } catch (e) {
      if (e instanceof DecimalError) {
        throw new RowError(
          n,
          `${label} must be a decimal with at most 8 places (got "${s.slice(0, 30)}")`,
        );
      }
      throw e;
    }
  };
  const price = dec("price", p);
  if (price <= 0n) throw new RowError(n, `price must be positive (got "${p}")`);
  return [Number(t), price, dec("qty", q)];
}

/** Read rows from a stream and yield closed candles in order. */
export async function* rollupStream(
  lines: AsyncIterable<string>,
  interval: Interval,
): AsyncGenerator<Candle> {
  const buf = new TickBuffer(BATCH);
  let size = 0;
  let n = 0;
  let lastTime = -Infinity;
  // The last candle of a batch may continue in the next one: it is carried over and merged
  // by the core.
  let carry: Candle | null = null;
  function* drain(final: boolean): Generator<Candle> {
    let candles = size ? rollup(buf, interval, { count: size }) : [];
    size = 0;
    if (carry) candles = rollupCandles([carry, ...candles], interval);
    carry = final ? null : candles.pop() ?? null;
    yield* candles;
  }
  try {
    for await (const raw of lines) {
      n++;
      const line = raw.trim();
      if (!line) continue;
      if (n === 1 && /[a-z]/i.test(line.split(",")[0]!)) continue; // header
      const [t, p, q] = parseRow(line, n);
      if (t < lastTime) throw new RowError(n, `time_ms goes backwards (${t} after ${lastTime})`);
      lastTime = t;
      if (size === BATCH) yield* drain(false);
      buf.set(size++, t, p, q);
    }
    yield* drain(true);
  } finally {
    buf.free();
  }
}

async function* readLines(file: string): AsyncGenerator<string> {
  const f = await Deno.open(file);
  let rest = "";
  for await (const chunk of f.readable.pipeThrough(new TextDecoderStream())) {
    const parts = (rest + chunk).split("\n");
    rest = parts.pop()!;
    yield* parts;
  }
  if (rest) yield rest;
}

if (import.meta.main) {
  const args = [...Deno.args];
  const i = args.indexOf("--interval");
  const interval = (i >= 0 ? args.splice(i, 2)[1] : "1m") as Interval;
  const file = args[0];
  if (!file || args.length !== 1 || !INTERVALS.includes(interval)) {
    console.error(`usage: deno task rollup <trades.csv> --interval ${INTERVALS.join("|")}`);
    Deno.exit(2);
  }
  const out = Deno.stdout.writable.getWriter();
  const enc = new TextEncoder();
  try {
    await out.write(enc.encode("openTime,open,high,low,close,volume\n"));
    let lines: string[] = [];
    for await (const c of rollupStream(readLines(file), interval)) {
      lines.push(
        `${c.openTime},${formatDecimal(c.open)},${formatDecimal(c.high)},${formatDecimal(c.low)},${
          formatDecimal(c.close)
        },${formatDecimal(c.volume)}`,
      );
      if (lines.length >= 4096) {
        await out.write(enc.encode(lines.join("\n") + "\n"));
        lines = [];
      }
    }
    if (lines.length) await out.write(enc.encode(lines.join("\n") + "\n"));
    await out.close();
  } catch (e) {
    console.error(`rollup: ${e instanceof Error ? e.message : e}`);
    Deno.exit(1);
  }
}
