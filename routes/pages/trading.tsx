/** Trading screens: the fast-contract ticket (mobile and the desktop trade page) and records. */
import { formatDecimal } from "../../core-wasm/mod.ts";
import { LoginPrompt } from "../../components/blocks.tsx";
import type { Session } from "../../edge/accounts/service.ts";
import { user } from "../../edge/ledger/accounts.ts";
import { symbolOf } from "../../edge/market/symbols.ts";
import type { Ctx } from "../../edge/platform/context.ts";
import { formatTime } from "../../edge/platform/format.ts";
import { pickTexts } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import { FAST_OPTIONS, type FastOrderJson } from "../../edge/trading/fast.ts";
import FastTicket, { FAST_TEXTS } from "../../islands/FastTicket.tsx";
import ContractTicket, { CONTRACT_TEXTS } from "../../islands/ContractTicket.tsx";
import ExchangeForm, { EXCHANGE_TEXTS } from "../../islands/ExchangeForm.tsx";
import SpotTicket, { SPOT_TEXTS } from "../../islands/SpotTicket.tsx";
import { SPOT_FEE } from "../../edge/trading/spot.ts";
import { bracketsJson } from "../../edge/trading/contracts.ts";
import { FlowList } from "../../components/FlowList.tsx";
import { languageOf } from "../../locales/languages.ts";
import { mobilePage } from "./frame.tsx";
import { chartOf, FeedLabel } from "./market.tsx";
import type { PageDef } from "./types.ts";

export async function FastTicketIsland(
  { c, s, symbol }: { c: Ctx; s: Session | null; symbol: string },
) {
  if (!s) return <LoginPrompt t={c.get("t")} layout={c.get("mobile") ? "wp" : "pc"} />;
  const { ledger, fast } = c.get("deps");
  const t = c.get("tenant").id;
  const b = await ledger.balance(t, user(s.userId, "contract", "USDT"));
  const open = await fast.list(t, s.userId, { status: "open", limit: 10 });
  return (
    <Island
      name="FastTicket"
      of={FastTicket}
      props={{
        symbol,
        name: symbolOf(symbol)!.name,
        options: FAST_OPTIONS,
        tx: pickTexts(c.get("t"), FAST_TEXTS),
        available: formatDecimal(b.available, 2),
        open: open.items,
      }}
    />
  );
}

export async function ContractTicketIsland(
  { c, s, symbol }: { c: Ctx; s: Session | null; symbol: string },
) {
  if (!s) return <LoginPrompt t={c.get("t")} layout={c.get("mobile") ? "wp" : "pc"} />;
  const { ledger, contracts, market } = c.get("deps");
  const t = c.get("tenant").id;
  const def = symbolOf(symbol)!;
  const b = await ledger.balance(t, user(s.userId, "contract", "USDT"));
  const positions = [
    ...await contracts.list(t, s.userId, "pending", 20),
    ...await contracts.list(t, s.userId, "holding", 20),
  ].filter((p) => p.symbol === symbol);
  const last = market.tape.lastTick(symbol);
  return (
    <Island
      name="ContractTicket"
      of={ContractTicket}
      props={{
        symbol,
        name: def.name,
        base: def.base,
        lot: formatDecimal(def.lot),
        leverages: def.leverage,
        mmr: formatDecimal(def.mmr),
        feeRate: formatDecimal(def.takerFee),
        price: last ? formatDecimal(last.price) : null,
        tx: pickTexts(c.get("t"), CONTRACT_TEXTS),
        available: formatDecimal(b.available, 2),
        positions,
        brackets: bracketsJson(def.brackets),
      }}
    />
  );
}

export async function SpotTicketIsland(
  { c, s, symbol }: { c: Ctx; s: Session | null; symbol: string },
) {
  if (!s) return <LoginPrompt t={c.get("t")} layout={c.get("mobile") ? "wp" : "pc"} />;
  const def = symbolOf(symbol)!;
  const { spot, market } = c.get("deps");
  const orders = (await spot.list(c.get("tenant").id, s.userId, undefined, 20)).filter((o) =>
    o.symbol === symbol
  );
  const last = market.tape.lastTick(symbol);
  return (
    <Island
      name="SpotTicket"
      of={SpotTicket}
      props={{
        symbol,
        base: def.base,
        price: last ? formatDecimal(last.price) : null,
        tx: pickTexts(c.get("t"), SPOT_TEXTS),
        orders,
        feeRate: formatDecimal(SPOT_FEE),
      }}
    />
  );
}

function FastRecords({ c, items }: { c: Ctx; items: FastOrderJson[] }) {
  const t = c.get("t");
  const tz = languageOf(c.get("locale")).timezone;
  const time = (ms: number | null) => ms === null ? "-" : formatTime(ms, c.get("locale"), tz);
  if (!items.length) return <p class="card muted center">{t("flow.empty")}</p>;
  return (
    <ul class="list records" data-testid="fast-records">
      {items.map((o) => (
        <li key={o.orderNo} class="record">
          <div class="kv-row">
            <strong>{o.symbol} · {t(`fast.${o.direction}`)}</strong>
            <span class={o.outcome === "win" ? "pos" : o.outcome === "lose" ? "neg" : ""}>
              {o.income === null
                ? t("fast.settling")
                : `${o.income.startsWith("-") ? "" : "+"}${o.income} USDT`}
            </span>
          </div>
          <dl class="dl">
            <dt>{t("fast.orderNo")}</dt>
            <dd>{o.orderNo}</dd>
            <dt>{t("fast.stake")}</dt>
            <dd>{o.stake}</dd>
            <dt>{t("fast.entry", { price: "" })}</dt>
            <dd>{o.entry.price} · {time(o.openTime)}</dd>
            <dt>{t("fast.exit", { price: "" })}</dt>
            <dd>{o.exit ? `${o.exit.price} · ${time(o.exit.time)}` : "-"}</dd>
            <dt>{t("fast.duration")}</dt>
            <dd>{t("fast.seconds", { n: o.duration })} · {time(o.expiryTime)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

const recordsPage = (path: string, title: string): PageDef => ({
  path,
  layout: "wp",
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
        <nav class="seg">
          <a href={`${path}?tab=open`} class={tab === "open" ? "active" : undefined}>
            {t("fast.openList")}
          </a>
          <a href={`${path}?tab=settled`} class={tab === "settled" ? "active" : undefined}>
            {t("fast.settledList")}
          </a>
        </nav>
        <FastRecords c={c} items={list.items} />
      </>,
    );
  },
});

export const tradingPages: PageDef[] = [
  {
    path: "/wp/product/order",
    layout: "wp",
    render: async (c, s) => {
      const t = c.get("t");
      const symbol = symbolOf(c.req.query("symbol") ?? "")?.code ?? "BTCUSDT";
      return mobilePage(
        c,
        { title: `${t("page.fastOrder")} · ${symbolOf(symbol)!.name}`, back: "/wp/product" },
        <>
          <FeedLabel c={c} />
          {chartOf(c, symbol)}
          {await FastTicketIsland({ c, s, symbol })}
          <p class="links">
            <a href="/wp/product/tradeRecord">{t("fast.history")}</a>
          </p>
        </>,
      );
    },
  },
  {
    path: "/wp/product/leveragedDeals",
    layout: "wp",
    render: async (c, s) => {
      const t = c.get("t");
      const def = symbolOf(c.req.query("symbol") ?? "") ?? symbolOf("BTCUSDT")!;
      return mobilePage(
        c,
        { title: `${t("page.leveragedDeals")} · ${def.name}`, back: "/wp/product" },
        <>
          <FeedLabel c={c} />
          {chartOf(c, def.code)}
          {await ContractTicketIsland({ c, s, symbol: def.code })}
          <p class="links">
            <a href="/wp/positions/heyue">{t("page.positionsHeyue")}</a>
          </p>
        </>,
      );
    },
  },
  {
    path: "/wp/positions/heyue",
    layout: "wp",
    render: async (c, s) => {
      const t = c.get("t");
      const tab = c.req.query("tab") === "closed" ? "closed" : "holding";
      const items = await c.get("deps").contracts.list(c.get("tenant").id, s!.userId, tab, 50);
      return mobilePage(
        c,
        { title: t("page.positionsHeyue"), back: "/wp/positions" },
        <>
          <nav class="seg">
            <a
              href="/wp/positions/heyue?tab=holding"
              class={tab === "holding" ? "active" : undefined}
            >
              {t("contract.holding")}
            </a>
            <a
              href="/wp/positions/heyue?tab=closed"
              class={tab === "closed" ? "active" : undefined}
            >
              {t("contract.closedTab")}
            </a>
          </nav>
          {items.length === 0
            ? <p class="card muted center">{t("contract.none")}</p>
            : (
              <ul class="list records" data-testid="contract-records">
                {items.map((p) => (
                  <li key={p.orderNo} class="record">
                    <div class="kv-row">
                      <strong>
                        {p.symbol} · {t(`contract.${p.side}`)} · {p.leverage}x · {p.lots}
                      </strong>
                      <span>
                        {p.status === "closed"
                          ? t(`contract.reason_${p.closeReason}`)
                          : p.unrealizedPnl ?? "-"}
                      </span>
                    </div>
                    <dl class="dl">
                      <dt>{t("fast.orderNo")}</dt>
                      <dd>{p.orderNo}</dd>
                      <dt>{t("contract.openPrice")}</dt>
                      <dd>{p.openPrice}</dd>
                      <dt>{t("contract.margin")}</dt>
                      <dd>{p.margin}</dd>
                      <dt>{t("contract.liquidation")}</dt>
                      <dd>{p.liquidationPrice}</dd>
                      {p.closePrice && <dt>{t("contract.closePrice")}</dt>}
                      {p.closePrice && <dd>{p.closePrice}</dd>}
                      <dt>{t("contract.realized")}</dt>
                      <dd>{p.realizedPnl}</dd>
                    </dl>
                  </li>
                ))}
              </ul>
            )}
        </>,
      );
    },
  },
  {
    path: "/wp/product/gjmarket",
    layout: "wp",
    render: async (c, s) => {
      const t = c.get("t");
      const { ledger } = c.get("deps");
      const tid = c.get("tenant").id;
      const b = await ledger.balances(
        tid,
        (["BTC", "ETH", "USDT"] as const).map((cur) => user(s!.userId, "spot", cur)),
      );
      const bal = (cur: string) => formatDecimal(b.get(`u:${s!.userId}:spot:${cur}`)!.available);
      const lines = await ledger.lines(tid, s!.userId, { limit: 10, type: "exchange" });
      return mobilePage(
        c,
        { title: t("page.gjmarket"), back: "/wp/product" },
        <>
          <Island
            name="ExchangeForm"
            of={ExchangeForm}
            props={{
              tx: pickTexts(t, EXCHANGE_TEXTS),
              balances: { BTC: bal("BTC"), ETH: bal("ETH"), USDT: bal("USDT") },
              history: "/wp/trade/statistics?type=exchange",
            }}
          />
          <h2 class="section" id="history">{t("exchange.history")}</h2>
          <FlowList
            t={t}
            locale={c.get("locale")}
            timeZone={languageOf(c.get("locale")).timezone}
            path="/wp/trade/statistics"
            lines={lines.items}
            cursor={null}
            paged={false}
            filter={{ type: "exchange" }}
            showTypeFilter={false}
          />
        </>,
      );
    },
  },
  {
    path: "/wp/product/bibi",
    layout: "wp",
    render: async (c, s) => {
      const t = c.get("t");
      const def = symbolOf(c.req.query("symbol") ?? "");
      const symbol = def?.spot ? def.code : "BTCUSDT";
      return mobilePage(
        c,
        { title: `${t("page.bibi")} · ${symbolOf(symbol)!.name}`, back: "/wp/product" },
        <>
          <FeedLabel c={c} />
          {chartOf(c, symbol)}
          {await SpotTicketIsland({ c, s, symbol })}
          <p class="links">
            <a href="/wp/product/bibi/list">{t("spot.orders")}</a>
          </p>
        </>,
      );
    },
  },
  {
    path: "/wp/product/bibi/list",
    layout: "wp",
    render: async (c, s) => {
      const t = c.get("t");
      const items = await c.get("deps").spot.list(c.get("tenant").id, s!.userId, undefined, 50);
      return mobilePage(
        c,
        { title: t("page.bibiList"), back: "/wp/product/bibi" },
        items.length === 0
          ? <p class="card muted center">{t("spot.none")}</p>
          : (
            <ul class="list records" data-testid="spot-records">
              {items.map((o) => (
                <li key={o.orderNo} class="record">
                  <div class="kv-row">
                    <strong>{o.symbol} · {t(`spot.${o.side}`)} · {t(`spot.${o.type}`)}</strong>
                    <span>{t(`spot.status_${o.status}`)}</span>
                  </div>
                  <dl class="dl">
                    <dt>{t("fast.orderNo")}</dt>
                    <dd>{o.orderNo}</dd>
                    <dt>{t("spot.price")}</dt>
                    <dd>{o.price}</dd>
                    <dt>{t("spot.qty", { base: o.symbol.replace("USDT", "") })}</dt>
                    <dd>{o.qty}</dd>
                    <dt>{t("flow.type_fee")}</dt>
                    <dd>{o.fee}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          ),
      );
    },
  },
  recordsPage("/wp/product/tradeRecord", "page.tradeRecord"),
  recordsPage("/wp/positions", "page.positions"),
];
