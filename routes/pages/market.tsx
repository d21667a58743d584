/** Quotes, search, product detail with chart, and the chart area of the desktop trade pages. */
import { NotFoundBody } from "../../components/blocks.tsx";
import type { Session } from "../../edge/customers/service.ts";
import type { Quote } from "../../edge/market/quotes.ts";
import { RECOMMENDED, symbolOf, SYMBOLS } from "../../contract/symbols.ts";
import type { Ctx } from "../../edge/http/context.ts";
import { layoutOfPath } from "../../edge/platform/device.ts";
import { pickTexts, type T } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import LivePrice, { LIVE_PRICE_TEXTS } from "../../islands/LivePrice.tsx";
import RecentTrades, { TRADES_TEXTS } from "../../islands/RecentTrades.tsx";
import LiveQuotes, { QUOTES_TEXTS } from "../../islands/LiveQuotes.tsx";
import PriceChart, { CHART_TEXTS } from "../../islands/PriceChart.tsx";
import SymbolSearch, { searchKey } from "../../islands/SymbolSearch.tsx";
import {
  desktopTicketBase,
  presetOf,
  ProductSwitch,
  SymbolPicker,
  ticketSymbol,
  TradeActions,
} from "../../components/TradeNav.tsx";
import { desktopPage, mobilePage } from "./frame.tsx";
import type { PageDef } from "./types.ts";
import { AlertsIsland, withAlertReads } from "./alerts.tsx";
import { contractIslands, FastTicketIsland, SpotTicketIsland, ticketReads } from "./tickets.tsx";

type Mode = "all" | "rising" | "watch" | "recommend";

/** Live quotes island with its server-rendered first state. */
export async function QuotesIsland(
  { c, s, mode, detail, wide }: {
    c: Ctx;
    s: Session | null;
    mode: Mode;
    detail: string;
    wide: boolean;
  },
) {
  const m = c.get("deps").market;
  let quotes: Quote[] = m.quotes.list().list;
  if (mode === "recommend") quotes = quotes.filter((q) => RECOMMENDED.includes(q.symbol));
  const favs = s ? await c.get("deps").market.favourites.symbols(c.get("tenant").id, s.userId) : [];
  return (
    <Island
      of={LiveQuotes}
      props={{
        quotes,
        tx: pickTexts(c.get("t"), QUOTES_TEXTS),
        locale: c.get("locale"),
        mode,
        detail,
        signedIn: !!s,
        favourites: favs,
        wide,
      }}
    />
  );
}

export function FeedLabel({ c }: { c: Ctx }) {
  const kind = c.get("deps").market.feedKind ?? "none";
  return <p class="feed-label" data-testid="feed-label">{c.get("t")(`market.feed_${kind}`)}</p>;
}

function Tabs({ t, base, tab }: { t: T; base: string; tab: string }) {
  return (
    <nav class="seg" aria-label={t("page.quotesList")}>
      {(["all", "watch", "rising"] as const).map((x) => (
        <a
          key={x}
          href={`${base}?tab=${x}`}
          class={x === tab ? "active" : undefined}
          aria-current={x === tab ? "page" : undefined}
        >
          {t(`market.${x}`)}
        </a>
      ))}
    </nav>
  );
}

function tabOf(c: Ctx): "all" | "watch" | "rising" {
  const tab = c.req.query("tab");
  return tab === "watch" || tab === "rising" ? tab : "all";
}

/** The symbol's last price, live over the ticker channel (product page, desktop tickets). */
export function livePriceOf(c: Ctx, symbol: string, variant: "detail" | "head") {
  const def = symbolOf(symbol)!;
  return (
    <Island
      of={LivePrice}
      props={{
        symbol,
        name: def.name,
        quote: c.get("deps").market.quotes.quote(def),
        locale: c.get("locale"),
        variant,
        ...(variant === "detail" ? { tx: pickTexts(c.get("t"), LIVE_PRICE_TEXTS) } : {}),
      }}
    />
  );
}

/** The symbol's recent trades from the public tape, live (product page and tickets). */
export function recentTradesOf(c: Ctx, symbol: string) {
  const def = symbolOf(symbol)!;
  return (
    <Island
      of={RecentTrades}
      props={{
        symbol,
        priceDecimals: def.priceDecimals,
        qtyDecimals: def.qtyDecimals,
        locale: c.get("locale"),
        tx: pickTexts(c.get("t"), TRADES_TEXTS),
        // the Verify view of a trade (its tape number follows)
        verifyBase: `/${
          layoutOfPath(c.req.path) ?? (c.get("mobile") ? "wp" : "pc")
        }/tape/${symbol}/`,
      }}
    />
  );
}

export function chartOf(c: Ctx, symbol: string) {
  const def = symbolOf(symbol)!;
  return (
    <Island
      of={PriceChart}
      props={{
        symbol,
        priceDecimals: def.priceDecimals,
        locale: c.get("locale"),
        tx: pickTexts(c.get("t"), CHART_TEXTS),
      }}
    />
  );
}

const TRADE_PAGES = [
  { path: "/pc/trade/fast", title: "pcFast", active: "fast", product: "fast" },
  { path: "/pc/trade/future", title: "pcFuture", active: "future", product: "leveraged" },
  { path: "/pc/trade/bibi", title: "pcBibi", active: "bibi", product: "spot" },
] as const;

export const marketPages: PageDef[] = [
  {
    path: "/wp/quotes/list",
    layout: "wp",
    render: async (c, s) => {
      const t = c.get("t");
      const tab = tabOf(c);
      return mobilePage(
        c,
        { title: t("page.quotesList"), tab: "quotes" },
        <>
          <Tabs t={t} base="/wp/quotes/list" tab={tab} />
          <FeedLabel c={c} />
          {await QuotesIsland({ c, s, mode: tab, detail: "/wp/product/detail/", wide: false })}
        </>,
      );
    },
  },
  {
    path: "/pc/market",
    layout: "pc",
    render: async (c, s) => {
      const t = c.get("t");
      const tab = tabOf(c);
      return desktopPage(
        c,
        { title: t("page.pcMarket"), active: "market" },
        <>
          <Tabs t={t} base="/pc/market" tab={tab} />
          <FeedLabel c={c} />
          {tab === "watch" && !s
            ? <p class="card center" data-testid="login-prompt">{t("app.loginPromptTitle")}</p>
            : await QuotesIsland({
              c,
              s,
              mode: tab,
              detail: desktopTicketBase(c.get("tenant")),
              wide: true,
            })}
        </>,
      );
    },
  },
  {
    path: "/wp/product/search",
    layout: "wp",
    render: (c) => {
      const t = c.get("t");
      const q = searchKey(c.req.query("q") ?? "");
      return mobilePage(
        c,
        { title: t("page.search"), back: "/wp/quotes/list" },
        <Island
          of={SymbolSearch}
          props={{
            items: SYMBOLS.map((s) => ({ code: s.code, base: s.base, name: s.name })),
            q,
            tx: {
              label: t("page.search"),
              placeholder: t("market.searchPlaceholder"),
              button: t("market.searchButton"),
              none: t("market.noResults"),
            },
          }}
        />,
      );
    },
  },
  {
    path: "/wp/product/detail/:prdId",
    layout: "wp",
    reads: withAlertReads(),
    render: async (c, s) => {
      const t = c.get("t");
      // with the tenant's product terms: which trade actions this symbol offers
      const terms = await c.get("deps").terms.shown(c.get("tenant").id);
      const def = terms.symbol(c.req.param("prdId") ?? "");
      if (!def) {
        return mobilePage(
          c,
          { title: t("page.notFound"), back: "/wp/home", status: 404 },
          (
            <NotFoundBody t={t} closed={false} home="/wp/home" />
          ),
        );
      }
      return mobilePage(
        c,
        { title: `${def.name} · ${t("page.productDetail")}`, back: "/wp/quotes/list" },
        <>
          <FeedLabel c={c} />
          {livePriceOf(c, def.code, "detail")}
          {chartOf(c, def.code)}
          <TradeActions t={t} tenant={c.get("tenant")} def={def} layout="wp" />
          {await AlertsIsland({ c, s, symbol: def.code })}
          {recentTradesOf(c, def.code)}
        </>,
      );
    },
  },
  ...TRADE_PAGES.map((p): PageDef => ({
    path: p.path,
    layout: "pc",
    reads: withAlertReads(ticketReads(p.product)),
    render: async (c, s) => {
      const t = c.get("t");
      const tenant = c.get("tenant");
      const { symbols } = await c.get("deps").terms.shown(tenant.id);
      const def = ticketSymbol(tenant, p.product, c.req.query("symbol"), symbols);
      const symbol = def.code;
      // leveraged: the positions, open orders and history in a panel under the chart, across
      // the chart's column (not stacked under the ticket, whose column holds the quotes too)
      const contract = p.active === "future"
        ? await contractIslands({ c, s, symbol, panel: true })
        : null;
      return desktopPage(
        c,
        { title: `${t(`page.${p.title}`)} · ${def.name}`, active: p.active, ticket: "ticket" },
        (
          <div class="trade-grid">
            <div>
              <SymbolPicker
                symbols={symbols}
                t={t}
                tenant={tenant}
                product={p.product}
                layout="pc"
                preset={presetOf((n) => c.req.query(n), p.product)}
                current={symbol}
              />
              <FeedLabel c={c} />
              {chartOf(c, symbol)}
              {contract?.panel}
            </div>
            <aside>
              {livePriceOf(c, symbol, "head")}
              <ProductSwitch t={t} tenant={tenant} def={def} active={p.product} />
              {/* the skip link's target: its first control is the ticket's first choice */}
              <div id="ticket" class="skip-target" tabIndex={-1}>
                {p.active === "fast"
                  ? await FastTicketIsland({ c, s, symbol })
                  : contract
                  ? contract.ticket
                  : await SpotTicketIsland({ c, s, symbol })}
              </div>
              {/* under the ticket, as exchanges place them: the chart's column keeps the panel */}
              {recentTradesOf(c, symbol)}
              {await AlertsIsland({ c, s, symbol })}
              {await QuotesIsland({ c, s, mode: "all", detail: `${p.path}?symbol=`, wide: false })}
            </aside>
          </div>
        ),
      );
    },
  })),
];
