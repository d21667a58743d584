import { useState } from "preact/hooks";
import { api, toast } from "./lib/api.ts";
import { fill, TextField, type Texts } from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";
import {
  formatAmount,
  formatExact,
  formatPct,
  formatTime,
  toApiDecimal,
  uiLocale,
} from "../locales/format.ts";
import type { WealthPreviewJson } from "../edge/platform/wire.ts";

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
  "validation.amountRequired",
  "app.networkError",
  "app.timeout",
] as const;

/** Subscribe: the figures first (from the server, as the ledger will record them), then confirm. */
export default function WealthSubscribe(
  { tx, productId, available, detailHref }: {
    tx: Texts;
    productId: string;
    available: string;
    /** where an order is shown in this layout (the order number is appended) */
    detailHref: string;
  },
) {
  const [amount, setAmount] = useState("");
  const [preview, setPreview] = useState<WealthPreviewJson | null>(null);
  const { errors, busy, check, send } = useForm(tx);
  const loc = uiLocale();
  const usdt = (v: string) => `${formatAmount(v, "USDT", loc)} USDT`;
  // the penalty and refund exactly as the core computed them: they add up to the amount
  const exact = (v: string) => `${formatExact(v, "USDT", loc)} USDT`;

  async function show(e: Event) {
    e.preventDefault();
    const canonical = toApiDecimal(amount, loc);
    if (!check(canonical ? {} : { amount: tx["validation.amountRequired"]! })) return;
    const env = await api<WealthPreviewJson>(
      `/api/wealth/products/${productId}/preview?amount=${encodeURIComponent(canonical)}`,
      { method: "GET" },
    );
    if (env.code === 0) setPreview(env.data);
    else {
      check(env.data.fields ?? {});
      toast(env.message, "error");
    }
  }

  async function confirm() {
    if (!preview) return;
    const env = await send<{ orderNo: string }>("/api/wealth/order", {
      productId,
      amount: preview.amount,
    }, { headers: { "Idempotency-Key": crypto.randomUUID() } });
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
        }}
      />
      <p class="muted small">{fill(tx["wealth.available"]!, { amount: usdt(available) })}</p>
      {!preview && (
        <button class="btn btn-primary" type="submit" disabled={busy}>
          {tx["wealth.preview"]}
        </button>
      )}
      {preview && (
        <div class="stack" data-testid="wealth-preview">
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
          <button class="btn btn-primary" type="button" disabled={busy} onClick={confirm}>
            {tx["wealth.confirm"]}
          </button>
        </div>
      )}
    </form>
  );
}
