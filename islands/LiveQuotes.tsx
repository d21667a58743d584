import { useEffect, useState } from "preact/hooks";
import type { Quote } from "../contract/market.ts";
import { api, toast } from "./lib/api.ts";
import type { Texts } from "./lib/fields.tsx";
import { formatAge, formatPct, formatPrice } from "../locales/format.ts";
import { onStatus, subscribe } from "./lib/socket.ts";

export const QUOTES_TEXTS = [
  "market.symbol",
  "market.price",
  "market.change",
  "market.high",
  "market.low",
  "market.volume",
  "market.delayed",
  "market.empty",
  "market.watchEmpty",
  "market.risingEmpty",
  "market.addFavourite",
  "market.removeFavourite",
  "market.added",
  "market.removed",
  "market.reconnecting",
  "app.loginPromptTitle",
] as const;

const pct = (q: Quote) => {
  const [i = "0", f = ""] = q.changePct.replace("-", "").split(".");
  const v = BigInt(i) * 100_000_000n + BigInt(f.padEnd(8, "0").slice(0, 8));
  return q.changePct.startsWith("-") ? -v : v;
};

/** A live quotes list (all, rising, watch list or recommended), updated over the socket. */
export default function LiveQuotes(
  { quotes, tx, locale, mode, detail, signedIn, favourites, wide }: {
    quotes: Quote[];
    tx: Texts;
    locale: string;
    mode: "all" | "rising" | "watch" | "recommend";
    detail: string;
    signedIn: boolean;
    favourites: string[];
    wide: boolean;
  },
) {
  const [rows, setRows] = useState(quotes);
  const [favs, setFavs] = useState(favourites);
  const [up, setUp] = useState(true);
  useEffect(() => {
    const off = subscribe("ticker", (updates) => {
      setRows((cur) => {
        const map = new Map(cur.map((q) => [q.symbol, q]));
        for (const q of updates) {
          if (map.has(q.symbol) || mode === "all" || mode === "rising") map.set(q.symbol, q);
        }
        return [...map.values()];
      });
    });
    const offStatus = onStatus(setUp);
    return () => {
      off();
      offStatus();
    };
  }, []);

  let shown = mode === "watch" ? rows.filter((q) => favs.includes(q.symbol)) : rows;
  if (mode === "rising") {
    // only what rose over 24 h, the most first (a flat or falling symbol is not "rising")
    shown = shown.filter((q) => pct(q) > 0n)
      .sort((a, b) => (pct(b) > pct(a) ? 1 : pct(b) < pct(a) ? -1 : 0));
  }

  async function toggle(symbol: string) {
    if (!signedIn) return toast(tx["app.loginPromptTitle"]!, "error");
    const on = !favs.includes(symbol);
    const params = { path: { symbol } };
    const env = await api((c) =>
      on
        ? c.POST("/optional/product/{symbol}", { params })
        : c.DELETE("/optional/product/{symbol}", { params })
    );
    if (env.code === 0) {
      setFavs(env.data.symbols);
      toast(tx[on ? "market.added" : "market.removed"]!);
    } else toast(env.message, "error");
  }

  if (shown.length === 0) {
    return (
      <p class="card muted center" data-testid="quotes-empty">
        {tx[
          mode === "watch"
            ? "market.watchEmpty"
            : mode === "rising"
            ? "market.risingEmpty"
            : "market.empty"
        ]}
      </p>
    );
  }
  return (
    <div class="quotes" data-testid="quotes">
      {!up && <p class="notice" role="status">{tx["market.reconnecting"]}</p>}
      <table class="table quotes-table">
        <thead>
          <tr>
            <th scope="col">{tx["market.symbol"]}</th>
            <th scope="col" class="num">{tx["market.price"]}</th>
            <th scope="col" class="num">{tx["market.change"]}</th>
            {wide && <th scope="col" class="num">{tx["market.high"]}</th>}
            {wide && <th scope="col" class="num">{tx["market.low"]}</th>}
            {wide && <th scope="col" class="num">{tx["market.volume"]}</th>}
            <th scope="col">
              <span class="sr-only">☆</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((q) => {
            const neg = q.changePct.startsWith("-");
            const fav = favs.includes(q.symbol);
            return (
              <tr key={q.symbol} data-symbol={q.symbol}>
                <th scope="row">
                  <a href={`${detail}${q.symbol}`}>{q.name}</a>
                  {q.stale && (
                    <span class="badge warn" data-testid="delayed">
                      {tx["market.delayed"]} · {formatAge(Date.now() - q.time, locale)}
                    </span>
                  )}
                </th>
                <td class="num" data-testid="price">
                  {formatPrice(q.price, q.priceDecimals, locale)}
                </td>
                <td class="num">
                  <span class={neg ? "chip neg" : "chip pos"}>
                    {formatPct(q.changePct, locale)}
                  </span>
                </td>
                {wide && <td class="num">{formatPrice(q.high, q.priceDecimals, locale)}</td>}
                {wide && <td class="num">{formatPrice(q.low, q.priceDecimals, locale)}</td>}
                {wide && <td class="num">{formatPrice(q.volume24h, 2, locale)}</td>}
                <td>
                  <button
                    type="button"
                    class="star"
                    aria-pressed={fav}
                    aria-label={fav ? tx["market.removeFavourite"] : tx["market.addFavourite"]}
                    data-testid={`star-${q.symbol}`}
                    onClick={() => toggle(q.symbol)}
                  >
                    {fav ? "★" : "☆"}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
