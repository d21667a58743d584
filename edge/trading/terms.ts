/**
 * The tenant's product terms: what fast contracts, leveraged contracts, spot and exchange offer
 * and charge (durations, payout rates and stake limits; the symbols enabled per product;
 * leverage options, brackets and taker fees; the holding, spot and exchange fees).
 *
 * The shipped defaults (`symbols.ts`, `FAST_OPTIONS`, the fee constants) are version 1; an
 * operator changes a section only through a four-eyes proposal (`edge/operators/proposals.ts`),
 * and each approved change stores a whole new record with the next `version`. Orders copy the
 * terms they were placed at (rate, fee rate, brackets, and the version), so a change applies to
 * new orders only. Every instance reads the record from KV when it prices an order: nothing
 * lives only in one process.
 */
import { PublicCache } from "../platform/public_cache.ts";
import type { z } from "zod";
import { formatDecimal, parseDecimal, SCALE } from "../../core-wasm/mod.ts";
import { type Bracket, type SymbolDef, SYMBOLS } from "../../contract/symbols.ts";
import type { FastOption } from "../../contract/trading.ts";

const d = (v: bigint) => formatDecimal(v);

// ---- the shipped defaults (version 1), used by the services for records made before terms ---

/** Operator-configurable defaults (domain rules: 30 s, 60 s, 180 s, 300 s). */
export const FAST_OPTIONS: FastOption[] = [
  { duration: 30, rate: "0.85", min: "10", max: "5000" },
  { duration: 60, rate: "0.85", min: "10", max: "10000" },
  { duration: 180, rate: "0.88", min: "10", max: "20000" },
  { duration: 300, rate: "0.9", min: "10", max: "50000" },
];
/** 0.05 % of the notional per day (shown on the service-rates page). */
export const HOLDING_FEE_DAILY = 50_000n;
/** 0.1 % of the traded value, in USDT. */
export const SPOT_FEE = 100_000n;
/** Exchange fee (fraction scaled 10^8): 0.1 %. */
export const EXCHANGE_FEE = 100_000n;

export {
  ExchangeSection,
  FastSection,
  LeveragedSection,
  SECTION_SCHEMAS,
  SpotSection,
  TERM_SECTIONS,
  type TermSection,
} from "../../contract/trading.ts";
import {
  ExchangeSection,
  FastSection,
  LeveragedSection,
  SpotSection,
} from "../../contract/trading.ts";

export interface TermsRecord {
  /** the rules version: 1 = the shipped defaults; each approved change the next */
  version: number;
  updatedAt: number | null;
  /** the proposal whose approval made this version */
  proposal: string | null;
  fast: z.infer<typeof FastSection>;
  leveraged: z.infer<typeof LeveragedSection>;
  spot: z.infer<typeof SpotSection>;
  exchange: z.infer<typeof ExchangeSection>;
}

const bracketsOut = (bs: readonly Bracket[]) =>
  bs.map((b) => ({
    upTo: b.upTo === null ? null : String(b.upTo / SCALE),
    maxLeverage: b.maxLeverage,
    mmr: d(b.mmr),
  }));

/** The shipped terms (version 1). */
export function defaultTerms(): TermsRecord {
  return {
    version: 1,
    updatedAt: null,
    proposal: null,
    fast: {
      symbols: SYMBOLS.map((s) => ({ code: s.code, enabled: s.fast })),
      options: FAST_OPTIONS.map((o) => ({ ...o })),
    },
    leveraged: {
      symbols: SYMBOLS.map((s) => ({
        code: s.code,
        enabled: s.leveraged,
        leverage: [...s.leverage],
        takerFee: d(s.takerFee),
        brackets: bracketsOut(s.brackets),
      })),
      holdingFeeDaily: d(HOLDING_FEE_DAILY),
    },
    spot: { symbols: SYMBOLS.map((s) => ({ code: s.code, enabled: s.spot })), fee: d(SPOT_FEE) },
    exchange: { fee: d(EXCHANGE_FEE) },
  };
}

/** The terms in force, parsed for pricing. */
export interface Terms {
  version: number;
  fastOptions: FastOption[];
  holdingFeeDaily: bigint;
  spotFee: bigint;
  exchangeFee: bigint;
  /** a symbol with this tenant's switches, leverage options, brackets and taker fee */
  symbol(code: string): SymbolDef | undefined;
  symbols: readonly SymbolDef[];
}

export function termsOf(r: TermsRecord): Terms {
  const lev = new Map(r.leveraged.symbols.map((s) => [s.code, s]));
  const fast = new Map(r.fast.symbols.map((s) => [s.code, s.enabled]));
  const spot = new Map(r.spot.symbols.map((s) => [s.code, s.enabled]));
  const symbols = SYMBOLS.map((def): SymbolDef => {
    const l = lev.get(def.code);
    const brackets = l
      ? l.brackets.map((b) => ({
        upTo: b.upTo === null ? null : BigInt(b.upTo) * SCALE,
        maxLeverage: b.maxLeverage,
        mmr: parseDecimal(b.mmr),
      }))
      : def.brackets;
    return {
      ...def,
      fast: fast.get(def.code) ?? false,
      spot: spot.get(def.code) ?? false,
      leveraged: l?.enabled ?? false,
      leverage: l ? [...l.leverage] : def.leverage,
      takerFee: l ? parseDecimal(l.takerFee) : def.takerFee,
      brackets,
      mmr: brackets[0]!.mmr,
    };
  });
  const byCode = new Map(symbols.map((s) => [s.code, s]));
  return {
    version: r.version,
    fastOptions: r.fast.options,
    holdingFeeDaily: parseDecimal(r.leveraged.holdingFeeDaily),
    spotFee: parseDecimal(r.spot.fee),
    exchangeFee: parseDecimal(r.exchange.fee),
    symbol: (code) => byCode.get(code),
    symbols,
  };
}

export const termsKey = (t: string): Deno.KvKey => [t, "products", "terms"];

/** Reads the terms in force (the record, or the shipped defaults before any change). */
export class ProductTerms {
  /** the terms pages show, in memory (edge/platform/public_cache.ts) */
  private cache: PublicCache;

  constructor(private kv: Deno.Kv) {
    this.cache = new PublicCache(kv);
  }

  /**
   * The terms as pages show them: from memory, a second old at most after another instance's
   * change (at once after this one's). Orders and fees read `of`.
   */
  shown(t: string): Promise<Terms> {
    return this.cache.get(`terms|${t}`, [termsKey(t)], () => this.of(t));
  }

  async entry(t: string): Promise<{ entry: Deno.KvEntryMaybe<TermsRecord>; record: TermsRecord }> {
    const entry = await this.kv.get<TermsRecord>(termsKey(t));
    return { entry, record: entry.value ?? defaultTerms() };
  }

  async record(t: string): Promise<TermsRecord> {
    return (await this.entry(t)).record;
  }

  /**
   * The terms in force, read from the store (strongly: an order's commit follows this read).
   * The parse of a record is kept per tenant with its versionstamp (`parsed`): every order
   * asks, and parsing the whole record (every symbol's brackets and fees) each time was a
   * visible share of an order's CPU; a record with the same versionstamp is the same record.
   */
  async of(t: string): Promise<Terms> {
    const entry = await this.kv.get<TermsRecord>(termsKey(t));
    const stamp = entry.versionstamp ?? "defaults";
    const kept = this.parsed.get(t);
    if (kept?.stamp === stamp) return kept.terms;
    // (the shipped defaults are built only when they are parsed: once per tenant)
    const terms = termsOf(entry.value ?? defaultTerms());
    this.parsed.set(t, { stamp, terms });
    return terms;
  }

  /** the last record parsed per tenant, by its versionstamp (`of`) */
  private parsed = new Map<string, { stamp: string; terms: Terms }>();
}
