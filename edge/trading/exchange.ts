/**
 * Currency exchange among BTC, ETH and USDT in the spot wallet: a quote at the latest ticks
 * (the trading clock), valid a few seconds, that the customer confirms; confirming posts one
 * journal against the trading P&L account with the fee to the fees account.
 *
 * The quote's figures are at the receiving currency's display precision (USDT 2, BTC 6, ETH 5):
 * the value (amount x rate) rounded down, the fee rounded up, so "amount x rate - fee = what you
 * receive" holds exactly as the screen shows it and the journal posts the figures shown.
 */
import { formatDecimal, mulDiv, parseDecimal, SCALE } from "../../core-wasm/mod.ts";
import { CURRENCIES, type Currency, DECIMALS, houseFor, user } from "../ledger/accounts.ts";
import type { Plan } from "../ledger/service.ts";
import type { PrivateRead } from "../platform/kv_round_trips.ts";
import { commitOrder, customerIdem, freshTick, ledgerReads, TradingDesk } from "./pipeline.ts";
import { idemKeys } from "../ledger/idem.ts";
import { addVolume } from "../funds/turnover.ts";
import { DomainError } from "../platform/errors.ts";
import { amountRules, enforce } from "../../contract/rules.ts";
import { quoteKey } from "./store.ts";
import type { ExchangeConfirmedReply, ExchangeQuoteJson } from "../../contract/trading.ts";

export const QUOTE_TTL_MS = 10_000;
const MAX_UNITS = 100_000_000n * SCALE;

export interface ExchangeQuote {
  id: string;
  userId: string;
  from: Currency;
  to: Currency;
  amount: bigint;
  /** units of `to` per one `from`, scaled 10^8 */
  rate: bigint;
  /** amount x rate, rounded down to the receiving currency's display precision */
  gross: bigint;
  fee: bigint;
  net: bigint;
  createdAt: number;
  expiresAt: number;
}

export function quoteJson(q: ExchangeQuote): ExchangeQuoteJson {
  const d = formatDecimal;
  return {
    quoteId: q.id,
    from: q.from,
    to: q.to,
    amount: d(q.amount),
    rate: d(q.rate),
    gross: d(q.gross),
    fee: d(q.fee),
    receive: d(q.net),
    expiresAt: q.expiresAt,
  };
}

export class Exchange extends TradingDesk {
  private usdtPrice(c: Currency): bigint {
    return c === "USDT" ? SCALE : freshTick(this.market, `${c}USDT`).price;
  }

  async quote(t: string, userId: string, req: { from: Currency; to: Currency; amount: string }) {
    if (req.from === req.to) throw new DomainError("VALIDATION", {}, { to: "sameCurrency" });
    let amount: bigint;
    try {
      amount = parseDecimal(req.amount, { maxDecimals: DECIMALS[req.from] });
    } catch {
      throw new DomainError("VALIDATION", {}, { amount: "amountInvalid" });
    }
    if (amount <= 0n || amount > MAX_UNITS) {
      throw new DomainError("VALIDATION", {}, { amount: "amountInvalid" });
    }
    // no quote beyond the balance (the form checks the same rule first; confirming re-checks)
    const bal = await this.ledger.balance(t, user(userId, "spot", req.from));
    enforce(amountRules({ amount: req.amount, currency: req.from, available: bal.available }));
    const rate = mulDiv(this.usdtPrice(req.from), SCALE, this.usdtPrice(req.to), "down");
    // what the customer receives rounds down, what they pay rounds up, both to the receiving
    // currency's display precision (domain rules), so the shown figures add up exactly
    const unit = 10n ** BigInt(8 - DECIMALS[req.to]);
    const gross = mulDiv(mulDiv(amount, rate, SCALE, "down"), 1n, unit, "down") * unit;
    // the fee in force when quoted (the quote keeps it: confirming posts what was shown)
    const fee = mulDiv(gross, (await this.terms.of(t)).exchangeFee, SCALE * unit, "up") * unit;
    const net = gross - fee;
    if (net <= 0n) throw new DomainError("VALIDATION", {}, { amount: "amountInvalid" });
    const now = this.now();
    const q: ExchangeQuote = {
      id: crypto.randomUUID(),
      userId,
      from: req.from,
      to: req.to,
      amount,
      rate,
      gross,
      fee,
      net,
      createdAt: now,
      expiresAt: now + QUOTE_TTL_MS,
    };
    await this.kv.set(quoteKey(t, q.id), q, { expireIn: QUOTE_TTL_MS * 6 });
    return quoteJson(q);
  }

  /**
   * What a confirmation reads: the quote, the replay record of its key (the customer's, else the
   * quote's), the balances on both sides (the quote's currencies are not known yet: the three).
   */
  confirmReads(t: string, userId: string, quoteId: string, key?: string): PrivateRead[] {
    return [
      { key: quoteKey(t, quoteId) },
      ...ledgerReads(t, {
        key: idemKeys.customer(userId, "exchange", key ?? quoteId),
        accounts: CURRENCIES.flatMap((c) => [
          user(userId, "spot", c),
          houseFor(userId, "pnl", c),
          houseFor(userId, "fees", c),
        ]),
      }),
    ];
  }

  /** Confirm a quote through the order pipeline: once (a second confirmation replays the first). */
  async confirm(t: string, userId: string, quoteId: string, idempotencyKey?: string) {
    const r = await commitOrder(this.kv, this.ledger, {
      t,
      idem: customerIdem(userId, "exchange", { quoteId }, idempotencyKey, quoteId),
      reads: this.confirmReads(t, userId, quoteId, idempotencyKey),
      plan: async () => {
        const entry = await this.kv.get<ExchangeQuote>(quoteKey(t, quoteId));
        const q = entry.value;
        if (!q || q.userId !== userId) throw new DomainError("NOT_FOUND");
        if (this.now() > q.expiresAt) throw new DomainError("QUOTE_EXPIRED");
        return { plan: this.confirmPlan(t, entry as Deno.KvEntry<ExchangeQuote>), keep: null };
      },
    });
    return r.result;
  }

  /** The commit of a confirmed quote: one journal at the quoted figures; the quote is spent. */
  private confirmPlan(t: string, entry: Deno.KvEntry<ExchangeQuote>) {
    const q = entry.value, userId = q.userId;
    // turnover volume in USDT: the USDT side, else the sold coin at the current price
    let volume = q.from === "USDT" ? q.amount : q.to === "USDT" ? q.gross : 0n;
    if (volume === 0n) {
      try {
        volume = mulDiv(q.amount, this.usdtPrice(q.from), SCALE, "down");
      } catch { /* no price now: not counted */ }
    }
    return {
      type: "exchange",
      ref: `exchange:${q.id}`,
      postings: [
        { account: user(userId, "spot", q.from), available: -q.amount },
        { account: houseFor(userId, "pnl", q.from), available: q.amount },
        { account: houseFor(userId, "pnl", q.to), available: -q.gross },
        { account: user(userId, "spot", q.to), available: q.net },
        { account: houseFor(userId, "fees", q.to), available: q.fee },
      ],
      checks: [entry],
      write: (op) => {
        op.delete(entry.key);
        addVolume(op, t, userId, volume);
      },
      result: (journal) => ({ ...quoteJson(q), journalId: journal.id, at: journal.at }),
    } satisfies Plan<ExchangeConfirmedReply>;
  }
}
