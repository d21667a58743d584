import type { Assets } from "../edge/ledger/assets.ts";
import { WALLETS } from "../edge/ledger/accounts.ts";
import { formatAmount, formatPrice } from "../locales/format.ts";
import type { T } from "../edge/platform/locale.ts";

/** Total, available and frozen assets in USDT, then each wallet's coins (server-rendered). */
export function AssetsView(
  { t, locale, assets, links }: {
    t: T;
    locale: string;
    assets: Assets;
    links: { href: string; label: string }[];
  },
) {
  const usdt = (v: bigint) => formatAmount(v, "USDT", locale);
  return (
    <div class="assets" data-testid="assets">
      <section class="card total">
        <p class="muted">{t("assets.totalAssets")}</p>
        <p class="big-number" data-testid="total-usdt">{usdt(assets.totals.totalUsdt)}</p>
        <div class="kv-row">
          <span>
            {t("assets.available")} <strong>{usdt(assets.totals.availableUsdt)}</strong>
          </span>
          <span>
            {t("assets.frozen")} <strong>{usdt(assets.totals.frozenUsdt)}</strong>
          </span>
        </div>
        <nav class="row" aria-label={t("assets.actions")}>
          {links.map((l) => (
            <a key={l.href} class="btn btn-small btn-ghost" href={l.href}>{l.label}</a>
          ))}
        </nav>
      </section>
      {WALLETS.map((w) => (
        <section class="card" data-testid={`wallet-${w}`}>
          <h2>{t(`assets.wallet_${w}`)}</h2>
          <table class="table assets-table">
            <thead>
              <tr>
                <th scope="col">{t("flow.currency")}</th>
                <th scope="col" class="num">{t("assets.available")}</th>
                <th scope="col" class="num">{t("assets.frozen")}</th>
                <th scope="col" class="num">{t("assets.value")}</th>
              </tr>
            </thead>
            <tbody>
              {assets.rows.filter((r) => r.wallet === w).map((r) => (
                <tr data-currency={r.currency}>
                  <th scope="row">{r.currency}</th>
                  <td class="num">{formatAmount(r.available, r.currency, locale)}</td>
                  <td class="num">{formatAmount(r.frozen, r.currency, locale)}</td>
                  <td class="num">{usdt(r.valueUsdt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <p class="muted small">
        {assets.priceSource === "market" ? t("assets.marketPrices") : t("assets.referencePrices", {
          btc: formatPrice(assets.prices.BTC, 2, locale),
          eth: formatPrice(assets.prices.ETH, 2, locale),
        })}
      </p>
    </div>
  );
}
