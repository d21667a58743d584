/**
 * An independent plain-TypeScript bigint reference for the pricing core, written from the
 * domain rules without looking at the Rust code paths: calendar buckets through JavaScript's
 * Date (not the core's day arithmetic), rollups by grouping, formulas as written in
 * domain-rules.md. Used only by tests and benchmarks to check core-wasm/mod.ts.
 */
import type { Candle, Interval, Side, Tick } from "../../core-wasm/mod.ts";

export const S = 100_000_000n;

export function floorDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return (n % d !== 0n && (n < 0n) !== (d < 0n)) ? q - 1n : q;
}
export function ceilDiv(n: bigint, d: bigint): bigint {
  return -floorDiv(-n, d);
}

const WIDTH: Partial<Record<Interval, number>> = {
  "1m": 60_000,
  "5m": 300_000,
  "15m": 900_000,
  "30m": 1_800_000,
  "1h": 3_600_000,
  "1d": 86_400_000,
};

export function bucketStartRef(t: number, iv: Interval): number {
  const w = WIDTH[iv];
  if (w) return Math.floor(t / w) * w;
  const d = new Date(t);
  const y = d.getUTCFullYear(), m = d.getUTCMonth();
  if (iv === "1w") {
    const dayStart = Date.UTC(y, m, d.getUTCDate());
    const sinceMonday = (d.getUTCDay() + 6) % 7;
    return dayStart - sinceMonday * 86_400_000;
  }
  if (iv === "1M") return Date.UTC(y, m, 1);
  if (iv === "1Q") return Date.UTC(y, m - (m % 3), 1);
  return Date.UTC(y, 0, 1);
}

export function nextBucketRef(start: number, iv: Interval): number {
  const w = WIDTH[iv];
  if (w) return start + w;
  if (iv === "1w") return start + 7 * 86_400_000;
  const d = new Date(start);
  const add = iv === "1M" ? 1 : iv === "1Q" ? 3 : 12;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1);
}

interface Bar {
  t: number;
  o: bigint;
  h: bigint;
  l: bigint;
  c: bigint;
  v: bigint;
}

function rollupBars(bars: Bar[], iv: Interval, fill: boolean): Candle[] {
  const groups = new Map<number, Bar[]>();
  for (const b of bars) {
    const k = bucketStartRef(b.t, iv);
    const g = groups.get(k);
    if (g) g.push(b);
    else groups.set(k, [b]);
  }
  const keys = [...groups.keys()].sort((a, b) => a - b);
  const out: Candle[] = [];
  for (const k of keys) {
    const g = groups.get(k)!;
    if (fill && out.length) {
      const prev = out[out.length - 1]!;
      for (let s = nextBucketRef(prev.openTime, iv); s < k; s = nextBucketRef(s, iv)) {
        const c = prev.close;
        out.push({ openTime: s, open: c, high: c, low: c, close: c, volume: 0n });
      }
    }
    out.push({
      openTime: k,
      open: g[0]!.o,
      high: g.reduce((m, b) => b.h > m ? b.h : m, g[0]!.h),
      low: g.reduce((m, b) => b.l < m ? b.l : m, g[0]!.l),
      close: g[g.length - 1]!.c,
      volume: g.reduce((s, b) => s + b.v, 0n),
    });
  }
  return out;
}

export function rollupRef(ticks: readonly Tick[], iv: Interval, fill = false): Candle[] {
  return rollupBars(
    ticks.map((t) => ({ t: t.time, o: t.price, h: t.price, l: t.price, c: t.price, v: t.qty })),
    iv,
    fill,
  );
}

export function rollupCandlesRef(candles: readonly Candle[], iv: Interval, fill = false) {
  return rollupBars(
    candles.map((c) => ({
      t: c.openTime,
      o: c.open,
      h: c.high,
      l: c.low,
      c: c.close,
      v: c.volume,
    })),
    iv,
    fill,
  );
}

export function positionRef(
  p: { side: Side; qty: bigint; entry: bigint; leverage: number; mmr: bigint; feeRate: bigint },
  mark: bigint,
) {
  const sign = p.side === "long" ? 1n : -1n;
  const lev = BigInt(p.leverage);
  const notional = floorDiv(p.qty * p.entry, S);
  const margin = ceilDiv(p.qty * p.entry, S * lev);
  const fee = ceilDiv(p.qty * p.entry * p.feeRate, S * S);
  const pnl = floorDiv(sign * p.qty * (mark - p.entry), S);
  const equity = margin + pnl;
  const maintenanceMargin = ceilDiv(p.qty * mark * p.mmr, S * S);
  const marginRatio = equity > 0n ? ceilDiv(maintenanceMargin * S, equity) : null;
  const roe = floorDiv(pnl * S, margin);
  // LP: where margin + pnl = maintenance margin, for the posted margin (long rounded down,
  // short up); with an exact margin this is E(1-1/L)/(1-MMR) and E(1+1/L)/(1+MMR).
  const longNum = p.qty * p.entry * S - margin * S * S;
  const liquidationPrice = p.side === "long"
    ? (longNum <= 0n ? 0n : floorDiv(longNum, p.qty * (S - p.mmr)))
    : ceilDiv(margin * S * S + p.qty * p.entry * S, p.qty * (S + p.mmr));
  // equity <= maintenance margin, exactly (scale 10^-24)
  const liquidatable = margin * S * S + sign * p.qty * (mark - p.entry) * S <=
    p.qty * mark * p.mmr;
  return {
    notional,
    margin,
    fee,
    pnl,
    equity,
    maintenanceMargin,
    marginRatio,
    roe,
    liquidationPrice,
    liquidatable,
  };
}

export function triggerRef(
  side: Side,
  price: bigint,
  sl: bigint | null,
  tp: bigint | null,
  lp: bigint | null,
) {
  const long = side === "long";
  if (lp && (long ? price <= lp : price >= lp)) return "liquidation";
  if (sl && (long ? price <= sl : price >= sl)) return "stopLoss";
  if (tp && (long ? price >= tp : price <= tp)) return "takeProfit";
  return null;
}

export function settleFastRef(
  o: { direction: "up" | "down"; entry: bigint; exit: bigint; stake: bigint; rate: bigint },
) {
  if (o.exit === o.entry) return { outcome: "tie", payout: o.stake };
  const won = o.direction === "up" ? o.exit > o.entry : o.exit < o.entry;
  return won
    ? { outcome: "win", payout: o.stake + floorDiv(o.stake * o.rate, S) }
    : { outcome: "lose", payout: 0n };
}

export function redemptionRef(amount: bigint, ratio: bigint, daysLeft: number) {
  let penalty = ceilDiv(ratio * BigInt(daysLeft) * amount, S);
  if (penalty > amount) penalty = amount;
  return { penalty, refund: amount - penalty };
}
