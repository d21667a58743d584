import { useEffect, useState } from "preact/hooks";
import { toast } from "./lib/api.ts";
import { ChipChoice, TextField, type Texts } from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";
import { toApiDecimal, uiLocale } from "../locales/format.ts";
import { amountRules, CURRENCY_CHOICES, fieldErrors } from "../contract/funds_rules.ts";
import type { ChannelJson as RechargeChannelJson } from "../contract/funds.ts";
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
  "validation.voucherRequired",
  "app.timeout",
  ...UPLOAD_TEXTS,
] as const;

export type Channel = RechargeChannelJson;

/**
 * What the customer entered, kept in sessionStorage so a refresh in the middle of a recharge
 * keeps it (this tab only, gone with it). The draft names its owner: another account signing in
 * on the tab gets none of it, and never the voucher, which is an image id only its owner may
 * read (the server refuses another's anyway). Dropped once the recharge is submitted.
 */
const DRAFT_KEY = "tw.rechargeDraft";
interface Draft {
  owner: string;
  currency: Channel["currency"];
  channelId: string | null;
  amount: string;
  remitterName: string;
  remitterAccount: string;
  voucher: string | null;
}

function readDraft(owner: string): Draft | null {
  try {
    const d = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? "null") as Draft | null;
    if (d && d.owner === owner) return d;
    sessionStorage.removeItem(DRAFT_KEY);
  } catch { /* no storage (private mode) or a malformed draft: start empty */ }
  return null;
}

/** Offline recharge: pick a channel, see where to transfer, then report it with the receipt. */
export default function RechargeForm(
  { tx, channels, history, owner }: {
    tx: Texts;
    channels: Channel[];
    history: string;
    /** the signed-in customer: the draft's owner */
    owner: string;
  },
) {
  const [currency, setCurrency] = useState<Channel["currency"]>("USDT");
  const [channelId, setChannelId] = useState<string | null>(null);
  const [amount, setAmount] = useState("");
  const [remitterName, setRemitterName] = useState("");
  const [remitterAccount, setRemitterAccount] = useState("");
  const [voucher, setVoucher] = useState<string | null>(null);
  const [restored, setRestored] = useState(false);
  const { errors, busy, check, send, edited } = useForm(tx);
  // after hydration (the server rendered the empty form): take the draft back, then keep it
  useEffect(() => {
    const d = readDraft(owner);
    if (d) {
      setCurrency(d.currency);
      setChannelId(d.channelId);
      setAmount(d.amount);
      setRemitterName(d.remitterName);
      setRemitterAccount(d.remitterAccount);
      setVoucher(d.voucher);
    }
    setRestored(true);
  }, []);
  useEffect(() => {
    if (!restored) return;
    const d: Draft = { owner, currency, channelId, amount, remitterName, remitterAccount, voucher };
    try {
      sessionStorage.setItem(DRAFT_KEY, JSON.stringify(d));
    } catch { /* storage full or refused: the form still works */ }
  }, [restored, currency, channelId, amount, remitterName, remitterAccount, voucher]);
  const list = channels.filter((c) => c.currency === currency);
  const channel = list.find((c) => c.id === channelId) ?? null;

  async function submit(e: Event) {
    e.preventDefault();
    if (!channel) return;
    const a = toApiDecimal(amount, uiLocale());
    // the server's rule: a positive amount at the currency's precision
    const errs: Record<string, string> = fieldErrors(amountRules({ amount: a, currency }), tx);
    if (!remitterName.trim()) errs.remitterName = tx["validation.remitterNameRequired"]!;
    if (!remitterAccount.trim()) errs.remitterAccount = tx["validation.remitterAccountRequired"]!;
    if (!voucher) errs.voucherImageId = tx["validation.voucherRequired"]!;
    if (!check(errs)) return;
    const body = {
      currency,
      channelId: channel.id,
      amount: a,
      remitterName: remitterName.trim(),
      remitterAccount: remitterAccount.trim(),
      voucherImageId: voucher!,
    };
    const env = await send((c) => c.POST("/recharge", { body }));
    if (env) {
      try {
        sessionStorage.removeItem(DRAFT_KEY);
      } catch { /* nothing kept */ }
      setRestored(false);
      toast(tx["recharge.success"]!);
      setTimeout(() => location.href = history, 600);
    }
  }

  const label = (k: string) => tx[`recharge.field.${k}`] ?? k;
  return (
    <div class="recharge" data-testid="recharge">
      <ChipChoice
        options={CURRENCY_CHOICES}
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
          <TextField
            id="amount"
            label={`${tx["funds.amount"]} (${currency})`}
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            placeholder={tx["recharge.amountPlaceholder"]}
            value={amount}
            set={(v) => {
              setAmount(v);
              edited("amount");
            }}
            error={errors.amount}
          />
          <TextField
            id="remitterName"
            label={tx["recharge.remitterName"]!}
            autoComplete="name"
            maxLength={64}
            value={remitterName}
            set={(v) => {
              setRemitterName(v);
              edited("remitterName");
            }}
            error={errors.remitterName}
          />
          <TextField
            id="remitterAccount"
            label={tx["recharge.remitterAccount"]!}
            autoComplete="off"
            maxLength={100}
            value={remitterAccount}
            set={(v) => {
              setRemitterAccount(v);
              edited("remitterAccount");
            }}
            error={errors.remitterAccount}
          />
          <ImageUpload
            id="voucher"
            label={tx["recharge.voucher"]!}
            tx={tx}
            initial={voucher}
            error={errors.voucherImageId}
            onChange={(id) => {
              setVoucher(id);
              edited("voucherImageId");
            }}
          />
          <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
            {tx["recharge.submit"]}
          </button>
        </form>
      )}
    </div>
  );
}
