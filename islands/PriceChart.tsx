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
import type { CandleRow } from "../contract/market.ts";
import type { Envelope } from "./lib/api.ts";
import type { Texts } from "./lib/fields.tsx";
import { formatNumber, formatPrice } from "../locales/format.ts";
import { subscribe } from "./lib/socket.ts";
import type { Candle } from "../core-wasm/kline.ts";
import { parseDecimal } from "../core-wasm/decimal.ts";
import type { IndicatorKind } from "../core-wasm/indicator_specs.ts";
import {
  type ChartPrefs,
  DEFAULT_PREFS,
  indicatorSeries,
  type LegendItem,
  loadCore,
  loadPrefs,
  LOWER,
  OVERLAYS,
  savePrefs,
} from "./lib/indicators.ts";
import { IndicatorSettings, SETTINGS_TEXTS } from "./lib/indicator_settings.tsx";

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
  "chart.indicators",
  "chart.volume",
  "chart.legend",
  ...SETTINGS_TEXTS,
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

/** A candle row of the API (decimal strings) as the core's units. */
const candleOf = (k: CandleRow): Candle => ({
  openTime: k[0],
  open: parseDecimal(k[1]),
  high: parseDecimal(k[2]),
  low: parseDecimal(k[3]),
  close: parseDecimal(k[4]),
  volume: parseDecimal(k[5]),
});

/**
 * Candles (or the intraday line of 1m closes) from the tape, updated live over the socket,
 * with volume bars, MA/EMA/BOLL on the price and MACD, RSI or KDJ in a pane below, computed
 * by the core in the browser (islands/lib/indicators.ts); the choices are remembered.
 */
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
  // Defaults on the server and in the first render (hydration), then the stored choices.
  const [prefs, setPrefsState] = useState<ChartPrefs>(DEFAULT_PREFS);
  const [core, setCore] = useState<Awaited<ReturnType<typeof loadCore>> | null>(null);
  const [legend, setLegend] = useState<LegendItem[]>([]);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const chartRef = useRef<IChartApi | null>(null);
  const candles = useRef<Candle[]>([]);
  const drawn = useRef<ReturnType<typeof indicatorSeries> | null>(null);
  const setPrefs = (p: ChartPrefs) => {
    setPrefsState(p);
    savePrefs(p);
  };
  useEffect(() => setPrefsState(loadPrefs()), []);
  const wantsCore = prefs.overlays.length > 0 || prefs.lower !== null;
  useEffect(() => {
    if (wantsCore && !core) loadCore().then(setCore, () => setState("error"));
  }, [wantsCore]);
  const redraw = () => {
    if (drawn.current) setLegend(drawn.current.set(candles.current));
    // for tests and assistive tooling: how many panes the chart shows
    if (box.current && chartRef.current) {
      box.current.dataset.panes = String(chartRef.current.panes().length);
    }
  };

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
      rightPriceScale: { minimumWidth: 64 },
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
    chartRef.current = chart;
    candles.current = [];
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
      candles.current = rows.map(candleOf);
      redraw();
      chart.timeScale().fitContent();
      setLast(rows.at(-1)?.[4] ?? null);
      setState(rows.length ? "ready" : "empty");
    }).catch(() => alive && setState("error"));
    const off = subscribe(`kline:${symbol}:${interval}`, (k) => {
      // deno-lint-ignore no-explicit-any
      (series as ISeriesApi<any>).update(point(k));
      const c = candleOf(k), all = candles.current;
      if (all.length && all.at(-1)!.openTime === c.openTime) all[all.length - 1] = c;
      else if (!all.length || all.at(-1)!.openTime < c.openTime) all.push(c);
      redraw();
      setLast(k[4]);
      setState("ready");
    });
    return () => {
      alive = false;
      off();
      chartRef.current = null;
      drawn.current = null;
      chart.remove();
    };
  }, [tab]);

  // The indicator series: made again when the choices, the chart or the core change.
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const d = indicatorSeries(chart, prefs, wantsCore ? core : null);
    drawn.current = d;
    redraw();
    return () => {
      if (chartRef.current !== chart) return; // the chart itself is gone
      drawn.current = null;
      d.remove();
    };
  }, [tab, prefs, core]);

  const toggleOverlay = (o: typeof OVERLAYS[number]) =>
    setPrefs({
      ...prefs,
      overlays: prefs.overlays.includes(o)
        ? prefs.overlays.filter((x) => x !== o)
        : [...prefs.overlays, o],
    });
  const chip = (key: string, on: boolean, label: string, onClick: () => void) => (
    <button
      key={key}
      type="button"
      class={on ? "ind-chip on" : "ind-chip"}
      aria-pressed={on}
      data-indicator={key}
      onClick={onClick}
    >
      {label}
    </button>
  );
  const name = (k: IndicatorKind) => k.toUpperCase();

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
      <div class="ind-bar" role="group" aria-label={tx["chart.indicators"]}>
        {chip("vol", prefs.vol, tx["chart.volume"] ?? "VOL", () =>
          setPrefs({ ...prefs, vol: !prefs.vol }))}
        {OVERLAYS.map((o) =>
          chip(o, prefs.overlays.includes(o), name(o), () =>
            toggleOverlay(o))
        )}
        <span class="ind-sep" aria-hidden="true" />
        {LOWER.map((l) =>
          chip(
            l,
            prefs.lower === l,
            name(l),
            () => setPrefs({ ...prefs, lower: prefs.lower === l ? null : l }),
          )
        )}
        <button
          type="button"
          class="ind-chip ind-settings"
          aria-expanded={settingsOpen}
          onClick={() => setSettingsOpen(!settingsOpen)}
        >
          {tx["chart.periods"]}
        </button>
      </div>
      {settingsOpen && (
        <IndicatorSettings
          specs={prefs.specs}
          tx={tx}
          onApply={(specs) => {
            setPrefs({ ...prefs, specs });
            setSettingsOpen(false);
          }}
        />
      )}
      {legend.length > 0 && (
        <ul class="ind-legend" aria-label={tx["chart.legend"]} data-testid="chart-legend">
          {legend.map((l) => (
            <li key={l.name} style={{ color: l.color }}>
              {l.name}{" "}
              <bdi>
                {l.value === null
                  ? "–"
                  : l.pct
                  ? formatNumber(l.value, 2, locale)
                  : formatPrice(l.value, priceDecimals, locale)}
              </bdi>
            </li>
          ))}
        </ul>
      )}
      <div
        class={prefs.lower && wantsCore ? "chart-box with-lower" : "chart-box"}
        ref={box}
        data-testid="chart"
        data-state={state}
        data-last={last ?? ""}
        data-indicators={[...(prefs.vol ? ["vol"] : []), ...prefs.overlays, prefs.lower ?? ""]
          .filter(Boolean).join(" ")}
        data-core={core ? "ready" : ""}
      />
      {state !== "ready" && <p class="chart-state muted" role="status">{tx[`chart.${state}`]}</p>}
    </section>
  );
}
