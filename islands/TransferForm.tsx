import { useState } from "preact/hooks";
import { parseDecimal } from "../core-wasm/decimal.ts";
import { DECIMALS, fieldErrors, RULE_TEXTS, transferRules } from "../contract/funds_rules.ts";
import type { Wallet } from "../contract/currencies.ts";
import { toast } from "./lib/api.ts";
import { useAvailable } from "./lib/live.ts";
import { AmountField, fill, ReviewSubmit, type Texts, useReview } from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";
import { formatAmount, formatMoney, toApiDecimal, uiLocale } from "../locales/format.ts";

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
  /** units (10^-8) of a decimal string, cut to USDT's precision as the wallet shows it */
  const shown = (v: string) => {
    const step = 10n ** BigInt(8 - DECIMALS.USDT);
    return parseDecimal(v) / step * step;
  };
  const balances: Record<Wallet, bigint> = {
    spot: shown(live["spot:USDT"]),
    contract: shown(live["contract:USDT"]),
  };
  const { errors, busy, check, send } = useForm(tx);
  const step = useReview(tx, busy);
  const to: Wallet = from === "spot" ? "contract" : "spot";
  const name = (w: Wallet) => tx[`assets.wallet_${w}`]!;
  const loc = uiLocale();

  function review(e: Event) {
    e.preventDefault();
    // the server's rules (something to transfer, precision, the balance), in bigint units,
    // checked before the confirmation opens; what the wallet shows (cut to USDT's precision)
    // is what counts as transferable
    const failures = transferRules({
      amount: toApiDecimal(amount, loc),
      currency: "USDT",
      available: balances[from],
    });
    if (!check(fieldErrors(failures, tx))) return;
    step.ask();
  }

  async function submit() {
    const body = { from, to, currency: "USDT" as const, amount: toApiDecimal(amount, loc) };
    const header = { "idempotency-key": step.key };
    const env = await send((c) => c.POST("/account/transfer", { body, params: { header } }));
    step.drop();
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
            step.drop();
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
      <AmountField
        label={tx["transfer.amount"]!}
        value={amount}
        set={(v) => {
          setAmount(v);
          step.drop();
        }}
        error={errors.amount}
        placeholder={tx["transfer.amountPlaceholder"]}
        allLabel={tx["transfer.all"]!}
        onAll={() => setAmount(formatAmount(balances[from], "USDT", loc))}
      />
      <p class="muted" data-testid="transfer-available">
        {tx["transfer.available"]}: {formatMoney(balances[from], "USDT", loc)}
      </p>
      <ReviewSubmit
        review={step}
        label={tx["transfer.submit"]!}
        testid="transfer-confirm"
        text={fill(tx["transfer.confirm"]!, {
          amount: formatAmount(toApiDecimal(amount, loc), "USDT", loc),
          currency: "USDT",
          from: name(from),
          to: name(to),
        })}
        onConfirm={submit}
      />
      <p class="links">
        <a href={history}>{tx["transfer.history"]}</a>
      </p>
    </form>
  );
}
