import { useState } from "preact/hooks";
import { reloadWith, useAdminForm } from "./lib/admin.ts";
import type { Texts } from "./lib/fields.tsx";

export const TERMS_TEXTS = [
  "admin.duration",
  "admin.payoutRate",
  "admin.min",
  "admin.max",
  "admin.symbols",
  "admin.enabled",
  "admin.leverageOptions",
  "admin.takerFee",
  "admin.brackets",
  "admin.upTo",
  "admin.maxLeverage",
  "admin.mmr",
  "admin.holdingFeeDaily",
  "admin.feeRate",
  "admin.wpName",
  "admin.dailyRate",
  "admin.periodDays",
  "admin.cap",
  "admin.redeemRatio",
  "admin.wpTurnover",
  "admin.addRow",
  "admin.removeRow",
  "admin.unbounded",
  "admin.propose",
  "admin.readOnly",
  "admin.on",
  "admin.off",
  "funds.reason",
  "app.networkError",
  "app.timeout",
  "validation.reasonRequired",
] as const;

export type TermsSection = "fast" | "leveraged" | "spot" | "exchange" | "wealth";

// deno-lint-ignore no-explicit-any
type Obj = Record<string, any>;

/** A whole number as typed (kept as text while it is not one; the server says it is invalid). */
const int = (s: string): number | string => /^\d{1,9}$/.test(s.trim()) ? Number(s.trim()) : s;

/** The head of an editable table: a column per `admin.<name>`, then the rows' remove buttons. */
function RowsHead({ tx, columns }: { tx: Texts; columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => <th key={c} scope="col">{tx[`admin.${c}`]}</th>)}
        <th scope="col">
          <span class="sr-only">{tx["admin.removeRow"]}</span>
        </th>
      </tr>
    </thead>
  );
}

/**
 * One section of the product terms (or the wealth products) as a form: a copy of what is in force
 * edited field by field, then the whole section proposed with a reason (PUT). The change waits
 * for another operator; the page is rendered again with the proposal listed.
 */
export default function AdminTerms(
  { section, initial, tx, canPropose }: {
    section: TermsSection;
    initial: unknown;
    tx: Texts;
    canPropose: boolean;
  },
) {
  // leverage options are edited as text ("1, 5, 10") and sent as numbers
  const [v, setV] = useState<Obj>(() => {
    const copy = structuredClone(initial) as Obj;
    if (section === "leveraged") {
      for (const s of copy.symbols) s.leverage = s.leverage.join(", ");
    }
    return section === "wealth" ? { items: copy } : copy;
  });
  const [reason, setReason] = useState("");
  const form = useAdminForm(tx);
  const { errors, setErrors, busy } = form;
  const p = `t-${section}`;
  const off = !canPropose || busy;

  /** Change one value at a path of the copy. */
  const put = (path: (string | number)[], x: unknown) => {
    const next = structuredClone(v);
    let o: Obj = next;
    for (const k of path.slice(0, -1)) o = o[k];
    o[path[path.length - 1]!] = x;
    setV(next);
  };

  async function send(e: Event) {
    e.preventDefault();
    if (!canPropose) return;
    const missing: Record<string, string> = reason.trim()
      ? {}
      : { reason: tx["validation.reasonRequired"]! };
    if (!form.check(missing, (k) => `${p}-${k}`)) return;
    const out = structuredClone(v);
    if (section === "leveraged") {
      for (const s of out.symbols) {
        const xs = String(s.leverage).split(/[\s,]+/).filter(Boolean);
        s.leverage = xs.map((x) => int(x));
      }
    }
    const env = await form.send((c) =>
      section === "wealth"
        ? c.PUT("/admin/products/wealth", { body: { items: out.items, reason: reason.trim() } })
        : c.PUT("/admin/products/{section}", {
          params: { path: { section } },
          body: { terms: out, reason: reason.trim() },
        })
    );
    if (env) reloadWith("proposed");
  }

  const text = (
    path: (string | number)[],
    label: string,
    o: { num?: boolean; mode?: "decimal" | "numeric"; width?: string } = {},
  ) => {
    let cur: Obj = v;
    for (const k of path) cur = cur?.[k];
    return (
      <input
        id={`${p}-${path.join("-")}`}
        class={o.width}
        aria-label={label}
        inputMode={o.mode ?? "decimal"}
        autoComplete="off"
        disabled={off}
        value={cur === null || cur === undefined ? "" : String(cur)}
        onInput={(e) =>
          put(path, o.num ? int(e.currentTarget.value) : e.currentTarget.value.trim())}
      />
    );
  };
  const check = (path: (string | number)[], label: string, visible?: string) => {
    let cur: Obj = v;
    for (const k of path) cur = cur?.[k];
    return (
      <label class="admin-check">
        <input
          type="checkbox"
          aria-label={visible ? undefined : label}
          disabled={off}
          checked={!!cur}
          onChange={(e) => put(path, e.currentTarget.checked)}
        />
        {visible ?? ""}
      </label>
    );
  };
  const symbolSwitches = () => (
    <fieldset class="admin-fieldset">
      <legend>{tx["admin.symbols"]}</legend>
      <div class="admin-switches">
        {(v.symbols as Obj[]).map((s, i) => (
          <span key={s.code}>{check(["symbols", i, "enabled"], s.code, s.code)}</span>
        ))}
      </div>
    </fieldset>
  );
  const feeField = (key: string, label: string) => (
    <div class="field admin-narrow">
      <label for={`${p}-${key}`}>{label}</label>
      {text([key], label)}
    </div>
  );
  const removeBtn = (path: (string | number)[], index: number, label: string) => {
    let list: Obj = v;
    for (const k of path) list = list[k];
    return (
      <button
        type="button"
        class="btn btn-ghost btn-small"
        disabled={off || (list as unknown[]).length <= 1}
        aria-label={`${tx["admin.removeRow"]} ${label}`}
        onClick={() => {
          const next = structuredClone(v);
          let l: Obj = next;
          for (const k of path) l = l[k];
          (l as Obj[]).splice(index, 1);
          // the last bracket is the unbounded one
          if (path[path.length - 1] === "brackets") (l as Obj[]).at(-1)!.upTo = null;
          setV(next);
        }}
      >
        ×
      </button>
    );
  };
  const addBtn = (path: (string | number)[], row: () => Obj) => (
    <button
      type="button"
      class="btn btn-ghost btn-small"
      disabled={off}
      onClick={() => {
        const next = structuredClone(v);
        let l: Obj = next;
        for (const k of path) l = l[k];
        (l as unknown as Obj[]).push(row());
        setV(next);
      }}
    >
      {`+ ${tx["admin.addRow"]}`}
    </button>
  );

  let fields;
  if (section === "fast") {
    fields = (
      <>
        <div class="table-wrap">
          <table class="table admin-table admin-edit" data-testid="fast-options">
            <RowsHead tx={tx} columns={["duration", "payoutRate", "min", "max"]} />
            <tbody>
              {(v.options as Obj[]).map((o, i) => {
                const row = `${o.duration} s`;
                return (
                  <tr key={i} data-duration={o.duration}>
                    <td data-label={tx["admin.duration"]}>
                      {text(["options", i, "duration"], `${tx["admin.duration"]} ${i + 1}`, {
                        num: true,
                        mode: "numeric",
                      })}
                    </td>
                    <td data-label={tx["admin.payoutRate"]}>
                      {text(["options", i, "rate"], `${row} ${tx["admin.payoutRate"]}`)}
                    </td>
                    <td data-label={tx["admin.min"]}>
                      {text(["options", i, "min"], `${row} ${tx["admin.min"]}`)}
                    </td>
                    <td data-label={tx["admin.max"]}>
                      {text(["options", i, "max"], `${row} ${tx["admin.max"]}`)}
                    </td>
                    <td>{removeBtn(["options"], i, row)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div class="row">
          {addBtn(["options"], () => ({ duration: "", rate: "", min: "", max: "" }))}
        </div>
        {symbolSwitches()}
      </>
    );
  } else if (section === "spot") {
    fields = (
      <>
        {symbolSwitches()}
        {feeField("fee", tx["admin.feeRate"]!)}
      </>
    );
  } else if (section === "exchange") {
    fields = feeField("fee", tx["admin.feeRate"]!);
  } else if (section === "leveraged") {
    fields = (
      <>
        {feeField("holdingFeeDaily", tx["admin.holdingFeeDaily"]!)}
        {(v.symbols as Obj[]).map((s, i) => (
          <details key={s.code} class="admin-symbol" data-code={s.code}>
            <summary>
              <strong>{s.code}</strong>
              <span class="muted small">
                {` · ${s.enabled ? tx["admin.on"] : tx["admin.off"]} · ${s.leverage}x · ${
                  tx["admin.takerFee"]
                } ${s.takerFee}`}
              </span>
            </summary>
            <div class="admin-symbol-body">
              {check(
                ["symbols", i, "enabled"],
                `${s.code} ${tx["admin.enabled"]}`,
                tx["admin.enabled"],
              )}
              <div class="row admin-row-fields">
                <div class="field">
                  <label for={`${p}-symbols-${i}-leverage`}>{tx["admin.leverageOptions"]}</label>
                  {text(["symbols", i, "leverage"], `${s.code} ${tx["admin.leverageOptions"]}`)}
                </div>
                <div class="field">
                  <label for={`${p}-symbols-${i}-takerFee`}>{tx["admin.takerFee"]}</label>
                  {text(["symbols", i, "takerFee"], `${s.code} ${tx["admin.takerFee"]}`)}
                </div>
              </div>
              <div class="table-wrap">
                <table class="table admin-table admin-edit">
                  <caption class="sr-only">{`${s.code} ${tx["admin.brackets"]}`}</caption>
                  <RowsHead tx={tx} columns={["upTo", "maxLeverage", "mmr"]} />
                  <tbody>
                    {(s.brackets as Obj[]).map((_b, j) => {
                      const row = `${s.code} #${j + 1}`;
                      const last = j === s.brackets.length - 1;
                      return (
                        <tr key={j}>
                          <td data-label={tx["admin.upTo"]}>
                            {last ? <span class="muted">{tx["admin.unbounded"]}</span> : text(
                              ["symbols", i, "brackets", j, "upTo"],
                              `${row} ${tx["admin.upTo"]}`,
                              {
                                mode: "numeric",
                              },
                            )}
                          </td>
                          <td data-label={tx["admin.maxLeverage"]}>
                            {text(
                              ["symbols", i, "brackets", j, "maxLeverage"],
                              `${row} ${tx["admin.maxLeverage"]}`,
                              { num: true, mode: "numeric" },
                            )}
                          </td>
                          <td data-label={tx["admin.mmr"]}>
                            {text(
                              ["symbols", i, "brackets", j, "mmr"],
                              `${row} ${tx["admin.mmr"]}`,
                            )}
                          </td>
                          <td>{removeBtn(["symbols", i, "brackets"], j, row)}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              <div class="row">
                {addBtn(
                  ["symbols", i, "brackets"],
                  () => ({ upTo: null, maxLeverage: 1, mmr: "" }),
                )}
              </div>
            </div>
          </details>
        ))}
      </>
    );
  } else {
    const cols = [
      ["name", "admin.wpName", {}],
      ["dailyRate", "admin.dailyRate", {}],
      ["periodDays", "admin.periodDays", { num: true, mode: "numeric" }],
      ["minAmount", "admin.min", {}],
      ["maxAmount", "admin.max", {}],
      ["cap", "admin.cap", {}],
      ["redeemRatio", "admin.redeemRatio", {}],
      ["turnoverRatio", "admin.wpTurnover", {}],
    ] as const;
    fields = (
      <div class="table-wrap">
        <table class="table admin-table admin-edit" data-testid="wealth-items">
          <thead>
            <tr>
              <th scope="col">Id</th>
              {cols.map(([k, label]) => <th key={k} scope="col">{tx[label]}</th>)}
              <th scope="col">{tx["admin.enabled"]}</th>
            </tr>
          </thead>
          <tbody>
            {(v.items as Obj[]).map((w, i) => (
              <tr key={w.id}>
                <th scope="row" class="mono">{w.id}</th>
                {cols.map(([k, label, o]) => (
                  <td data-label={tx[label]} key={k}>
                    {text(["items", i, k], `${w.id} ${tx[label]}`, {
                      ...o,
                      width: k === "name" ? "admin-wide" : undefined,
                    })}
                  </td>
                ))}
                <td data-label={tx["admin.enabled"]}>
                  {check(["items", i, "enabled"], `${w.id} ${tx["admin.enabled"]}`)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  const other = Object.entries(errors).filter(([k, m]) => k !== "reason" && m);
  return (
    <form class="form admin-terms" onSubmit={send} noValidate data-testid={`terms-${section}`}>
      {fields}
      {canPropose
        ? (
          <>
            <div class={errors.reason ? "field has-error" : "field"}>
              <label for={`${p}-reason`}>{tx["funds.reason"]}</label>
              <input
                id={`${p}-reason`}
                maxLength={200}
                autoComplete="off"
                value={reason}
                disabled={busy}
                onInput={(e) => {
                  setReason(e.currentTarget.value);
                  if (errors.reason) setErrors({ ...errors, reason: "" });
                }}
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={errors.reason ? `${p}-reason-error` : undefined}
              />
              {errors.reason && (
                <p class="field-error" id={`${p}-reason-error`} role="alert">{errors.reason}</p>
              )}
            </div>
            {other.length > 0 && (
              <ul class="admin-alert admin-errors" role="alert">
                {other.map(([k, m]) => <li key={k}>{`${k}: ${m}`}</li>)}
              </ul>
            )}
            <div class="row">
              <button
                type="submit"
                class="btn btn-primary"
                disabled={busy}
                data-testid={`propose-${section}`}
              >
                {tx["admin.propose"]}
              </button>
            </div>
          </>
        )
        : <p class="muted small">{tx["admin.readOnly"]}</p>}
    </form>
  );
}
