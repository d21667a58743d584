/**
 * Reports (audit or funds role): the daily figures of the live book per day and currency for a
 * range of UTC days (a GET form; CSV link), the reserve coverage now, and the live exposure
 * (open interest per symbol and the house's P&L if the market moved ±x %).
 */
import { parseDecimal } from "../../../core-wasm/mod.ts";
import { dayStart, FIGURES, MAX_REPORT_DAYS } from "../../../edge/operators/reports.ts";
import { consoleDocument, sectionPage } from "./frame.tsx";
import { fmtOf } from "./parts.tsx";
import { liabilitiesReportJson } from "../../api/liabilities.ts";

const DAY = 86_400_000;
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
  const daily = await c.var.deps.reports.daily(tenant, from, to);
  const exposure = await c.var.deps.reports.exposure(tenant, parseDecimal(move));
  const pol = liabilitiesReportJson(await c.var.deps.liabilities.versusReserves(tenant));
  const csv = `/api/admin/reports/daily?from=${iso(from)}&to=${iso(to)}&format=csv`;
  const n = (v: string | null) => v === null ? "—" : f.exact(v);
  const body = (
    <>
      <section class="admin-queue" aria-labelledby="daily-title">
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
          <p class="muted small" data-testid="reserve">
            {t("admin.reportReserve", {
              reserve: f.exact(daily.reserve.reserve),
              unpaid: f.exact(daily.reserve.unpaid),
              coverage: daily.reserve.coverage === null ? "—" : f.exact(daily.reserve.coverage),
            })}
          </p>
          <div class="table-wrap" tabIndex={0} role="region" aria-labelledby="daily-title">
            <table class="table admin-report" data-testid="daily-table">
              <thead>
                <tr>
                  <th scope="col">{t("admin.reportDay")}</th>
                  <th scope="col">{t("admin.reportCurrency")}</th>
                  {FIGURES.map((k) => <th scope="col" key={k}>{t(`admin.r_${k}`)}</th>)}
                </tr>
              </thead>
              <tbody>
                {daily.rows.map((r) => (
                  <tr key={`${r.day}:${r.currency}`}>
                    <td class="nowrap">{r.day}</td>
                    <td>{r.currency}</td>
                    {FIGURES.map((k) => <td class="num" key={k}>{n(r[k])}</td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>
      <section class="admin-queue" aria-labelledby="pol-title">
        <div class="admin-bar">
          <h2 id="pol-title">{t("admin.polTitle")}</h2>
        </div>
        <div class="card admin-list" data-testid="pol-report">
          {!pol ? <p class="muted admin-empty">{t("admin.polNone")}</p> : (
            <>
              <p class="muted small">
                {t("admin.polNote", { epoch: pol.epoch, at: f.time(pol.publishedAt) })}
              </p>
              {!pol.matches && <p class="admin-alert" role="alert">{t("admin.polMismatch")}</p>}
              <div class="table-wrap" tabIndex={0} role="region" aria-labelledby="pol-title">
                <table class="table admin-report" data-testid="pol-table">
                  <thead>
                    <tr>
                      <th scope="col">{t("admin.reportCurrency")}</th>
                      <th scope="col">{t("admin.polLiabilities")}</th>
                      <th scope="col">{t("admin.polLedger")}</th>
                      <th scope="col">{t("admin.polRecorded")}</th>
                      <th scope="col">{t("admin.polYield")}</th>
                      <th scope="col">{t("admin.polSurplus")}</th>
                      <th scope="col">{t("admin.polCoverage")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {pol.rows.map((r) => (
                      <tr key={r.currency}>
                        <td>{r.currency}</td>
                        <td class="num">{n(r.liabilities)}</td>
                        <td class="num">{n(r.ledgerAfterBuild)}</td>
                        <td class="num">{n(r.recorded)}</td>
                        <td class="num">{n(r.yieldReserve)}</td>
                        <td class="num">{n(r.surplus)}</td>
                        <td class="num">{n(r.coverage)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
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
              <div class="table-wrap" tabIndex={0} role="region" aria-labelledby="exposure-title">
                <table class="table admin-report" data-testid="exposure-table">
                  <thead>
                    <tr>
                      <th scope="col">{t("admin.symbol")}</th>
                      <th scope="col">{t("admin.price")}</th>
                      <th scope="col">{t("admin.longLots")}</th>
                      <th scope="col">{t("admin.shortLots")}</th>
                      <th scope="col">{t("admin.longNotional")}</th>
                      <th scope="col">{t("admin.shortNotional")}</th>
                      <th scope="col">{t("admin.houseNow")}</th>
                      <th scope="col">{t("admin.houseUp", { move })}</th>
                      <th scope="col">{t("admin.houseDown", { move })}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {exposure.items.map((x) => (
                      <tr key={x.symbol}>
                        <td>{x.symbol}</td>
                        <td class="num">{n(x.price)}</td>
                        <td class="num">{x.longLots}</td>
                        <td class="num">{x.shortLots}</td>
                        <td class="num">{n(x.longNotional)}</td>
                        <td class="num">{n(x.shortNotional)}</td>
                        <td class="num">{n(x.houseNow)}</td>
                        <td class="num">{n(x.houseUp)}</td>
                        <td class="num">{n(x.houseDown)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          {exposure.fast.length > 0 && (
            <div
              class="table-wrap"
              tabIndex={0}
              role="region"
              aria-label={t("admin.fastExposure")}
            >
              <table class="table admin-report" data-testid="fast-exposure-table">
                <caption class="muted small">{t("admin.fastExposure")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("admin.symbol")}</th>
                    <th scope="col">{t("admin.fastOrders")}</th>
                    <th scope="col">{t("admin.upStake")}</th>
                    <th scope="col">{t("admin.downStake")}</th>
                    <th scope="col">{t("admin.houseNow")}</th>
                    <th scope="col">{t("admin.houseUp", { move })}</th>
                    <th scope="col">{t("admin.houseDown", { move })}</th>
                  </tr>
                </thead>
                <tbody>
                  {exposure.fast.map((x) => (
                    <tr key={x.symbol}>
                      <td>{x.symbol}</td>
                      <td class="num">{x.orders}</td>
                      <td class="num">{n(x.upStake)}</td>
                      <td class="num">{n(x.downStake)}</td>
                      <td class="num">{n(x.houseNow)}</td>
                      <td class="num">{n(x.houseUp)}</td>
                      <td class="num">{n(x.houseDown)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </section>
    </>
  );
  return consoleDocument(c, `${t("admin.reports")} · ${t("admin.title")}`, body, {
    session: op,
    section: "reports",
  });
});
