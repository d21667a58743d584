import type { Quote } from "../contract/market.ts";
import { useQuote } from "./lib/live.ts";
import { formatPct, formatPrice } from "../locales/format.ts";

/**
 * A symbol's last price and 24 h change, moving with the ticker channel: the big price of the
 * product page (`detail`) and the header of the desktop tickets (`head`, with the name).
 */
export default function LivePrice(
  { symbol, name, quote: initial, locale, variant }: {
    symbol: string;
    name: string;
    /** null until the first tick */
    quote: Quote | null;
    locale: string;
    variant: "detail" | "head";
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
  return variant === "detail"
    ? <p class="detail-price" data-testid="detail-price">{body}</p>
    : (
      <p class="ticket-head" data-testid="ticket-head">
        <strong>{name}</strong> <span class="detail-price">{body}</span>
      </p>
    );
}
