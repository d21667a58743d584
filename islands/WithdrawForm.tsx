import { useEffect, useState } from "preact/hooks";
import { formatDecimal, parseDecimal } from "../core-wasm/decimal.ts";
import { fieldErrors, RULE_TEXTS, withdrawAmountRules } from "../contract/funds_rules.ts";
import { codeProblem, isDrawPassword } from "../contract/credentials.ts";
import type { WithdrawPreview } from "../contract/funds.ts";
import { api, toast } from "./lib/api.ts";
import { subscribe } from "./lib/socket.ts";
import {
  AmountField,
  Field,
  fill,
  PasswordInput,
  ReviewSubmit,
  type Texts,
  TotpField,
  useReview,
} from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";
import {
  currencyDecimals,
  formatAmount,
  formatNumber,
  formatShortTime,
  toApiDecimal,
  uiLocale,
} from "../locales/format.ts";

export const WITHDRAW_TEXTS = [
  "withdraw.to",
  "withdraw.noMethod",
  "withdraw.bindCard",
  "withdraw.bindAddress",
  "withdraw.available",
  "withdraw.limits",
  "withdraw.feeRule",
  "withdraw.turnoverLeft",
  "withdraw.turnoverDone",
  "withdraw.drawPassword",
  "withdraw.drawPasswordPlaceholder",
  "withdraw.setDrawPassword",
  "withdraw.certifyFirst",
  "withdraw.submit",
  "withdraw.confirm",
  "withdraw.success",
  "withdraw.maintenance",
  "withdraw.all",
  "withdraw.onHold",
  "methods.holdNotice",
  "validation.methodOnHold",
  "funds.amount",
  "funds.fee",
  "funds.net",
  "validation.amountRequired",
  "validation.amountInvalid",
  "validation.drawPasswordRequired",
  "validation.drawPasswordRule",
  "validation.methodRequired",
  "validation.totpRequired",
  "validation.totpInvalid",
  "twofa.code",
  "twofa.codePlaceholder",
  "app.confirm",
  "app.cancel",
  "app.networkError",
  "app.timeout",
  ...RULE_TEXTS,
] as const;

export type { WithdrawPreview };

/** Withdrawal to a bound method: limits, fee and net first, then the withdrawal password. */
export default function WithdrawForm(
  { tx, initial, certified, hasDrawPassword, twoFactor = false, timeZone, links }: {
    tx: Texts;
    initial: WithdrawPreview;
    /** the customer's time zone (when a newly bound method becomes usable) */
    timeZone?: string;
    certified: boolean;
    hasDrawPassword: boolean;
    /** Two-factor is on: the withdrawal asks for an authenticator code too. */
    twoFactor?: boolean;
    links: {
      bindCard: string;
      bindAddress: string;
      history: string;
      certify: string;
      drawPassword: string;
    };
  },
) {
  const [p, setP] = useState(initial);
  const [methodId, setMethodId] = useState(initial.methods[0]?.id ?? "");
  const [amount, setAmount] = useState("");
  const [password, setPassword] = useState("");
  const [totp, setTotp] = useState("");
  const { errors, busy, check, send, edited } = useForm(tx);
  const step = useReview(tx, busy);
  const method = p.methods.find((m) => m.id === methodId);
  const loc = uiLocale();
  /** the amount as typed in the customer's language -> the API's decimal string */
  const apiAmount = toApiDecimal(amount, loc);
  const amt = (v: string | null) => v === null ? "—" : formatAmount(v, p.currency, loc);
  /** "usable from ..." for a method still on its 24 h hold after binding, else null */
  const holdOf = (id: string) => {
    const h = p.held.find((x) => x.id === id);
    return h
      ? fill(tx["withdraw.onHold"]!, { time: formatShortTime(h.usableAt, loc, timeZone) })
      : null;
  };
  const hold = holdOf(methodId);

  // the available balance, live from the balance events (the currency's precision, rounded down)
  useEffect(() =>
    subscribe("user", (e) => {
      if (e.type !== "balance") return;
      setP((cur) => {
        const a = e.accounts.find((x) => x.wallet === "spot" && x.currency === cur.currency);
        if (!a) return cur;
        const shown = formatDecimal(parseDecimal(a.available), currencyDecimals(cur.currency));
        return { ...cur, available: shown.replace(/\.?0+$/, "") || "0" };
      });
    }), []);

  // fee, net and limits for the chosen method and amount, from the server
  useEffect(() => {
    const timer = setTimeout(async () => {
      const query = {
        ...(methodId ? { methodId } : {}),
        ...(/^\d+(\.\d+)?$/.test(apiAmount) ? { amount: apiAmount } : {}),
      };
      const env = await api((c) => c.GET("/withdraw/preview", { params: { query } }));
      if (env.code === 0) setP(env.data);
    }, 250);
    return () => clearTimeout(timer);
  }, [methodId, amount]);

  if (!p.enabled) return <p class="notice" role="alert">{tx["withdraw.maintenance"]}</p>;
  if (!certified) {
    return (
      <p class="notice">
        {tx["withdraw.certifyFirst"]} <a href={links.certify}>›</a>
      </p>
    );
  }
  if (p.methods.length === 0) {
    return (
      <div class="card" data-testid="withdraw-no-method">
        <p>{tx["withdraw.noMethod"]}</p>
        <div class="row">
          <a class="btn btn-ghost" href={links.bindCard}>{tx["withdraw.bindCard"]}</a>
          <a class="btn btn-ghost" href={links.bindAddress}>{tx["withdraw.bindAddress"]}</a>
        </div>
      </div>
    );
  }

  async function review(e: Event) {
    e.preventDefault();
    const a = apiAmount;
    const errs: Record<string, string> = {};
    if (!method) errs.methodId = tx["validation.methodRequired"]!;
    else if (hold) errs.methodId = tx["validation.methodOnHold"]!;
    // the server's rules (precision, min, max, the balance), checked before the confirmation
    Object.assign(
      errs,
      fieldErrors(
        withdrawAmountRules({
          amount: a,
          currency: p.currency,
          min: parseDecimal(p.min),
          max: parseDecimal(p.max),
          available: parseDecimal(p.available),
        }),
        tx,
      ),
    );
    // the stored withdrawal password is checked by the server; only its shape here
    if (!password) errs.drawPassword = tx["validation.drawPasswordRequired"]!;
    else if (!isDrawPassword(password)) errs.drawPassword = tx["validation.drawPasswordRule"]!;
    const code = twoFactor ? codeProblem(totp, "totp") : null;
    if (code) errs.totp = tx[`validation.${code}`]!;
    if (!check(errs)) return;
    // the confirmation quotes the fee and net for exactly this amount
    const query = { methodId, amount: a };
    const env = await api((c) => c.GET("/withdraw/preview", { params: { query } }));
    if (env.code === 0) setP(env.data);
    step.ask();
  }

  async function submit() {
    const body = {
      methodId,
      amount: apiAmount,
      drawPassword: password,
      ...(twoFactor ? { totp } : {}),
    };
    const header = { "idempotency-key": step.key };
    const env = await send((c) => c.POST("/withdraw", { body, params: { header } }));
    step.drop();
    if (env) {
      toast(tx["withdraw.success"]!);
      setTimeout(() => location.href = links.history, 600);
    }
  }

  const remaining = parseDecimal(p.turnover.remaining) > 0n;
  return (
    <form class="form withdraw" onSubmit={review} noValidate data-testid="withdraw-form">
      <Field id="methodId" label={tx["withdraw.to"]!} error={errors.methodId}>
        <select
          id="methodId"
          value={methodId}
          onChange={(e) => {
            setMethodId(e.currentTarget.value);
            step.drop();
            edited("methodId");
          }}
        >
          {p.methods.map((m) => <option value={m.id} key={m.id}>{m.label}</option>)}
        </select>
      </Field>
      {p.held.length > 0 && (
        <div class={hold ? "notice" : "muted small"} data-testid="withdraw-method-hold">
          <p>{tx["methods.holdNotice"]}</p>
          {p.methods.filter((m) =>
            holdOf(m.id)
          ).map((m) => (
            <p key={m.id}>
              <strong>{m.label}</strong> · {holdOf(m.id)}
            </p>
          ))}
        </div>
      )}
      <AmountField
        label={`${tx["funds.amount"]} (${p.currency})`}
        value={amount}
        set={(v) => {
          setAmount(v);
          step.drop();
          edited("amount");
          // no fee or net from the last amount beside the new one while it is quoted
          setP((cur) => ({ ...cur, fee: null, net: null }));
        }}
        error={errors.amount}
        allLabel={tx["withdraw.all"]!}
        onAll={() => {
          setAmount(formatAmount(p.available, p.currency, loc));
          edited("amount");
        }}
      />
      <div class="kv" data-testid="withdraw-figures">
        <div class="kv-row">
          <span class="muted">{tx["withdraw.available"]}</span>
          <span data-testid="available">{amt(p.available)} {p.currency}</span>
        </div>
        <div class="kv-row">
          <span class="muted">{tx["funds.fee"]}</span>
          <span data-testid="withdraw-fee">{amt(p.fee)} {p.currency}</span>
        </div>
        <div class="kv-row">
          <span class="muted">{tx["funds.net"]}</span>
          <strong data-testid="withdraw-net">{amt(p.net)} {p.currency}</strong>
        </div>
      </div>
      <p class="muted small">
        {fill(tx["withdraw.limits"]!, { min: amt(p.min), max: amt(p.max), currency: p.currency })} ·
        {" "}
        {fill(tx["withdraw.feeRule"]!, {
          rate: formatNumber(p.feePercent, 2, loc),
          minFee: amt(p.minFee),
          currency: p.currency,
        })}
      </p>
      <p class={remaining ? "notice" : "muted small"} data-testid="withdraw-turnover">
        {remaining
          ? fill(tx["withdraw.turnoverLeft"]!, { remaining: amt(p.turnover.remaining) })
          : tx["withdraw.turnoverDone"]}
      </p>
      {hasDrawPassword
        ? (
          <PasswordInput
            id="drawPassword"
            label={tx["withdraw.drawPassword"]!}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            placeholder={tx["withdraw.drawPasswordPlaceholder"]}
            value={password}
            set={(v) => {
              setPassword(v);
              edited("drawPassword");
            }}
            error={errors.drawPassword}
          />
        )
        : (
          <p class="notice">
            <a href={links.drawPassword}>{tx["withdraw.setDrawPassword"]}</a>
          </p>
        )}
      {twoFactor && hasDrawPassword && (
        <TotpField
          value={totp}
          set={(v) => {
            setTotp(v);
            step.drop();
            edited("totp");
          }}
          error={errors.totp}
          tx={tx}
        />
      )}
      <ReviewSubmit
        review={step}
        label={tx["withdraw.submit"]!}
        disabled={busy || !hasDrawPassword}
        testid="withdraw-confirm"
        text={fill(tx["withdraw.confirm"]!, {
          amount: amt(apiAmount),
          currency: p.currency,
          method: method?.label ?? "",
          fee: `${amt(p.fee)} ${p.currency}`,
          net: `${amt(p.net)} ${p.currency}`,
        })}
        onConfirm={submit}
      />
    </form>
  );
}
