/**
 * Demo activity, apart from real money: the demo accounts (a visitor's, or a customer's own),
 * their practice period and resets, and what they hold in the demo book.
 */
import { consoleDocument, sectionPage } from "./frame.tsx";
import { AdminTable, fmtOf } from "./parts.tsx";

export const demoPage = sectionPage("demo", async (c, op) => {
  const f = fmtOf(c);
  const t = f.t;
  const list = await c.var.deps.demo.list(c.var.tenant.id);
  const body = (
    <section class="admin-queue" aria-labelledby="demo-title">
      <div class="admin-bar">
        <h2 id="demo-title">{t("admin.demo")}</h2>
        <div class="admin-filter">
          <span class="muted small" data-testid="demo-total">
            {t("admin.demoTotal", { count: list.total })}
          </span>
          <a class="btn btn-ghost btn-small" href="/admin/demo">{t("admin.refresh")}</a>
        </div>
      </div>
      <p class="muted small">{t("admin.demoNote")}</p>
      <div class="card admin-list">
        {list.items.length === 0 && <p class="muted admin-empty">{t("admin.empty")}</p>}
        {list.items.length > 0 && (
          <AdminTable
            testid="demo-table"
            head={[
              t("admin.demoAccount"),
              t("admin.demoOwner"),
              t("funds.time"),
              t("admin.demoPeriod"),
              t("admin.demoBalances"),
            ]}
          >
            {list.items.map((a) => (
              <tr key={a.accountId} data-account={a.accountId}>
                <td class="mono">{a.accountId}</td>
                <td>{a.of ?? <span class="muted">{t("admin.demoVisitor")}</span>}</td>
                <td class="nowrap">{f.time(a.createdAt)}</td>
                <td>
                  {t("admin.demoPeriodValue", { period: a.period, resets: a.resets })}
                  <div class="muted small">{f.time(a.periodStart)}</div>
                </td>
                <td class="mono small">
                  {a.balances.map((b) => (
                    <div key={`${b.wallet}:${b.currency}`}>
                      {b.wallet} {b.currency} {b.available}
                      {b.frozen !== "0" && ` (+${b.frozen})`}
                    </div>
                  ))}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </div>
    </section>
  );
  return consoleDocument(c, `${t("admin.demo")} · ${t("admin.title")}`, body, {
    session: op,
    section: "demo",
  });
}, (c) => [c.var.deps.demo.listRead(c.var.tenant.id)]);
