/**
 * The price chart's indicators: the customer's choices (remembered in localStorage, checked
 * on the way in), and the series drawn from the core's fixed-point results. The core is
 * imported lazily, so a product page whose customer shows no indicator never loads core.wasm.
 */
import {
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  type UTCTimestamp,
} from "lightweight-charts";
import {
  DEFAULT_INDICATORS,
  type IndicatorKind,
  type IndicatorSpecs,
  NONE,
  validSpec,
} from "../../core-wasm/indicator_specs.ts";
import type { Candle } from "../../core-wasm/kline.ts";

export const OVERLAYS = ["ma", "ema", "boll"] as const;
export const LOWER = ["macd", "rsi", "kdj"] as const;
export type Overlay = typeof OVERLAYS[number];
export type Lower = typeof LOWER[number];

export interface ChartPrefs {
  vol: boolean;
  overlays: Overlay[];
  lower: Lower | null;
  specs: IndicatorSpecs;
}

export const DEFAULT_PREFS: ChartPrefs = {
  vol: true,
  overlays: ["ma"],
  lower: null,
  specs: structuredClone(DEFAULT_INDICATORS) as IndicatorSpecs,
};

const KEY = "tw-chart-indicators";

/** The stored choices; anything missing or not accepted by the core falls back to defaults. */
export function loadPrefs(): ChartPrefs {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? "null");
    if (!raw || typeof raw !== "object") return DEFAULT_PREFS;
    const specs = { ...DEFAULT_PREFS.specs };
    for (const kind of Object.keys(specs) as IndicatorKind[]) {
      const s = raw.specs?.[kind];
      if (s && s.kind === kind && validSpec(s)) (specs as Record<string, unknown>)[kind] = s;
    }
    return {
      vol: raw.vol !== false,
      overlays: OVERLAYS.filter((o) => Array.isArray(raw.overlays) && raw.overlays.includes(o)),
      lower: LOWER.find((l) => l === raw.lower) ?? null,
      specs,
    };
  } catch {
    return DEFAULT_PREFS;
  }
}

export function savePrefs(p: ChartPrefs) {
  try {
    localStorage.setItem(KEY, JSON.stringify(p));
  } catch {
    // private mode or full storage: the choice holds for this page only
  }
}

/** "MA(5)", "MACD(12,26,9)": the name the legend and the settings show. */
export function specLabel(kind: IndicatorKind, specs: IndicatorSpecs): string {
  const s = specs[kind];
  const args = s.kind === "macd"
    ? [s.fast, s.slow, s.signal]
    : s.kind === "kdj"
    ? [s.period, s.m1, s.m2]
    : s.kind === "boll"
    ? [s.period, s.k]
    : [s.period];
  return `${kind.toUpperCase()}(${args.join(",")})`;
}

type Core = typeof import("../../core-wasm/mod.ts");
let corePromise: Promise<Core> | null = null;
export const loadCore = (): Promise<Core> => (corePromise ??= import("../../core-wasm/mod.ts"));

export interface LegendItem {
  name: string;
  color: string;
  /** the last candle's value in units (null: still warming up) */
  value: bigint | null;
  /** RSI and KDJ are percentages, shown with 2 decimals */
  pct: boolean;
  /** every candle's value in units (NONE while warming up): the crosshair reads these */
  values: BigInt64Array;
}

const COLORS = {
  ma: "#f6c344",
  ema: "#cc5de8",
  middle: "#ffa94d",
  band: "#4dabf7",
  dif: "#f6c344",
  dea: "#4dabf7",
  rsi: "#cc5de8",
  k: "#f6c344",
  d: "#4dabf7",
  j: "#cc5de8",
  up: "rgba(18, 184, 134, 0.45)",
  down: "rgba(255, 107, 107, 0.45)",
};

const thin = { lineWidth: 1, priceLineVisible: false, lastValueVisible: false } as const;

interface Line {
  series: ISeriesApi<"Line"> | ISeriesApi<"Histogram">;
  /** which output of which indicator */
  kind: IndicatorKind;
  out: string;
  legend: string;
  color: string;
  pct: boolean;
  signed?: boolean;
}

/**
 * The indicator series of `prefs` on `chart` (volume and overlays on the price pane, the
 * chosen oscillator in a second pane); set() redraws them from candles, remove() takes them
 * off the chart.
 */
export function indicatorSeries(
  chart: IChartApi,
  prefs: ChartPrefs,
  core: Core | null,
): {
  set(candles: readonly Candle[]): LegendItem[];
  remove(): void;
} {
  const lines: Line[] = [];
  const add = (
    kind: IndicatorKind,
    out: string,
    legend: string,
    color: string,
    pane: number,
    opts: { histogram?: boolean; pct?: boolean } = {},
  ) => {
    const series = opts.histogram
      ? chart.addSeries(HistogramSeries, { ...thin, color }, pane)
      : chart.addSeries(LineSeries, { ...thin, color }, pane);
    lines.push({ series, kind, out, legend, color, pct: !!opts.pct, signed: opts.histogram });
  };
  const vol = prefs.vol
    ? chart.addSeries(HistogramSeries, {
      priceScaleId: "vol",
      priceFormat: { type: "volume" },
      priceLineVisible: false,
      lastValueVisible: false,
    }, 0)
    : null;
  vol?.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  const label = (k: IndicatorKind) => specLabel(k, prefs.specs);
  if (core) {
    for (const o of prefs.overlays) {
      if (o === "boll") {
        add("boll", "upper", `${label("boll")} UP`, COLORS.band, 0);
        add("boll", "middle", "MB", COLORS.middle, 0);
        add("boll", "lower", "DN", COLORS.band, 0);
      } else add(o, o, label(o), COLORS[o], 0);
    }
    if (prefs.lower === "macd") {
      add("macd", "histogram", "MACD", COLORS.up, 1, { histogram: true });
      add("macd", "dif", `${label("macd")} DIF`, COLORS.dif, 1);
      add("macd", "dea", "DEA", COLORS.dea, 1);
    } else if (prefs.lower === "rsi") {
      add("rsi", "rsi", label("rsi"), COLORS.rsi, 1, { pct: true });
      for (const level of [70, 30]) {
        lines.at(-1)!.series.createPriceLine({
          price: level,
          color: "#6b7689",
          lineWidth: 1,
          lineStyle: 2,
          axisLabelVisible: false,
        });
      }
    } else if (prefs.lower === "kdj") {
      add("kdj", "k", `${label("kdj")} K`, COLORS.k, 1, { pct: true });
      add("kdj", "d", "D", COLORS.d, 1, { pct: true });
      add("kdj", "j", "J", COLORS.j, 1, { pct: true });
    }
    chart.panes()[1]?.setHeight(110);
  }
  return {
    set(candles) {
      const time = (c: Candle) => (c.openTime / 1000) as UTCTimestamp;
      vol?.setData(candles.map((c) => ({
        time: time(c),
        value: Number(c.volume) / 1e8,
        color: c.close >= c.open ? COLORS.up : COLORS.down,
      })));
      if (!core || !lines.length) return [];
      const buf = core.CandleBuffer.from(candles);
      const results = new Map<IndicatorKind, Record<string, BigInt64Array>>();
      try {
        for (const l of lines) {
          if (!results.has(l.kind)) results.set(l.kind, core.indicator(buf, prefs.specs[l.kind]));
        }
      } finally {
        buf.free();
      }
      return lines.map((l) => {
        const values = results.get(l.kind)![l.out]!;
        // Floats only for drawing; the legend shows the core's exact units.
        l.series.setData(candles.map((c, i) => {
          const v = values[i]!;
          if (v === NONE) return { time: time(c) };
          const value = Number(v) / 1e8;
          return l.signed
            ? { time: time(c), value, color: v >= 0n ? COLORS.up : COLORS.down }
            : { time: time(c), value };
        }));
        const last = values.at(-1);
        const value = last === undefined || last === NONE ? null : last;
        return {
          name: l.legend,
          // the histogram's bars are translucent: its legend takes the solid colour of its sign
          color: l.signed ? (value !== null && value < 0n ? "#ff6b6b" : "#12b886") : l.color,
          value,
          pct: l.pct,
          values,
        };
      })
        // drawn first (under the lines), listed last: "MACD(12,26,9) DIF, DEA, MACD"
        .sort((a, b) => Number(a.name === "MACD") - Number(b.name === "MACD"));
    },
    remove() {
      for (const l of lines) chart.removeSeries(l.series);
      if (vol) chart.removeSeries(vol);
      while (chart.panes().length > 1) chart.removePane(1);
    },
  };
}
