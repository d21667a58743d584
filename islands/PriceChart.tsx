import { useEffect, useRef, useState } from "preact/hooks";
import {
  CandlestickSeries,
  ColorType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  type UTCTimestamp,
} from "lightweight-charts";
import type { CandleRow } from "../edge/platform/rules.ts";
import type { Envelope } from "./lib/api.ts";
import type { Texts } from "./lib/fields.tsx";
import { formatPrice } from "../locales/format.ts";
import { subscribe } from "./lib/socket.ts";

export const CHART_TEXTS = [
  "chart.intraday",
  "chart.m5",
  "chart.m15",
  "chart.m30",
  "chart.day",
  "chart.week",
  "chart.month",
  "chart.quarter",
  "chart.year",
  "chart.loading",
  "chart.empty",
  "chart.error",
  "chart.intervals",
] as const;

const TABS = [
  ["intraday", "1m"],
  ["m5", "5m"],
  ["m15", "15m"],
  ["m30", "30m"],
  ["day", "1d"],
  ["week", "1w"],
  ["month", "1M"],
  ["quarter", "1Q"],
  ["year", "1Y"],
] as const;

/** Candles (or the intraday line of 1m closes) from the tape, updated live over the socket. */
export default function PriceChart(
  { symbol, priceDecimals, locale, tx }: {
    symbol: string;
    priceDecimals: number;
    locale: string;
    tx: Texts;
  },
) {
  const box = useRef<HTMLDivElement>(null);
  const [tab, setTab] = useState<typeof TABS[number][0]>("intraday");
  const [state, setState] = useState<"loading" | "ready" | "empty" | "error">("loading");
  const [last, setLast] = useState<string | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const interval = TABS.find((x) => x[0] === tab)![1];
    const chart: IChartApi = createChart(box.current, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: "#0b0e14" },
        textColor: "#9aa6b8",
        attributionLogo: false,
      },
      grid: { vertLines: { color: "#1b2230" }, horzLines: { color: "#1b2230" } },
      timeScale: { timeVisible: interval.endsWith("m"), secondsVisible: false },
      localization: {
        locale,
        priceFormatter: (p: number) => formatPrice(p.toFixed(priceDecimals), priceDecimals, locale),
      },
    });
    const line = tab === "intraday";
    const series: ISeriesApi<"Line"> | ISeriesApi<"Candlestick"> = line
      ? chart.addSeries(LineSeries, { color: "#12b886", lineWidth: 2 })
      : chart.addSeries(CandlestickSeries, {
        upColor: "#12b886",
        downColor: "#ff6b6b",
        wickUpColor: "#12b886",
        wickDownColor: "#ff6b6b",
        borderVisible: false,
      });
    // Floats only for drawing: the API sends exact decimal strings.
    const point = (k: CandleRow) =>
      line ? { time: (k[0] / 1000) as UTCTimestamp, value: Number(k[4]) } : {
        time: (k[0] / 1000) as UTCTimestamp,
        open: Number(k[1]),
        high: Number(k[2]),
        low: Number(k[3]),
        close: Number(k[4]),
      };
    let alive = true;
    setState("loading");
    const root = document.documentElement;
    fetch(`/api/market/kline?symbol=${symbol}&interval=${interval}&limit=500`, {
      headers: root.dataset.appKey ? { appKey: root.dataset.appKey } : {},
    }).then((r) => r.json()).then((env: Envelope<{ candles: CandleRow[] }>) => {
      if (!alive) return;
      if (env.code !== 0) return setState("error");
      const rows = env.data.candles;
      // deno-lint-ignore no-explicit-any
      (series as ISeriesApi<any>).setData(rows.map(point));
      chart.timeScale().fitContent();
      setLast(rows.at(-1)?.[4] ?? null);
      setState(rows.length ? "ready" : "empty");
    }).catch(() => alive && setState("error"));
    const off = subscribe(`kline:${symbol}:${interval}`, (k) => {
      // deno-lint-ignore no-explicit-any
      (series as ISeriesApi<any>).update(point(k));
      setLast(k[4]);
      setState("ready");
    });
    return () => {
      alive = false;
      off();
      chart.remove();
    };
  }, [tab]);

  return (
    <section class="chart-card" data-testid="chart-card">
      <nav class="chart-tabs" aria-label={tx["chart.intervals"]}>
        {TABS.map(([key]) => (
          <button
            key={key}
            type="button"
            class={key === tab ? "active" : undefined}
            aria-pressed={key === tab}
            onClick={() => setTab(key)}
          >
            {tx[`chart.${key}`]}
          </button>
        ))}
      </nav>
      <div
        class="chart-box"
        ref={box}
        data-testid="chart"
        data-state={state}
        data-last={last ?? ""}
      />
      {state !== "ready" && <p class="chart-state muted" role="status">{tx[`chart.${state}`]}</p>}
    </section>
  );
}
