import { useState } from "preact/hooks";
import { formatDecimal, parseDecimal } from "../core-wasm/decimal.ts";
import { amountRules, fieldErrors, RULE_TEXTS } from "../edge/platform/rules.ts";
import { toast } from "./lib/api.ts";
import { useAvailable } from "./lib/live.ts";
import { Field, type Texts } from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";
import { formatMoney, formatNumber, toApiDecimal, uiLocale } from "../locales/format.ts";

export const TRANSFER_TEXTS = [
  "transfer.from",
  "transfer.to",
  "transfer.switch",
  "transfer.currency",
  "transfer.amount",
  "transfer.amountPlaceholder",
  "transfer.all",
  "transfer.available",
  "transfer.submit",
  "transfer.success",
  "transfer.confirm",
  "transfer.history",
  "assets.wallet_spot",
  "assets.wallet_contract",
  "app.confirm",
  "app.cancel",
  "validation.amountRequired",
  "validation.amountInvalid",
  "errors.NO_TRANSFERABLE",
  "app.networkError",
  "app.timeout",
  ...RULE_TEXTS,
] as const;

type Wallet = "spot" | "contract";

/** USDT between the spot and contract wallets, with a confirmation step. */
export default function TransferForm(
  { tx, available, history }: {
    tx: Texts;
    /** available USDT per wallet as decimal strings with 2 places (rounded down) */
    available: Record<Wallet, string>;
    history: string;
  },
) {
  const [from, setFrom] = useState<Wallet>("spot");
  const [amount, setAmount] = useState("");
  // both wallets' USDT, live from the balance events (2 places, rounded down)
  const [live, setLive] = useAvailable({
    "spot:USDT": available.spot,
    "contract:USDT": available.contract,
  });
  const to2 = (v: string) => formatDecimal(parseDecimal(v), 2);
  const balances: Record<Wallet, string> = {
    spot: to2(live["spot:USDT"]),
    contract: to2(live["contract:USDT"]),
  };
  const [confirming, setConfirming] = useState(false);
  const [requestKey, setRequestKey] = useState("");
  const { errors, busy, check, send } = useForm(tx);
  const to: Wallet = from === "spot" ? "contract" : "spot";
  const name = (w: Wallet) => tx[`assets.wallet_${w}`]!;
  const loc = uiLocale();

  function review(e: Event) {
    e.preventDefault();
    const a = toApiDecimal(amount, loc);
    const errs: Record<string, string> = {};
    if (Number(balances[from]) <= 0) errs.amount = tx["errors.NO_TRANSFERABLE"]!;
    else if (!a) errs.amount = tx["validation.amountRequired"]!;
    else {
      // the server's rules (precision, the balance), checked before the confirmation opens
      Object.assign(
        errs,
        fieldErrors(
          amountRules({
            amount: a,
            currency: "USDT",
            available: parseDecimal(live[`${from}:USDT`]),
          }),
          tx,
        ),
      );
    }
    if (!check(errs)) return;
    // One key per reviewed request: a double click or a retry cannot move the money twice.
    setRequestKey(crypto.randomUUID());
    setConfirming(true);
  }

  async function submit() {
    const env = await send<{ available: { from: string; to: string } }>(
      "/api/account/transfer",
      { from, to, currency: "USDT", amount: toApiDecimal(amount, loc) },
      { headers: { "Idempotency-Key": requestKey } },
    );
    setConfirming(false);
    if (env) {
      toast(tx["transfer.success"]!);
      setLive(`${from}:USDT`, env.data.available.from);
      setLive(`${to}:USDT`, env.data.available.to);
      setAmount("");
    }
  }

  return (
    <form class="form transfer" onSubmit={review} noValidate data-testid="transfer-form">
      <div class="transfer-dir">
        <div>
          <span class="muted small">{tx["transfer.from"]}</span>
          <strong data-testid="transfer-from">{name(from)}</strong>
        </div>
        <button
          type="button"
          class="btn btn-ghost btn-small"
          aria-label={tx["transfer.switch"]}
          data-testid="transfer-switch"
          onClick={() => {
            setFrom(to);
            setConfirming(false);
          }}
        >
          ⇄
        </button>
        <div>
          <span class="muted small">{tx["transfer.to"]}</span>
          <strong data-testid="transfer-to">{name(to)}</strong>
        </div>
      </div>
      <p class="muted">{tx["transfer.currency"]}: USDT</p>
      <Field id="amount" label={tx["transfer.amount"]!} error={errors.amount}>
        <div class="code-row">
          <input
            id="amount"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={tx["transfer.amountPlaceholder"]}
            value={amount}
            maxLength={20}
            onInput={(e) => {
              setAmount(e.currentTarget.value);
              setConfirming(false);
            }}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? "amount-error" : undefined}
          />
          <button
            type="button"
            class="btn btn-ghost"
            onClick={() => setAmount(formatNumber(balances[from], 2, loc))}
          >
            {tx["transfer.all"]}
          </button>
        </div>
      </Field>
      <p class="muted" data-testid="transfer-available">
        {tx["transfer.available"]}: {formatMoney(balances[from], "USDT", loc)}
      </p>
      {confirming
        ? (
          <div class="confirm" role="group" data-testid="transfer-confirm">
            <p>
              {tx["transfer.confirm"]!.replace(
                "{{amount}}",
                formatNumber(toApiDecimal(amount, loc), 2, loc),
              ).replace(
                "{{currency}}",
                "USDT",
              )
                .replace("{{from}}", name(from)).replace("{{to}}", name(to))}
            </p>
            <div class="row">
              <button type="button" class="btn btn-primary" disabled={busy} onClick={submit}>
                {tx["app.confirm"]}
              </button>
              <button type="button" class="btn btn-ghost" onClick={() => setConfirming(false)}>
                {tx["app.cancel"]}
              </button>
            </div>
          </div>
        )
        : (
          <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
            {tx["transfer.submit"]}
          </button>
        )}
      <p class="links">
        <a href={history}>{tx["transfer.history"]}</a>
      </p>
    </form>
  );
}
