/**
 * The Trade tab (`/wp/product`) and the positions screen (`/wp/positions`): the products the
 * tenant offers, the customer's open positions and orders across products, and their records.
 */
import type { ComponentChildren } from "preact";
import { parseDecimal } from "../../core-wasm/mod.ts";
import { MenuList } from "../../components/blocks.tsx";
import { ticketHref, type TicketProduct } from "../../components/TradeNav.tsx";
import { ticketReads } from "./tickets.tsx";
import type { Session } from "../../edge/customers/service.ts";
import { type Currency, DECIMALS } from "../../edge/ledger/accounts.ts";
import { symbolOf } from "../../contract/symbols.ts";
import type { Ctx } from "../../edge/http/context.ts";
import { formatAmount } from "../../locales/format.ts";
import type { T } from "../../edge/platform/locale.ts";
import type { Tenant } from "../../edge/platform/tenants.ts";
import { formatPrice } from "../../locales/format.ts";
import { mobilePage } from "./frame.tsx";
import type { PageDef } from "./types.ts";

type HubProduct = TicketProduct | "exchange";

const PRODUCT_LABEL: Record<HubProduct, string> = {
  fast: "page.fastOrder",
  leveraged: "page.leveragedDeals",
  spot: "page.bibi",
  exchange: "page.gjmarket",
};

/** The products of this tenant that have a ticket, in the order customers meet them. */
export function hubProducts(tenant: Tenant): HubProduct[] {
  return (["fast", "leveraged", "spot", "exchange"] as const).filter((p) =>
    tenant.products.includes(p)
  );
}

function productHref(p: HubProduct): string {
  return p === "exchange" ? "/wp/product/gjmarket" : ticketHref("wp", p, "BTCUSDT");
}

/** Product tiles; `positions`: the home page's compact trade shortcuts, positions included. */
export function ProductTiles(
  { t, tenant, positions }: { t: T; tenant: Tenant; positions?: boolean },
) {
  return (
    <nav
      class={positions ? "hub-products compact" : "hub-products"}
      aria-label={t("tradeHub.products")}
      data-testid="hub-products"
    >
      {hubProducts(tenant).map((p) => (
        <a key={p} href={productHref(p)} data-product={p}>
          <strong>{t(PRODUCT_LABEL[p])}</strong>
          {!positions && <span>{t(`tradeHub.${p}Desc`)}</span>}
        </a>
      ))}
      {positions && (
        <a href="/wp/positions" data-product="positions">
          <strong>{t("page.positions")}</strong>
        </a>
      )}
    </nav>
  );
}

const name = (symbol: string) => symbolOf(symbol)?.name ?? symbol;

/** An open row's link to its product's ticket for the symbol. */
const ticketRow = (product: TicketProduct, x: { orderNo: string; symbol: string }) => ({
  key: x.orderNo,
  href: ticketHref("wp", product, x.symbol),
  name: name(x.symbol),
});

/** What `OpenBook` reads of the customer's, started with the session. */
const openBookReads = (c: Ctx, userId: string) =>
  (["fast", "leveraged", "spot"] as const).filter((p) => c.get("tenant").products.includes(p))
    .flatMap((p) => ticketReads(p)(c, userId));

/** The customer's open fast contracts, contract positions and pending orders, open spot orders. */
async function OpenBook({ c, s, limit }: { c: Ctx; s: Session; limit: number }) {
  const t = c.get("t");
  const locale = c.get("locale");
  const tenant = c.get("tenant");
  const { fast, contracts, spot } = c.get("deps");
  const on = (p: HubProduct) => tenant.products.includes(p);
  // the three books read together (with the session: the page's `reads`)
  const [fastOpen, positions, spotOpen] = await Promise.all([
    on("fast")
      ? fast.list(tenant.id, s.userId, { status: "open", limit }).then((l) => l.items)
      : [],
    on("leveraged")
      ? contracts.lists(tenant.id, s.userId, ["holding", "pending"], limit)
        .then((l) => [...l.holding, ...l.pending])
      : [],
    on("spot") ? spot.list(tenant.id, s.userId, "open", limit) : [],
  ]);
  const usdt = (v: string) => `${formatAmount(parseDecimal(v), "USDT", locale)} USDT`;
  const base = (symbol: string, v: string) => {
    const b = symbolOf(symbol)?.base as Currency | undefined;
    return b && b in DECIMALS ? `${formatAmount(parseDecimal(v), b, locale)} ${b}` : `${v} ${b}`;
  };
  const price = (symbol: string, v: string) =>
    formatPrice(v, symbolOf(symbol)?.priceDecimals ?? 2, locale);

  if (!fastOpen.length && !positions.length && !spotOpen.length) {
    return (
      <p class="card muted center" data-testid="open-book-empty">{t("tradeHub.nothingOpen")}</p>
    );
  }
  return (
    <div data-testid="open-book">
      <OpenList
        title={t("tradeHub.fastOpen")}
        testid="open-fast"
        rows={fastOpen.map((o) => ({
          ...ticketRow("fast", o),
          up: o.direction === "up",
          side: t(`fast.${o.direction}`),
          detail: <>{usdt(o.stake)} · {t("fast.seconds", { n: o.duration })}</>,
        }))}
      />
      <OpenList
        title={t("tradeHub.leveragedOpen")}
        testid="open-positions"
        rows={positions.map((p) => ({
          ...ticketRow("leveraged", p),
          up: p.side === "long",
          side: t(`contract.${p.side}`),
          more: `${p.leverage}x`,
          detail: t("tradeHub.lots", { n: p.lots }),
          badge: (
            <span class={p.status === "pending" ? "badge warn" : "badge"}>
              {t(`contract.${p.status === "pending" ? "pending" : "holding"}`)}
            </span>
          ),
        }))}
      />
      <OpenList
        title={t("tradeHub.spotOpen")}
        testid="open-spot"
        rows={spotOpen.map((o) => ({
          ...ticketRow("spot", o),
          up: o.side === "buy",
          side: t(`spot.${o.side}`),
          more: t(`spot.${o.type}`),
          detail: <>{base(o.symbol, o.qty)} @ {price(o.symbol, o.price)}</>,
        }))}
      />
    </div>
  );
}

/** One open order or position: a link to its ticket, the symbol, its side in colour, details. */
interface OpenRow {
  key: string;
  href: string;
  name: string;
  /** the side that gains when the price rises (shown in the "pos" colour) */
  up: boolean;
  side: string;
  more?: string;
  detail: ComponentChildren;
  badge?: ComponentChildren;
}

/** A product's open orders or positions under its heading (nothing when there are none). */
function OpenList({ title, testid, rows }: { title: string; testid: string; rows: OpenRow[] }) {
  if (!rows.length) return null;
  return (
    <>
      <h3 class="section">{title}</h3>
      <ul class="list" data-testid={testid}>
        {rows.map((r) => (
          <li key={r.key}>
            <a class="list-row" href={r.href}>
              <span class="grow">
                <strong>{r.name}</strong> · <span class={r.up ? "pos" : "neg"}>{r.side}</span>
                {r.more && ` · ${r.more}`}
                <span class="muted small block">{r.detail}</span>
              </span>
              {r.badge}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

function Records({ t, tenant }: { t: T; tenant: Tenant }) {
  const on = (p: HubProduct) => tenant.products.includes(p);
  const items = [
    on("fast") &&
    { href: "/wp/product/tradeRecord", label: t("fast.history"), hint: t("page.fastOrder") },
    on("leveraged") && { href: "/wp/positions/heyue", label: t("page.positionsHeyue") },
    on("spot") && { href: "/wp/product/bibi/list", label: t("spot.orders") },
    on("exchange") &&
    { href: "/wp/trade/statistics?type=exchange", label: t("exchange.history") },
    { href: "/wp/trade/statistics", label: t("page.statistics") },
  ].filter((x): x is { href: string; label: string; hint?: string } => !!x);
  return (
    <>
      <h2 class="section">{t("tradeHub.records")}</h2>
      <div data-testid="hub-records">
        <MenuList items={items} />
      </div>
    </>
  );
}

export const hubPages: PageDef[] = [
  {
    path: "/wp/product",
    layout: "wp",
    reads: openBookReads,
    render: async (c, s) => {
      const t = c.get("t");
      const tenant = c.get("tenant");
      return mobilePage(
        c,
        { title: t("page.product"), tab: "product" },
        <>
          <h2 class="section">{t("tradeHub.products")}</h2>
          <ProductTiles t={t} tenant={tenant} />
          <div class="section-row">
            <h2 class="section">{t("tradeHub.mine")}</h2>
            <a href="/wp/positions" data-testid="hub-positions">{t("page.positions")} ›</a>
          </div>
          {await OpenBook({ c, s: s!, limit: 5 })}
          <Records t={t} tenant={tenant} />
        </>,
      );
    },
  },
  {
    path: "/wp/positions",
    layout: "wp",
    reads: openBookReads,
    render: async (c, s) => {
      const t = c.get("t");
      return mobilePage(
        c,
        { title: t("page.positions"), back: "/wp/product" },
        <>
          {await OpenBook({ c, s: s!, limit: 50 })}
          <Records t={t} tenant={c.get("tenant")} />
        </>,
      );
    },
  },
];
