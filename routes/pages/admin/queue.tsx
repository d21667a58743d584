/**
 * A review queue's page, generated from its descriptor (`edge/operators/queues.ts`) and its
 * view (the columns of a row, the detail of a record): the statuses as filters, the rows of
 * one page, and the chosen record with the decisions the server allows on it now.
 * `?status=&cursor=&id=&flash=` keep the state in the URL (reload, back and forward work), and
 * so do the view's filters, customer search and sort (`queue_tools.tsx`; a filtered view is a
 * link, exported as CSV by the same parameters). The records the tenant's bulk-pass setting
 * allows get a checkbox ("Pass selected", confirmed in a dialog); after a decision the page goes
 * on to the next record of the list (auto-advance); the keyboard shortcuts are listed on it.
 */
import type { ComponentChildren } from "preact";
import { Id } from "../../../contract/funds.ts";
import type { PayoutTo } from "../../../contract/payout.ts";
import type { ReviewQueue } from "../../../edge/operators/queues.ts";
import { bulkLimits, bulkRule, queueReads, queueView } from "../../../edge/operators/queue_view.ts";
import type { PrivateRead } from "../../../edge/platform/kv_round_trips.ts";
import type { Ctx } from "../../../edge/http/context.ts";
import { DomainError } from "../../../edge/platform/errors.ts";
import { pickTexts } from "../../../edge/platform/locale.ts";
import { Island } from "../../../edge/render/island.tsx";
import AdminDecision, { DECISION_TEXTS } from "../../../islands/AdminDecision.tsx";
import AdminQueueBulk, { BULK_TEXTS } from "../../../islands/AdminQueueBulk.tsx";
import AdminQueueKeys from "../../../islands/AdminQueueKeys.tsx";
import { FilterForm, pageView, ShortcutList, SortHeader } from "./queue_tools.tsx";
import type { PageDef } from "../types.ts";
import { consoleDocument, liveQueue, sectionPage } from "./frame.tsx";
import { formatAge } from "../../../locales/format.ts";
import { FlashNotice, type Fmt, fmtOf, Pager } from "./parts.tsx";

type Record_ = { id: string; status: string; actions: string[]; createdAt: number; userId: string };

/** How one queue's records look in the console. */
export interface QueueView<I extends Record_> {
  queue: ReviewQueue<I["status"], I["actions"][number], I>;
  /**
   * column headers after time and customer (locale keys); `num` columns align right; `sort`:
   * the column sorts the list (the amount)
   */
  columns: { key: string; num?: boolean; sort?: "amount" }[];
  /** the cells of those columns */
  cells: (item: I, f: Fmt) => ComponentChildren;
  /** the record's detail: amounts, evidence, payout details... */
  detail: (item: I, f: Fmt) => ComponentChildren;
  /**
   * More about the chosen record, read beside the list (one wave of reads: a withdrawal's risk
   * panel), shown after its detail, above the decisions.
   */
  context?: (c: Ctx, item: I, f: Fmt) => Promise<ComponentChildren>;
  /** what `context` reads of the record `id`, read with the operator's session */
  contextReads?: (c: Ctx, id: string) => Promise<PrivateRead[]>;
  /** what the decision needs beyond the actions (a withdrawal's payout reference) */
  decision?: (item: I) => { reference?: { action: string; to: PayoutTo } };
  /** one line naming the record, repeated in the confirmation */
  summary: (item: I, f: Fmt) => string;
  /** the locale key of a status */
  statusKey: (status: string) => string;
}

const PAGE = 20;
/** The notices a page shows once after a decision (nothing else is accepted from the URL). */
const FLASH = ["done", "proposed", "bulk", "ALREADY_DECIDED", "NOT_FOUND"] as const;

function href(base: string, q: Record<string, string | null | undefined>, hash = "") {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) p.set(k, v);
  const s = p.toString();
  return `${base}${s ? `?${s}` : ""}${hash}`;
}

/**
 * How long an item has waited, coloured against the queue's target (tenant settings): under
 * half of it fine, under it amber, at or past it red (and said in words, not by colour alone).
 */
function Age(
  { f, ms, target, locale }: { f: Fmt; ms: number; target: number; locale: string },
) {
  const level = ms >= target ? "late" : ms >= target / 2 ? "soon" : "ok";
  return (
    <td class={`nowrap admin-age age-${level}`} data-age={level}>
      {formatAge(ms, locale)}
      {level === "late" && <span class="sr-only">{` · ${f.t("admin.ageLate")}`}</span>}
    </td>
  );
}

/** The flash after a bulk pass: how many passed, how many were left as they were. */
function flashText(c: Ctx, flash: typeof FLASH[number]) {
  const t = c.var.t;
  if (flash !== "bulk") {
    return t(
      flash === "done"
        ? "admin.done"
        : flash === "proposed"
        ? "admin.passProposed"
        : `errors.${flash}`,
    );
  }
  const n = (k: string) => /^\d{1,3}$/.test(c.req.query(k) ?? "") ? Number(c.req.query(k)) : 0;
  const refused = n("refused");
  return `${t("queues.bulkDone", { n: n("passed") })}${
    refused ? ` · ${t("queues.bulkRefused", { n: refused })}` : ""
  }`;
}

/**
 * Auto-advance: the record after the chosen one in the list (else the one before it); null when
 * it is the only one (the page then stays on it and shows how it was decided).
 */
function nextOf<I extends Record_>(items: I[], selected: I, link: (id: string) => string) {
  const at = items.findIndex((i) => i.id === selected.id);
  const next = at < 0 ? items.find((i) => i.id !== selected.id) : items[at + 1] ?? items[at - 1];
  return next ? link(next.id) : null;
}

/** The page's state in the URL: the status shown, the list's cursor, the chosen record. */
function pageState<S extends string>(c: Ctx, statuses: readonly [S, ...S[]]) {
  const statusParam = c.req.query("status");
  const status = (statuses as readonly string[]).includes(statusParam ?? "")
    ? statusParam as S
    : statuses[0];
  const cursorParam = c.req.query("cursor");
  const cursor = cursorParam && cursorParam.length <= 200 ? cursorParam : undefined;
  const idParam = c.req.query("id");
  const id = idParam && Id.safeParse(idParam).success ? idParam : null;
  return { status, cursor, id };
}

export function queuePage<I extends Record_>(v: QueueView<I>): PageDef {
  const q = v.queue;
  const base = `/admin/${q.name}`;
  const amounts = q.name !== "certifications";
  // the list, the chosen record and its context, read with the operator's session
  const reads = async (c: Ctx): Promise<PrivateRead[]> => {
    const { status, cursor, id } = pageState(c, q.statuses);
    const view = pageView(c, amounts);
    const list = view.errors.length
      ? []
      : queueReads(q, c.var.tenant.id, status, view.filter, { limit: PAGE, cursor, id });
    return [...list, ...id && v.contextReads ? await v.contextReads(c, id) : []];
  };
  return sectionPage(q.name, async (c: Ctx) => {
    const f = fmtOf(c);
    const t = f.t;
    const { status, cursor, id } = pageState(c, q.statuses);
    const flash = FLASH.find((x) => x === c.req.query("flash"));
    const tenant = c.var.tenant.id;
    const view = pageView(c, amounts);

    let error = view.errors;
    let page: { items: I[]; cursor: string | null; truncated: boolean } = {
      items: [],
      cursor: null,
      truncated: false,
    };
    // the chosen record (and its context) read beside the list
    const choosing = id
      ? q.get(c.var.deps, tenant, id).then(async (item) => ({
        item,
        context: item && v.context ? await v.context(c, item, f) : null,
      }))
      : null;
    // (awaited below; a failure before that is not an unhandled one)
    choosing?.catch(() => {});
    if (!error.length) {
      try {
        page = await queueView<I>(q, c.var.deps, tenant, status, view.filter, PAGE, cursor);
      } catch (e) {
        if (!(e instanceof DomainError) || e.error !== "VALIDATION") throw e;
        error = [t("errors.VALIDATION")];
      }
    }
    const chosen = await choosing;
    const selected = chosen?.item ?? null;
    // the waiting list (its first page) follows new work live; ages against the queue's target
    const waiting = status === q.statuses[0];
    liveQueue(c, q.name, waiting && !cursor);
    const now = c.var.deps.now();
    const targetMs = c.var.tenant.queueTargets[q.name] * 60_000;
    const offered = selected?.actions ?? [];
    const here = { status, ...view.params, cursor };
    const link = (x: Record<string, string | null | undefined>, hash = "") =>
      href(base, { ...here, ...x }, hash);
    // the records the tenant's bulk-pass setting allows, on the waiting list
    const bulk = waiting ? bulkRule(q.name, c.var.tenant.bulkPass) : null;
    const exportHref = href(`/api/admin/${q.name}/export`, { status, ...view.params });

    const body = (
      <section class="admin-queue" aria-labelledby="queue-title">
        <Island of={AdminQueueKeys} props={{}} />
        <div class="admin-bar">
          <h2 id="queue-title">{t(`admin.${q.name}`)}</h2>
          <nav class="admin-filter admin-statuses" aria-label={t("admin.queue")}>
            {q.statuses.map((s) => (
              <a
                key={s}
                href={href(base, { ...view.params, status: s })}
                class={s === status ? "admin-chip active" : "admin-chip"}
                aria-current={s === status ? "page" : undefined}
                data-testid={`status-${s}`}
              >
                {t(v.statusKey(s))}
              </a>
            ))}
            <a
              class="btn btn-ghost btn-small"
              href={link({ id })}
              data-testid="queue-refresh"
            >
              {t("admin.refresh")}
            </a>
            <a class="btn btn-ghost btn-small" href={exportHref} download data-testid="queue-csv">
              {t("admin.exportCsv")}
            </a>
          </nav>
        </div>
        <FilterForm
          c={c}
          base={base}
          status={status}
          view={view}
          amounts={amounts}
        />
        <ShortcutList c={c} bulk={bulk !== null} />
        <FlashNotice
          text={flash && flashText(c, flash)}
          ok={flash === "done" || flash === "proposed" || flash === "bulk"}
        />
        <div class="admin-split">
          <div class="admin-list card">
            {bulk && (
              <Island
                of={AdminQueueBulk}
                props={{
                  queue: q.name as "recharges" | "certifications",
                  shown: page.items.length > 0,
                  limits: q.name === "recharges"
                    ? t("queues.bulkLimit", {
                      limits: bulkLimits(c.var.tenant.bulkPass).join(", "),
                    })
                    : t("queues.bulkLevels", {
                      levels: c.var.tenant.bulkPass.certifications.map((l) => t(`certify.${l}`))
                        .join(", "),
                    }),
                  tx: pickTexts(t, BULK_TEXTS),
                }}
              />
            )}
            {/* read again in place by the live refresh (AdminQueueLive); the bulk bar stays */}
            <div data-testid="queue-list">
              {error.length > 0 && (
                <div class="admin-alert" role="alert" data-testid="queue-error">
                  {error.map((e) => <p key={e}>{e}</p>)}
                </div>
              )}
              {!error.length && page.items.length === 0 && (
                <p class="admin-empty muted" data-testid="queue-empty">{t("admin.empty")}</p>
              )}
              {page.truncated && (
                <p class="muted small admin-note" data-testid="queue-truncated">
                  {t("queues.truncated", { n: 1000 })}
                </p>
              )}
              {page.items.length > 0 && (
                <div class="table-wrap">
                  <table class="table admin-table" data-testid="queue-table">
                    <thead>
                      <tr>
                        {bulk && (
                          <th scope="col" class="admin-bulk-check">
                            <input
                              type="checkbox"
                              data-bulk-all
                              aria-label={t("queues.selectAll")}
                              data-testid="bulk-all"
                            />
                          </th>
                        )}
                        <SortHeader label={t("funds.time")} col="time" view={view} link={link} />
                        {waiting && <th scope="col">{t("admin.age")}</th>}
                        <SortHeader
                          label={t("admin.customer")}
                          col="customer"
                          view={view}
                          link={link}
                        />
                        {v.columns.map((col) =>
                          col.sort
                            ? (
                              <SortHeader
                                key={col.key}
                                label={t(col.key)}
                                col={col.sort}
                                view={view}
                                link={link}
                                num={col.num}
                              />
                            )
                            : (
                              <th key={col.key} scope="col" class={col.num ? "num" : ""}>
                                {t(col.key)}
                              </th>
                            )
                        )}
                        <th scope="col">
                          <span class="sr-only">{t("funds.detail")}</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {page.items.map((item) => (
                        <tr
                          key={item.id}
                          data-id={item.id}
                          class={item.id === selected?.id ? "selected" : undefined}
                          aria-current={item.id === selected?.id ? "true" : undefined}
                        >
                          {bulk && (
                            <td class="admin-bulk-check">
                              {bulk(item as never)
                                ? (
                                  <input
                                    type="checkbox"
                                    data-bulk
                                    value={item.id}
                                    data-summary={v.summary(item, f)}
                                    aria-label={t("queues.select", { what: v.summary(item, f) })}
                                  />
                                )
                                : (
                                  <span class="muted" title={t("queues.overLimit")}>
                                    <span aria-hidden="true">—</span>
                                    <span class="sr-only">{t("queues.overLimit")}</span>
                                  </span>
                                )}
                            </td>
                          )}
                          <td class="nowrap">{f.time(item.createdAt)}</td>
                          {waiting && (
                            <Age
                              f={f}
                              ms={now - item.createdAt}
                              target={targetMs}
                              locale={c.var.locale}
                            />
                          )}
                          <td class="mono">{item.userId}</td>
                          {v.cells(item, f)}
                          <td class="admin-open">
                            <a
                              class="btn btn-ghost btn-small"
                              href={link({ id: item.id }, "#detail")}
                            >
                              {t("funds.detail")}
                            </a>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              <Pager t={t} at={cursor} next={page.cursor} link={(cursor) => link({ cursor })} />
            </div>
          </div>
          <div class="admin-detail card" id="detail" data-testid="detail">
            {selected
              ? (
                <article aria-labelledby="detail-title">
                  <div class="admin-detail-head">
                    <h2 id="detail-title" tabIndex={-1}>{t("funds.detail")}</h2>
                    <span class={`admin-status s-${selected.status}`} data-testid="detail-status">
                      {t(v.statusKey(selected.status))}
                    </span>
                  </div>
                  <p class="muted small mono admin-id">{selected.id}</p>
                  {v.detail(selected, f)}
                  {chosen?.context}
                  {offered.length > 0 && (
                    <Island
                      of={AdminDecision}
                      props={{
                        queue: q.name,
                        id: selected.id,
                        actions: offered,
                        needsReason: [...q.needsReason],
                        ...v.decision?.(selected),
                        summary: v.summary(selected, f),
                        tx: pickTexts(t, DECISION_TEXTS),
                        next: nextOf(page.items, selected, (id) => link({ id }, "#detail")),
                      }}
                    />
                  )}
                </article>
              )
              : (
                <p class="muted admin-empty">
                  {t(id ? "errors.NOT_FOUND" : "admin.pick")}
                </p>
              )}
          </div>
        </div>
      </section>
    );
    return consoleDocument(c, `${t(`admin.${q.name}`)} · ${t("admin.title")}`, body, {
      session: c.var.operator,
      section: q.name,
    });
  }, reads);
}
