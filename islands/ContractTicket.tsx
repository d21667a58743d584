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
import {
  contractOrderRules,
  fieldErrors,
  MAX_LOTS,
  positiveAmount,
  RULE_TEXTS,
  stopRules,
} from "../contract/rules.ts";
import type { PositionJson } from "../contract/trading.ts";
import { allowedActions, type PositionAction } from "../contract/actions.ts";
import { api, toast } from "./lib/api.ts";
import { BRACKET_TEXTS, type BracketJson, bracketOf, Brackets } from "./lib/brackets.tsx";
import {
  ChipChoice,
  ConfirmBox,
  Field,
  fill,
  plural,
  TextField,
  type Texts,
} from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";
import { useAvailable } from "./lib/live.ts";
import { shortfall, TOP_UP_TEXTS, TopUp } from "./lib/top_up.tsx";
import { PositionSummary } from "./lib/positions.tsx";
import { subscribe } from "./lib/socket.ts";
import { LINE_TEXTS, positionLines, publishLines } from "./lib/chart_lines.ts";

export const CONTRACT_TEXTS = [
  "contract.long",
  "contract.short",
  "contract.lots",
  "contract.lotSize",
  "contract.leverage",
  "contract.stopLoss",
  "contract.takeProfit",
  "contract.price",
  "contract.margin",
  "contract.fee",
  "contract.liquidation",
  "contract.notional",
  "contract.open",
  "contract.confirmOpen",
  "contract.opened",
  "contract.holding",
  "contract.none",
  "contract.pnl",
  "contract.roe",
  "contract.close",
  "contract.confirmClose",
  "contract.closed",
  "contract.openPrice",
  "contract.market",
  "contract.limit",
  "contract.limitPrice",
  "contract.reverse",
  "contract.hedge",
  "contract.cancelOrder",
  "contract.chase",
  "contract.pending",
  "contract.confirmAction",
  "contract.done",
  "contract.notReversed",
  "contract.tpsl",
  "contract.confirmStops",
  "contract.stopsSaved",
  "contract.clearHint",
  "contract.stopsDropped",
  "contract.limitPrice",
  "format.heldMargin",
  "format.heldFee",
  "format.distance",
  "format.lotCount_one",
  "format.lotCount_few",
  "format.lotCount_many",
  "format.lotCount_other",
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
] as const;

const label = (a: PositionAction) => `contract.${a === "cancel" ? "cancelOrder" : a}`;

/**
 * Leveraged ticket and holding positions. Margin, fee and liquidation price come from the same
 * core functions the server settles with; positions' P&L updates with every ticker message.
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
  }: {
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
  const [leverage, setLeverage] = useState(leverages[1] ?? leverages[0]!);
  const [sl, setSl] = useState("");
  const [tp, setTp] = useState("");
  const [type, setType] = useState<"market" | "limit">("market");
  const [limit, setLimit] = useState("");
  /** a position action waiting for confirmation: [order no, action] */
  const [action, setAction] = useState<[string, PositionAction] | null>(null);
  const [price, setPrice] = useState(initial);
  const [positions, setPositions] = useState(initialPositions);
  const [confirming, setConfirming] = useState<"open" | string | null>(null);
  const [key, setKey] = useState("");
  /** the stop-loss / take-profit being edited for the position in `action` */
  const [stops, setStops] = useState({ stopLoss: "", takeProfit: "" });
  // the contract wallet's USDT, live from the balance events
  const [balance, setBalance] = useAvailable({
    "contract:USDT": available,
    "spot:USDT": spotAvailable,
  });
  /** the margin and fee the contract wallet lacks and the spot wallet has (transfer in place) */
  const [topUp, setTopUp] = useState<bigint | null>(null);
  const { errors, busy, check, send } = useForm(tx);
  /** the stop editor's own errors, so they never show on the ticket's fields */
  const stopsForm = useForm(tx);

  useEffect(() => {
    const off = subscribe("ticker", (data) => {
      const q = data.find((x) => x.symbol === symbol);
      if (q) setPrice(q.price);
    });
    const offUser = subscribe("user", (m) => {
      if (m.type !== "position") return;
      setPositions((cur) => {
        const rest = cur.filter((p) => p.orderNo !== m.position.orderNo);
        const live = m.position.status === "holding" || m.position.status === "pending";
        return live ? [m.position, ...rest] : rest;
      });
    });
    return () => {
      off();
      offUser();
    };
  }, []);

  // positions, stops, liquidation levels and pending orders drawn on the chart of the page
  useEffect(() => publishLines("contract", symbol, positionLines(positions, symbol, tx)), [
    positions,
  ]);

  const loc = uiLocale();
  /** what the customer typed, in their language -> the API's decimal string */
  const dec = (v: string) => toApiDecimal(v, loc);
  /** lots as typed, in the customer's language ("1.000" in German is a thousand); NaN if not a number */
  const lotsN = Number(canonicalDecimal(lots, loc) ?? NaN);
  // The ticket's figures, from the core (null while the input is incomplete); the MMR is the
  // bracket's for the resulting position value on this side (open positions plus this order)
  let ticket: ReturnType<typeof position> | null = null;
  let sized: bigint | null = null;
  try {
    const n = lotsN;
    // a limit order opens at its limit, a market order at the last price
    const at = type === "limit" ? dec(limit) : price;
    if (at && Number.isInteger(n) && n >= 1 && n <= MAX_LOTS) {
      const held = positions.filter((p) => p.side === side)
        .reduce((sum, p) => sum + parseDecimal(p.qty), 0n);
      sized = notional(held + BigInt(n) * parseDecimal(lot), parseDecimal(at));
      ticket = position({
        side,
        qty: BigInt(n) * parseDecimal(lot),
        entry: parseDecimal(at),
        leverage,
        mmr: brackets.length
          ? parseDecimal(bracketOf(brackets, sized).bracket.mmr)
          : parseDecimal(mmr),
        feeRate: parseDecimal(feeRate),
      }, parseDecimal(at));
    }
  } catch { /* incomplete */ }

  // the bracket of the resulting size caps the leverage: refused before the confirmation
  const overBracket = sized !== null && brackets.length > 0 &&
    leverage > bracketOf(brackets, sized).bracket.maxLeverage;

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
    const short = !overBracket && ticket && failures.length === 1 &&
        failures[0]!.error === "INSUFFICIENT_BALANCE"
      ? shortfall(
        ticket.margin + ticket.fee,
        parseDecimal(balance["contract:USDT"]),
        parseDecimal(balance["spot:USDT"]),
      )
      : null;
    // beyond the balance: the message stands, and a shortfall the spot wallet covers is offered
    setTopUp(short);
    const errs = fieldErrors(failures, tx);
    // the leverage bracket of the resulting position value (the server counts the same)
    if (overBracket) errs.leverage ??= tx["validation.leverageBracket"]!;
    if (!check(errs)) return;
    setKey(crypto.randomUUID());
    setConfirming("open");
  }

  async function open() {
    const body: Record<string, unknown> = {
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
    const env = await send<PositionJson>("/api/contract/order", body, {
      headers: { "Idempotency-Key": key },
    });
    setConfirming(null);
    if (env) {
      toast(tx["contract.opened"]!);
      setPositions((cur) => [env.data, ...cur.filter((p) => p.orderNo !== env.data.orderNo)]);
    }
  }

  /** Close, reverse or hedge a position; cancel or chase a pending order. */
  async function act(id: string, what: PositionAction) {
    const path = what === "cancel" || what === "chase"
      ? `/api/contract/orders/${id}/${what}`
      : `/api/contract/positions/${id}/${what}`;
    type Reply = PositionJson & {
      closed?: PositionJson | null;
      opened?: PositionJson | null;
      reversed?: boolean;
    };
    const env = await api<Reply>(path, { body: {}, headers: { "Idempotency-Key": key } });
    setAction(null);
    if (env.code !== 0) return toast(env.message, "error");
    const before = positions.find((p) => p.orderNo === id);
    if (what === "reverse" && env.data.reversed === false) {
      toast(tx["contract.notReversed"]!, "error");
    } else if (
      what === "chase" && before &&
      ((before.stopLoss && !env.data.stopLoss) || (before.takeProfit && !env.data.takeProfit))
    ) {
      // filled at the market: a level now on the wrong side of the fill price was removed
      toast(tx["contract.stopsDropped"]!, "error");
    } else toast(tx[what === "close" ? "contract.closed" : "contract.done"]!);
    const changed = what === "reverse" || what === "hedge"
      ? [env.data.closed, env.data.opened]
      : [env.data];
    setPositions((cur) => {
      let next = cur;
      for (const u of changed) {
        if (!u?.orderNo) continue;
        next = next.filter((p) => p.orderNo !== u.orderNo);
        if (u.status === "holding" || u.status === "pending") next = [u, ...next];
      }
      return next;
    });
  }

  /** Set, change or clear (empty field) a holding position's stop-loss and take-profit. */
  async function saveStops(id: string) {
    const body = {
      stopLoss: stops.stopLoss.trim() ? dec(stops.stopLoss) : null,
      takeProfit: stops.takeProfit.trim() ? dec(stops.takeProfit) : null,
    };
    // the server's rule: each level on the right side of the current price
    const p = positions.find((x) => x.orderNo === id);
    if (p && price) {
      const level = (v: string | null) => v === null ? null : positiveAmount(v, priceDecimals);
      const failures = stopRules(p.side, parseDecimal(price), {
        stopLoss: level(body.stopLoss),
        takeProfit: level(body.takeProfit),
      }, priceDecimals);
      if (!stopsForm.check(fieldErrors(failures, tx))) return;
    }
    const env = await stopsForm.send<PositionJson>(`/api/contract/positions/${id}/tpsl`, body);
    if (!env) return; // the field errors and the toast are shown; the editor stays open
    setAction(null);
    toast(tx["contract.stopsSaved"]!);
    setPositions((cur) => cur.map((p) => p.orderNo === env.data.orderNo ? env.data : p));
  }

  const usdt = (v: bigint | string, sign = false) => formatMoney(v, "USDT", loc, { sign });
  const px = (v: bigint | string | null) => v === null ? "-" : formatPrice(v, priceDecimals, loc);
  return (
    <div class="ticket" data-testid="contract-ticket">
      <form class="form" onSubmit={review} noValidate>
        <div class="dir-row" role="group">
          {(["long", "short"] as const).map((s) => (
            <button
              key={s}
              type="button"
              class={`btn dir ${s === "long" ? "up" : "down"} ${side === s ? "on" : ""}`}
              aria-pressed={side === s}
              onClick={() => {
                setSide(s);
                setConfirming(null);
              }}
            >
              {tx[`contract.${s}`]}
            </button>
          ))}
        </div>
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
          <TextField
            id="limit"
            label={tx["contract.limitPrice"]!}
            inputMode="decimal"
            value={limit}
            maxLength={20}
            set={setLimit}
            error={errors.price}
          />
        )}
        <div class="two">
          <TextField
            id="lots"
            label={tx["contract.lots"]!}
            inputMode="numeric"
            value={lots}
            maxLength={5}
            set={setLots}
            error={errors.lots}
          />
          <Field id="leverage" label={tx["contract.leverage"]!} error={errors.leverage}>
            <select
              id="leverage"
              value={leverage}
              onChange={(e) => setLeverage(Number(e.currentTarget.value))}
            >
              {leverages.map((l) => <option key={l} value={l}>{l}x</option>)}
            </select>
          </Field>
        </div>
        <p class="muted small">
          {fill(tx["contract.lotSize"]!, { size: formatNumber(lot, 8, loc, { trim: true }), base })}
        </p>
        <div class="two">
          <TextField
            id="sl"
            label={tx["contract.stopLoss"]!}
            inputMode="decimal"
            value={sl}
            maxLength={20}
            set={setSl}
            error={errors.stopLoss}
          />
          <TextField
            id="tp"
            label={tx["contract.takeProfit"]!}
            inputMode="decimal"
            value={tp}
            maxLength={20}
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
        {topUp !== null && confirming !== "open" && (
          <TopUp
            tx={tx}
            need={topUp}
            from="spot"
            to="contract"
            fromAvailable={parseDecimal(balance["spot:USDT"])}
            onMoved={(a) => {
              setBalance("spot:USDT", a.from);
              setBalance("contract:USDT", a.to);
              setTopUp(null);
              check({});
            }}
          />
        )}
        {confirming === "open"
          ? (
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
            />
          )
          : (
            <button type="submit" class="btn btn-primary btn-block" disabled={busy}>
              {tx["contract.open"]}
            </button>
          )}
      </form>
      <h3 class="section">{tx["contract.holding"]}</h3>
      {positions.length === 0
        ? <p class="muted">{tx["contract.none"]}</p>
        : (
          <ul class="list" data-testid="positions">
            {positions.map((p) => {
              return (
                <li key={p.orderNo} class="record" data-side={p.side} data-status={p.status}>
                  <PositionSummary
                    p={p}
                    price={price}
                    priceDecimals={priceDecimals}
                    mmr={mmr}
                    feeRate={feeRate}
                    tx={tx}
                  />
                  {action && action[0] === p.orderNo && action[1] === "tpsl"
                    ? (
                      <div class="form" data-testid="stops-editor">
                        <p class="muted">{tx["contract.clearHint"]}</p>
                        {(["stopLoss", "takeProfit"] as const).map((k) => (
                          <Field
                            key={k}
                            id={`${k}-${p.orderNo}`}
                            label={tx[`contract.${k}`]!}
                            error={stopsForm.errors[k]}
                          >
                            <input
                              id={`${k}-${p.orderNo}`}
                              name={k}
                              inputMode="decimal"
                              value={stops[k]}
                              onInput={(e) => setStops({ ...stops, [k]: e.currentTarget.value })}
                            />
                          </Field>
                        ))}
                        <ConfirmBox
                          testid="stops-confirm"
                          tx={tx}
                          busy={stopsForm.busy}
                          text={fill(tx["contract.confirmStops"]!, {
                            stopLoss: stops.stopLoss.trim() ? px(dec(stops.stopLoss)) : "-",
                            takeProfit: stops.takeProfit.trim() ? px(dec(stops.takeProfit)) : "-",
                          })}
                          onConfirm={() => saveStops(p.orderNo)}
                          onCancel={() => setAction(null)}
                        />
                      </div>
                    )
                    : action && action[0] === p.orderNo
                    ? (
                      <ConfirmBox
                        testid="action-confirm"
                        tx={tx}
                        busy={busy}
                        text={fill(tx["contract.confirmAction"]!, {
                          action: tx[label(action[1])]!,
                        })}
                        onConfirm={() => act(p.orderNo, action[1])}
                        onCancel={() => setAction(null)}
                      />
                    )
                    : (
                      <div class="row">
                        {allowedActions("position", p).map((a) => (
                          <button
                            key={a}
                            type="button"
                            class="btn btn-small btn-ghost"
                            onClick={() => {
                              setKey(crypto.randomUUID());
                              stopsForm.check({});
                              // in the customer's own number format, as they would type it
                              setStops({
                                stopLoss: p.stopLoss ? px(p.stopLoss) : "",
                                takeProfit: p.takeProfit ? px(p.takeProfit) : "",
                              });
                              setAction([p.orderNo, a]);
                            }}
                          >
                            {tx[label(a)]}
                          </button>
                        ))}
                      </div>
                    )}
                </li>
              );
            })}
          </ul>
        )}
    </div>
  );
}
