/**
 * The Trade tab (`/wp/product`) and the positions screen (`/wp/positions`): the products the
 * tenant offers, the customer's open positions and orders across products, and their records.
 */
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
      {fastOpen.length > 0 && (
        <>
          <h3 class="section">{t("tradeHub.fastOpen")}</h3>
          <ul class="list" data-testid="open-fast">
            {fastOpen.map((o) => (
              <li key={o.orderNo}>
                <a class="list-row" href={ticketHref("wp", "fast", o.symbol)}>
                  <span class="grow">
                    <strong>{name(o.symbol)}</strong> ·{" "}
                    <span class={o.direction === "up" ? "pos" : "neg"}>
                      {t(`fast.${o.direction}`)}
                    </span>
                    <span class="muted small block">
                      {usdt(o.stake)} · {t("fast.seconds", { n: o.duration })}
                    </span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {positions.length > 0 && (
        <>
          <h3 class="section">{t("tradeHub.leveragedOpen")}</h3>
          <ul class="list" data-testid="open-positions">
            {positions.map((p) => (
              <li key={p.orderNo}>
                <a class="list-row" href={ticketHref("wp", "leveraged", p.symbol)}>
                  <span class="grow">
                    <strong>{name(p.symbol)}</strong> ·{" "}
                    <span class={p.side === "long" ? "pos" : "neg"}>
                      {t(`contract.${p.side}`)}
                    </span>{" "}
                    · {p.leverage}x
                    <span class="muted small block">
                      {t("tradeHub.lots", { n: p.lots })}
                    </span>
                  </span>
                  <span class={p.status === "pending" ? "badge warn" : "badge"}>
                    {t(`contract.${p.status === "pending" ? "pending" : "holding"}`)}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {spotOpen.length > 0 && (
        <>
          <h3 class="section">{t("tradeHub.spotOpen")}</h3>
          <ul class="list" data-testid="open-spot">
            {spotOpen.map((o) => (
              <li key={o.orderNo}>
                <a class="list-row" href={ticketHref("wp", "spot", o.symbol)}>
                  <span class="grow">
                    <strong>{name(o.symbol)}</strong> ·{" "}
                    <span class={o.side === "buy" ? "pos" : "neg"}>{t(`spot.${o.side}`)}</span> ·
                    {" "}
                    {t(`spot.${o.type}`)}
                    <span class="muted small block">
                      {base(o.symbol, o.qty)} @ {price(o.symbol, o.price)}
                    </span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
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
