import type { Assets } from "../edge/ledger/assets.ts";
import { WALLETS } from "../edge/ledger/accounts.ts";
import { formatDecimal } from "../core-wasm/decimal.ts";
import { pickTexts, type T } from "../edge/platform/locale.ts";
import type { ReferenceRates } from "../contract/reference_rates.ts";
import { approxFor } from "../contract/reference_rates.ts";
import { Island } from "../edge/render/island.tsx";
import LiveAssets, { ASSETS_TEXTS } from "../islands/LiveAssets.tsx";
import type { LocaleId } from "../locales/languages.ts";

/**
 * Total, available and frozen assets in USDT (and approximately in the language's currency at
 * the tenant's reference rate), then each wallet's coins: the LiveAssets island, rendered here
 * with the server's figures and kept live by the balance events.
 */
export function AssetsView(
  { t, locale, assets, links, rates, now }: {
    t: T;
    locale: LocaleId;
    assets: Assets;
    links: { href: string; label: string }[];
    /** the tenant's reference rates */
    rates: ReferenceRates;
    /** the server's clock (the rate's age) */
    now: number;
  },
) {
  const approx = approxFor(rates, locale);
  return (
    <Island
      of={LiveAssets}
      props={{
        tx: pickTexts(t, ASSETS_TEXTS),
        locale,
        rows: assets.rows.map((r) => ({
          wallet: r.wallet,
          currency: r.currency,
          available: formatDecimal(r.available),
          frozen: formatDecimal(r.frozen),
        })),
        prices: {
          USDT: formatDecimal(assets.prices.USDT),
          BTC: formatDecimal(assets.prices.BTC),
          ETH: formatDecimal(assets.prices.ETH),
        },
        priceSource: assets.priceSource,
        wallets: WALLETS,
        links,
        approx: approx && { fiat: approx.fiat, rate: formatDecimal(approx.rate), at: approx.at },
        now,
      }}
    />
  );
}
