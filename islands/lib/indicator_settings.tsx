/**
 * The chart's period settings: one row per indicator with its numbers, checked with the
 * core's own limits before they are kept (a setting the core would refuse never reaches it).
 */
import { useState } from "preact/hooks";
import {
  DEFAULT_INDICATORS,
  type IndicatorKind,
  type IndicatorSpecs,
  validSpec,
} from "../../core-wasm/indicator_specs.ts";
import type { Texts } from "./fields.tsx";

export const SETTINGS_TEXTS = [
  "chart.periods",
  "chart.period",
  "chart.width",
  "chart.fast",
  "chart.slow",
  "chart.signal",
  "chart.smoothK",
  "chart.smoothD",
  "chart.apply",
  "chart.defaults",
  "chart.badPeriods",
] as const;

/** The editable numbers of each indicator and the text naming each. */
const FIELDS: { [K in IndicatorKind]: [string, string][] } = {
  ma: [["period", "chart.period"]],
  ema: [["period", "chart.period"]],
  boll: [["period", "chart.period"], ["k", "chart.width"]],
  macd: [["fast", "chart.fast"], ["slow", "chart.slow"], ["signal", "chart.signal"]],
  rsi: [["period", "chart.period"]],
  kdj: [["period", "chart.period"], ["m1", "chart.smoothK"], ["m2", "chart.smoothD"]],
};

export function IndicatorSettings(
  { specs, tx, onApply }: {
    specs: IndicatorSpecs;
    tx: Texts;
    onApply: (specs: IndicatorSpecs) => void;
  },
) {
  // the fields as typed (strings), so a half-typed number is not rewritten under the cursor
  const asText = (s: IndicatorSpecs) =>
    Object.fromEntries(
      (Object.keys(FIELDS) as IndicatorKind[]).flatMap((k) =>
        FIELDS[k].map((
          [f],
        ) => [`${k}.${f}`, String((s[k] as unknown as Record<string, number>)[f])])
      ),
    );
  const [text, setText] = useState<Record<string, string>>(() => asText(specs));
  const [bad, setBad] = useState<Set<IndicatorKind>>(new Set());
  const parsed = (): IndicatorSpecs => {
    const out = {} as Record<string, Record<string, unknown>>;
    for (const k of Object.keys(FIELDS) as IndicatorKind[]) {
      out[k] = { kind: k };
      for (const [f] of FIELDS[k]) {
        const v = text[`${k}.${f}`]!.trim();
        out[k][f] = /^\d{1,4}$/.test(v) ? Number(v) : NaN;
      }
    }
    return out as unknown as IndicatorSpecs;
  };
  const submit = (e: Event) => {
    e.preventDefault();
    const next = parsed();
    const wrong = new Set(
      (Object.keys(FIELDS) as IndicatorKind[]).filter((k) => !validSpec(next[k])),
    );
    setBad(wrong);
    if (!wrong.size) onApply(next);
  };
  return (
    <form class="ind-settings-form" onSubmit={submit} noValidate data-testid="chart-settings">
      {(Object.keys(FIELDS) as IndicatorKind[]).map((k) => (
        <fieldset key={k} class={bad.has(k) ? "ind-row bad" : "ind-row"}>
          <legend>{k.toUpperCase()}</legend>
          {FIELDS[k].map(([f, label]) => (
            <label key={f}>
              <span>{tx[label]}</span>
              <input
                type="text"
                inputMode="numeric"
                name={`${k}.${f}`}
                value={text[`${k}.${f}`]}
                aria-invalid={bad.has(k)}
                onInput={(e) =>
                  setText({ ...text, [`${k}.${f}`]: (e.target as HTMLInputElement).value })}
              />
            </label>
          ))}
        </fieldset>
      ))}
      {bad.size > 0 && <p class="field-error" role="alert">{tx["chart.badPeriods"]}</p>}
      <div class="ind-actions">
        <button
          type="button"
          class="btn"
          onClick={() => {
            setText(asText(structuredClone(DEFAULT_INDICATORS) as IndicatorSpecs));
            setBad(new Set());
          }}
        >
          {tx["chart.defaults"]}
        </button>
        <button type="submit" class="btn btn-primary">{tx["chart.apply"]}</button>
      </div>
    </form>
  );
}
