import { useEffect, useRef, useState } from "preact/hooks";
import type { AutoscaleInfo, IPriceLine, MouseEventParams, Time } from "lightweight-charts";
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
import { customer, envelopeOf } from "./lib/api.ts";
import { fill, type Texts } from "./lib/fields.tsx";
import { formatNumber, formatPct, formatPrice, formatShortTime } from "../locales/format.ts";
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
import { type ChartLine, type ChartLineKind, watchLines } from "./lib/chart_lines.ts";
import { NONE } from "../core-wasm/indicator_specs.ts";

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
  "chart.open",
  "chart.high",
  "chart.low",
  "chart.close",
  "chart.readout",
  "chart.fullscreen",
  "chart.exitFullscreen",
  "chart.moreIntervals",
  "chart.lines",
  "fast.countdown",
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

/** Intervals of a month or longer: their candles open on the 1st, named by month and year. */
const LONG = new Set(["1M", "1Q", "1Y"]);

/** A candle row of the API (decimal strings) as the core's units. */
const candleOf = (k: CandleRow): Candle => ({
  openTime: k[0],
  open: parseDecimal(k[1]),
  high: parseDecimal(k[2]),
  low: parseDecimal(k[3]),
  close: parseDecimal(k[4]),
  volume: parseDecimal(k[5]),
});

/** The colour of each kind of price line a ticket asks for (islands/lib/chart_lines.ts). */
const LINE_COLORS: Record<ChartLineKind, string> = {
  entry: "#4dabf7",
  sl: "#ff6b6b",
  tp: "#12b886",
  liq: "#f59f00",
  limit: "#adb5bd",
  fast: "#f6c344",
};

/** Seconds until `expiresAt` (wall clock), never below 0. */
const secondsLeft = (expiresAt: number) => Math.max(0, Math.ceil((expiresAt - Date.now()) / 1000));

/**
 * Candles (or the intraday line of 1m closes) from the tape, updated live over the socket,
 * with volume bars, MA/EMA/BOLL on the price and MACD, RSI or KDJ in a pane below, computed
 * by the core in the browser (islands/lib/indicators.ts); the choices are remembered.
 * The readout above the chart gives the candle under the crosshair (the latest without one):
 * OHLC, change, volume and each indicator's value there. The customer's positions, stops,
 * pending orders and open fast contracts on this symbol are price lines (published by the
 * ticket of the page), listed under the chart with a fast contract's seconds to expiry. On a
 * phone the interval tabs scroll sideways with a cue; "full screen" fills the window.
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
  /** the candle under the crosshair (an index into candles), null: none */
  const [hover, setHover] = useState<number | null>(null);
  const [full, setFull] = useState(false);
  /** more interval tabs to the right than the row shows (the phone's cue) */
  const [moreTabs, setMoreTabs] = useState(false);
  const [lines, setLines] = useState<ChartLine[]>([]);
  const [, setClock] = useState(0);
  const tabsRef = useRef<HTMLElement>(null);
  const seriesRef = useRef<ISeriesApi<"Line"> | ISeriesApi<"Candlestick"> | null>(null);
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
      timeScale: {
        timeVisible: interval.endsWith("m"),
        secondsVisible: false,
        // months, quarters and years are named by month and year (not "1", the day of the month)
        ...(LONG.has(interval)
          ? {
            tickMarkFormatter: (t: Time) =>
              new Intl.DateTimeFormat(locale, {
                year: "numeric",
                ...(interval === "1Y" ? {} : { month: "short" }),
                timeZone: "UTC",
              }).format(new Date(Number(t) * 1000)),
          }
          : {}),
      },
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
    seriesRef.current = series;
    candles.current = [];
    setHover(null);
    const onMove = (p: MouseEventParams<Time>) => {
      if (p.time === undefined || !p.point) return setHover(null);
      const at = Number(p.time) * 1000, all = candles.current;
      let i = all.length - 1;
      while (i >= 0 && all[i]!.openTime > at) i--;
      setHover(i >= 0 && all[i]!.openTime === at ? i : null);
    };
    chart.subscribeCrosshairMove(onMove);
    let alive = true;
    setState("loading");
    const query = { symbol, interval, limit: 500 };
    customer.GET("/market/kline", { params: { query }, cache: "default" }).then((r) => {
      const env = envelopeOf(r);
      if (!alive) return;
      if (env.code !== 0) return setState("error");
      const rows = env.data.candles as CandleRow[];
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
      chart.unsubscribeCrosshairMove(onMove);
      chartRef.current = null;
      seriesRef.current = null;
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

  // the customer's lines on this symbol, from the ticket of the page
  useEffect(() => watchLines(symbol, setLines), [symbol]);
  const counting = lines.some((l) => l.expiresAt !== undefined && secondsLeft(l.expiresAt) > 0);
  useEffect(() => {
    if (!counting) return;
    const id = setInterval(() => setClock(Date.now()), 1000);
    return () => clearInterval(id);
  }, [counting]);
  const lineTitle = (l: ChartLine) =>
    l.expiresAt === undefined
      ? l.label
      : `${l.label} · ${fill(tx["fast.countdown"] ?? "{{s}}", { s: secondsLeft(l.expiresAt) })}`;
  // drawn again on every change and every second of a countdown (a handful of lines)
  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    const drawn: IPriceLine[] = lines.map((l) =>
      series.createPriceLine({
        price: Number(l.price),
        color: LINE_COLORS[l.kind],
        lineWidth: l.kind === "liq" || l.kind === "fast" || l.kind === "entry" ? 2 : 1,
        lineStyle: l.kind === "entry" || l.kind === "fast" ? 0 : 2,
        axisLabelVisible: true,
        title: lineTitle(l),
      })
    );
    // the price scale takes in the customer's levels near the market (not the liquidation
    // level, which would flatten the candles; it is listed under the chart)
    const near = lines.filter((l) => l.kind !== "liq").map((l) => Number(l.price));
    series.applyOptions({
      autoscaleInfoProvider: (base: () => AutoscaleInfo | null) => {
        const r = base();
        if (!r?.priceRange || !near.length) return r;
        return {
          ...r,
          priceRange: {
            minValue: Math.min(r.priceRange.minValue, ...near),
            maxValue: Math.max(r.priceRange.maxValue, ...near),
          },
        };
      },
    });
    return () => {
      if (seriesRef.current === series) { for (const d of drawn) series.removePriceLine(d); }
    };
  });

  // the tab row scrolls sideways on a phone: a cue while more tabs are out of sight
  const measureTabs = () => {
    const n = tabsRef.current;
    if (n) setMoreTabs(n.scrollLeft + n.clientWidth < n.scrollWidth - 2);
  };
  useEffect(() => {
    measureTabs();
    addEventListener("resize", measureTabs);
    return () => removeEventListener("resize", measureTabs);
  }, []);
  useEffect(() => {
    if (!full) return;
    const esc = (e: KeyboardEvent) => e.key === "Escape" && setFull(false);
    addEventListener("keydown", esc);
    document.body.classList.add("no-scroll");
    return () => {
      removeEventListener("keydown", esc);
      document.body.classList.remove("no-scroll");
    };
  }, [full]);

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
  const px = (v: bigint | string) => formatPrice(v, priceDecimals, locale);
  const all = candles.current;
  const shownAt = hover ?? (all.length ? all.length - 1 : null);
  const candle = shownAt === null ? undefined : all[shownAt];
  const prev = shownAt ? all[shownAt - 1] : undefined;
  const valueAt = (l: LegendItem) => {
    if (shownAt === null) return l.value;
    const v = l.values[shownAt];
    return v === undefined || v === NONE ? null : v;
  };

  return (
    <section
      class={full ? "chart-card full" : "chart-card"}
      data-testid="chart-card"
      data-full={full ? "on" : ""}
      role={full ? "dialog" : undefined}
      aria-modal={full ? true : undefined}
      aria-label={full ? tx["chart.fullscreen"] : undefined}
    >
      <div class="chart-top">
        <div class={moreTabs ? "chart-tabs-wrap more" : "chart-tabs-wrap"}>
          <nav
            class="chart-tabs"
            aria-label={tx["chart.intervals"]}
            ref={tabsRef}
            onScroll={measureTabs}
            data-testid="chart-tabs"
          >
            {TABS.map(([key]) => (
              <button
                key={key}
                type="button"
                class={key === tab ? "active" : undefined}
                aria-pressed={key === tab}
                onClick={(e) => {
                  setTab(key);
                  e.currentTarget.scrollIntoView({ block: "nearest", inline: "nearest" });
                }}
              >
                {tx[`chart.${key}`]}
              </button>
            ))}
          </nav>
          {moreTabs && (
            <button
              type="button"
              class="chart-tabs-more"
              aria-label={tx["chart.moreIntervals"]}
              data-testid="chart-tabs-more"
              onClick={() =>
                tabsRef.current?.scrollBy({
                  left: tabsRef.current.clientWidth,
                  behavior: "smooth",
                })}
            >
              ›
            </button>
          )}
        </div>
        <button
          type="button"
          class="chart-full-btn"
          aria-pressed={full}
          data-testid="chart-full"
          title={tx[full ? "chart.exitFullscreen" : "chart.fullscreen"]}
          aria-label={tx[full ? "chart.exitFullscreen" : "chart.fullscreen"]}
          onClick={() => setFull(!full)}
        >
          {full ? "✕" : "⤢"}
        </button>
      </div>
      <div class="ind-bar" role="group" aria-label={tx["chart.indicators"]}>
        {chip(
          "vol",
          prefs.vol,
          tx["chart.volume"] ?? "VOL",
          () => setPrefs({ ...prefs, vol: !prefs.vol }),
        )}
        {OVERLAYS.map((o) => chip(o, prefs.overlays.includes(o), name(o), () => toggleOverlay(o)))}
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
      {candle && (
        <dl
          class="chart-readout"
          aria-label={tx["chart.readout"]}
          data-testid="chart-readout"
          data-at={hover === null ? "last" : String(candle.openTime)}
        >
          <div class="ro-time">
            <dd>
              {tab === "intraday" || tab.startsWith("m")
                ? formatShortTime(candle.openTime, locale)
                // a day or longer opens at 00:00 UTC: its date
                : new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" })
                  .format(new Date(candle.openTime))}
            </dd>
          </div>
          {(["open", "high", "low", "close"] as const).map((k) => (
            <div key={k}>
              <dt>{tx[`chart.${k}`]}</dt>
              <dd data-testid={`readout-${k}`}>{px(candle[k])}</dd>
            </div>
          ))}
          {prev && prev.close > 0n && (
            <div>
              <dd
                class={candle.close < prev.close ? "neg" : "pos"}
                data-testid="readout-change"
              >
                {formatPct(((candle.close - prev.close) * 100_000_000n) / prev.close, locale)}
              </dd>
            </div>
          )}
          <div>
            <dt>{tx["chart.volume"]}</dt>
            <dd data-testid="readout-volume">
              {formatNumber(candle.volume, 4, locale, { trim: true })}
            </dd>
          </div>
        </dl>
      )}
      {legend.length > 0 && (
        <ul class="ind-legend" aria-label={tx["chart.legend"]} data-testid="chart-legend">
          {legend.map((l) => {
            const v = valueAt(l);
            return (
              <li key={l.name} style={{ color: l.color }}>
                {l.name}{" "}
                <bdi>
                  {v === null
                    ? "–"
                    : l.pct
                    ? formatNumber(v, 2, locale)
                    : formatPrice(v, priceDecimals, locale)}
                </bdi>
              </li>
            );
          })}
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
      {lines.length > 0 && (
        <ul class="chart-lines" aria-label={tx["chart.lines"]} data-testid="chart-lines">
          {lines.map((l) => (
            <li key={l.id} data-kind={l.kind} data-price={l.price}>
              <span class="swatch" style={{ background: LINE_COLORS[l.kind] }} aria-hidden="true" />
              {lineTitle(l)} <bdi class="fig">{px(l.price)}</bdi>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
