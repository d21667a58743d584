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
  recordsPage("/wp/product/tradeRecord", "page.tradeRecord"),
  recordsPage("/wp/positions", "page.positions"),
];
