/**
 * Wealth on the phone: the products (rate, APR, term, limits, hosted amount, the public reserve
 * coverage), subscribing with every figure shown first, my orders, and an order's schedule with
 * early redemption at a quote.
 */
import type { PrivateRead } from "../../edge/platform/kv_round_trips.ts";
import type { Session } from "../../edge/customers/service.ts";
import { formatDecimal, parseDecimal, SCALE } from "../../core-wasm/mod.ts";
import { user } from "../../edge/ledger/accounts.ts";
import type { Ctx } from "../../edge/http/context.ts";
import { pickTexts } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import { orderJson, payoutSchedule } from "../../edge/wealth/figures.ts";
import WealthRedeem, { WEALTH_REDEEM_TEXTS } from "../../islands/WealthRedeem.tsx";
import WealthSubscribe, { WEALTH_SUBSCRIBE_TEXTS } from "../../islands/WealthSubscribe.tsx";
import { formatAmount, formatExact, formatPct, formatTime } from "../../locales/format.ts";
import { UserCenterFrame } from "../../components/UserCenterNav.tsx";
import { LoginPrompt } from "../../components/blocks.tsx";
import { desktopPage, mobilePage } from "./frame.tsx";
import type { PageDef } from "./types.ts";
import type { ComponentChildren } from "preact";

const SCHEDULE_STATE = {
  paid: "wealth.paid",
  due: "wealth.toCome",
  forfeited: "wealth.notPaid",
} as const;

/** The page in its layout: the phone's frame, or the desktop user centre's wealth section. */
function frame(c: Ctx, title: string, back: string, body: ComponentChildren) {
  if (new URL(c.req.url).pathname.startsWith("/pc/")) {
    return desktopPage(
      c,
      { title, active: "user" },
      <UserCenterFrame t={c.get("t")} active="wealth">{body}</UserCenterFrame>,
    );
  }
  return mobilePage(c, { title, back }, body);
}

/** Where the wealth pages are in this layout. */
const at = (c: Ctx, page: "" | "order" | "list" | "detail") =>
  new URL(c.req.url).pathname.startsWith("/pc/")
    ? `/pc/userCenter/wealth${page ? `?view=${page}` : ""}`
    : `/wp/wealth${page ? `/${page}` : ""}`;
const join = (href: string, q: string) => href + (href.includes("?") ? "&" : "?") + q;

const usdt = (c: Ctx, v: string) => `${formatAmount(v, "USDT", c.get("locale"))} USDT`;
/** a penalty or refund exactly as the core computed it (they add up to the amount) */
const exact = (c: Ctx, v: string) => `${formatExact(v, "USDT", c.get("locale"))} USDT`;
const pct = (c: Ctx, v: string) => formatPct(v, c.get("locale"), { sign: false });
/**
 * The reserve's coverage of promised payouts: above 1,000 % it reads "over 1,000 %" (a small
 * promise against the whole reserve gives a figure of millions of per cent that says nothing).
 */
function coverage(c: Ctx, v: string) {
  if (parseDecimal(v) <= 10n * SCALE) return pct(c, v);
  const top = new Intl.NumberFormat(c.get("locale"), {
    style: "percent",
    maximumFractionDigits: 0,
  });
  return c.get("t")("wealth.coverageOver", { pct: top.format(10) });
}

/** What the wealth tile shows: the products on offer (a public cache). */
export function wealthTileData(c: Ctx) {
  return c.get("deps").wealth.list(c.get("tenant").id);
}

/**
 * The home page's wealth tile: the best APR on offer, the terms, and the reserve's public
 * coverage (hidden when the tenant offers no open product).
 */
export async function WealthTile({ c, layout }: { c: Ctx; layout: "wp" | "pc" }) {
  const t = c.get("t");
  const list = await wealthTileData(c);
  const open = list.items.filter((p) => p.open);
  if (!open.length) return null;
  const best = open.reduce((a, b) => parseDecimal(b.apr) > parseDecimal(a.apr) ? b : a);
  const days = open.map((p) => p.periodDays);
  const terms = { apr: pct(c, best.apr), min: Math.min(...days), max: Math.max(...days) };
  return (
    <a
      data-testid="home-wealth"
      class={layout === "wp" ? "card stack wealth-tile" : "card stack wealth-tile wide"}
      href={layout === "wp" ? "/wp/wealth" : "/pc/userCenter/wealth"}
    >
      <strong>{t("page.wealth")}</strong>
      <span class="muted small">
        {list.coverage === null
          ? t("wealth.tileLineNew", terms)
          : t("wealth.tileLine", { ...terms, coverage: coverage(c, list.coverage) })}
      </span>
    </a>
  );
}

type ProductView = Awaited<ReturnType<Ctx["var"]["deps"]["wealth"]["list"]>>["items"][number];

/** A product's rate, APR, term and limits (and, in the list, how much it hosts of its cap). */
function ProductTerms({ c, p, hosted }: { c: Ctx; p: ProductView; hosted?: boolean }) {
  const t = c.get("t");
  return (
    <>
      <div class="row-between">
        <span>{t("wealth.dailyRate")} {pct(c, p.dailyRate)}</span>
        <span class="muted">{t("wealth.apr")} {pct(c, p.apr)}</span>
      </div>
      <div class="muted small">
        {t("wealth.term", { days: p.periodDays })} · {t("wealth.limits", {
          min: usdt(c, p.minAmount),
          max: usdt(c, p.maxAmount),
        })}
        {hosted && ` · ${t("wealth.hosted", { hosted: usdt(c, p.hosted), cap: usdt(c, p.cap) })}`}
      </div>
    </>
  );
}

async function products(c: Ctx) {
  const t = c.get("t");
  const list = await c.get("deps").wealth.list(c.get("tenant").id);
  return frame(
    c,
    t("page.wealth"),
    "/wp/home",
    <section class="stack" data-testid="wealth-products">
      <p class="notice small" data-testid="wealth-reserve">
        {t("wealth.reserveLine", {
          reserve: usdt(c, list.reserve),
          coverage: list.coverage === null ? t("wealth.noPromises") : coverage(c, list.coverage),
        })}{" "}
        <a
          href={new URL(c.req.url).pathname.startsWith("/pc/")
            ? "/pc/liabilities"
            : "/wp/liabilities"}
          data-testid="wealth-pol-link"
        >
          {t("liabilities.linkFromReserve")}
        </a>
      </p>
      {list.items.map((p) => (
        <a
          key={p.id}
          class="card stack"
          href={p.open ? join(at(c, "order"), `product=${p.id}`) : undefined}
          data-testid={`product-${p.id}`}
        >
          <div class="row-between">
            <strong>{p.name}</strong>
            <span class={p.open ? "badge" : "badge warn"}>
              {p.open ? t("wealth.open") : t("wealth.paused")}
            </span>
          </div>
          <ProductTerms c={c} p={p} hosted />
        </a>
      ))}
      <a class="btn" href={at(c, "list")}>{t("wealth.myOrders")}</a>
    </section>,
  );
}

async function subscribe(c: Ctx, s: Session) {
  const t = c.get("t");
  const tid = c.get("tenant").id;
  const id = c.req.query("product") ?? "";
  const p = (await c.get("deps").wealth.list(tid)).items.find((x) => x.id === id);
  // without a product (or an unknown one): choose one
  if (!p) return await products(c);
  // both wallets' USDT were read with the session: the contract one pays a transfer in place
  const [b, contract] = await Promise.all([
    c.get("deps").ledger.balance(tid, user(s.userId, "spot", "USDT")),
    c.get("deps").ledger.balance(tid, user(s.userId, "contract", "USDT")),
  ]);
  return frame(
    c,
    p.name,
    "/wp/wealth",
    <section class="stack">
      <div class="card">
        <ProductTerms c={c} p={p} />
      </div>
      <Island
        of={WealthSubscribe}
        props={{
          tx: pickTexts(t, WEALTH_SUBSCRIBE_TEXTS),
          productId: p.id,
          available: formatDecimal(b.available),
          contractAvailable: formatDecimal(contract.available),
          min: p.minAmount,
          max: p.maxAmount,
          detailHref: join(at(c, "detail"), "id="),
          links: new URL(c.req.url).pathname.startsWith("/pc/")
            ? { transfer: "/pc/handle/transfer", recharge: "/pc/handle/recharge" }
            : { transfer: "/wp/trade/transfer", recharge: "/wp/trade/recharge" },
        }}
      />
    </section>,
  );
}

/** The customer's wealth orders, read with the session. */
const ordersReads = (c: Ctx, userId: string) => [
  c.get("deps").wealth.ordersRead(c.get("tenant").id, userId),
];

/**
 * What the detail reads with the session: the order it names, or (no order named) the list it
 * shows instead. (An order of someone else's is answered with the list: a read more.)
 */
const detailReads = (c: Ctx, userId: string): PrivateRead[] => {
  const id = c.req.query("id");
  return id
    ? [{ key: c.get("deps").wealth.orderKey(c.get("tenant").id, id) }]
    : ordersReads(c, userId);
};

async function orders(c: Ctx, s: Session) {
  const t = c.get("t");
  const list = await c.get("deps").wealth.orders(c.get("tenant").id, s.userId);
  const loc = c.get("locale"), tz = c.get("timeZone");
  return frame(
    c,
    t("wealth.myOrders"),
    "/wp/wealth",
    list.items.length === 0
      ? <p class="card muted center" data-testid="wealth-empty">{t("wealth.noOrders")}</p>
      : (
        <ul class="list" data-testid="wealth-orders">
          {list.items.map((o) => (
            <li key={o.orderNo}>
              <a class="list-row" href={join(at(c, "detail"), `id=${o.orderNo}`)}>
                <span class="grow">
                  <strong>{o.productName} · {usdt(c, o.amount)}</strong>
                  <span class="muted small block">
                    {t("wealth.earned", { amount: usdt(c, o.earned) })}
                    {o.nextPayout !== null &&
                      ` · ${t("wealth.nextPayout", { at: formatTime(o.nextPayout, loc, tz) })}`}
                  </span>
                </span>
                <span class={o.status === "retired" ? "badge muted" : "badge"}>
                  {t(`wealth.status_${o.status}`)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      ),
  );
}

async function detail(c: Ctx, s: Session) {
  const t = c.get("t");
  const tid = c.get("tenant").id;
  const id = c.req.query("id");
  const o = id ? await c.get("deps").wealth.get(tid, id) : null;
  // without an order of theirs: their orders
  if (!o || o.userId !== s.userId) return await orders(c, s);
  const j = orderJson(o, c.get("deps").now());
  const loc = c.get("locale"), tz = c.get("timeZone");
  return frame(
    c,
    t("page.wealthDetail"),
    "/wp/wealth/list",
    <section class="stack" data-testid="wealth-detail">
      <div class="card stack">
        <div class="row-between">
          <strong>{j.productName}</strong>
          <span class={j.status === "retired" ? "badge muted" : "badge"}>
            {t(`wealth.status_${j.status}`)}
          </span>
        </div>
        <div class="row-between">
          <span class="muted">{t("wealth.amount")}</span>
          <strong>{usdt(c, j.amount)}</strong>
        </div>
        <div class="row-between">
          <span class="muted">{t("wealth.earnedLabel")}</span>
          <strong data-testid="earned">{usdt(c, j.earned)}</strong>
        </div>
        <div class="row-between">
          <span class="muted">{t("wealth.maturity")}</span>
          <span>{formatTime(j.maturity, loc, tz)}</span>
        </div>
      </div>
      {o.end && (
        <p class="notice small" data-testid="wealth-end">
          {o.end.kind === "matured"
            ? t("wealth.endMatured", {
              at: formatTime(o.end.at, loc, tz),
              amount: usdt(c, j.amount),
            })
            : t("wealth.endRedeemed", {
              at: formatTime(o.end.at, loc, tz),
              days: o.end.daysLeft,
              penalty: exact(c, formatDecimal(o.end.penalty)),
              refund: exact(c, formatDecimal(o.end.refund)),
            })}
        </p>
      )}
      <h2 class="section-title">{t("wealth.schedule")}</h2>
      <ul class="list" data-testid="wealth-schedule">
        {payoutSchedule(o).map((p) => (
          <li key={p.day} class="list-row" data-state={p.state}>
            <span class="grow">{formatTime(p.at, loc, tz)}</span>
            <span class={p.state === "forfeited" ? "muted strike" : undefined}>
              {usdt(c, p.amount)}
            </span>
            <span class={p.state === "paid" ? "badge" : "badge muted"}>
              {t(SCHEDULE_STATE[p.state])}
            </span>
          </li>
        ))}
      </ul>
      {j.status === "underway" && (
        <Island
          of={WealthRedeem}
          props={{ tx: pickTexts(t, WEALTH_REDEEM_TEXTS), orderNo: j.orderNo }}
        />
      )}
    </section>,
  );
}

/** The desktop user centre's wealth section: one path, the view in the query. */
async function desktop(c: Ctx, s: Session | null) {
  const view = c.req.query("view");
  // the products are public on the desktop (it has no login guard); the rest is the customer's
  if (!s && view !== "order" && view !== "list" && view !== "detail") return await products(c);
  if (!s) {
    return desktopPage(
      c,
      { title: c.get("t")("page.wealth"), active: "user" },
      <LoginPrompt t={c.get("t")} layout="pc" />,
    );
  }
  if (view === "order") return await subscribe(c, s);
  if (view === "list") return await orders(c, s);
  if (view === "detail") return await detail(c, s);
  return await products(c);
}

export const wealthPages: PageDef[] = [
  {
    path: "/pc/userCenter/wealth",
    layout: "pc",
    reads: ordersReads,
    render: (c, s) => desktop(c, s),
  },
  { path: "/wp/wealth", layout: "wp", render: (c) => products(c) },
  { path: "/wp/wealth/order", layout: "wp", render: (c, s) => subscribe(c, s!) },
  { path: "/wp/wealth/list", layout: "wp", reads: ordersReads, render: (c, s) => orders(c, s!) },
  {
    path: "/wp/wealth/detail",
    layout: "wp",
    reads: detailReads,
    render: (c, s) => detail(c, s!),
  },
];
