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
  /** Leveraged contracts: base quantity of one lot, maintenance margin rate and taker fee (10^-8). */
  lot: bigint;
  mmr: bigint;
  takerFee: bigint;
  leverage: number[];
  fast: boolean;
  leveraged: boolean;
  spot: boolean;
  /** Simulated market: starting price, typical step in ticks, trades per second, max size. */
  sim: { start: bigint; stepTicks: number; ratePerSec: number; maxQty: bigint };
}

const U = 100_000_000n;

export const SYMBOLS: readonly SymbolDef[] = [
  {
    code: "BTCUSDT",
    lot: U / 1000n,
    mmr: 500_000n,
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
    mmr: 500_000n,
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
    mmr: 500_000n,
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
    mmr: 500_000n,
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
    mmr: 500_000n,
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

/** Symbols a tenant sees ("recommended" = the first three). */
export const RECOMMENDED = ["BTCUSDT", "ETHUSDT", "SOLUSDT"];
