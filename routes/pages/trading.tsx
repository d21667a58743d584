/** Trading screens: the fast-contract ticket (mobile and the desktop trade page) and records. */
import { formatDecimal, parseDecimal } from "../../core-wasm/mod.ts";
import { accountId, type Currency, user } from "../../edge/ledger/accounts.ts";
import { symbolOf } from "../../contract/symbols.ts";
import type { Ctx } from "../../edge/http/context.ts";
import {
  formatMoney,
  formatNumber,
  formatPct,
  formatPrice,
  formatShortTime,
  symbolName,
} from "../../locales/format.ts";
import { OrderNo } from "../../islands/lib/fields.tsx";
import { LiquidationTerms } from "../../islands/lib/positions.tsx";
import type { FastOrderJson, PositionJson, SpotOrderJson } from "../../contract/trading.ts";
import { pickTexts } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import ExchangeForm, { EXCHANGE_TEXTS } from "../../islands/ExchangeForm.tsx";
import { FlowList } from "../../components/FlowList.tsx";
import {
  presetOf,
  SymbolPicker,
  type TicketProduct,
  ticketSymbol,
} from "../../components/TradeNav.tsx";
import { desktopPage, mobilePage } from "./frame.tsx";
import { LoginPrompt, NotFoundBody } from "../../components/blocks.tsx";
import { UserCenterFrame } from "../../components/UserCenterNav.tsx";
import { chartOf, FeedLabel, recentTradesOf } from "./market.tsx";
import {
  ContractTicketIsland,
  FastTicketIsland,
  SpotTicketIsland,
  ticketReads,
} from "./tickets.tsx";
import type { PageDef } from "./types.ts";
import { verifyHref } from "./settlements.tsx";

/** The Verify link of a settled record, in the page's layout. */
function VerifyLink({ c, orderNo }: { c: Ctx; orderNo: string }) {
  const layout = c.req.path.startsWith("/pc/") ? "pc" : "wp";
  return (
    <p class="links">
      <a class="btn btn-small" href={verifyHref(layout, orderNo)} data-testid="verify-link">
        {c.get("t")("verify.link")}
      </a>
    </p>
  );
}

/** Where each layout lists the exchange history. */
const EXCHANGE_HISTORY = {
  wp: "/wp/trade/statistics",
  pc: "/pc/userCenter/property",
} as const;

/**
 * The currency exchange of both layouts (mobile /wp/product/gjmarket, desktop
 * /pc/trade/exchange): one island with the spot balances, and the customer's last exchanges, so
 * the two screens keep the same rules and figures; each page only places the parts.
 */
/** The exchange screens' history (the fund flow's first page), read with the session. */
const exchangeReads = (c: Ctx, userId: string) => [
  c.get("deps").ledger.linesRead(c.get("tenant").id, userId),
];

async function exchangeParts(c: Ctx, userId: string, layout: "wp" | "pc") {
  const t = c.get("t");
  const { ledger } = c.get("deps");
  const tid = c.get("tenant").id;
  const b = await ledger.balances(
    tid,
    (["BTC", "ETH", "USDT"] as const).map((cur) => user(userId, "spot", cur)),
  );
  const bal = (cur: Currency) =>
    formatDecimal(b.get(accountId(user(userId, "spot", cur)))!.available);
  const lines = await ledger.lines(tid, userId, { limit: 10, type: "exchange" });
  const path = EXCHANGE_HISTORY[layout];
  return {
    form: (
      <Island
        of={ExchangeForm}
        props={{
          tx: pickTexts(t, EXCHANGE_TEXTS),
          balances: { BTC: bal("BTC"), ETH: bal("ETH"), USDT: bal("USDT") },
          history: `${path}?type=exchange`,
        }}
      />
    ),
    history: (
      <>
        <h2 class="section" id="history">{t("exchange.history")}</h2>
        <FlowList
          t={t}
          locale={c.get("locale")}
          timeZone={c.get("timeZone")}
          path={path}
          lines={lines.items}
          cursor={null}
          paged={false}
          filter={{ type: "exchange" }}
          showTypeFilter={false}
        />
      </>
    ),
  };
}

/** A record's order number, in its definition list (copyable). */
function OrderNoRow({ c, id }: { c: Ctx; id: string }) {
  return (
    <>
      <dt>{c.get("t")("fast.orderNo")}</dt>
      <dd>
        <OrderNo id={id} />
      </dd>
    </>
  );
}

export function FastRecords({ c, items }: { c: Ctx; items: FastOrderJson[] }) {
  const t = c.get("t");
  const tz = c.get("timeZone");
  const loc = c.get("locale");
  const time = (ms: number | null) => ms === null ? "-" : formatShortTime(ms, loc, tz);
  const px = (symbol: string, v: string) =>
    formatPrice(v, symbolOf(symbol)?.priceDecimals ?? 2, loc);
  if (!items.length) return <p class="card muted center">{t("flow.empty")}</p>;
  return (
    <ul class="list records" data-testid="fast-records">
      {items.map((o) => (
        <li key={o.orderNo} class="record stack">
          <div class="kv-row">
            <strong>{symbolName(o.symbol)} · {t(`fast.${o.direction}`)}</strong>
            <span class={o.outcome === "win" ? "pos" : o.outcome === "lose" ? "neg" : ""}>
              {o.income === null
                ? t("fast.settling")
                : formatMoney(o.income, "USDT", loc, { sign: true })}
            </span>
          </div>
          <dl class="dl">
            <OrderNoRow c={c} id={o.orderNo} />
            <dt>{t("fast.stake")}</dt>
            <dd class="fig">{formatMoney(o.stake, "USDT", loc)}</dd>
            <dt>{t("fast.entry", { price: "" })}</dt>
            <dd>{px(o.symbol, o.entry.price)} · {time(o.openTime)}</dd>
            <dt>{t("fast.exit", { price: "" })}</dt>
            <dd>{o.exit ? `${px(o.symbol, o.exit.price)} · ${time(o.exit.time)}` : "-"}</dd>
            <dt>{t("fast.duration")}</dt>
            <dd>{t("fast.seconds", { n: o.duration })} · {time(o.expiryTime)}</dd>
          </dl>
          {o.status === "settled" && <VerifyLink c={c} orderNo={o.orderNo} />}
        </li>
      ))}
    </ul>
  );
}

/** A leveraged position or pending limit order in a list (server-rendered). */
export function PositionRecord({ c, p }: { c: Ctx; p: PositionJson }) {
  const t = c.get("t");
  const loc = c.get("locale");
  const tz = c.get("timeZone");
  const dp = symbolOf(p.symbol)?.priceDecimals ?? 2;
  const px = (v: string | null) => v === null ? "-" : formatPrice(v, dp, loc);
  const usdt = (v: string, sign = false) => formatMoney(v, "USDT", loc, { sign });
  const time = (ms: number | null) => ms === null ? "-" : formatShortTime(ms, loc, tz);
  const pending = p.status === "pending";
  const gap = pending && p.markPrice ? parseDecimal(p.openPrice) - parseDecimal(p.markPrice) : null;
  return (
    <li class="record stack" data-status={p.status}>
      <div class="kv-row">
        <strong>
          {symbolName(p.symbol)} · {t(`contract.${p.side}`)} · {p.leverage}x ·{" "}
          {t("format.lotCount", { count: p.lots })}
          {pending && <span class="badge warn">{t("contract.pending")}</span>}
        </strong>
        <span
          class={p.status === "holding" && p.unrealizedPnl
            ? `fig ${p.unrealizedPnl.startsWith("-") ? "neg" : "pos"}`
            : "fig"}
        >
          {p.status === "closed"
            ? t(`contract.reason_${p.closeReason}`)
            : pending
            ? null
            : p.unrealizedPnl === null
            ? "-"
            : usdt(p.unrealizedPnl, true)}
        </span>
      </div>
      <dl class="dl">
        <OrderNoRow c={c} id={p.orderNo} />
        {pending
          ? (
            <>
              <dt>{t("contract.limitPrice")}</dt>
              <dd class="fig">{px(p.openPrice)}</dd>
              <dt>{t("format.heldMargin")}</dt>
              <dd class="fig">{usdt(p.margin)}</dd>
              <dt>{t("format.heldFee")}</dt>
              <dd class="fig">{usdt(p.openFee)}</dd>
              <dt>{t("format.distance")}</dt>
              <dd class="fig" data-testid="distance">
                {gap === null
                  ? "-"
                  : `${formatNumber(gap, dp, loc, { sign: true })} (${
                    formatPct(gap * 100_000_000n / parseDecimal(p.markPrice!), loc)
                  })`}
              </dd>
              <dt>{t("format.placedAt")}</dt>
              <dd>{time(p.createTime)}</dd>
            </>
          )
          : (
            <>
              <dt>{t("contract.openPrice")}</dt>
              <dd class="fig">{px(p.openPrice)}</dd>
              <dt>{t("format.openTime")}</dt>
              <dd>{time(p.openTime)}</dd>
              <dt>{t("contract.margin")}</dt>
              <dd class="fig">{usdt(p.margin)}</dd>
              {p.status === "holding" && (
                <LiquidationTerms
                  p={p}
                  px={(v) => px(v)}
                  text={(k) => t(k)}
                />
              )}
              {p.closePrice && <dt>{t("contract.closePrice")}</dt>}
              {p.closePrice && <dd class="fig">{px(p.closePrice)}</dd>}
              {p.closeTime !== null && <dt>{t("format.closeTime")}</dt>}
              {p.closeTime !== null && <dd>{time(p.closeTime)}</dd>}
              <dt>{t("contract.realized")}</dt>
              <dd class="fig">{usdt(p.realizedPnl, true)}</dd>
              <dt>{t("contract.fee")}</dt>
              <dd class="fig">{usdt(p.openFee)}</dd>
              {p.status === "closed" && <dt>{t("format.closeFee")}</dt>}
              {p.status === "closed" && <dd class="fig">{usdt(p.closeFee)}</dd>}
              <dt>{t("format.holdingFees")}</dt>
              <dd class="fig">{usdt(p.holdingFees)}</dd>
            </>
          )}
      </dl>
      {p.status === "closed" && <VerifyLink c={c} orderNo={p.orderNo} />}
    </li>
  );
}

/** A spot order in a list (server-rendered). */
function SpotRecord({ c, o }: { c: Ctx; o: SpotOrderJson }) {
  const t = c.get("t");
  const loc = c.get("locale");
  const def = symbolOf(o.symbol);
  const base = def?.base ?? o.symbol.replace(/USDT$/, "");
  return (
    <li class="record stack" data-status={o.status}>
      <div class="kv-row">
        <strong>
          {symbolName(o.symbol)} · {t(`spot.${o.side}`)} · {t(`spot.${o.type}`)}
        </strong>
        <span>{t(`spot.status_${o.status}`)}</span>
      </div>
      <dl class="dl">
        <OrderNoRow c={c} id={o.orderNo} />
        <dt>{o.status === "filled" ? t("format.fillPrice") : t("spot.price")}</dt>
        <dd class="fig">{formatPrice(o.price, def?.priceDecimals ?? 2, loc)}</dd>
        <dt>{t("spot.qty", { base })}</dt>
        <dd class="fig">{formatNumber(o.qty, def?.qtyDecimals ?? 8, loc)}</dd>
        <dt>{t("format.amount")}</dt>
        <dd class="fig">{formatMoney(o.amount, "USDT", loc)}</dd>
        <dt>{t("flow.type_fee")}</dt>
        <dd class="fig">{formatMoney(o.fee, "USDT", loc)}</dd>
        <dt>{t("format.placedAt")}</dt>
        <dd>{formatShortTime(o.createTime, loc, c.get("timeZone"))}</dd>
        {o.fillTime !== null && <dt>{t("spot.status_filled")}</dt>}
        {o.fillTime !== null && <dd>{formatShortTime(o.fillTime, loc, c.get("timeZone"))}</dd>}
      </dl>
    </li>
  );
}

/** Two or more tabs of one screen, as links `?tab=<value>` (the current one marked active). */
function SegTabs({ base, tab, tabs }: { base: string; tab: string; tabs: [string, string][] }) {
  return (
    <nav class="seg">
      {tabs.map(([value, label]) => (
        <a key={value} href={`${base}?tab=${value}`} class={tab === value ? "active" : undefined}>
          {label}
        </a>
      ))}
    </nav>
  );
}

/** Contract positions as records, or a line that there are none. */
function PositionRecords({ c, items }: { c: Ctx; items: PositionJson[] }) {
  return items.length === 0
    ? <p class="card muted center">{c.get("t")("contract.none")}</p>
    : (
      <ul class="list records" data-testid="contract-records">
        {items.map((p) => <PositionRecord key={p.orderNo} c={c} p={p} />)}
      </ul>
    );
}

const recordsPage = (path: string, title: string): PageDef => ({
  path,
  layout: "wp",
  reads: ticketReads("fast"),
  render: async (c, s) => {
    const t = c.get("t");
    const tab = c.req.query("tab") === "settled" ? "settled" : "open";
    const list = await c.get("deps").fast.list(c.get("tenant").id, s!.userId, {
      status: tab,
      limit: 50,
    });
    return mobilePage(
      c,
      { title: t(title), back: "/wp/product" },
      <>
        <SegTabs
          base={path}
          tab={tab}
          tabs={[["open", t("fast.openList")], ["settled", t("fast.settledList")]]}
        />
        <FastRecords c={c} items={list.items} />
      </>,
    );
  },
});

/** A mobile ticket page: the symbol picker, the feed label, the chart, the ticket, a link. */
interface TicketPage {
  path: string;
  product: TicketProduct;
  /** locale key of the title (the symbol's name follows) */
  title: string;
  ticket: typeof FastTicketIsland;
  link: { href: string; label: string };
}

function ticketPage(o: TicketPage): PageDef {
  return {
    path: o.path,
    layout: "wp",
    reads: ticketReads(o.product),
    render: async (c, s) => {
      const t = c.get("t");
      const { symbols } = await c.get("deps").terms.shown(c.get("tenant").id);
      const def = ticketSymbol(c.get("tenant"), o.product, c.req.query("symbol"), symbols);
      return mobilePage(
        c,
        { title: `${t(o.title)} · ${def.name}`, back: "/wp/product" },
        <>
          <SymbolPicker
            symbols={symbols}
            t={t}
            tenant={c.get("tenant")}
            product={o.product}
            layout="wp"
            preset={presetOf((n) => c.req.query(n), o.product)}
            current={def.code}
          />
          <FeedLabel c={c} />
          {chartOf(c, def.code)}
          {await o.ticket({ c, s, symbol: def.code })}
          {recentTradesOf(c, def.code)}
          <p class="links">
            <a href={o.link.href}>{t(o.link.label)}</a>
          </p>
        </>,
      );
    },
  };
}

/** The mobile ticket pages, one a product. */
const TICKET_PAGES: TicketPage[] = [
  {
    path: "/wp/product/order",
    product: "fast",
    title: "page.fastOrder",
    ticket: FastTicketIsland,
    link: { href: "/wp/product/tradeRecord", label: "fast.history" },
  },
  {
    path: "/wp/product/leveragedDeals",
    product: "leveraged",
    title: "page.leveragedDeals",
    ticket: ContractTicketIsland,
    link: { href: "/wp/positions/heyue", label: "page.positionsHeyue" },
  },
  {
    path: "/wp/product/bibi",
    product: "spot",
    title: "page.bibi",
    ticket: SpotTicketIsland,
    link: { href: "/wp/product/bibi/list", label: "spot.orders" },
  },
];

export const tradingPages: PageDef[] = [
  ...TICKET_PAGES.map(ticketPage),
  {
    path: "/wp/positions/heyue",
    layout: "wp",
    reads: ticketReads("leveraged"),
    render: async (c, s) => {
      const t = c.get("t");
      const tab = c.req.query("tab") === "closed" ? "closed" : "holding";
      const contracts = c.get("deps").contracts;
      // the holding tab shows pending limit orders first (what is pending, never P&L)
      const items = tab === "holding"
        ? await contracts.lists(c.get("tenant").id, s!.userId, ["pending", "holding"], 50)
          .then((l) => [...l.pending, ...l.holding])
        : await contracts.list(c.get("tenant").id, s!.userId, tab, 50);
      return mobilePage(
        c,
        { title: t("page.positionsHeyue"), back: "/wp/positions" },
        <>
          <SegTabs
            base="/wp/positions/heyue"
            tab={tab}
            tabs={[["holding", t("contract.holding")], ["closed", t("contract.closedTab")]]}
          />
          <PositionRecords c={c} items={items} />
        </>,
      );
    },
  },
  {
    path: "/wp/product/gjmarket",
    layout: "wp",
    reads: exchangeReads,
    render: async (c, s) => {
      const { form, history } = await exchangeParts(c, s!.userId, "wp");
      return mobilePage(
        c,
        { title: c.get("t")("page.gjmarket"), back: "/wp/product" },
        <>
          {form}
          {history}
        </>,
      );
    },
  },
  {
    path: "/pc/trade/exchange",
    layout: "pc",
    reads: exchangeReads,
    render: async (c, s) => {
      const t = c.get("t");
      if (!c.get("tenant").products.includes("exchange")) {
        return desktopPage(
          c,
          { title: t("page.notFound"), status: 404 },
          <NotFoundBody t={t} closed={false} home="/pc/home" />,
        );
      }
      const parts = s ? await exchangeParts(c, s.userId, "pc") : null;
      return desktopPage(
        c,
        { title: t("page.gjmarket"), active: "exchange", ticket: parts ? "ticket" : undefined },
        !parts ? <LoginPrompt t={t} layout="pc" /> : (
          <div class="trade-grid exchange-grid">
            <div data-testid="exchange-history">{parts.history}</div>
            <aside id="ticket" class="skip-target" tabIndex={-1}>{parts.form}</aside>
          </div>
        ),
      );
    },
  },
  {
    path: "/wp/product/bibi/list",
    layout: "wp",
    reads: ticketReads("spot"),
    render: async (c, s) => {
      const t = c.get("t");
      const items = await c.get("deps").spot.list(c.get("tenant").id, s!.userId, undefined, 50);
      return mobilePage(
        c,
        { title: t("page.bibiList"), back: "/wp/product/bibi" },
        <>
          {(["open", "history"] as const).map((part) => {
            const list = items.filter((o) => (o.status === "open") === (part === "open"));
            return (
              <section key={part}>
                <h2 class="section">
                  {t(part === "open" ? "spot.openOrders" : "format.orderHistory")}
                </h2>
                {list.length === 0 ? <p class="card muted center">{t("spot.none")}</p> : (
                  <ul
                    class="list records"
                    data-testid={part === "open" ? "spot-records" : "spot-history"}
                  >
                    {list.map((o) => <SpotRecord key={o.orderNo} c={c} o={o} />)}
                  </ul>
                )}
              </section>
            );
          })}
        </>,
      );
    },
  },
  recordsPage("/wp/product/tradeRecord", "page.tradeRecord"),
  {
    // desktop: settled fast contracts and closed positions, each with its Verify view
    path: "/pc/userCenter/records",
    layout: "pc",
    reads: (c, uid) =>
      ticketReads(c.req.query("tab") === "positions" ? "leveraged" : "fast")(c, uid),
    render: async (c, s) => {
      const t = c.get("t");
      const tab = c.req.query("tab") === "positions" ? "positions" : "fast";
      const tid = c.get("tenant").id;
      const base = "/pc/userCenter/records";
      return desktopPage(
        c,
        { title: t("page.tradeRecord"), active: "user" },
        <UserCenterFrame t={t} active="records">
          {!s ? <LoginPrompt t={t} layout="pc" /> : (
            <>
              <SegTabs
                base={base}
                tab={tab}
                tabs={[["fast", t("verify.fastTab")], ["positions", t("verify.positionsTab")]]}
              />
              {tab === "fast"
                ? (
                  <FastRecords
                    c={c}
                    items={(await c.get("deps").fast.list(tid, s.userId, {
                      status: "settled",
                      limit: 50,
                    })).items}
                  />
                )
                : (
                  <PositionRecords
                    c={c}
                    items={await c.get("deps").contracts.list(tid, s.userId, "closed", 50)}
                  />
                )}
            </>
          )}
        </UserCenterFrame>,
      );
    },
  },
];
