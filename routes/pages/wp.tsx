import { HomeHero, MenuList, RiskWarning } from "../../components/blocks.tsx";
import { notFoundPage } from "./not_found.tsx";
import { languageOptions } from "../../components/languageOptions.ts";
import { maskPhone, type Session } from "../../edge/customers/service.ts";
import type { Product } from "../../edge/platform/tenants.ts";
import { pickTexts } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import ChangePasswordForm, { CHANGE_PASSWORD_TEXTS } from "../../islands/ChangePasswordForm.tsx";
import LanguagePicker from "../../islands/LanguagePicker.tsx";
import LogoutButton from "../../islands/LogoutButton.tsx";
import { DrawPasswordIsland, ResetForm, SignInForm, SignUpForm } from "./auth.tsx";
import { mobilePage } from "./frame.tsx";
import { markLiveOnly } from "./demo.tsx";
import { FeedLabel, QuotesIsland } from "./market.tsx";
import { ProductTiles } from "./hub.tsx";
import { WealthTile, wealthTileData } from "./wealth.tsx";
import type { PageDef } from "./types.ts";
import { HomeContent, homeContentData } from "./content.tsx";
import { PushCard } from "./security.tsx";

const CERTIFY = {
  none: "user.certifyNone",
  junior: "user.certifyJunior",
  advanced: "user.certifyAdvanced",
};

/**
 * Whether the signed-in customer is back: their session came from a sign-in, not from the
 * registration that opened the account ("Welcome back"); a new account is welcomed.
 */
export function returningCustomer(s: Session | null): boolean {
  // from the session already read (no second round trip): a sign-in after registration is back
  return !!s && !s.opensAccount;
}

export const mobilePages: PageDef[] = [
  {
    path: "/wp/home",
    layout: "wp",
    public: true,
    publicData: (c) => [...homeContentData(c), wealthTileData(c)],
    render: async (c, s) => {
      const t = c.get("t");
      const name = c.get("tenant").name;
      // a quick link only to what the tenant offers (no dead tile)
      const has = (p: Product) => c.get("tenant").products.includes(p);
      // the home's public parts load together (a cold instance reads each from a replica)
      const [content, wealth] = await Promise.all([
        HomeContent({ c, layout: "wp" }),
        WealthTile({ c, layout: "wp" }),
      ]);
      return mobilePage(
        c,
        { title: t("page.home"), tab: "home" },
        <>
          <HomeHero
            t={t}
            name={name}
            signedIn={!!s}
            returning={returningCustomer(s)}
            layout="wp"
          />
          {content}
          <h2 class="section">{t("home.trade")}</h2>
          <ProductTiles t={t} tenant={c.get("tenant")} positions />
          {wealth}
          <nav class="grid-links" aria-label={t("home.quickLinks")}>
            <a href="/wp/quotes/list">{t("home.markets")}</a>
            <a href="/wp/product">{t("home.trade")}</a>
            {has("wealth") && <a href="/wp/wealth">{t("page.wealth")}</a>}
            <a href="/wp/news/noticeDetail">{t("home.news")}</a>
            <a href="/wp/user/userCenter">{t("home.myAccount")}</a>
            <a href="/wp/kefu">{t("page.kefu")}</a>
            <a href="/wp/user/language">{t("nav.language")}</a>
            {has("demo") && <a href="/demo">{t("page.demo")}</a>}
          </nav>
          <h2 class="section">{t("market.recommended")}</h2>
          <FeedLabel c={c} />
          {await QuotesIsland({
            c,
            s,
            mode: "recommend",
            detail: "/wp/product/detail/",
            wide: false,
          })}
          <RiskWarning t={t} />
        </>,
      );
    },
  },
  {
    path: "/wp/user/userCenter",
    layout: "wp",
    render: (c, s) => {
      const t = c.get("t");
      const u = s!.user;
      const unread = c.get("unread") ?? 0;
      return mobilePage(
        c,
        { title: t("page.userCenter"), tab: "user" },
        <>
          <section class="profile" data-testid="profile">
            <p class="phone">
              {s!.book === "demo"
                ? <span class="demo-mark">{t("app.demoBadge")}</span>
                : maskPhone(u.phone)}
            </p>
            <p class="muted">
              {t("user.uid")}: <span data-testid="uid">{u.userId}</span> ·{" "}
              {t(CERTIFY[u.certifyLevel])}
            </p>
            {s!.book === "demo"
              ? <p class="muted">{t("demo.bannerText")}</p>
              : <p class="muted">{t("user.inviteCode")}: {u.inviteCode}</p>}
          </section>
          <h2 class="section">{t("user.assets")}</h2>
          <MenuList
            items={markLiveOnly(c, s, [
              { href: "/wp/trade/property", label: t("page.property") },
              { href: "/wp/trade/statistics", label: t("page.statistics") },
              { href: "/wp/trade/transfer", label: t("page.transfer") },
              {
                href: "/wp/liabilities",
                label: t("page.liabilities"),
                testid: "menu-liabilities",
              },
            ])}
          />
          <h2 class="section">{t("user.funds")}</h2>
          <MenuList
            items={markLiveOnly(c, s, [
              { href: "/wp/trade/recharge", label: t("page.recharge") },
              { href: "/wp/user/withdraw", label: t("page.withdraw") },
              { href: "/wp/user/gatheringWay/bankCard", label: t("page.bankCard") },
              { href: "/wp/user/gatheringWay/crypAdress", label: t("page.crypAddress") },
            ])}
          />
          <h2 class="section">{t("user.account")}</h2>
          <MenuList
            items={markLiveOnly(c, s, [
              {
                href: "/wp/user/certify/first",
                label: t("page.certifyFirst"),
                hint: t(CERTIFY[u.certifyLevel]),
              },
              { href: "/wp/user/setSafe", label: t("page.setSafe"), testid: "menu-security" },
              { href: "/wp/user/limits", label: t("page.limits"), testid: "menu-limits" },
              {
                href: "/wp/message",
                label: t("page.message"),
                hint: unread ? t("tradeHub.unread", { count: unread }) : undefined,
                testid: "menu-messages",
              },
              {
                href: "/wp/user/notifications",
                label: t("page.notifySettings"),
                testid: "menu-notifications",
              },
              {
                href: "/api/account/export",
                label: t("privacy.export"),
                hint: "JSON",
                testid: "menu-export",
              },
              { href: "/wp/help/center", label: t("page.helpCenter") },
              { href: "/wp/kefu", label: t("page.kefu") },
              { href: "/wp/user/language", label: t("page.language"), testid: "menu-language" },
            ])}
          />
          <PushCard c={c} s={s!} />
          <Island
            of={LogoutButton}
            props={{ label: t("nav.logout"), home: "/wp/user/login", variant: "block" }}
          />
        </>,
      );
    },
  },
  {
    path: "/wp/user/login",
    layout: "wp",
    public: true,
    render: (c, s) => {
      // already signed in: the sign-in form has nothing to offer, home is where they meant to go
      if (s) return c.redirect("/wp/home", 302);
      const t = c.get("t");
      return mobilePage(
        c,
        { title: t("page.login"), back: "/wp/home" },
        <>
          <SignInForm c={c} layout="wp" />
          <RiskWarning t={t} />
        </>,
      );
    },
  },
  {
    path: "/wp/user/register",
    layout: "wp",
    public: true,
    render: async (c) => {
      const t = c.get("t");
      return mobilePage(
        c,
        { title: t("page.register"), back: "/wp/user/login" },
        await SignUpForm({ c, layout: "wp" }),
      );
    },
  },
  {
    path: "/wp/user/forgetPassword",
    layout: "wp",
    public: true,
    render: (c) => {
      const t = c.get("t");
      return mobilePage(
        c,
        { title: t("page.forgetPassword"), back: "/wp/user/login" },
        <ResetForm c={c} layout="wp" />,
      );
    },
  },
  {
    path: "/wp/user/language",
    layout: "wp",
    public: true,
    render: (c) => {
      const t = c.get("t");
      return mobilePage(
        c,
        { title: t("page.language"), back: "/wp/user/userCenter" },
        <>
          <h2 class="section">{t("language.title")}</h2>
          <Island
            of={LanguagePicker}
            props={{
              current: c.get("locale"),
              options: languageOptions(t),
              compact: false,
              label: t("nav.language"),
            }}
          />
        </>,
      );
    },
  },
  {
    path: "/wp/user/setSafe",
    layout: "wp",
    render: (c, s) => {
      const t = c.get("t");
      return mobilePage(
        c,
        { title: t("page.setSafe"), back: "/wp/user/userCenter" },
        <>
          <p class="notice">{t("security.intro")}</p>
          <MenuList
            items={[
              {
                href: "/wp/user/setPassword",
                label: t("security.loginPassword"),
                hint: t("security.change"),
                testid: "security-login-password",
              },
              {
                href: "/wp/user/setDrawPassword",
                label: t("security.withdrawPassword"),
                hint: s!.user.drawPasswordHash ? t("security.isSet") : t("security.notSet"),
                testid: "security-draw-password",
              },
              {
                href: "/wp/user/setSafe/twoFactor",
                label: t("twofa.title"),
                hint: s!.user.totpSecret ? t("twofa.on") : t("twofa.off"),
                testid: "security-twofa",
              },
              {
                href: "/wp/user/setSafe/antiPhishing",
                label: t("security.antiPhishing"),
                hint: s!.user.antiPhishing ? t("security.isSet") : t("security.notSet"),
                testid: "security-anti-phishing",
              },
              {
                href: "/wp/user/setSafe/devices",
                label: t("twofa.devicesTitle"),
                testid: "security-devices",
              },
              { href: "/wp/user/forgetPassword", label: t("security.findPassword") },
            ]}
          />
        </>,
      );
    },
  },
  {
    path: "/wp/user/setPassword",
    layout: "wp",
    render: (c) => {
      const t = c.get("t");
      return mobilePage(
        c,
        { title: t("page.setPassword"), back: "/wp/user/setSafe" },
        (
          <Island
            of={ChangePasswordForm}
            props={{ tx: pickTexts(t, CHANGE_PASSWORD_TEXTS) }}
          />
        ),
      );
    },
  },
  {
    path: "/wp/user/setDrawPassword",
    layout: "wp",
    render: (c, s) => {
      const t = c.get("t");
      return mobilePage(
        c,
        { title: t("page.setDrawPassword"), back: "/wp/user/setSafe" },
        <>
          <p class="notice">{t("security.withdrawPasswordHint")}</p>
          <DrawPasswordIsland c={c} s={s!} done="/wp/user/setSafe" />
        </>,
      );
    },
  },
  {
    path: "/wp/404",
    layout: "wp",
    public: true,
    // the spec's route for a closed site (the app sends every page there): closed for
    // maintenance while the tenant is closed, else "not found"
    render: (c) => notFoundPage(c, c.get("tenant").isClose === "Y"),
  },
];
