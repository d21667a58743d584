import { useEffect, useState } from "preact/hooks";
import { mulDiv, parseDecimal, SCALE } from "../core-wasm/mod.ts";
import {
  formatAmount,
  formatMoney,
  formatNumber,
  formatPrice,
  formatShortTime,
  toApiDecimal,
  uiLocale,
  uiTimeZone,
} from "../locales/format.ts";
import { fieldErrors, RULE_TEXTS, spotOrderRules } from "../contract/rules.ts";
import type { Currency } from "../contract/currencies.ts";
import type { SpotOrderJson } from "../contract/trading.ts";
import { allows, latestSpotOrder } from "../contract/actions.ts";
import { api, type BodyOf, toast } from "./lib/api.ts";
import { type AccountKey, useAvailable } from "./lib/live.ts";
import {
  ChipChoice,
  ConfirmBox,
  DecimalField,
  fill,
  OrderNo,
  ReviewSubmit,
  SideChoice,
  type Texts,
  useReview,
} from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";
import { subscribe } from "./lib/socket.ts";
import { publishLines } from "./lib/chart_lines.ts";

export const SPOT_TEXTS = [
  "spot.buy",
  "spot.sell",
  "spot.market",
  "spot.limit",
  "spot.qty",
  "spot.price",
  "spot.estimate",
  "spot.place",
  "spot.confirm",
  "spot.marketPrice",
  "spot.placed",
  "spot.openOrders",
  "spot.none",
  "spot.cancel",
  "spot.cancelled",
  "spot.status_open",
  "spot.status_filled",
  "spot.status_cancelled",
  "format.orderHistory",
  "format.confirmCancel",
  "format.fillPrice",
  "format.placedAt",
  "flow.type_fee",
  "app.confirm",
  "app.cancel",
  "validation.amountInvalid",
  "app.networkError",
  "app.timeout",
  "exchange.available",
  ...RULE_TEXTS,
] as const;

/** Buy or sell coins at market or limit; open orders with cancel; fills arrive live. */
export default function SpotTicket(
  {
    symbol,
    base,
    qtyDecimals,
    priceDecimals,
    available,
    price: initial,
    tx,
    orders: initialOrders,
    feeRate,
    side: preset,
    termsVersion,
  }: {
    /** the product terms' version the ticket shows (sent with the order) */
    termsVersion?: number;
    symbol: string;
    base: Currency;
    qtyDecimals: number;
    priceDecimals: number;
    /** available in the spot wallet: USDT and the base coin */
    available: { USDT: string; base: string };
    price: string | null;
    tx: Texts;
    orders: SpotOrderJson[];
    feeRate: string;
    /** Preselected from the product page (`?side=`). */
    side?: "buy" | "sell";
  },
) {
  const [side, setSide] = useState<"buy" | "sell">(preset ?? "buy");
  const [type, setType] = useState<"market" | "limit">("market");
  const [qty, setQty] = useState("");
  const [limit, setLimit] = useState("");
  const [price, setPrice] = useState(initial);
  const [orders, setOrders] = useState(initialOrders);
  /**
   * An order as placed, cancelled or filled, from a reply or the socket, whichever comes first:
   * once in the list, and never back to open after the other one said filled or cancelled (the
   * socket's event of the placing can arrive after the reply to the cancel).
   */
  const put = (order: SpotOrderJson) =>
    setOrders((cur) =>
      cur.some((o) => o.orderNo === order.orderNo)
        ? cur.map((o) => o.orderNo === order.orderNo ? latestSpotOrder(o, order) : o)
        : [order, ...cur].slice(0, 20)
    );
  /** the open order waiting for the customer to confirm its cancellation */
  const [cancelling, setCancelling] = useState<string | null>(null);
  const loc = uiLocale();
  const tz = uiTimeZone();
  const px = (v: string) => formatPrice(v, priceDecimals, loc);
  const qtyOf = (v: string) => formatNumber(v, qtyDecimals, loc);
  const dec = (v: string) => toApiDecimal(v, loc);
  const { errors, busy, check, send } = useForm(tx);
  const step = useReview(tx, busy);
  // the spot wallet's USDT and coins, live from the balance events
  const [balance] = useAvailable<AccountKey>({
    "spot:USDT": available.USDT,
    [`spot:${base}`]: available.base,
  } as Record<AccountKey, string>);
  const usdt = balance["spot:USDT"] ?? "0", coins = balance[`spot:${base}`] ?? "0";

  useEffect(() => {
    const off = subscribe("ticker", (data) => {
      const q = data.find((x) => x.symbol === symbol);
      if (q) setPrice(q.price);
    });
    const offUser = subscribe("user", (m) => {
      if (m.type !== "spot" || m.order.symbol !== symbol) return;
      // an order of this symbol changed (filled, cancelled), here or elsewhere
      put(m.order);
    });
    return () => {
      off();
      offUser();
    };
  }, []);

  // open limit orders drawn on the chart of the page at their price
  useEffect(() =>
    publishLines(
      "spot",
      symbol,
      orders.filter((o) => o.status === "open" && o.symbol === symbol).map((o) => ({
        id: o.orderNo,
        kind: "limit",
        price: o.price,
        label: `${tx["spot.limit"]} ${tx[`spot.${o.side}`]}`,
      })),
    ), [orders]);

  let estimate = "";
  /** USDT a buy needs: gross + fee at the limit or market price */
  let cost: bigint | null = null;
  try {
    const q = parseDecimal(dec(qty));
    const p = parseDecimal(type === "limit" ? dec(limit) : price ?? "");
    const gross = mulDiv(q, p, SCALE, side === "buy" ? "up" : "down");
    cost = gross + mulDiv(gross, parseDecimal(feeRate), SCALE, "up");
    estimate = fill(tx["spot.estimate"]!, {
      amount: formatAmount(gross, "USDT", loc),
      fee: formatAmount(mulDiv(gross, parseDecimal(feeRate), SCALE, "up"), "USDT", loc),
    });
  } catch { /* incomplete */ }

  function review(e: Event) {
    e.preventDefault();
    // the server's rules, checked before the confirmation box opens
    const failures = spotOrderRules({
      side,
      base,
      qty: dec(qty),
      qtyDecimals,
      priceDecimals,
      limitPrice: type === "limit" ? dec(limit) : undefined,
      market: price ? parseDecimal(price) : null,
      cost,
      available: parseDecimal(side === "buy" ? usdt : coins),
    });
    if (!check(fieldErrors(failures, tx))) return;
    step.ask();
  }

  async function place() {
    const body: BodyOf<"/spot/order", "post"> = { symbol, side, type, qty: dec(qty) };
    if (termsVersion !== undefined) body.termsVersion = termsVersion;
    if (type === "limit") body.price = dec(limit);
    const header = { "idempotency-key": step.key };
    const env = await send((c) => c.POST("/spot/order", { body, params: { header } }));
    step.drop();
    if (env) {
      toast(tx["spot.placed"]!);
      put(env.data);
      setQty("");
    }
  }

  async function cancel(id: string) {
    const env = await api((c) =>
      c.POST("/spot/orders/{id}/cancel", { params: { path: { id } }, body: {} })
    );
    setCancelling(null);
    if (env.code === 0) {
      toast(tx["spot.cancelled"]!);
      put(env.data);
    } else toast(env.message, "error");
  }

  return (
    <div class="ticket" data-testid="spot-ticket">
      <form class="form" onSubmit={review} noValidate>
        <SideChoice
          options={["buy", "sell"] as const}
          value={side}
          label={(s) => tx[`spot.${s}`]!}
          onChange={(s) => {
            setSide(s);
            step.drop();
          }}
        />
        <ChipChoice
          options={["market", "limit"] as const}
          value={type}
          label={(x) => tx[`spot.${x}`]!}
          onChange={(x) => {
            setType(x);
            step.drop();
          }}
        />
        {type === "limit" && (
          <DecimalField
            id="price"
            label={tx["spot.price"]!}
            value={limit}
            set={setLimit}
            error={errors.price}
          />
        )}
        <DecimalField
          id="qty"
          label={fill(tx["spot.qty"]!, { base })}
          value={qty}
          set={setQty}
          error={errors.qty}
        />
        <p class="muted small" data-testid="available">
          {fill(tx["exchange.available"]!, {
            amount: side === "buy"
              ? formatAmount(usdt, "USDT", loc)
              : formatNumber(coins, qtyDecimals, loc),
            currency: side === "buy" ? "USDT" : base,
          })}
        </p>
        {estimate && <p class="muted small" data-testid="spot-estimate">{estimate}</p>}
        <ReviewSubmit
          review={step}
          label={tx["spot.place"]!}
          testid="spot-confirm"
          text={fill(tx["spot.confirm"]!, {
            side: tx[`spot.${side}`]!,
            qty: qtyOf(dec(qty)),
            base,
            price: type === "limit" ? px(dec(limit)) : tx["spot.marketPrice"]!,
          })}
          onConfirm={place}
        />
      </form>
      {/* open orders (cancellable) apart from the history (filled, cancelled) */}
      {(["open", "history"] as const).map((part) => {
        const list = orders.filter((o) => allows("spot", o, "cancel") === (part === "open"));
        return (
          <section key={part}>
            <h2 class="section">
              {tx[part === "open" ? "spot.openOrders" : "format.orderHistory"]}
            </h2>
            {list.length === 0
              ? <p class="muted">{tx["spot.none"]}</p>
              : (
                <ul class="list" data-testid={part === "open" ? "spot-orders" : "spot-history"}>
                  {list.map((o) => (
                    <li key={o.orderNo} class="record" data-status={o.status}>
                      <div class="kv-row">
                        <strong>
                          <span class={o.side === "buy" ? "pos" : "neg"}>
                            {tx[`spot.${o.side}`]}
                          </span>{" "}
                          <span class="fig">
                            {qtyOf(o.qty)} {base} @ {px(o.price)}
                          </span>
                        </strong>
                        <span class="muted small">{tx[`spot.status_${o.status}`]}</span>
                      </div>
                      <div class="muted small">
                        {formatShortTime(o.fillTime ?? o.createTime, loc, tz)}
                        {o.status === "filled" && (
                          <>· {tx["flow.type_fee"]} {formatMoney(o.fee, "USDT", loc)}</>
                        )}
                        {" · "}
                        <OrderNo id={o.orderNo} />
                      </div>
                      {allows("spot", o, "cancel") && (
                        <button
                          type="button"
                          class="btn btn-small btn-ghost"
                          onClick={() => setCancelling(o.orderNo)}
                        >
                          {tx["spot.cancel"]}
                        </button>
                      )}
                      {allows("spot", o, "cancel") && cancelling === o.orderNo && (
                        <ConfirmBox
                          testid="spot-cancel-confirm"
                          tx={tx}
                          text={fill(tx["format.confirmCancel"]!, {
                            side: tx[`spot.${o.side}`]!,
                            qty: qtyOf(o.qty),
                            base,
                            price: px(o.price),
                          })}
                          onConfirm={() => cancel(o.orderNo)}
                          onCancel={() => setCancelling(null)}
                        />
                      )}
                    </li>
                  ))}
                </ul>
              )}
          </section>
        );
      })}
    </div>
  );
}
