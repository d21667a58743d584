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
import { z } from "zod";
import { formatDecimal, parseDecimal, SCALE } from "../../core-wasm/mod.ts";
import { type Bracket, type SymbolDef, SYMBOLS } from "../../contract/symbols.ts";
import { EXCHANGE_FEE } from "./exchange.ts";
import { FAST_OPTIONS, type FastOption } from "./fast.ts";
import { HOLDING_FEE_DAILY } from "./holding_fee.ts";
import { SPOT_FEE } from "./spot.ts";

export const TERM_SECTIONS = ["fast", "leveraged", "spot", "exchange"] as const;
export type TermSection = typeof TERM_SECTIONS[number];

const d = (v: bigint) => formatDecimal(v);

// ---- the sections as operators send and see them (decimals as strings) ----------------------

const CODES = SYMBOLS.map((s) => s.code) as [string, ...string[]];
const Code = z.enum(CODES, { error: "invalid" });

/** A fraction 0 <= x <= max, at most 8 decimals. */
const fraction = (max: string, positive = false) =>
  z.string({ error: "required" }).regex(/^\d{1,3}(\.\d{1,8})?$/, { error: "invalid" })
    .refine((v) => {
      const x = parseDecimal(v);
      return x <= parseDecimal(max) && (!positive || x > 0n);
    }, { error: "invalid" });
const amount = z.string({ error: "required" }).regex(/^\d{1,8}(\.\d{1,2})?$/, {
  error: "invalid",
}).refine((v) => parseDecimal(v) > 0n, { error: "invalid" });
const Enabled = z.strictObject({ code: Code, enabled: z.boolean({ error: "invalid" }) });
const uniqueCodes = (xs: { code: string }[]) => new Set(xs.map((x) => x.code)).size === xs.length;

export const FastSection = z.strictObject({
  symbols: z.array(Enabled).max(CODES.length).refine(uniqueCodes, { error: "invalid" }),
  options: z.array(
    z.strictObject({
      duration: z.number({ error: "invalid" }).int({ error: "invalid" }).min(10, {
        error: "invalid",
      }).max(86_400, { error: "invalid" }),
      /** payout rate on a win: 0 < rate <= 1 (the stake back plus at most as much again) */
      rate: fraction("1", true),
      min: amount,
      max: amount,
    }).refine((o) => parseDecimal(o.min) <= parseDecimal(o.max), {
      error: "invalid",
      path: ["max"],
    }),
  ).min(1, { error: "invalid" }).max(8, { error: "invalid" })
    .refine((os) => new Set(os.map((o) => o.duration)).size === os.length, { error: "invalid" }),
});

const Leverage = z.number({ error: "invalid" }).int({ error: "invalid" }).min(1, {
  error: "invalid",
}).max(100, { error: "invalid" }); // domain rules: at most 100x

export const LeveragedSection = z.strictObject({
  symbols: z.array(
    z.strictObject({
      code: Code,
      enabled: z.boolean({ error: "invalid" }),
      leverage: z.array(Leverage).min(1, { error: "invalid" }).max(10, { error: "invalid" }),
      takerFee: fraction("0.01"),
      brackets: z.array(z.strictObject({
        /** up to this notional in USDT; null: the last, unbounded tier */
        upTo: z.string().regex(/^[1-9]\d{0,11}$/, { error: "invalid" }).nullable(),
        maxLeverage: Leverage,
        mmr: fraction("0.5", true),
      })).min(1, { error: "invalid" }).max(10, { error: "invalid" }),
    }).superRefine((s, ctx) => {
      const bad = (path: (string | number)[]) =>
        ctx.addIssue({ code: "custom", path, message: "invalid" });
      // options ascending, unique, within the first bracket
      s.leverage.forEach((l, i) => {
        if (i > 0 && l <= s.leverage[i - 1]!) bad(["leverage", i]);
      });
      if (Math.max(...s.leverage) > (s.brackets[0]?.maxLeverage ?? 0)) bad(["leverage"]);
      s.brackets.forEach((b, i) => {
        const last = i === s.brackets.length - 1;
        if ((b.upTo === null) !== last) bad(["brackets", i, "upTo"]);
        const prev = s.brackets[i - 1];
        if (prev && b.upTo !== null && prev.upTo !== null && BigInt(b.upTo) <= BigInt(prev.upTo)) {
          bad(["brackets", i, "upTo"]);
        }
        if (
          prev && (b.maxLeverage > prev.maxLeverage || parseDecimal(b.mmr) < parseDecimal(prev.mmr))
        ) {
          bad(["brackets", i]);
        }
        // the maintenance margin below the initial margin, else a position opens liquidated
        if (parseDecimal(b.mmr) * BigInt(b.maxLeverage) >= SCALE) bad(["brackets", i, "mmr"]);
      });
    }),
  ).max(CODES.length).refine(uniqueCodes, { error: "invalid" }),
  holdingFeeDaily: fraction("0.01"),
});

export const SpotSection = z.strictObject({
  symbols: z.array(Enabled).max(CODES.length).refine(uniqueCodes, { error: "invalid" }),
  fee: fraction("0.01"),
});

export const ExchangeSection = z.strictObject({ fee: fraction("0.01") });

export const SECTION_SCHEMAS = {
  fast: FastSection,
  leveraged: LeveragedSection,
  spot: SpotSection,
  exchange: ExchangeSection,
} as const;

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

  async of(t: string): Promise<Terms> {
    return termsOf(await this.record(t));
  }
}
