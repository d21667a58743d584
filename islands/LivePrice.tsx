import type { Quote } from "../contract/market.ts";
import { useQuote } from "./lib/live.ts";
import { formatNumber, formatPct, formatPrice } from "../locales/format.ts";
import type { Texts } from "./lib/fields.tsx";

export const LIVE_PRICE_TEXTS = [
  "market.high",
  "market.low",
  "market.volume",
  "market.turnover",
] as const;

/**
 * A symbol's last price and 24 h change, moving with the ticker channel: the big price of the
 * product page (`detail`, with the 24 h high, low, volume and turnover under it) and the header
 * of the desktop tickets (`head`, with the name).
 */
export default function LivePrice(
  { symbol, name, quote: initial, locale, variant, tx }: {
    symbol: string;
    name: string;
    /** null until the first tick */
    quote: Quote | null;
    locale: string;
    variant: "detail" | "head";
    /** the 24 h figures' labels (detail only) */
    tx?: Texts;
  },
) {
  const q = useQuote(symbol, initial);
  const body = (
    <>
      <span data-testid="live-price" data-price={q?.price ?? ""}>
        {q ? formatPrice(q.price, q.priceDecimals, locale) : "—"}
      </span>{" "}
      {q && (
        <span class={q.changePct.startsWith("-") ? "chip neg" : "chip pos"}>
          {formatPct(q.changePct, locale)}
        </span>
      )}
    </>
  );
  const stat = (key: string, value: string) => (
    <div>
      <dt>{tx?.[`market.${key}`]}</dt>
      <dd data-testid={`stat-${key}`}>{value}</dd>
    </div>
  );
  return variant === "detail"
    ? (
      <>
        <p class="detail-price" data-testid="detail-price">{body}</p>
        {q && tx && (
          // the rolling 24 h of the quote, as the quotes table shows them on a wide screen
          <dl class="stats-24h" data-testid="stats-24h">
            {stat("high", formatPrice(q.high, q.priceDecimals, locale))}
            {stat("low", formatPrice(q.low, q.priceDecimals, locale))}
            {stat("volume", `${formatNumber(q.volume24h, 4, locale)} ${q.base}`)}
            {stat("turnover", `${formatNumber(q.turnover, 2, locale)} USDT`)}
          </dl>
        )}
      </>
    )
    : (
      <p class="ticket-head" data-testid="ticket-head">
        <strong>{name}</strong> <span class="detail-price">{body}</span>
      </p>
    );
}
