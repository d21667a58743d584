import { useEffect, useState } from "preact/hooks";
import { parseDecimal } from "../core-wasm/decimal.ts";
import { amountRules, CURRENCY_CHOICES, fieldErrors, RULE_TEXTS } from "../contract/funds_rules.ts";
import type { Currency } from "../contract/currencies.ts";
import type { ExchangeQuoteJson } from "../contract/trading.ts";
import { toast } from "./lib/api.ts";
import { useAvailable } from "./lib/live.ts";
import { ConfirmBox, DecimalField, Field, fill, type Texts } from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";
import { formatAmount, formatExact, toApiDecimal, uiLocale } from "../locales/format.ts";

export const EXCHANGE_TEXTS = [
  "exchange.from",
  "exchange.to",
  "exchange.amount",
  "exchange.getQuote",
  "exchange.rate",
  "exchange.gross",
  "exchange.fee",
  "exchange.receive",
  "exchange.validFor",
  "exchange.expired",
  "exchange.confirm",
  "exchange.done",
  "exchange.history",
  "exchange.available",
  "app.confirm",
  "app.cancel",
  "validation.amountRequired",
  "app.networkError",
  "app.timeout",
  ...RULE_TEXTS,
] as const;

type Cur = Currency;
type Quote = ExchangeQuoteJson;
const CURS = CURRENCY_CHOICES;

/** Convert among BTC, ETH and USDT: get a quote, confirm it before it expires. */
export default function ExchangeForm(
  { tx, balances: initial, history }: { tx: Texts; balances: Record<Cur, string>; history: string },
) {
  const [from, setFrom] = useState<Cur>("BTC");
  const [to, setTo] = useState<Cur>("USDT");
  const [amount, setAmount] = useState("");
  const [quote, setQuote] = useState<Quote | null>(null);
  // the spot wallet, live from the balance events
  const [live] = useAvailable({
    "spot:BTC": initial.BTC,
    "spot:ETH": initial.ETH,
    "spot:USDT": initial.USDT,
  });
  const balances: Record<Cur, string> = {
    BTC: live["spot:BTC"],
    ETH: live["spot:ETH"],
    USDT: live["spot:USDT"],
  };
  const [left, setLeft] = useState(0);
  const { errors, busy, check, send } = useForm(tx);
  const loc = uiLocale();
  /** the rate exactly as quoted (to 10^-8): amount x this rate is the value shown under it */
  const rateOf = (q: Quote) => formatExact(q.rate, q.to, loc);

  useEffect(() => {
    if (!quote) return;
    const id = setInterval(
      () => setLeft(Math.max(0, Math.ceil((quote.expiresAt - Date.now()) / 1000))),
      250,
    );
    setLeft(Math.max(0, Math.ceil((quote.expiresAt - Date.now()) / 1000)));
    return () => clearInterval(id);
  }, [quote]);

  async function getQuote(e: Event) {
    e.preventDefault();
    // the server's rules (precision, the balance), checked before a quote is asked for
    const canonical = toApiDecimal(amount, loc);
    const failures = amountRules({
      amount: canonical,
      currency: from,
      available: parseDecimal(balances[from]),
    });
    if (!check(fieldErrors(failures, tx))) return;
    const env = await send((c) =>
      c.POST("/exchange/quote", { body: { from, to, amount: canonical } })
    );
    setQuote(env ? env.data : null);
  }

  async function confirm() {
    if (!quote) return;
    const env = await send((c) =>
      c.POST("/exchange/confirm", { body: { quoteId: quote.quoteId } })
    );
    if (env) {
      toast(tx["exchange.done"]!);
      setQuote(null);
      setAmount("");
      // balances and history are server-rendered: show the new ones
      location.reload();
    }
  }

  const select = (id: string, label: string, value: Cur, set: (c: Cur) => void) => (
    <Field id={id} label={label}>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          set(e.currentTarget.value as Cur);
          setQuote(null);
        }}
      >
        {CURS.map((c) => <option key={c} value={c}>{c}</option>)}
      </select>
    </Field>
  );

  return (
    <form class="form ticket" onSubmit={getQuote} noValidate data-testid="exchange-form">
      <div class="two">
        {select("from", tx["exchange.from"]!, from, setFrom)}
        {select("to", tx["exchange.to"]!, to, setTo)}
      </div>
      <p class="muted small" data-testid="available">
        {fill(tx["exchange.available"]!, {
          amount: formatAmount(balances[from], from, loc),
          currency: from,
        })}
      </p>
      <DecimalField
        id="amount"
        label={tx["exchange.amount"]!}
        error={errors.amount ?? errors.to}
        value={amount}
        set={(v) => {
          setAmount(v);
          setQuote(null);
        }}
      />
      {quote && left === 0 && <p class="muted">{tx["exchange.expired"]}</p>}
      <button type="submit" class="btn btn-primary btn-block" disabled={busy}>
        {tx["exchange.getQuote"]}
      </button>
      {/* the quote opens over the form while it is valid; focus comes back to Get quote */}
      {quote && left > 0 && (
        <ConfirmBox
          testid="exchange-quote"
          tx={tx}
          busy={busy}
          title={tx["exchange.confirm"]}
          confirmLabel={tx["exchange.confirm"]}
          onConfirm={confirm}
          onCancel={() => setQuote(null)}
        >
          <p data-testid="exchange-rate">
            {fill(tx["exchange.rate"]!, { from: quote.from, rate: rateOf(quote), to: quote.to })}
          </p>
          <p class="muted small" data-testid="exchange-gross">
            {fill(tx["exchange.gross"]!, {
              amount: formatExact(quote.amount, quote.from, loc),
              from: quote.from,
              rate: rateOf(quote),
              gross: formatAmount(quote.gross, quote.to, loc),
              to: quote.to,
            })}
          </p>
          <p class="muted small" data-testid="exchange-fee">
            {fill(tx["exchange.fee"]!, {
              fee: formatAmount(quote.fee, quote.to, loc),
              to: quote.to,
            })}
          </p>
          <p>
            <strong data-testid="exchange-receive">
              {fill(tx["exchange.receive"]!, {
                amount: formatAmount(quote.receive, quote.to, loc),
                to: quote.to,
              })}
            </strong>
          </p>
          <p class="muted small">{fill(tx["exchange.validFor"]!, { s: left })}</p>
        </ConfirmBox>
      )}
      <p class="links">
        <a href={history}>{tx["exchange.history"]}</a>
      </p>
    </form>
  );
}
