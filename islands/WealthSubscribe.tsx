import { useState } from "preact/hooks";
import { parseDecimal } from "../core-wasm/decimal.ts";
import { affordable, amountRules, fieldErrors, RULE_TEXTS } from "../contract/funds_rules.ts";
import { api, toast } from "./lib/api.ts";
import { ConfirmBox, fill, TextField, type Texts } from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";
import { useAvailable } from "./lib/live.ts";
import { TOP_UP_TEXTS, useTopUp } from "./lib/top_up.tsx";
import {
  formatAmount,
  formatExact,
  formatPct,
  formatTime,
  toApiDecimal,
  uiLocale,
} from "../locales/format.ts";
import type { WealthPreviewJson } from "../contract/wealth.ts";

export const WEALTH_SUBSCRIBE_TEXTS = [
  "wealth.amount",
  "wealth.preview",
  "wealth.dailyIncome",
  "wealth.expectedIncome",
  "wealth.apr",
  "wealth.valueDate",
  "wealth.firstPayout",
  "wealth.maturity",
  "wealth.redeemRule",
  "wealth.confirm",
  "wealth.done",
  "wealth.available",
  "wealth.shortfall",
  "app.confirm",
  "app.cancel",
  "errors.WEALTH_LIMITS",
  "page.transfer",
  "page.recharge",
  "app.networkError",
  "app.timeout",
  ...RULE_TEXTS,
  ...TOP_UP_TEXTS,
] as const;

/** Subscribe: the figures first (from the server, as the ledger will record them), then confirm. */
export default function WealthSubscribe(
  { tx, productId, available: initialSpot, contractAvailable = "0", min, max, detailHref, links }: {
    tx: Texts;
    productId: string;
    available: string;
    /** the contract wallet's USDT: an amount the spot wallet cannot cover is moved from it */
    contractAvailable?: string;
    /** the product's limits (decimal strings) */
    min: string;
    max: string;
    /** where an order is shown in this layout (the order number is appended) */
    detailHref: string;
    /** where a customer short of USDT in the spot wallet gets more, in this layout */
    links: { transfer: string; recharge: string };
  },
) {
  const [amount, setAmount] = useState("");
  const [preview, setPreview] = useState<WealthPreviewJson | null>(null);
  const [short, setShort] = useState(false);
  // both wallets' USDT, live from the balance events (and the transfer in place's reply)
  const [balance, setBalance] = useAvailable({
    "spot:USDT": initialSpot,
    "contract:USDT": contractAvailable,
  });
  const available = balance["spot:USDT"];
  const { errors, busy, check, send, edited } = useForm(tx);
  /** what the spot wallet lacks and the contract wallet has (the transfer in place) */
  const topUp = useTopUp(tx, "spot", [balance, setBalance], () => {
    setShort(false);
    check({});
  });
  const loc = uiLocale();
  const usdt = (v: string) => `${formatAmount(v, "USDT", loc)} USDT`;
  /** a limit as people write it: "100,000" (en), "100.000" (de) */
  const limit = (v: string) => formatAmount(v, "USDT", loc, { trim: true });
  // the penalty and refund exactly as the core computed them: they add up to the amount
  const exact = (v: string) => `${formatExact(v, "USDT", loc)} USDT`;

  async function show(e: Event) {
    e.preventDefault();
    const canonical = toApiDecimal(amount, loc);
    // the server's rules first, before any figure: a number at USDT's precision, within the
    // product's limits, within the spot balance (the order reserves it from there)
    let errs = fieldErrors(amountRules({ amount: canonical, currency: "USDT" }), tx);
    let shortfall = false;
    if (!errs.amount) {
      const v = parseDecimal(canonical);
      if (v < parseDecimal(min) || v > parseDecimal(max)) {
        errs = { amount: fill(tx["errors.WEALTH_LIMITS"]!, { min: limit(min), max: limit(max) }) };
      } else {
        errs = fieldErrors(affordable("amount", v, parseDecimal(available), "USDT"), tx);
        shortfall = !!errs.amount;
        // the message and the links stand, and a shortfall the contract wallet covers is offered
        topUp.offer(shortfall ? v : null);
      }
    }
    setShort(shortfall);
    if (!check(errs)) return;
    const params = { path: { id: productId }, query: { amount: canonical } };
    const env = await api((c) => c.GET("/wealth/products/{id}/preview", { params }));
    if (env.code === 0) setPreview(env.data);
    else {
      check(env.data.fields ?? {});
      toast(env.message, "error");
    }
  }

  async function confirm() {
    if (!preview) return;
    const [body, header] = [{ productId, amount: preview.amount }, {
      "idempotency-key": crypto.randomUUID(),
    }];
    const env = await send((c) => c.POST("/wealth/order", { body, params: { header } }));
    if (env) {
      toast(tx["wealth.done"]!);
      location.href = detailHref + encodeURIComponent(env.data.orderNo);
    }
  }

  const row = (label: string, value: string, testid: string) => (
    <div class="row-between">
      <span class="muted">{label}</span>
      <strong data-testid={testid}>{value}</strong>
    </div>
  );
  return (
    <form class="card stack" onSubmit={show} data-testid="wealth-subscribe">
      <TextField
        id="amount"
        label={tx["wealth.amount"]!}
        value={amount}
        inputMode="decimal"
        error={errors.amount}
        set={(v) => {
          setAmount(v);
          setPreview(null);
          setShort(false);
          topUp.offer(null);
          edited("amount");
        }}
      />
      <p class="muted small">{fill(tx["wealth.available"]!, { amount: usdt(available) })}</p>
      {topUp.view}
      {short && (
        <p class="notice small" data-testid="wealth-shortfall">
          {tx["wealth.shortfall"]} <a href={links.transfer}>{tx["page.transfer"]}</a> ·{" "}
          <a href={links.recharge}>{tx["page.recharge"]}</a>
        </p>
      )}
      <button class="btn btn-primary" type="submit" disabled={busy}>
        {tx["wealth.preview"]}
      </button>
      {/* the figures open over the form as its confirmation; focus comes back to the button */}
      {preview && (
        <ConfirmBox
          testid="wealth-preview"
          tx={tx}
          busy={busy}
          title={tx["wealth.confirm"]}
          confirmLabel={tx["wealth.confirm"]}
          onConfirm={confirm}
          onCancel={() => setPreview(null)}
        >
          <div class="stack">
            {row(tx["wealth.dailyIncome"]!, usdt(preview.dailyIncome), "daily")}
            {row(tx["wealth.expectedIncome"]!, usdt(preview.expectedIncome), "expected")}
            {row(tx["wealth.apr"]!, formatPct(preview.apr, loc, { sign: false }), "apr")}
            {row(tx["wealth.valueDate"]!, formatTime(preview.valueDate, loc), "value-date")}
            {row(tx["wealth.firstPayout"]!, formatTime(preview.firstPayout, loc), "first-payout")}
            {row(tx["wealth.maturity"]!, formatTime(preview.maturity, loc), "maturity")}
            <p class="notice small" data-testid="redeem-rule">
              {fill(tx["wealth.redeemRule"]!, {
                ratio: formatPct(preview.redeemRatio, loc, { sign: false }),
                days: String(preview.redeemExample.daysLeft),
                penalty: exact(preview.redeemExample.penalty),
                refund: exact(preview.redeemExample.refund),
              })}
            </p>
          </div>
        </ConfirmBox>
      )}
    </form>
  );
}
