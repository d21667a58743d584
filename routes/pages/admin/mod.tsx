/**
 * The operators' console under /admin: sign-in, then one page per section (each in its own
 * file here). Pages render on the server from the operator's cookie session; small islands
 * send the decisions and settings.
 */
import { pickTexts } from "../../../edge/platform/locale.ts";
import { operatorOf } from "../../../edge/http/operator_auth.ts";
import { Island } from "../../../edge/render/island.tsx";
import AdminSignIn, { SIGNIN_TEXTS } from "../../../islands/AdminSignIn.tsx";
import type { PageDef } from "../types.ts";
import { auditPage } from "./audit.tsx";
import { contentPage } from "./content.tsx";
import { customersPage } from "./customers.tsx";
import { supportPage } from "./support.tsx";
import { certificationsPage } from "./certifications.tsx";
import { consoleDocument, homeOf } from "./frame.tsx";
import { demoPage } from "./demo.tsx";
import { productsPage } from "./products.tsx";
import { proposalsPage } from "./proposals.tsx";
import { reportsPage } from "./reports.tsx";
import { rechargesPage } from "./recharges.tsx";
import { settingsPage } from "./settings.tsx";
import { withdrawalsPage } from "./withdrawals.tsx";
import { accountPage, operatorsPage } from "./operators.tsx";

/** Where to go after signing in: a console path only (never another site). */
function nextOf(raw: string | undefined): string {
  return raw && /^\/admin(\/[a-z]+)?(\?[\w\-.=&%]*)?$/.test(raw) ? raw : "/admin";
}

const signInPage: PageDef = {
  path: "/admin",
  layout: "any",
  public: true,
  render: async (c) => {
    const op = await operatorOf(c);
    if (op) return c.redirect(homeOf(op), 302);
    const t = c.var.t;
    return consoleDocument(
      c,
      t("admin.title"),
      <Island
        of={AdminSignIn}
        props={{ tx: pickTexts(t, SIGNIN_TEXTS), next: nextOf(c.req.query("next")) }}
      />,
    );
  },
};

export const adminPages: PageDef[] = [
  signInPage,
  rechargesPage,
  withdrawalsPage,
  certificationsPage,
  proposalsPage,
  customersPage,
  supportPage,
  auditPage,
  reportsPage,
  demoPage,
  settingsPage,
  productsPage,
  contentPage,
  operatorsPage,
  accountPage,
];
