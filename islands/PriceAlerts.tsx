/**
 * Price alerts of one symbol on its product page (both layouts): set "at or above", "at or
 * below" a price or "moves x % in 24 h", see them with their state (a fired one names the price
 * and the tape number of the tick that fired it), edit (a fired alert edited is armed again) and
 * delete. The form checks the value like the server (a positive price; 0.1 to 100 %) before
 * sending; the server's field messages and the 50-alert limit come back as they are. An alert
 * firing while the page is open shows at once (its notification on the private channel).
 */
import { useEffect, useState } from "preact/hooks";
import {
  ALERT_KINDS,
  type AlertJsonT,
  type AlertKind,
  MAX_ALERTS,
} from "../contract/notifications.ts";
import { parseDecimal } from "../core-wasm/decimal.ts";
import { canonicalDecimal, formatPrice } from "../locales/format.ts";
import { api, type BodyOf, toast } from "./lib/api.ts";
import { ChipChoice, Field, fill, TextInput, type Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";
import { subscribe } from "./lib/socket.ts";

export const ALERT_TEXTS = [
  "alerts.title",
  "alerts.kind",
  "alerts.kind_above",
  "alerts.kind_below",
  "alerts.kind_move",
  "alerts.row_move",
  "alerts.price",
  "alerts.percent",
  "alerts.set",
  "alerts.save",
  "alerts.edit",
  "alerts.delete",
  "alerts.cancel",
  "alerts.active",
  "alerts.fired",
  "alerts.empty",
  "alerts.count",
  "alerts.signIn",
  "alerts.setOk",
  "alerts.deleted",
  "validation.invalid",
  "app.networkError",
  "app.timeout",
] as const;

export type PriceAlertsProps = {
  tx: Texts;
  locale: string;
  symbol: string;
  /** "BTC/USDT" */
  label: string;
  priceDecimals: number;
  /** the customer's alerts on every symbol (the count is across them); null: not signed in */
  items: AlertJsonT[] | null;
  loginHref: string;
};

/** The value as the API takes it, or null when it breaks the rule of its kind. */
function valueOf(kind: AlertKind, input: string, locale: string): string | null {
  const v = canonicalDecimal(input.trim(), locale);
  if (!v || !/^\d{1,12}(\.\d{1,8})?$/.test(v)) return null;
  const x = parseDecimal(v);
  if (kind === "move") return x >= parseDecimal("0.1") && x <= parseDecimal("100") ? v : null;
  return x > 0n ? v : null;
}

export default function PriceAlerts(p: PriceAlertsProps) {
  const { tx, locale } = p;
  const [items, setItems] = useState(p.items ?? []);
  const [kind, setKind] = useState<AlertKind>("above");
  const [value, setValue] = useState("");
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // an alert fired (told on the private channel): the list shows it fired, with its tick
  useEffect(() => {
    if (p.items === null) return;
    return subscribe("user", async (e) => {
      if (e.type !== "notification" || e.notification.kind !== "priceAlert") return;
      const env = await api((c) => c.GET("/alerts"));
      if (env.code === 0) setItems(env.data.items);
    });
  }, []);

  if (p.items === null) {
    return (
      <section class="card alerts" data-testid="price-alerts">
        <h2>{tx["alerts.title"]}</h2>
        <a class="btn btn-ghost btn-small" href={p.loginHref}>{tx["alerts.signIn"]}</a>
      </section>
    );
  }
  const mine = items.filter((a) => a.symbol === p.symbol);
  const shown = (a: AlertJsonT) =>
    a.kind === "move"
      ? fill(tx["alerts.row_move"]!, { pct: a.value })
      : `${tx[`alerts.kind_${a.kind}`]} ${formatPrice(a.value, p.priceDecimals, locale)}`;

  function reset() {
    setEditing(null);
    setValue("");
    setError(undefined);
  }

  async function submit(e: Event) {
    e.preventDefault();
    const v = valueOf(kind, value, locale);
    if (!v) return setError(tx["validation.invalid"]);
    setBusy(true);
    // the page renders the island for one of the contract's symbols only
    const body = { symbol: p.symbol as BodyOf<"/alerts", "post">["symbol"], kind, value: v };
    const env = editing
      ? await api((c) => c.PUT("/alerts/{id}", { params: { path: { id: editing } }, body }))
      : await api((c) => c.POST("/alerts", { body }));
    setBusy(false);
    if (env.code !== 0) {
      setError((env.data as { fields?: Record<string, string> }).fields?.value);
      return toast(failureMessage(env, tx), "error");
    }
    const saved = env.data as AlertJsonT;
    setItems(editing ? items.map((a) => a.id === saved.id ? saved : a) : [saved, ...items]);
    reset();
    toast(tx["alerts.setOk"]!);
  }

  async function remove(a: AlertJsonT) {
    setBusy(true);
    const env = await api((c) => c.DELETE("/alerts/{id}", { params: { path: { id: a.id } } }));
    setBusy(false);
    if (env.code !== 0) return toast(failureMessage(env, tx), "error");
    setItems(items.filter((x) => x.id !== a.id));
    if (editing === a.id) reset();
    toast(tx["alerts.deleted"]!);
  }

  function edit(a: AlertJsonT) {
    setEditing(a.id);
    setKind(a.kind);
    setValue(a.value);
    setError(undefined);
  }

  return (
    <section class="card alerts" data-testid="price-alerts">
      <div class="row-between">
        <h2>{tx["alerts.title"]} · {p.label}</h2>
        <span class="muted small" data-testid="alert-count">
          {fill(tx["alerts.count"]!, { n: items.length, max: MAX_ALERTS })}
        </span>
      </div>
      <form onSubmit={submit} noValidate>
        <Field id="alert-kind" label={tx["alerts.kind"]!}>
          <ChipChoice
            options={ALERT_KINDS}
            value={kind}
            label={(k) => tx[`alerts.kind_${k}`]!}
            onChange={(k) => {
              setKind(k);
              setError(undefined);
            }}
          />
        </Field>
        <Field
          id="alert-value"
          label={kind === "move" ? tx["alerts.percent"]! : tx["alerts.price"]!}
          error={error}
        >
          <TextInput
            id="alert-value"
            inputMode="decimal"
            autoComplete="off"
            maxLength={22}
            value={value}
            set={(v) => {
              setValue(v);
              setError(undefined);
            }}
            error={error}
          />
        </Field>
        <div class="row">
          <button type="submit" class="btn btn-primary" disabled={busy} data-testid="alert-submit">
            {editing ? tx["alerts.save"] : tx["alerts.set"]}
          </button>
          {editing && (
            <button type="button" class="btn btn-ghost" onClick={reset}>
              {tx["alerts.cancel"]}
            </button>
          )}
        </div>
      </form>
      {mine.length === 0
        ? <p class="muted small">{fill(tx["alerts.empty"]!, { symbol: p.label })}</p>
        : (
          <ul class="list" data-testid="alert-list">
            {mine.map((a) => (
              <li
                key={a.id}
                class="list-row alert-row"
                data-testid="alert-row"
                data-status={a.status}
              >
                <span class="grow">
                  <strong>{shown(a)}</strong>
                  <span class="muted small block">
                    {a.fired
                      ? fill(tx["alerts.fired"]!, {
                        price: formatPrice(a.fired.price, p.priceDecimals, locale),
                        seq: a.fired.seq ?? "—",
                      })
                      : tx["alerts.active"]}
                  </span>
                </span>
                <button
                  type="button"
                  class="btn btn-ghost btn-small"
                  onClick={() => edit(a)}
                  disabled={busy}
                >
                  {tx["alerts.edit"]}
                </button>
                <button
                  type="button"
                  class="btn btn-ghost btn-small"
                  onClick={() => remove(a)}
                  disabled={busy}
                  data-testid="alert-delete"
                >
                  {tx["alerts.delete"]}
                </button>
              </li>
            ))}
          </ul>
        )}
    </section>
  );
}
