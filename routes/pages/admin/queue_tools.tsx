/**
 * The tools a queue's page gives a team (issue 31, item 3): the filter form (a GET form, so a
 * filtered view is a link), the sortable column headers, and the keyboard shortcuts as listed
 * on the page. The filters are read with the API's schema (`contract/queues.ts`); a bad value
 * is said in words beside the form instead of crashing the page.
 */
import { CURRENCIES } from "../../../contract/currencies.ts";
import { FILTER_PARAMS, type QueueFilter, queueFilterQuery } from "../../../contract/queues.ts";
import type { Ctx } from "../../../edge/http/context.ts";

/** A wait in words ("15 minutes", "4 hours", "1 day"), in the console's language. */
function duration(minutes: number, locale: string) {
  const [n, unit] = minutes % 1440 === 0
    ? [minutes / 1440, "day"]
    : minutes % 60 === 0
    ? [minutes / 60, "hour"]
    : [minutes, "minute"];
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(n);
}

/** The least waits offered in the filter (minutes). */
const AGES = [15, 60, 240, 1440] as const;

/** The columns a list sorts by, with their labels. */
const SORTS: [QueueFilter["sort"], string][] = [
  ["time", "funds.time"],
  ["amount", "funds.amount"],
  ["customer", "admin.customer"],
];

/** The form's labels of the parameters (for a bad value's message). */
const PARAM_LABELS: Record<string, string> = {
  currency: "admin.currency",
  min: "queues.amountFrom",
  max: "queues.amountTo",
  age: "queues.waitedAtLeast",
  customer: "admin.customer",
  sort: "queues.sort",
  dir: "queues.sort",
  cursor: "admin.firstPage",
};

export interface PageView {
  filter: QueueFilter;
  /** the view's parameters as given (valid ones only; for links and the form) */
  params: Record<string, string>;
  /** each bad parameter's message */
  errors: string[];
}

/** The view a page's query asks for (empty fields are left out, as a form sends them). */
export function pageView(c: Ctx, amounts: boolean): PageView {
  const t = c.var.t;
  const given: Record<string, string> = {};
  for (const k of FILTER_PARAMS) {
    const v = c.req.query(k)?.trim();
    if (v) given[k] = v;
  }
  const r = queueFilterQuery(amounts, {}).safeParse(given);
  if (r.success) {
    const params = Object.fromEntries(
      Object.entries(given).filter(([k]) =>
        k in r.data && !(k === "sort" && given[k] === "time") &&
        !(k === "dir" && given[k] === "asc")
      ),
    );
    return { filter: r.data as QueueFilter, params, errors: [] };
  }
  const errors = r.error.issues.map((i) => {
    const field = String(i.path[0] ?? "");
    const label = PARAM_LABELS[field] ? t(PARAM_LABELS[field]) : field;
    return `${label}: ${t(`validation.${i.message}`)}`;
  });
  return { filter: { sort: "time", dir: "asc" }, params: {}, errors };
}

/** The filter form of a queue's list (GET to the page itself, the status kept). */
export function FilterForm(
  { c, base, status, view, amounts }: {
    c: Ctx;
    base: string;
    status: string;
    view: PageView;
    amounts: boolean;
  },
) {
  const t = c.var.t;
  const p = view.params;
  const filtered = Object.keys(p).some((k) => k !== "sort" && k !== "dir");
  return (
    <form
      class="admin-filter admin-queue-filter"
      method="get"
      action={base}
      role="search"
      aria-label={t("admin.filter")}
      data-testid="queue-filter"
    >
      <input type="hidden" name="status" value={status} />
      <label>
        {t("admin.customer")}{" "}
        <input
          type="search"
          name="customer"
          id="queue-customer"
          value={p.customer ?? ""}
          maxLength={64}
          placeholder={t("queues.customerHint")}
          data-testid="filter-customer"
        />
      </label>
      {amounts && (
        <>
          <label>
            {t("admin.currency")}{" "}
            <select name="currency" data-testid="filter-currency">
              <option value="">{t("queues.anyCurrency")}</option>
              {CURRENCIES.map((cur) => (
                <option key={cur} value={cur} selected={p.currency === cur}>{cur}</option>
              ))}
            </select>
          </label>
          {(["min", "max"] as const).map((k) => (
            <label key={k}>
              {t(k === "min" ? "queues.amountFrom" : "queues.amountTo")}{" "}
              <input
                type="text"
                inputMode="decimal"
                name={k}
                value={p[k] ?? ""}
                size={8}
                maxLength={21}
                data-testid={`filter-${k}`}
              />
            </label>
          ))}
        </>
      )}
      <label>
        {t("queues.waitedAtLeast")}{" "}
        <select name="age" data-testid="filter-age">
          <option value="">{t("queues.anyAge")}</option>
          {AGES.map((m) => (
            <option key={m} value={String(m)} selected={p.age === String(m)}>
              {duration(m, c.var.locale)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("queues.sort")}{" "}
        <select name="sort" data-testid="filter-sort">
          {(amounts ? SORTS : SORTS.filter((x) => x[0] !== "amount")).map(([v, key]) => (
            <option key={v} value={v} selected={view.filter.sort === v}>{t(key)}</option>
          ))}
        </select>
        <select name="dir" aria-label={t("queues.sortDir")} data-testid="filter-dir">
          <option value="asc" selected={view.filter.dir === "asc"}>{t("queues.asc")}</option>
          <option value="desc" selected={view.filter.dir === "desc"}>{t("queues.desc")}</option>
        </select>
      </label>
      <button class="btn btn-small" type="submit" data-testid="filter-apply">
        {t("admin.filter")}
      </button>
      {filtered && (
        <a class="btn btn-ghost btn-small" href={`${base}?status=${status}`}>
          {t("admin.filterClear")}
        </a>
      )}
    </form>
  );
}

/**
 * A sortable column's header: a link to the view sorted by it (ascending first, then the other
 * way), `aria-sort` on the column sorted by.
 */
export function SortHeader(
  { label, col, view, link, num }: {
    label: string;
    col: QueueFilter["sort"];
    view: PageView;
    link: (q: Record<string, string | null>) => string;
    num?: boolean;
  },
) {
  const on = view.filter.sort === col;
  const dir = on ? view.filter.dir : null;
  const nextDir = dir === "asc" ? "desc" : "asc";
  return (
    <th
      scope="col"
      class={num ? "num" : ""}
      aria-sort={dir === "asc" ? "ascending" : dir === "desc" ? "descending" : undefined}
    >
      <a
        class="admin-sort"
        href={link({
          sort: col === "time" ? null : col,
          dir: nextDir === "asc" ? null : nextDir,
          cursor: null,
        })}
        data-testid={`sort-${col}`}
      >
        {label}
        <span aria-hidden="true">{dir === "asc" ? " ▲" : dir === "desc" ? " ▼" : ""}</span>
      </a>
    </th>
  );
}

/** The keys, as listed on the page (the island `AdminQueueKeys` acts on them). */
export function ShortcutList({ c, bulk }: { c: Ctx; bulk: boolean }) {
  const t = c.var.t;
  const keys: [string, string][] = [
    ["j", "queues.keyNext"],
    ["k", "queues.keyPrev"],
    ["p", "queues.keyPass"],
    ["r", "queues.keyReject"],
    ...(bulk ? [["x", "queues.keySelect"] as [string, string]] : []),
    ["/", "queues.keySearch"],
    ["?", "queues.keyHelp"],
  ];
  return (
    <details class="admin-keys" id="queue-keys" data-testid="queue-keys">
      <summary>{t("queues.shortcuts")}</summary>
      <dl>
        {keys.map(([k, label]) => (
          <div key={k} class="admin-keys-row">
            <dt>
              <kbd>{k}</kbd>
            </dt>
            <dd>{t(label)}</dd>
          </div>
        ))}
      </dl>
      <p class="muted small">{t("queues.keysNote")}</p>
    </details>
  );
}
