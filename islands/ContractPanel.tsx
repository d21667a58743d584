import { useEffect, useState } from "preact/hooks";
import type { PositionJson } from "../contract/trading.ts";
import {
  formatMoney,
  formatPrice,
  formatShortTime,
  symbolName,
  uiLocale,
} from "../locales/format.ts";
import { plural, type Texts } from "./lib/fields.tsx";
import { CLOSE_REASON_TEXTS, POSITION_TEXTS } from "./lib/positions.tsx";
import { POSITION_LIST_TEXTS, PositionList, usePositions } from "./lib/position_list.tsx";
import { subscribe } from "./lib/socket.ts";

export const PANEL_TEXTS = [
  ...POSITION_LIST_TEXTS,
  "contract.positionsTab",
  "contract.ordersTab",
  "contract.historyTab",
  "contract.none",
  "contract.noOrders",
  "contract.noHistory",
  "contract.closePrice",
  "contract.realized",
  "contract.closedBy",
  "contract.closeTime",
  "contract.leverage",
  ...CLOSE_REASON_TEXTS,
  "risk.groupLiquidation",
  "risk.noLevel",
  "risk.hedged",
  "app.confirm",
  "app.cancel",
  "validation.invalid",
  "rules.stopLossBelow",
  "rules.stopLossAbove",
  "rules.takeProfitAbove",
  "rules.takeProfitBelow",
  "rules.precision",
  "rules.trailingRate",
  "rules.ocoLots",
  ...POSITION_TEXTS,
] as const;

type Tab = "positions" | "orders" | "history";

/**
 * The desktop leveraged screen's panel under the chart, across the page: the customer's
 * positions, open (limit) orders and history of the symbol in tabs, with the same actions and
 * confirmations as the phone's list (islands/lib/position_list.tsx). The ticket beside the chart
 * hears of what changes here, and the other way round.
 */
export default function ContractPanel(
  { symbol, name, priceDecimals, mmr, feeRate, price: initial, tx, positions, history, timeZone }: {
    symbol: string;
    name: string;
    priceDecimals: number;
    mmr: string;
    feeRate: string;
    price: string | null;
    tx: Texts;
    /** open (pending and holding) positions of the symbol */
    positions: PositionJson[];
    /** closed positions of the symbol, newest first */
    history: PositionJson[];
    timeZone?: string;
  },
) {
  const [tab, setTab] = useState<Tab>("positions");
  const [price, setPrice] = useState(initial);
  const [done, setDone] = useState(history);
  const [open, apply] = usePositions(positions, symbol, (p) => {
    if (p.status === "closed") {
      setDone((cur) => [p, ...cur.filter((x) => x.orderNo !== p.orderNo)].slice(0, 50));
    }
  });
  useEffect(() =>
    subscribe("ticker", (data) => {
      const q = data.find((x) => x.symbol === symbol);
      if (q) setPrice(q.price);
    }), []);
  const loc = uiLocale();
  const holding = open.filter((p) => p.status === "holding");
  const pending = open.filter((p) => p.status === "pending");
  const counts: Record<Tab, number | null> = {
    positions: holding.length,
    orders: pending.length,
    history: null,
  };
  const px = (v: string | null) => v === null ? "-" : formatPrice(v, priceDecimals, loc);
  const list = (items: PositionJson[], empty: string, testid: string) =>
    items.length === 0
      ? <p class="muted" data-testid={`${testid}-empty`}>{empty}</p>
      : (
        <PositionList
          {...{ price, priceDecimals, mmr, feeRate, name, tx, testid }}
          positions={items}
          onChange={apply}
        />
      );
  return (
    <section class="card trade-panel" data-testid="contract-panel">
      <div class="seg" role="tablist">
        {(["positions", "orders", "history"] as const).map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            class={tab === x ? "chip-btn on" : "chip-btn"}
            aria-selected={tab === x}
            onClick={() => setTab(x)}
          >
            {tx[`contract.${x}Tab`]}
            {counts[x] ? ` (${counts[x]})` : ""}
          </button>
        ))}
      </div>
      {tab === "positions" && list(holding, tx["contract.none"]!, "positions")}
      {tab === "orders" && list(pending, tx["contract.noOrders"]!, "orders")}
      {tab === "history" && (done.length === 0
        ? <p class="muted">{tx["contract.noHistory"]}</p>
        : (
          <div class="table-wrap">
            <table class="table small" data-testid="history">
              <thead>
                <tr>
                  <th>{tx["contract.closeTime"]}</th>
                  <th>{symbolName(symbol)}</th>
                  <th class="num">{tx["contract.openPrice"]}</th>
                  <th class="num">{tx["contract.closePrice"]}</th>
                  <th class="num">{tx["contract.realized"]}</th>
                  <th>{tx["contract.closedBy"]}</th>
                </tr>
              </thead>
              <tbody>
                {done.map((p) => (
                  <tr key={p.orderNo} data-reason={p.closeReason}>
                    <td>{p.closeTime ? formatShortTime(p.closeTime, loc, timeZone) : "-"}</td>
                    <td>
                      {tx[`contract.${p.side}`]} · {p.leverage}x ·{" "}
                      {plural(tx, "format.lotCount", p.lots, loc)}
                    </td>
                    <td class="num fig">{px(p.openPrice)}</td>
                    <td class="num fig">{px(p.closePrice)}</td>
                    <td
                      class={`num fig ${p.realizedPnl.startsWith("-") ? "neg" : "pos"}`}
                    >
                      {formatMoney(p.realizedPnl, "USDT", loc, { sign: true })}
                    </td>
                    <td>{p.closeReason ? tx[`contract.reason_${p.closeReason}`] : "-"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </section>
  );
}
