/**
 * Ways into trading: which products a tenant offers for a symbol, the ticket addresses of both
 * layouts (with the preselected direction or side), the symbol picker above every ticket, and the
 * trade actions of a product page.
 */
import type { T } from "../edge/platform/locale.ts";
import type { Tenant } from "../edge/platform/tenants.ts";
import { type SymbolDef, SYMBOLS } from "../contract/symbols.ts";

/** Products with a ticket per symbol. */
export type TicketProduct = "fast" | "leveraged" | "spot";
/** What a ticket opens with: fast direction, contract side or spot side. */
export type Preset = "up" | "down" | "long" | "short" | "buy" | "sell";

const PRESETS: Record<TicketProduct, readonly Preset[]> = {
  fast: ["up", "down"],
  leveraged: ["long", "short"],
  spot: ["buy", "sell"],
};
const PARAM: Record<TicketProduct, "direction" | "side"> = {
  fast: "direction",
  leveraged: "side",
  spot: "side",
};

/** Whether the tenant enabled `product` and the symbol is offered in it. */
export function offers(tenant: Tenant, def: SymbolDef, product: TicketProduct): boolean {
  return def[product] && tenant.products.includes(product);
}

/** The symbol a ticket page shows: the one asked for when offered, else the first offered. */
export function ticketSymbol(
  tenant: Tenant,
  product: TicketProduct,
  asked: string | undefined,
  symbols: readonly SymbolDef[],
) {
  const list = symbolsFor(tenant, product, symbols);
  return list.find((d) => d.code === asked) ?? list[0] ?? SYMBOLS[0]!;
}

/** Where a desktop quote row leads: the first ticket the tenant offers (`...?symbol=`). */
export function desktopTicketBase(tenant: Tenant): string {
  const p = (["fast", "leveraged", "spot"] as const).find((x) => tenant.products.includes(x));
  return p ? `${TICKET_PATH.pc[p]}?symbol=` : "/pc/market?symbol=";
}

/** In place of a ticket whose product the tenant does not offer for this symbol. */
export function NotOffered({ t }: { t: T }) {
  return <p class="notice" data-testid="not-offered">{t("tradeHub.notOffered")}</p>;
}

/** Symbols a ticket of `product` can switch to (`symbols`: as the tenant's product terms say). */
export function symbolsFor(
  tenant: Tenant,
  product: TicketProduct,
  symbols: readonly SymbolDef[],
): SymbolDef[] {
  return symbols.filter((d) => offers(tenant, d, product));
}

const TICKET_PATH: Record<"wp" | "pc", Record<TicketProduct, string>> = {
  wp: {
    fast: "/wp/product/order",
    leveraged: "/wp/product/leveragedDeals",
    spot: "/wp/product/bibi",
  },
  pc: { fast: "/pc/trade/fast", leveraged: "/pc/trade/future", spot: "/pc/trade/bibi" },
};

/** The ticket address of a product for a symbol, optionally opening with `preset` chosen. */
export function ticketHref(
  layout: "wp" | "pc",
  product: TicketProduct,
  symbol: string,
  preset?: Preset,
): string {
  const q = new URLSearchParams({ symbol });
  if (preset) q.set(PARAM[product], preset);
  return `${TICKET_PATH[layout][product]}?${q}`;
}

/** The preset a ticket page was opened with (`?direction=` / `?side=`), if valid for it. */
export function presetOf<P extends Preset>(
  query: (name: string) => string | undefined,
  product: TicketProduct,
): P | undefined {
  const v = query(PARAM[product]) as P | undefined;
  return v && PRESETS[product].includes(v) ? v : undefined;
}

/** A row of symbols above a ticket: switching keeps the page and its preselected side. */
export function SymbolPicker(
  { t, tenant, product, layout, current, preset, symbols }: {
    t: T;
    tenant: Tenant;
    product: TicketProduct;
    /** the symbols with the tenant's product terms */
    symbols: readonly SymbolDef[];
    layout: "wp" | "pc";
    current: string;
    preset?: Preset;
  },
) {
  const list = symbolsFor(tenant, product, symbols);
  if (list.length < 2) return null;
  return (
    <nav class="symbol-picker" aria-label={t("tradeHub.symbol")} data-testid="symbol-picker">
      {list.map((d) => (
        <a
          key={d.code}
          href={ticketHref(layout, product, d.code, preset)}
          class={d.code === current ? "active" : undefined}
          aria-current={d.code === current ? "page" : undefined}
          data-symbol={d.code}
        >
          {d.name}
        </a>
      ))}
    </nav>
  );
}

/** Desktop trade pages: the same symbol in the other products the tenant offers for it. */
export function ProductSwitch(
  { t, tenant, def, active }: { t: T; tenant: Tenant; def: SymbolDef; active: TicketProduct },
) {
  const label = { fast: "nav.fastContract", leveraged: "nav.futures", spot: "nav.spot" } as const;
  const list = (["fast", "leveraged", "spot"] as const).filter((p) => offers(tenant, def, p));
  if (list.length < 2) return null;
  return (
    <nav class="product-tabs" aria-label={t("tradeHub.tradeSymbol", { name: def.name })}>
      {list.map((p) => (
        <a
          key={p}
          href={ticketHref("pc", p, def.code)}
          class={p === active ? "active" : undefined}
          aria-current={p === active ? "page" : undefined}
          data-product={p}
        >
          {t(label[p])}
        </a>
      ))}
    </nav>
  );
}

/** Product page: the trade actions for this symbol that the tenant offers. */
export function TradeActions(
  { t, tenant, def, layout }: { t: T; tenant: Tenant; def: SymbolDef; layout: "wp" | "pc" },
) {
  const actions: { product: TicketProduct; preset: Preset; label: string; tone: string }[] = [];
  if (offers(tenant, def, "fast")) {
    actions.push({ product: "fast", preset: "up", label: t("fast.up"), tone: "up" });
    actions.push({ product: "fast", preset: "down", label: t("fast.down"), tone: "down" });
  }
  if (offers(tenant, def, "leveraged")) {
    actions.push({ product: "leveraged", preset: "long", label: t("contract.long"), tone: "up" });
    actions.push({
      product: "leveraged",
      preset: "short",
      label: t("contract.short"),
      tone: "down",
    });
  }
  if (offers(tenant, def, "spot")) {
    actions.push({ product: "spot", preset: "buy", label: t("tradeHub.spotAction"), tone: "" });
  }
  if (!actions.length) return <NotOffered t={t} />;
  const groups = (["fast", "leveraged", "spot"] as const).filter((p) =>
    actions.some((a) => a.product === p)
  );
  return (
    <section class="trade-actions" data-testid="trade-actions">
      <h2 class="section">{t("tradeHub.tradeSymbol", { name: def.name })}</h2>
      {groups.map((g) => (
        <div class="trade-actions-row" key={g}>
          <span class="muted small">
            {t({ fast: "nav.fastContract", leveraged: "nav.futures", spot: "nav.spot" }[g])}
          </span>
          <div class="dir-row">
            {actions.filter((a) => a.product === g).map((a) => (
              <a
                class={`btn ${a.tone ? `dir ${a.tone} on` : "btn-ghost"}`}
                href={ticketHref(layout, a.product, def.code, a.preset)}
                data-action={`${a.product}-${a.preset}`}
              >
                {a.label}
              </a>
            ))}
          </div>
        </div>
      ))}
    </section>
  );
}
