import { useState } from "preact/hooks";
import { toast } from "./lib/api.ts";
import { ChipChoice, Field, type Texts } from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";
import { toApiDecimal, uiLocale } from "../locales/format.ts";
import { ImageUpload, UPLOAD_TEXTS } from "./lib/upload.tsx";

export const RECHARGE_TEXTS = [
  "recharge.chooseChannel",
  "recharge.maintenance",
  "recharge.details",
  "recharge.instructions",
  "recharge.remitterName",
  "recharge.remitterAccount",
  "recharge.voucher",
  "recharge.amountPlaceholder",
  "recharge.submit",
  "recharge.success",
  "recharge.field.beneficiary",
  "recharge.field.accountNumber",
  "recharge.field.bankName",
  "recharge.field.swift",
  "recharge.field.network",
  "recharge.field.address",
  "funds.amount",
  "funds.currency",
  "funds.copy",
  "funds.copied",
  "validation.amountRequired",
  "validation.amountInvalid",
  "validation.remitterNameRequired",
  "validation.remitterAccountRequired",
  "validation.imageMissing",
  "app.timeout",
  ...UPLOAD_TEXTS,
] as const;

export interface Channel {
  id: string;
  currency: "USDT" | "BTC" | "ETH";
  kind: "bank" | "crypto";
  name: string;
  details: Record<string, string>;
  instructions: string;
  enabled: boolean;
}

const DECIMALS = { USDT: 2, BTC: 6, ETH: 5 } as const;
const CURRENCIES = ["USDT", "BTC", "ETH"] as const;

/** Offline recharge: pick a channel, see where to transfer, then report it with the receipt. */
export default function RechargeForm(
  { tx, channels, history }: { tx: Texts; channels: Channel[]; history: string },
) {
  const [currency, setCurrency] = useState<Channel["currency"]>("USDT");
  const [channelId, setChannelId] = useState<string | null>(null);
  const [amount, setAmount] = useState("");
  const [remitterName, setRemitterName] = useState("");
  const [remitterAccount, setRemitterAccount] = useState("");
  const [voucher, setVoucher] = useState<string | null>(null);
  const { errors, busy, check, send } = useForm(tx);
  const list = channels.filter((c) => c.currency === currency);
  const channel = list.find((c) => c.id === channelId) ?? null;

  async function submit(e: Event) {
    e.preventDefault();
    if (!channel) return;
    const a = toApiDecimal(amount, uiLocale());
    const errs: Record<string, string> = {};
    const re = new RegExp(`^\\d+(\\.\\d{1,${DECIMALS[currency]}})?$`);
    if (!a) errs.amount = tx["validation.amountRequired"]!;
    else if (!re.test(a) || Number(a) <= 0) errs.amount = tx["validation.amountInvalid"]!;
    if (!remitterName.trim()) errs.remitterName = tx["validation.remitterNameRequired"]!;
    if (!remitterAccount.trim()) errs.remitterAccount = tx["validation.remitterAccountRequired"]!;
    if (!voucher) errs.voucherImageId = tx["validation.imageMissing"]!;
    if (!check(errs)) return;
    const env = await send("/api/recharge", {
      currency,
      channelId: channel.id,
      amount: a,
      remitterName: remitterName.trim(),
      remitterAccount: remitterAccount.trim(),
      voucherImageId: voucher,
    });
    if (env) {
      toast(tx["recharge.success"]!);
      setTimeout(() => location.href = history, 600);
    }
  }

  const label = (k: string) => tx[`recharge.field.${k}`] ?? k;
  return (
    <div class="recharge" data-testid="recharge">
      <ChipChoice
        options={CURRENCIES}
        value={currency}
        label={(c) => c}
        onChange={(c) => {
          setCurrency(c);
          setChannelId(null);
        }}
      />
      <h2 class="section">{tx["recharge.chooseChannel"]}</h2>
      <ul class="list" data-testid="recharge-channels">
        {list.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              class="list-row"
              aria-current={c.id === channelId ? "true" : undefined}
              onClick={() =>
                c.enabled ? setChannelId(c.id) : toast(tx["recharge.maintenance"]!, "error")}
              data-testid={`channel-${c.id}`}
            >
              <span>{c.name}</span>
              <span class={c.enabled ? "muted" : "badge"}>
                {c.enabled ? "›" : tx["recharge.maintenance"]}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {list.length === 0 && <p class="muted">{tx["recharge.maintenance"]}</p>}
      {channel && (
        <form class="form" onSubmit={submit} noValidate data-testid="recharge-form">
          <section class="card" aria-label={tx["recharge.details"]}>
            <h2>{tx["recharge.details"]}</h2>
            {Object.entries(channel.details).map(([k, v]) => (
              <div class="kv-row" key={k}>
                <span class="muted">{label(k)}</span>
                <span class="mono wrap" data-testid={`detail-${k}`}>{v}</span>
                <button
                  type="button"
                  class="btn btn-ghost btn-small"
                  onClick={() =>
                    navigator.clipboard?.writeText(v).then(() => toast(tx["funds.copied"]!))}
                >
                  {tx["funds.copy"]}
                </button>
              </div>
            ))}
            {channel.instructions && (
              <p class="muted small">
                <strong>{tx["recharge.instructions"]}:</strong> {channel.instructions}
              </p>
            )}
          </section>
          <Field id="amount" label={`${tx["funds.amount"]} (${currency})`} error={errors.amount}>
            <input
              id="amount"
              inputMode="decimal"
              autoComplete="off"
              maxLength={20}
              placeholder={tx["recharge.amountPlaceholder"]}
              value={amount}
              onInput={(e) => setAmount(e.currentTarget.value)}
              aria-invalid={errors.amount ? true : undefined}
            />
          </Field>
          <Field id="remitterName" label={tx["recharge.remitterName"]!} error={errors.remitterName}>
            <input
              id="remitterName"
              autoComplete="name"
              maxLength={64}
              value={remitterName}
              onInput={(e) => setRemitterName(e.currentTarget.value)}
              aria-invalid={errors.remitterName ? true : undefined}
            />
          </Field>
          <Field
            id="remitterAccount"
            label={tx["recharge.remitterAccount"]!}
            error={errors.remitterAccount}
          >
            <input
              id="remitterAccount"
              autoComplete="off"
              maxLength={100}
              value={remitterAccount}
              onInput={(e) => setRemitterAccount(e.currentTarget.value)}
              aria-invalid={errors.remitterAccount ? true : undefined}
            />
          </Field>
          <ImageUpload
            id="voucher"
            label={tx["recharge.voucher"]!}
            tx={tx}
            error={errors.voucherImageId}
            onChange={setVoucher}
          />
          <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
            {tx["recharge.submit"]}
          </button>
        </form>
      )}
    </div>
  );
}
