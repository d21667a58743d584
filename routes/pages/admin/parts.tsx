/** Small pieces the console's pages share: detail rows, status badges, times and amounts. */
import type { ComponentChildren } from "preact";
import { formatNumber } from "../../../locales/format.ts";
import type { Ctx } from "../../../edge/http/context.ts";
import { Island } from "../../../edge/render/island.tsx";
import AdminEvidence from "../../../islands/AdminEvidence.tsx";
import AdminNotice from "../../../islands/AdminNotice.tsx";

/** How the pages of the console write times and amounts, in the operator's language and zone. */
export interface Fmt {
  t: (key: string, params?: Record<string, string | number>) => string;
  /** a moment with seconds (the audit trail needs them) */
  time: (ms: number | null) => string;
  /** an amount exactly as stored (all its decimals), grouped */
  exact: (v: string) => string;
  /** a country (ISO 3166-1 alpha-2) by its name in the console's language */
  region: (code: string) => string;
}

export function fmtOf(c: Ctx): Fmt {
  const locale = c.var.locale;
  let df: Intl.DateTimeFormat;
  try {
    df = new Intl.DateTimeFormat(locale, {
      dateStyle: "medium",
      timeStyle: "medium",
      timeZone: c.var.timeZone,
    });
  } catch {
    df = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium" });
  }
  return {
    t: c.var.t,
    time: (ms) => ms === null ? "—" : df.format(new Date(ms)),
    exact: (v) => formatNumber(v, 8, locale, { trim: true }),
    region: (code) => new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code,
  };
}

/** One label and value of a detail list. */
export function Item(
  { label, children, testid }: { label: string; children: ComponentChildren; testid?: string },
) {
  return (
    <div class="admin-dl-row">
      <dt>{label}</dt>
      <dd data-testid={testid}>{children}</dd>
    </div>
  );
}

/** Who decided and when, and the reason given. */
export function Decided(
  { f, item }: {
    f: Fmt;
    item: { decidedAt: number | null; decidedBy: string | null; reason: string | null };
  },
) {
  return (
    <>
      {item.decidedBy && (
        <Item label={f.t("admin.operator")}>
          {`${item.decidedBy} · ${f.time(item.decidedAt)}`}
        </Item>
      )}
      {item.reason && <Item label={f.t("funds.reason")}>{item.reason}</Item>}
    </>
  );
}

/** An evidence image (through the operators' image route), enlarged on click. */
export function Evidence({ f, id, label }: { f: Fmt; id: string; label: string }) {
  return (
    <Island
      of={AdminEvidence}
      props={{ src: `/api/admin/images/${encodeURIComponent(id)}`, label, close: f.t("app.back") }}
    />
  );
}

/**
 * Paging of a list: back to the first page (when not on it: the page has a cursor, `at`) and the
 * next page (when the list has a `next` cursor); `link` is the list's address at a cursor (null:
 * the first page).
 */
export function Pager({ t, at, next, link }: {
  t: (k: string) => string;
  at: string | null | undefined;
  next: string | null | undefined;
  link: (cursor: string | null) => string;
}) {
  if (!at && !next) return null;
  return (
    <div class="pager">
      {at && <a class="btn btn-ghost btn-small" href={link(null)}>{t("admin.firstPage")}</a>}
      {next && (
        <a class="btn btn-ghost btn-small" href={link(next)} data-testid="next-page">
          {t("funds.more")}
        </a>
      )}
    </div>
  );
}

/**
 * The one-time notice of a page rendered again after an action (`?flash=`; nothing without a
 * text): a success, or (`ok` false) the refusal of a decision someone else made first.
 */
export function FlashNotice(
  { text, ok = true }: { text: string | null | false | undefined; ok?: boolean },
) {
  return text ? <Island of={AdminNotice} props={{ text, ok }} /> : null;
}

/**
 * A report table: a focusable scrolling region (narrow screens keep it a table), labelled by a
 * heading id or a label; the first `text` columns are text, the rest right-aligned figures.
 */
export function ReportTable(
  { testid, labelledBy, label, caption, head, rows, text = 1, nowrapFirst = false }: {
    testid: string;
    labelledBy?: string;
    label?: string;
    caption?: string;
    head: string[];
    rows: { key: string; cells: (string | number)[] }[];
    text?: number;
    nowrapFirst?: boolean;
  },
) {
  const cls = (j: number) => j >= text ? "num" : j === 0 && nowrapFirst ? "nowrap" : undefined;
  return (
    <div
      class="table-wrap"
      tabIndex={0}
      role="region"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
    >
      <table class="table admin-report" data-testid={testid}>
        {caption && <caption class="muted small">{caption}</caption>}
        <thead>
          <tr>
            {head.map((h, j) => <th scope="col" key={j}>{h}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              {r.cells.map((v, j) => <td class={cls(j)} key={j}>{v}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Operator roles in words, in the console's order. */
export const roleNames = (f: Fmt, roles: readonly string[]) =>
  roles.map((r) => f.t(`admin.role_${r}`)).join(", ");

/** A console list's table: its column headings, then its rows (scrolls sideways when narrow). */
export function AdminTable(
  { testid, head, children }: {
    testid?: string;
    head: ComponentChildren[];
    children: ComponentChildren;
  },
) {
  return (
    <div class="table-wrap">
      <table class="table admin-table" data-testid={testid}>
        <thead>
          <tr>
            {head.map((h, j) => <th scope="col" key={j}>{h}</th>)}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
