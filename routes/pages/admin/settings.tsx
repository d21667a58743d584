/**
 * The settings section: each pane for the role that may change it. Funds operators: the
 * withdrawal rules (a form) and the recharge channels (open / close). Admins: the site (tenant
 * settings: site closed, customer-service link, invitation, languages, demo starting balance,
 * the reference rates of the assets' approximate value).
 */
import { pickTexts } from "../../../edge/platform/locale.ts";
import { Island } from "../../../edge/render/island.tsx";
import AdminChannelSwitch from "../../../islands/AdminChannelSwitch.tsx";
import AdminSettings, { SETTINGS_TEXTS } from "../../../islands/AdminSettings.tsx";
import AdminSiteSettings, { SITE_SETTINGS_TEXTS } from "../../../islands/AdminSiteSettings.tsx";
import { LANGUAGES } from "../../../locales/languages.ts";
import { SITE_SETTINGS_ROLES } from "../../../edge/operators/tenant_settings.ts";
import { consoleDocument, sectionPage } from "./frame.tsx";
import { AdminTable, FlashNotice } from "./parts.tsx";

export const settingsPage = sectionPage("settings", async (c, op) => {
  const t = c.var.t;
  const { fundsSettings, tenantSettings } = c.var.deps;
  const tenant = c.var.tenant.id;
  const funds = op.roles.includes("funds");
  const site = SITE_SETTINGS_ROLES.some((r) => op.roles.includes(r));
  const [rules, channels, siteSettings] = await Promise.all([
    funds ? fundsSettings.withdraw(tenant) : null,
    funds ? fundsSettings.channels(tenant) : [],
    site ? tenantSettings.get(c.var.tenant) : null,
  ]);
  const done = c.req.query("flash") === "done";
  const sw = {
    enable: t("admin.enable"),
    disable: t("admin.disable"),
    networkError: t("app.networkError"),
    timeout: t("app.timeout"),
    confirmTitle: t("admin.confirmChannelOffTitle"),
    confirmBody: t("admin.confirmChannelOffBody"),
    confirm: t("admin.confirmSwitchOff"),
    cancel: t("app.cancel"),
    preview: t("admin.previewCustomers"),
    closed: t("errors.RECHARGE_CLOSED"),
    gone: t("admin.previewChannelGone"),
  };
  /** the currencies with one open channel (closing it closes their recharges) */
  const openCount = (cur: string) => channels.filter((x) => x.enabled && x.currency === cur).length;
  const body = (
    <section class="admin-queue" aria-labelledby="settings-title">
      <div class="admin-bar">
        <h2 id="settings-title">{t("admin.settings")}</h2>
      </div>
      <FlashNotice text={done && t("admin.done")} />
      {siteSettings && (
        <div class="card admin-pane admin-site" data-testid="site-pane">
          <h3 class="admin-h3">{t("admin.siteSettings")}</h3>
          <Island
            of={AdminSiteSettings}
            props={{
              initial: siteSettings,
              languages: LANGUAGES.map((l) => ({ id: l.id, name: l.name })),
              tx: pickTexts(t, SITE_SETTINGS_TEXTS),
              locale: c.var.locale,
              now: c.var.deps.now(),
            }}
          />
        </div>
      )}
      {rules && (
        <div class="admin-columns">
          <div class="card admin-pane">
            <h3 class="admin-h3">{t("admin.withdrawRules")}</h3>
            <Island
              of={AdminSettings}
              props={{ initial: rules, tx: pickTexts(t, SETTINGS_TEXTS) }}
            />
          </div>
          <div class="card admin-pane">
            <h3 class="admin-h3">{t("admin.channels")}</h3>
            <AdminTable
              testid="channels"
              head={[
                t("recharge.channel"),
                t("funds.currency"),
                t("admin.state"),
                <span key="action" class="sr-only">{t("admin.action")}</span>,
              ]}
            >
              {channels.map((ch) => (
                <tr key={ch.id} data-id={ch.id}>
                  <td>
                    {ch.name}
                    <div class="muted small mono">{ch.id}</div>
                  </td>
                  <td>{ch.currency}</td>
                  <td>
                    <span class={`admin-status ${ch.enabled ? "s-passed" : "s-rejected"}`}>
                      {t(ch.enabled ? "admin.open" : "admin.closed")}
                    </span>
                  </td>
                  <td class="admin-open">
                    <Island
                      of={AdminChannelSwitch}
                      props={{
                        channel: ch,
                        lastOpen: ch.enabled && openCount(ch.currency) === 1,
                        tx: sw,
                      }}
                    />
                  </td>
                </tr>
              ))}
            </AdminTable>
          </div>
        </div>
      )}
    </section>
  );
  return consoleDocument(c, `${t("admin.settings")} · ${t("admin.title")}`, body, {
    session: op,
    section: "settings",
  });
}, (c) => [
  // both panes' (the session says which the operator sees)
  ...c.var.deps.fundsSettings.adminReads(c.var.tenant.id),
  { key: c.var.deps.tenantSettings.key(c.var.tenant.id) },
]);
