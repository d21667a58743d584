import type { Line } from "../edge/ledger/store.ts";
import { CURRENCIES, type Currency, JOURNAL_TYPES, WALLETS } from "../edge/ledger/accounts.ts";
import { formatAmount, formatTime } from "../locales/format.ts";
import type { T } from "../edge/platform/locale.ts";
import type { FlowFilter } from "../contract/ledger.ts";

export type { FlowFilter };

/**
 * A customer's journal lines, newest first, with a filter form and a next-page link (plain
 * HTML: works without JavaScript).
 */
export function FlowList(
  { t, locale, timeZone, path, lines, cursor, paged, filter, showTypeFilter }: {
    t: T;
    locale: string;
    timeZone: string;
    path: string;
    lines: Line[];
    cursor: string | null;
    /** this page was reached with a cursor (offer the way back to the newest) */
    paged: boolean;
    filter: FlowFilter;
    showTypeFilter: boolean;
  },
) {
  const qs = (extra: Record<string, string>) =>
    "?" + new URLSearchParams(
      Object.entries({ ...filter, ...extra }).filter(([, v]) => v) as [string, string][],
    ).toString();
  const signed = (v: bigint, c: Currency) => (v > 0n ? "+" : "") + formatAmount(v, c, locale);
  return (
    <section class="flow" data-testid="flow">
      <form class="filters" method="get" action={path}>
        {showTypeFilter && (
          <select name="type" aria-label={t("flow.type")} value={filter.type ?? ""}>
            <option value="">{t("flow.allTypes")}</option>
            {JOURNAL_TYPES.map((x) => <option key={x} value={x}>{t(`flow.type_${x}`)}</option>)}
          </select>
        )}
        <select name="currency" aria-label={t("flow.currency")} value={filter.currency ?? ""}>
          <option value="">{t("flow.allCurrencies")}</option>
          {CURRENCIES.map((x) => <option key={x} value={x}>{x}</option>)}
        </select>
        <select name="wallet" aria-label={t("flow.wallet")} value={filter.wallet ?? ""}>
          <option value="">{t("flow.allWallets")}</option>
          {WALLETS.map((x) => <option key={x} value={x}>{t(`assets.wallet_${x}`)}</option>)}
        </select>
        <button class="btn btn-small" type="submit">{t("flow.filter")}</button>
      </form>
      {lines.length === 0
        ? <p class="card muted center" data-testid="flow-empty">{t("flow.empty")}</p>
        : (
          <ul class="list flow-list">
            {lines.map((l) => (
              <li class="flow-row" data-type={l.type}>
                <div class="grow">
                  <strong>{t(`flow.type_${l.type}`)}</strong>
                  <span class="muted small">
                    {" · "}
                    {t(`assets.wallet_${l.wallet}`)}
                  </span>
                  <div class="muted small">{formatTime(l.at, locale, timeZone)}</div>
                </div>
                <div class="num">
                  <div class={l.available < 0n ? "neg" : l.available > 0n ? "pos" : ""}>
                    {signed(l.available, l.currency as Currency)} {l.currency}
                  </div>
                  {l.frozen !== 0n && (
                    <div class="muted small">
                      {t("flow.frozenChange")} {signed(l.frozen, l.currency as Currency)}
                    </div>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      <nav class="pager">
        {paged && <a class="btn btn-small btn-ghost" href={qs({})}>{t("flow.first")}</a>}
        {cursor && <a class="btn btn-small btn-ghost" href={qs({ cursor })}>{t("flow.more")}</a>}
      </nav>
    </section>
  );
}
