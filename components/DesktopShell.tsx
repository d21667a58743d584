import type { ComponentChildren } from "preact";
import type { T } from "../edge/platform/locale.ts";
import type { LocaleId } from "../locales/languages.ts";
import { Island } from "../edge/render/island.tsx";
import LanguagePicker from "../islands/LanguagePicker.tsx";
import LogoutButton from "../islands/LogoutButton.tsx";
import { languageOptions } from "./languageOptions.ts";
import { UnreadBadge } from "./MobileShell.tsx";
import { STATIC_PAGES } from "../edge/content/static_pages.ts";
import { type AccountMode, DemoControl } from "./DemoBar.tsx";

/** The top navigation; a product's entry shows when the tenant offers it to this customer. */
const NAV: { href: string; label: string; id: string; product?: string }[] = [
  { href: "/pc/home", label: "nav.home", id: "home" },
  { href: "/pc/market", label: "nav.market", id: "market" },
  { href: "/pc/trade/fast", label: "nav.fastContract", id: "fast", product: "fast" },
  { href: "/pc/trade/future", label: "nav.futures", id: "future", product: "leveraged" },
  { href: "/pc/trade/bibi", label: "nav.spot", id: "bibi" },
  { href: "/pc/trade/exchange", label: "nav.exchange", id: "exchange" },
];

/** Desktop frame: top navigation with account links and language, content, footer. */
export function DesktopShell(
  {
    t,
    locale,
    tenantName,
    active,
    signedIn,
    unread = 0,
    account = null,
    products,
    skipTo,
    children,
  }: {
    t: T;
    /** a page with a trading ticket: the first tab stop skips to it (before "skip to content") */
    skipTo?: { href: string; label: string };
    /** the products offered to this customer (jurisdictions: closed ones are left out) */
    products?: readonly string[];
    locale: LocaleId;
    tenantName: string;
    active?: string;
    signedIn: boolean;
    /** Unread messages of the signed-in customer. */
    unread?: number;
    /** signed in: the live/demo switch in the header, and the DEMO banner under it in demo */
    account?: AccountMode | null;
    children: ComponentChildren;
  },
) {
  const demo = account?.book === "demo";
  return (
    <div class={demo ? "d-app in-demo" : "d-app"}>
      {skipTo && <a class="skip" href={skipTo.href}>{skipTo.label}</a>}
      <a class="skip" href="#main">{t("app.skipToContent")}</a>
      <header class="d-top">
        <a class="d-brand" href="/pc/home">
          <img src="/static/logo.svg" alt="" width="28" height="28" />
          <span>{tenantName}</span>
        </a>
        <nav class="d-nav" aria-label={t("nav.mainNav")}>
          {NAV.filter((n) => !n.product || !products || products.includes(n.product)).map((n) => (
            <a
              href={n.href}
              class={n.id === active ? "active" : undefined}
              aria-current={n.id === active ? "page" : undefined}
            >
              {t(n.label)}
            </a>
          ))}
        </nav>
        <div class="d-account">
          {account && <DemoControl t={t} mode={account} layout="pc" variant="switch" />}
          {signedIn
            ? (
              <>
                <a href="/pc/article/message" data-testid="nav-messages">
                  {t("page.pcMessage")}
                  {unread > 0 && <UnreadBadge t={t} n={unread} class="badge" />}
                </a>
                <a
                  href={demo ? "/pc/userCenter/property" : "/pc/userCenter/certify"}
                  class={active === "user" ? "active" : undefined}
                >
                  {t("nav.userCenter")}
                </a>
                <Island
                  of={LogoutButton}
                  props={{ label: t("nav.logout"), home: "/pc/home", variant: "link" }}
                />
              </>
            )
            : (
              <>
                <a href="/pc/user/login">{t("nav.login")}</a>
                <a class="btn btn-small" href="/pc/user/register">{t("nav.register")}</a>
              </>
            )}
          <Island
            of={LanguagePicker}
            props={{
              current: locale,
              options: languageOptions(t),
              compact: true,
              label: t("nav.language"),
            }}
          />
        </div>
      </header>
      {demo && (
        <section class="d-demo" aria-label={t("demo.accountLabel")}>
          <DemoControl t={t} mode={account} layout="pc" variant="banner" />
        </section>
      )}
      <main id="main" class="d-main">{children}</main>
      <footer class="d-footer">
        <nav aria-label={t("page.about")}>
          {STATIC_PAGES.map((p) => <a key={p} href={`/page/${p}`}>{t(`page.${p}`)}</a>)}
          <a href="/pc/article/notice/detail">{t("content.newsCentre")}</a>
          <a href="/pc/help/center">{t("page.helpCenter")}</a>
          <a href="/pc/kefu">{t("page.kefu")}</a>
          <a href="/pc/liabilities" data-testid="footer-liabilities">{t("page.liabilities")}</a>
        </nav>
        <p class="risk">{t("app.riskWarning")}</p>
        <p class="muted">{t("app.copyright", { year: 2026, name: tenantName })}</p>
      </footer>
    </div>
  );
}
