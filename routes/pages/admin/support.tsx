/**
 * The support inbox (`/admin/support`, roles support and admin): the page frame with the
 * `AdminSupportInbox` island, which reads the inbox and the conversations through the API and
 * follows the `support` socket channel. Canned replies come in every language, so the island
 * offers those of the customer's.
 */
import { SUPPORT_STATUSES, type SupportStatus } from "../../../contract/support.ts";
import { pickTexts, translator } from "../../../edge/platform/locale.ts";
import { Island } from "../../../edge/render/island.tsx";
import { LOCALES } from "../../../locales/languages.ts";
import AdminSupportInbox, { INBOX_TEXTS } from "../../../islands/AdminSupportInbox.tsx";
import { consoleDocument, sectionPage } from "./frame.tsx";

/** The canned replies' keys (`support.canned1` ...), in each language's locale file. */
const CANNED = ["support.canned1", "support.canned2", "support.canned3", "support.canned4"];

const canned = Object.fromEntries(
  LOCALES.map((l) => [l, CANNED.map((k) => translator(l)(k))]),
);

export const supportPage = sectionPage("support", (c, op) => {
  const t = c.var.t;
  const raw = c.req.query("status") ?? "open";
  const status: SupportStatus = (SUPPORT_STATUSES as readonly string[]).includes(raw)
    ? raw as SupportStatus
    : "open";
  const id = c.req.query("id");
  return consoleDocument(
    c,
    t("admin.support"),
    <section class="admin-section">
      <h2 class="sr-only" tabIndex={-1}>{t("admin.support")}</h2>
      <Island
        of={AdminSupportInbox}
        props={{
          tx: pickTexts(t, INBOX_TEXTS),
          canned,
          status,
          id: id && /^[0-9A-Za-z_-]{1,64}$/.test(id) ? id : null,
        }}
      />
    </section>,
    { session: op, section: "support" },
  );
});
