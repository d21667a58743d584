/**
 * Tradable symbols (defaults; shared by all tenants, which choose what they enable). Prices and
 * quantities are fixed-point units of 10^-8.
 */
export interface SymbolDef {
  code: string;
  base: string;
  quote: "USDT";
  name: string;
  /** Decimals shown for prices. */
  priceDecimals: number;
  /** Smallest price step of the feed, in units (10^-8). */
  tick: bigint;
  /** Decimals of quantities. */
  qtyDecimals: number;
  /**
   * Leveraged contracts: base quantity of one lot, maintenance margin rate of the first bracket
   * and taker fee (10^-8).
   */
  lot: bigint;
  mmr: bigint;
  /**
   * Leverage brackets (risk limits by size): notional tiers in USDT, ascending, each with its
   * maximum leverage and maintenance-margin rate; the last has no upper bound.
   */
  brackets: readonly Bracket[];
  takerFee: bigint;
  leverage: number[];
  fast: boolean;
  leveraged: boolean;
  spot: boolean;
  /** Simulated market: starting price, typical step in ticks, trades per second, max size. */
  sim: { start: bigint; stepTicks: number; ratePerSec: number; maxQty: bigint };
}

export interface Bracket {
  /** up to this notional (units of 10^-8 USDT, inclusive); null: above the previous tier */
  upTo: bigint | null;
  maxLeverage: number;
  /** maintenance-margin rate, scaled 10^8 (0.5 % = 500_000n) */
  mmr: bigint;
}

const U = 100_000_000n;
/** Tiers as [up to USDT (null: above), max leverage, MMR in basis points (50 = 0.5 %)]. */
const tiers = (...t: [number | null, number, number][]): Bracket[] =>
  t.map(([upTo, maxLeverage, bp]) => ({
    upTo: upTo === null ? null : BigInt(upTo) * U,
    maxLeverage,
    mmr: BigInt(bp) * 10_000n,
  }));

export const SYMBOLS: readonly SymbolDef[] = [
  {
    code: "BTCUSDT",
    lot: U / 1000n,
    mmr: 500_000n,
    brackets: tiers([50_000, 100, 50], [250_000, 50, 100], [1_000_000, 20, 250], [null, 10, 500]),
    takerFee: 50_000n,
    base: "BTC",
    quote: "USDT",
    name: "BTC/USDT",
    priceDecimals: 2,
    tick: U / 100n,
    qtyDecimals: 6,
    leverage: [5, 10, 20, 50, 100],
    fast: true,
    leveraged: true,
    spot: true,
    sim: { start: 60_000n * U, stepTicks: 600, ratePerSec: 6, maxQty: U / 2n },
  },
  {
    code: "ETHUSDT",
    lot: U / 100n,
    mmr: 500_000n,
    brackets: tiers([25_000, 100, 50], [100_000, 50, 100], [500_000, 20, 250], [null, 10, 500]),
    takerFee: 50_000n,
    base: "ETH",
    quote: "USDT",
    name: "ETH/USDT",
    priceDecimals: 2,
    tick: U / 100n,
    qtyDecimals: 5,
    leverage: [5, 10, 20, 50, 100],
    fast: true,
    leveraged: true,
    spot: true,
    sim: { start: 3_000n * U, stepTicks: 60, ratePerSec: 5, maxQty: 5n * U },
  },
  {
    code: "BNBUSDT",
    lot: U / 100n,
    mmr: 1_000_000n,
    brackets: tiers([10_000, 20, 100], [50_000, 10, 250], [null, 5, 500]),
    takerFee: 50_000n,
    base: "BNB",
    quote: "USDT",
    name: "BNB/USDT",
    priceDecimals: 2,
    tick: U / 100n,
    qtyDecimals: 3,
    leverage: [5, 10, 20],
    fast: true,
    leveraged: true,
    spot: false,
    sim: { start: 600n * U, stepTicks: 15, ratePerSec: 3, maxQty: 20n * U },
  },
  {
    code: "SOLUSDT",
    lot: U / 10n,
    mmr: 1_000_000n,
    brackets: tiers([10_000, 20, 100], [50_000, 10, 250], [null, 5, 500]),
    takerFee: 50_000n,
    base: "SOL",
    quote: "USDT",
    name: "SOL/USDT",
    priceDecimals: 3,
    tick: U / 1000n,
    qtyDecimals: 2,
    leverage: [5, 10, 20],
    fast: true,
    leveraged: true,
    spot: false,
    sim: { start: 150n * U, stepTicks: 40, ratePerSec: 4, maxQty: 50n * U },
  },
  {
    code: "XRPUSDT",
    lot: 10n * U,
    mmr: 1_000_000n,
    brackets: tiers([10_000, 10, 100], [null, 5, 250]),
    takerFee: 50_000n,
    base: "XRP",
    quote: "USDT",
    name: "XRP/USDT",
    priceDecimals: 4,
    tick: U / 10_000n,
    qtyDecimals: 1,
    leverage: [5, 10],
    fast: true,
    leveraged: true,
    spot: false,
    sim: { start: 6_000n * (U / 10_000n), stepTicks: 4, ratePerSec: 3, maxQty: 5_000n * U },
  },
  {
    code: "DOGEUSDT",
    lot: 100n * U,
    mmr: 1_000_000n,
    brackets: tiers([10_000, 10, 100], [null, 5, 250]),
    takerFee: 50_000n,
    base: "DOGE",
    quote: "USDT",
    name: "DOGE/USDT",
    priceDecimals: 5,
    tick: U / 100_000n,
    qtyDecimals: 0,
    leverage: [5, 10],
    fast: true,
    leveraged: false,
    spot: false,
    sim: { start: 15_000n * (U / 100_000n), stepTicks: 6, ratePerSec: 2, maxQty: 50_000n * U },
  },
];

export function symbolOf(code: string): SymbolDef | undefined {
  return SYMBOLS.find((s) => s.code === code);
}

/** Index of the bracket a notional falls in (the last one above every bound); shared with islands. */
export function bracketIndex(brackets: readonly { upTo: bigint | null }[], notional: bigint) {
  const i = brackets.findIndex((b) => b.upTo === null || notional <= b.upTo);
  return i < 0 ? brackets.length - 1 : i;
}

/** The bracket of a symbol a notional falls in, and its index. */
export function bracketFor(def: SymbolDef, notional: bigint): { index: number; bracket: Bracket } {
  const index = bracketIndex(def.brackets, notional);
  return { index, bracket: def.brackets[index]! };
}

/** Symbols a tenant sees ("recommended" = the first three). */
export const RECOMMENDED = ["BTCUSDT", "ETHUSDT", "SOLUSDT"];
