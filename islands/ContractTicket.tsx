import { useEffect, useState } from "preact/hooks";
import { notional, parseDecimal, position } from "../core-wasm/mod.ts";
import {
  canonicalDecimal,
  formatAmount,
  formatMoney,
  formatNumber,
  formatPrice,
  toApiDecimal,
  uiLocale,
} from "../locales/format.ts";
import { contractOrderRules, fieldErrors, MAX_LOTS, RULE_TEXTS } from "../contract/rules.ts";
import { type BodyOf, toast } from "./lib/api.ts";
import type { PositionJson } from "../contract/trading.ts";
import { BRACKET_TEXTS, type BracketJson, bracketOf, Brackets } from "./lib/brackets.tsx";
import {
  ChipChoice,
  ConfirmBox,
  DecimalField,
  Field,
  fill,
  PercentSlider,
  plural,
  SideChoice,
  TextField,
  type Texts,
} from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";
import { useAvailable } from "./lib/live.ts";
import { POSITION_LIST_TEXTS, PositionList, usePositions } from "./lib/position_list.tsx";
import { TOP_UP_TEXTS, useTopUp } from "./lib/top_up.tsx";
import { POSITION_TEXTS } from "./lib/positions.tsx";
import { subscribe } from "./lib/socket.ts";
import { LINE_TEXTS, positionLines, publishLines } from "./lib/chart_lines.ts";

export const CONTRACT_TEXTS = [
  "contract.lotSize",
  "contract.leverage",
  "contract.price",
  "contract.fee",
  "contract.notional",
  "contract.open",
  "contract.confirmOpen",
  "contract.confirmOpenStops",
  "contract.sizeShare",
  "contract.opened",
  "contract.holding",
  "contract.none",
  "contract.confirmClose",
  "contract.closed",
  "contract.market",
  "contract.limit",
  "fast.available",
  "app.confirm",
  "app.cancel",
  "validation.invalid",
  "app.networkError",
  "app.timeout",
  ...RULE_TEXTS,
  ...BRACKET_TEXTS,
  ...LINE_TEXTS,
  ...TOP_UP_TEXTS,
  ...POSITION_LIST_TEXTS,
  ...POSITION_TEXTS,
] as const;

/**
 * Leveraged ticket and (with `list`: the phone) the holding positions under it; on the desktop
 * the positions are the panel's under the chart (ContractPanel), and this ticket still follows
 * them for the size its brackets count. Margin, fee and liquidation price come from the same core
 * functions the server settles with; positions' P&L updates with every ticker message. Lots can
 * be set as a share of what the available margin opens (25/50/75/100 %); the leverage slider
 * stops at what the bracket of the resulting size allows.
 */
export default function ContractTicket(
  {
    symbol,
    name,
    base,
    lot,
    leverages,
    priceDecimals,
    mmr,
    feeRate,
    price: initial,
    tx,
    available,
    spotAvailable = "0",
    positions: initialPositions,
    side: preset,
    brackets,
    termsVersion,
    list = true,
  }: {
    /** show the positions under the ticket (the phone); the desktop shows them in its panel */
    list?: boolean;
    /** the product terms' version the ticket shows (sent with the order) */
    termsVersion?: number;
    symbol: string;
    name: string;
    base: string;
    lot: string;
    leverages: number[];
    priceDecimals: number;
    mmr: string;
    feeRate: string;
    price: string | null;
    tx: Texts;
    available: string;
    /** the spot wallet's USDT: a margin the contract wallet cannot cover is moved from it */
    spotAvailable?: string;
    positions: PositionJson[];
    /** Preselected from the product page (`?side=`). */
    side?: "long" | "short";
    brackets: BracketJson[];
  },
) {
  const [side, setSide] = useState<"long" | "short">(preset ?? "long");
  const [lots, setLots] = useState("1");
  const [share, setShare] = useState<number | null>(null);
  const [chosen, setLeverage] = useState(leverages[1] ?? leverages[0]!);
  const [sl, setSl] = useState("");
  const [tp, setTp] = useState("");
  const [type, setType] = useState<"market" | "limit">("market");
  const [limit, setLimit] = useState("");
  const [price, setPrice] = useState(initial);
  const [positions, setPositions] = usePositions(initialPositions, symbol);
  const [confirming, setConfirming] = useState<"open" | string | null>(null);
  const [key, setKey] = useState("");
  // the contract wallet's USDT, live from the balance events
  const [balance, setBalance] = useAvailable({
    "contract:USDT": available,
    "spot:USDT": spotAvailable,
  });
  const { errors, busy, check, send } = useForm(tx);
  /** the margin and fee the contract wallet lacks and the spot wallet has (transfer in place) */
  const topUp = useTopUp(tx, "contract", [balance, setBalance], () => check({}));

  useEffect(() =>
    subscribe("ticker", (data) => {
      const q = data.find((x) => x.symbol === symbol);
      if (q) setPrice(q.price);
    }), []);

  // positions, stops, liquidation levels and pending orders drawn on the chart of the page
  useEffect(() => publishLines("contract", symbol, positionLines(positions, symbol, tx)), [
    positions,
  ]);

  const loc = uiLocale();
  /** what the customer typed, in their language -> the API's decimal string */
  const dec = (v: string) => toApiDecimal(v, loc);
  /** lots as typed, in the customer's language ("1.000" in German is a thousand); NaN if not a number */
  const lotsN = Number(canonicalDecimal(lots, loc) ?? NaN);
  const held = positions.filter((p) => p.side === side && p.status !== "cancelled")
    .reduce((sum, p) => sum + parseDecimal(p.qty), 0n);
  // a limit order opens at its limit, a market order at the last price
  const at = (() => {
    try {
      const v = type === "limit" ? dec(limit) : price;
      return v ? parseDecimal(v) : null;
    } catch {
      return null;
    }
  })();
  /** the resulting position value on this side with `n` lots more (null: no price) */
  const sizeWith = (n: number) =>
    at === null ? null : notional(held + BigInt(n) * parseDecimal(lot), at);
  /** the highest leverage the bracket of a size allows */
  const maxFor = (size: bigint | null) =>
    brackets.length ? bracketOf(brackets, size ?? 0n).bracket.maxLeverage : Infinity;
  const sized = Number.isInteger(lotsN) && lotsN >= 1 && lotsN <= MAX_LOTS ? sizeWith(lotsN) : null;
  // the slider stops at the bracket's maximum: the leverage used is the chosen one or, for a
  // larger size, the highest option the bracket allows
  const allowed = leverages.filter((l) => l <= maxFor(sized));
  const leverage = allowed.includes(chosen)
    ? chosen
    : allowed.filter((l) => l < chosen).at(-1) ?? allowed[0] ?? leverages[0]!;
  /** margin + open fee of `n` lots at `lev` (the core), null when it cannot be computed */
  const costOf = (n: number, lev: number) => {
    try {
      if (at === null || n < 1) return null;
      const f = position({
        side,
        qty: BigInt(n) * parseDecimal(lot),
        entry: at,
        leverage: lev,
        mmr: brackets.length
          ? parseDecimal(bracketOf(brackets, sizeWith(n)!).bracket.mmr)
          : parseDecimal(mmr),
        feeRate: parseDecimal(feeRate),
      }, at);
      return f.margin + f.fee;
    } catch {
      return null;
    }
  };
  // The ticket's figures, from the core (null while the input is incomplete); the MMR is the
  // bracket's for the resulting position value on this side (open positions plus this order)
  let ticket: ReturnType<typeof position> | null = null;
  try {
    if (at !== null && sized !== null) {
      ticket = position({
        side,
        qty: BigInt(lotsN) * parseDecimal(lot),
        entry: at,
        leverage,
        mmr: brackets.length
          ? parseDecimal(bracketOf(brackets, sized).bracket.mmr)
          : parseDecimal(mmr),
        feeRate: parseDecimal(feeRate),
      }, at);
    }
  } catch { /* incomplete */ }

  // the bracket of the resulting size caps the leverage: refused before the confirmation
  const overBracket = sized !== null && brackets.length > 0 &&
    leverage > bracketOf(brackets, sized).bracket.maxLeverage;

  /**
   * Lots for a share of what the available margin opens at this leverage: the most lots whose
   * margin + fee (the core's) fit in that share of the balance.
   */
  function lotsForShare(pct: number): number {
    const budget = parseDecimal(balance["contract:USDT"] ?? "0") * BigInt(pct) / 100n;
    const one = costOf(1, leverage);
    if (!one || budget < one) return 0;
    let n = Math.min(MAX_LOTS, Number(budget / one));
    // a larger size may fall in a bracket with a lower maximum: fewer lots then
    while (
      n > 0 && ((costOf(n, leverage) ?? budget + 1n) > budget || leverage > maxFor(sizeWith(n)))
    ) {
      n--;
    }
    return n;
  }

  function review(e: Event) {
    e.preventDefault();
    // the server's rules, checked before the confirmation box opens
    const failures = contractOrderRules({
      side,
      lots: lotsN,
      leverage,
      leverages,
      priceDecimals,
      market: price ? parseDecimal(price) : null,
      limitPrice: type === "limit" ? dec(limit) : undefined,
      stopLoss: sl.trim() ? dec(sl) : sl,
      takeProfit: tp.trim() ? dec(tp) : tp,
      cost: ticket ? ticket.margin + ticket.fee : null,
      available: parseDecimal(balance["contract:USDT"]),
    });
    // beyond the balance: the message stands, and a shortfall the spot wallet covers is offered
    topUp.offer(
      !overBracket && ticket && failures.length === 1 &&
        failures[0]!.error === "INSUFFICIENT_BALANCE"
        ? ticket.margin + ticket.fee
        : null,
    );
    const errs = fieldErrors(failures, tx);
    // the leverage bracket of the resulting position value (the server counts the same)
    if (overBracket) errs.leverage ??= tx["validation.leverageBracket"]!;
    if (!check(errs)) return;
    setKey(crypto.randomUUID());
    setConfirming("open");
  }

  async function open() {
    const body: BodyOf<"/contract/order", "post"> = {
      symbol,
      side,
      lots: lotsN,
      leverage,
      type,
    };
    if (termsVersion !== undefined) body.termsVersion = termsVersion;
    if (type === "limit") body.price = dec(limit);
    if (sl.trim()) body.stopLoss = dec(sl);
    if (tp.trim()) body.takeProfit = dec(tp);
    const header = { "idempotency-key": key };
    const env = await send((c) => c.POST("/contract/order", { body, params: { header } }));
    setConfirming(null);
    if (env) {
      toast(tx["contract.opened"]!);
      setPositions([env.data]);
    }
  }

  const usdt = (v: bigint | string, sign = false) => formatMoney(v, "USDT", loc, { sign });
  const px = (v: bigint | string | null) => v === null ? "-" : formatPrice(v, priceDecimals, loc);
  return (
    <div class="ticket" data-testid="contract-ticket">
      <form class="form" onSubmit={review} noValidate>
        <SideChoice
          options={["long", "short"] as const}
          value={side}
          label={(s) => tx[`contract.${s}`]!}
          onChange={(s) => {
            setSide(s);
            setConfirming(null);
          }}
        />
        <p class="muted small">
          {price ? fill(tx["contract.price"]!, { price: px(price) }) : ""} · {name}
        </p>
        <ChipChoice
          options={["market", "limit"] as const}
          value={type}
          label={(x) => tx[`contract.${x}`]!}
          onChange={(x) => {
            setType(x);
            setConfirming(null);
          }}
        />
        {type === "limit" && (
          <DecimalField
            id="limit"
            label={tx["contract.limitPrice"]!}
            value={limit}
            set={setLimit}
            error={errors.price}
          />
        )}
        <TextField
          id="lots"
          label={tx["contract.lots"]!}
          inputMode="numeric"
          value={lots}
          maxLength={5}
          set={(v) => {
            setLots(v);
            setShare(null);
          }}
          error={errors.lots}
        />
        <PercentSlider
          id="lots-share"
          label={tx["contract.sizeShare"]!}
          value={share ?? 0}
          tx={tx}
          onChange={(pct) => {
            setShare(pct);
            setLots(String(Math.max(1, lotsForShare(pct))));
          }}
        />
        <Field
          id="leverage"
          label={`${tx["contract.leverage"]} · ${leverage}x`}
          error={errors.leverage}
        >
          <div class="slider">
            <input
              id="leverage"
              type="range"
              min={0}
              max={Math.max(0, allowed.length - 1)}
              step={1}
              value={Math.max(0, allowed.indexOf(leverage))}
              aria-valuetext={`${leverage}x`}
              onInput={(e) => setLeverage(allowed[Number(e.currentTarget.value)] ?? leverage)}
            />
            <div class="slider-stops" data-testid="leverage-stops">
              {leverages.map((l) => (
                <button
                  key={l}
                  type="button"
                  class={l === leverage ? "on" : undefined}
                  aria-pressed={l === leverage}
                  // beyond the bracket of this size: shown, not offered
                  disabled={!allowed.includes(l)}
                  onClick={() => setLeverage(l)}
                >
                  {l}x
                </button>
              ))}
            </div>
          </div>
        </Field>
        <p class="muted small">
          {fill(tx["contract.lotSize"]!, { size: formatNumber(lot, 8, loc, { trim: true }), base })}
        </p>
        <div class="two">
          <DecimalField
            id="sl"
            label={tx["contract.stopLoss"]!}
            value={sl}
            set={setSl}
            error={errors.stopLoss}
          />
          <DecimalField
            id="tp"
            label={tx["contract.takeProfit"]!}
            value={tp}
            set={setTp}
            error={errors.takeProfit}
          />
        </div>
        {ticket && (
          <dl class="dl" data-testid="contract-figures">
            <dt>{tx["contract.notional"]}</dt>
            <dd class="fig">{usdt(ticket.notional)}</dd>
            <dt>{tx["contract.margin"]}</dt>
            <dd class="fig" data-testid="figure-margin">{usdt(ticket.margin)}</dd>
            <dt>{tx["contract.fee"]}</dt>
            <dd class="fig">{usdt(ticket.fee)}</dd>
            <dt>{tx["contract.liquidation"]}</dt>
            <dd class="fig" data-testid="figure-liq">
              {ticket.liquidationPrice ? px(ticket.liquidationPrice) : "-"}
            </dd>
          </dl>
        )}
        <Brackets brackets={brackets} notional={sized} leverage={leverage} tx={tx} />
        <p class="muted small" data-testid="available">
          {fill(tx["fast.available"]!, {
            amount: formatAmount(balance["contract:USDT"] ?? "0", "USDT", loc),
          })}
        </p>
        {confirming !== "open" && topUp.view}
        <button type="submit" class="btn btn-primary btn-block" disabled={busy}>
          {tx["contract.open"]}
        </button>
        {/* the confirmation opens over the ticket; focus comes back to what opened it */}
        {confirming === "open" && (
          <ConfirmBox
            testid="contract-confirm"
            tx={tx}
            busy={busy}
            text={fill(tx["contract.confirmOpen"]!, {
              side: tx[`contract.${side}`]!,
              lots: plural(tx, "format.lotCount", Number(lots), loc),
              symbol: name,
              leverage,
              margin: ticket ? formatAmount(ticket.margin, "USDT", loc) : "-",
            })}
            onConfirm={open}
            onCancel={() => setConfirming(null)}
          >
            {(sl.trim() || tp.trim()) && (
              <p class="small" data-testid="confirm-stops">
                {fill(tx["contract.confirmOpenStops"]!, {
                  stopLoss: sl.trim() ? px(dec(sl)) : "-",
                  takeProfit: tp.trim() ? px(dec(tp)) : "-",
                })}
              </p>
            )}
          </ConfirmBox>
        )}
      </form>
      {list && <h2 class="section">{tx["contract.holding"]}</h2>}
      {list && (positions.length === 0 ? <p class="muted">{tx["contract.none"]}</p> : (
        <PositionList
          {...{ positions, price, priceDecimals, mmr, feeRate, name, tx }}
          onChange={setPositions}
        />
      ))}
    </div>
  );
}
