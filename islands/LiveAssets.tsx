/**
 * The customer's assets, live: total, available and frozen in USDT, each wallet's coins, and the
 * approximate value in the language's currency at the tenant's reference rate ("≈", with the
 * rate's age; USDT only without a rate). The page renders it with the server's figures; every
 * `balance` event of the private channel (after each journal that touches the customer) replaces
 * the rows it names and the totals follow, valued at the prices the page was rendered with (the
 * same floor as the server: value = total x price / 10^8, rounded down).
 */
import { useEffect, useState } from "preact/hooks";
import { parseDecimal, SCALE } from "../core-wasm/decimal.ts";
import type { Currency, Wallet } from "../contract/currencies.ts";
import { type Fiat, FIAT_DECIMALS, toFiat } from "../contract/reference_rates.ts";
import { formatAge, formatAmount, formatFiat, formatPrice } from "../locales/format.ts";
import { fill, type Texts } from "./lib/fields.tsx";
import { subscribe } from "./lib/socket.ts";

export const ASSETS_TEXTS = [
  "assets.totalAssets",
  "assets.available",
  "assets.frozen",
  "assets.value",
  "assets.wallet_spot",
  "assets.wallet_contract",
  "assets.actions",
  "assets.marketPrices",
  "assets.referencePrices",
  "assets.approx",
  "assets.approxRate",
  "flow.currency",
] as const;

export type AssetsProps = {
  tx: Texts;
  locale: string;
  /** wallet, currency, available and frozen as decimal strings */
  rows: { wallet: Wallet; currency: Currency; available: string; frozen: string }[];
  /** USDT per coin (decimal strings) the figures are valued at */
  prices: Record<Currency, string>;
  priceSource: "reference" | "market";
  wallets: readonly Wallet[];
  links: { href: string; label: string }[];
  /** the reference rate of the language's currency (fiat per USDT), or null: USDT only */
  approx: { fiat: Fiat; rate: string; at: number } | null;
  /** the server's clock when rendered (the rate's age is counted from it) */
  now: number;
};

const units = (s: string) => parseDecimal(s, { allowNegative: true });

const rateDecimals = (rate: string) => (rate.split(".")[1] ?? "").replace(/0+$/, "").length;

export default function LiveAssets(p: AssetsProps) {
  const { tx, locale } = p;
  const [rows, setRows] = useState(p.rows);
  useEffect(() =>
    subscribe("user", (e) => {
      if (e.type !== "balance") return;
      setRows((cur) =>
        cur.map((r) => {
          const a = e.accounts.find((x) => x.wallet === r.wallet && x.currency === r.currency);
          return a ? { ...r, available: a.available, frozen: a.frozen } : r;
        })
      );
    }), []);
  const price = (c: Currency) => units(p.prices[c]);
  const value = (v: bigint, c: Currency) => (v * price(c)) / SCALE;
  let available = 0n, frozen = 0n;
  for (const r of rows) {
    available += value(units(r.available), r.currency);
    frozen += value(units(r.frozen), r.currency);
  }
  const totalOf = (r: AssetsProps["rows"][number]) =>
    value(units(r.available) + units(r.frozen), r.currency);
  const total = rows.reduce((s, r) => s + totalOf(r), 0n);
  const usdt = (v: bigint) => formatAmount(v, "USDT", locale);
  const ap = p.approx;
  const fiat = (v: bigint) => formatFiat(v, ap!.fiat, FIAT_DECIMALS[ap!.fiat], locale);
  return (
    <div class="assets" data-testid="assets">
      <section class="card total">
        <p class="muted">{tx["assets.totalAssets"]}</p>
        <p class="big-number" data-testid="total-usdt">{usdt(total)}</p>
        {ap && (
          <p class="approx" data-testid="total-approx">
            {fill(tx["assets.approx"]!, { value: fiat(toFiat(total, units(ap.rate), ap.fiat)) })}
          </p>
        )}
        <div class="kv-row">
          <span>
            {tx["assets.available"]} <strong data-testid="available-usdt">{usdt(available)}</strong>
          </span>
          <span>
            {tx["assets.frozen"]} <strong data-testid="frozen-usdt">{usdt(frozen)}</strong>
          </span>
        </div>
        <nav class="row" aria-label={tx["assets.actions"]}>
          {p.links.map((l) => (
            <a key={l.href} class="btn btn-small btn-ghost" href={l.href}>{l.label}</a>
          ))}
        </nav>
      </section>
      {p.wallets.map((w) => (
        <section class="card" data-testid={`wallet-${w}`} key={w}>
          <h2>{tx[`assets.wallet_${w}`]}</h2>
          <table class="table assets-table">
            <thead>
              <tr>
                <th scope="col">{tx["flow.currency"]}</th>
                <th scope="col" class="num">{tx["assets.available"]}</th>
                <th scope="col" class="num">{tx["assets.frozen"]}</th>
                <th scope="col" class="num">{tx["assets.value"]}</th>
              </tr>
            </thead>
            <tbody>
              {rows.filter((r) => r.wallet === w).map((r) => (
                <tr data-currency={r.currency} key={r.currency}>
                  <th scope="row">{r.currency}</th>
                  <td class="num">{formatAmount(r.available, r.currency, locale)}</td>
                  <td class="num">{formatAmount(r.frozen, r.currency, locale)}</td>
                  <td class="num">{usdt(totalOf(r))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <p class="muted small">
        {p.priceSource === "market"
          ? tx["assets.marketPrices"]
          : fill(tx["assets.referencePrices"]!, {
            btc: formatPrice(p.prices.BTC, 2, locale),
            eth: formatPrice(p.prices.ETH, 2, locale),
          })}
      </p>
      {ap && (
        <p class="muted small" data-testid="approx-rate">
          {fill(tx["assets.approxRate"]!, {
            // the rate with the places it was set with ("0.92", "25,400")
            rate: formatFiat(units(ap.rate), ap.fiat, rateDecimals(ap.rate), locale),
            age: formatAge(p.now - ap.at, locale),
          })}
        </p>
      )}
    </div>
  );
}
