/**
 * Reports (audit or funds role): the daily figures of the live book per day and currency for a
 * range of UTC days (a GET form; CSV link), the reserve coverage now, and the live exposure
 * (open interest per symbol and the house's P&L if the market moved ±x %).
 */
import { parseDecimal } from "../../../core-wasm/mod.ts";
import { dayStart, FIGURES, MAX_REPORT_DAYS } from "../../../edge/operators/reports.ts";
import { pickTexts } from "../../../edge/platform/locale.ts";
import { Island } from "../../../edge/render/island.tsx";
import AdminPublish, { PUBLISH_TEXTS } from "../../../islands/AdminPublish.tsx";
import { consoleDocument, sectionPage } from "./frame.tsx";
import { FlashNotice, fmtOf, ReportTable } from "./parts.tsx";
import { liabilitiesReportJson } from "../../../edge/liabilities/service.ts";

const DAY = 86_400_000;
/**
 * The daily columns on the page: every figure but `customerPnl`, the sum of the two P&L columns
 * beside it (the API and the CSV carry it too).
 */
const SHOWN = FIGURES.filter((f) => f !== "customerPnl");
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const reportsPage = sectionPage("reports", async (c, op) => {
  const f = fmtOf(c);
  const t = f.t;
  const now = c.var.deps.now();
  const today = dayStart(iso(now))!;
  let from = dayStart(c.req.query("from") ?? "") ?? today - 6 * DAY;
  let to = dayStart(c.req.query("to") ?? "") ?? today;
  let error = "";
  if (to < from || (to - from) / DAY + 1 > MAX_REPORT_DAYS) {
    error = t("admin.reportRange", { days: MAX_REPORT_DAYS });
    from = today - 6 * DAY;
    to = today;
  }
  const moveText = c.req.query("move") ?? "5";
  const move = /^\d{1,2}(\.\d{1,2})?$/.test(moveText) && Number(moveText) > 0 &&
      Number(moveText) <= 50
    ? moveText
    : "5";
  const tenant = c.var.tenant.id;
  // the three reports together (their scans from the replica, the reserve with the session)
  const [daily, exposure, liabilities] = await Promise.all([
    c.var.deps.reports.daily(tenant, from, to),
    c.var.deps.reports.exposure(tenant, parseDecimal(move)),
    c.var.deps.liabilities.versusReserves(tenant),
  ]);
  const pol = liabilitiesReportJson(liabilities);
  const csv = `/api/admin/reports/daily?from=${iso(from)}&to=${iso(to)}&format=csv`;
  const n = (v: string | null) => v === null ? "—" : f.exact(v);
  // publishing an epoch is the audit or admin role's (the reports open to funds too)
  const canPublish = op.roles.some((r) => r === "audit" || r === "admin");
  const body = (
    <>
      {/* no landmark name here: the table's scrolling region carries the heading's (one label, one landmark) */}
      <section class="admin-queue">
        <div class="admin-bar">
          <h2 id="daily-title">{t("admin.reportDaily")}</h2>
          <form class="admin-filter" method="get" action="/admin/reports">
            <label>
              {t("admin.reportFrom")} <input type="date" name="from" value={iso(from)} required />
            </label>
            <label>
              {t("admin.reportTo")} <input type="date" name="to" value={iso(to)} required />
            </label>
            <input type="hidden" name="move" value={move} />
            <button class="btn btn-small" type="submit">{t("admin.refresh")}</button>
            <a class="btn btn-ghost btn-small" href={csv} data-testid="daily-csv" download>
              {t("admin.exportCsv")}
            </a>
          </form>
        </div>
        <div class="card admin-list">
          {error && <p class="admin-alert" role="alert">{error}</p>}
          <p class="muted small">{t("admin.reportLiveOnly")}</p>
          <p class="muted small" data-testid="report-explain">{t("admin.reportExplain")}</p>
          <p class="muted small" data-testid="reserve">
            {t("admin.reportReserve", {
              reserve: f.exact(daily.reserve.reserve),
              unpaid: f.exact(daily.reserve.unpaid),
              coverage: daily.reserve.coverage === null ? "—" : f.exact(daily.reserve.coverage),
            })}
          </p>
          <ReportTable
            testid="daily-table"
            labelledBy="daily-title"
            head={[
              t("admin.reportDay"),
              t("admin.reportCurrency"),
              ...SHOWN.map((k) => t(`admin.r_${k}`)),
            ]}
            rows={daily.rows.map((r) => ({
              key: `${r.day}:${r.currency}`,
              cells: [r.day, r.currency, ...SHOWN.map((k) => n(r[k]))],
            }))}
            text={2}
            nowrapFirst
          />
        </div>
      </section>
      <section class="admin-queue" aria-labelledby="pol-title">
        <div class="admin-bar">
          <h2 id="pol-title">{t("admin.polTitle")}</h2>
          {canPublish && (
            <div class="admin-filter">
              <Island
                of={AdminPublish}
                props={{ what: "epoch", tx: pickTexts(t, PUBLISH_TEXTS) }}
              />
            </div>
          )}
        </div>
        <FlashNotice text={c.req.query("flash") === "done" && t("admin.polPublished")} />
        <div class="card admin-list" data-testid="pol-report">
          {!pol ? <p class="muted admin-empty">{t("admin.polNone")}</p> : (
            <>
              <p class="muted small">
                {t("admin.polNote", { epoch: pol.epoch, at: f.time(pol.publishedAt) })}
              </p>
              {!pol.matches && <p class="admin-alert" role="alert">{t("admin.polMismatch")}</p>}
              <ReportTable
                testid="pol-table"
                labelledBy="pol-title"
                head={[
                  t("admin.reportCurrency"),
                  t("admin.polLiabilities"),
                  t("admin.polLedger"),
                  t("admin.polRecorded"),
                  t("admin.polYield"),
                  t("admin.polSurplus"),
                  t("admin.polCoverage"),
                ]}
                rows={pol.rows.map((r) => ({
                  key: r.currency,
                  cells: [
                    r.currency,
                    n(r.liabilities),
                    n(r.ledgerAfterBuild),
                    n(r.recorded),
                    n(r.yieldReserve),
                    n(r.surplus),
                    n(r.coverage),
                  ],
                }))}
              />
            </>
          )}
        </div>
      </section>
      <section class="admin-queue" aria-labelledby="exposure-title">
        <div class="admin-bar">
          <h2 id="exposure-title">{t("admin.exposure")}</h2>
          <form class="admin-filter" method="get" action="/admin/reports">
            <input type="hidden" name="from" value={iso(from)} />
            <input type="hidden" name="to" value={iso(to)} />
            <label>
              {t("admin.exposureMove")}{" "}
              <input
                type="number"
                name="move"
                value={move}
                min="0.01"
                max="50"
                step="0.01"
                required
              />
            </label>
            <button class="btn btn-small" type="submit">{t("admin.refresh")}</button>
          </form>
        </div>
        <div class="card admin-list">
          {exposure.items.length === 0 && exposure.fast.length === 0
            ? <p class="muted admin-empty">{t("admin.exposureEmpty")}</p>
            : (
              <ReportTable
                testid="exposure-table"
                labelledBy="exposure-title"
                head={[
                  t("admin.symbol"),
                  t("admin.price"),
                  t("admin.longLots"),
                  t("admin.shortLots"),
                  t("admin.longNotional"),
                  t("admin.shortNotional"),
                  t("admin.houseNow"),
                  t("admin.houseUp", { move }),
                  t("admin.houseDown", { move }),
                ]}
                rows={exposure.items.map((x) => ({
                  key: x.symbol,
                  cells: [
                    x.symbol,
                    n(x.price),
                    x.longLots,
                    x.shortLots,
                    n(x.longNotional),
                    n(x.shortNotional),
                    n(x.houseNow),
                    n(x.houseUp),
                    n(x.houseDown),
                  ],
                }))}
              />
            )}
          {exposure.fast.length > 0 && (
            <ReportTable
              testid="fast-exposure-table"
              label={t("admin.fastExposure")}
              caption={t("admin.fastExposure")}
              head={[
                t("admin.symbol"),
                t("admin.fastOrders"),
                t("admin.upStake"),
                t("admin.downStake"),
                t("admin.houseNow"),
                t("admin.houseUp", { move }),
                t("admin.houseDown", { move }),
              ]}
              rows={exposure.fast.map((x) => ({
                key: x.symbol,
                cells: [
                  x.symbol,
                  x.orders,
                  n(x.upStake),
                  n(x.downStake),
                  n(x.houseNow),
                  n(x.houseUp),
                  n(x.houseDown),
                ],
              }))}
            />
          )}
        </div>
      </section>
    </>
  );
  return consoleDocument(c, `${t("admin.reports")} · ${t("admin.title")}`, body, {
    session: op,
    section: "reports",
  });
}, (c) => c.var.deps.reports.reserveKeys(c.var.tenant.id).map((key) => ({ key })));
