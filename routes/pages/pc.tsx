import { Card, HomeHero, LoginPrompt, RiskWarning } from "../../components/blocks.tsx";
import { UserCenterFrame } from "../../components/UserCenterNav.tsx";
import { desktopTicketBase, ticketHref } from "../../components/TradeNav.tsx";
import { pickTexts } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import ChangePasswordForm, { CHANGE_PASSWORD_TEXTS } from "../../islands/ChangePasswordForm.tsx";
import { DrawPasswordIsland, ResetForm, SignInForm, SignUpForm } from "./auth.tsx";
import { desktopPage } from "./frame.tsx";
import { FeedLabel, QuotesIsland } from "./market.tsx";
import {
  AntiPhishingBlock,
  PushCard,
  securityLists,
  securityReads,
  TwoFactorIsland,
} from "./security.tsx";
import { returningCustomer } from "./wp.tsx";
import type { PageDef } from "./types.ts";
import { HomeContent, homeContentData } from "./content.tsx";
import { WealthTile, wealthTileData } from "./wealth.tsx";

const HOME_CARD = {
  fast: "nav.fastContract",
  leveraged: "nav.futures",
  spot: "nav.spot",
  exchange: "page.gjmarket",
};

export const desktopPages: PageDef[] = [
  {
    path: "/pc/home",
    layout: "pc",
    publicData: (c) => [...homeContentData(c), wealthTileData(c)],
    render: async (c, s) => {
      const t = c.get("t");
      const name = c.get("tenant").name;
      // the home's public parts load together (a cold instance reads each from a replica)
      const [content, wealth] = await Promise.all([
        HomeContent({ c, layout: "pc" }),
        WealthTile({ c, layout: "pc" }),
      ]);
      return desktopPage(
        c,
        { title: t("page.pcHome"), active: "home" },
        <>
          <HomeHero
            t={t}
            name={name}
            signedIn={!!s}
            returning={returningCustomer(s)}
            layout="pc"
            wide
          />
          {content}
          <div class="cards3" data-testid="home-products">
            {(["fast", "leveraged", "spot", "exchange"] as const).filter((p) =>
              c.get("tenant").products.includes(p)
            ).map((p) => (
              <Card title={t(HOME_CARD[p])} key={p}>
                <p class="muted">{t(`tradeHub.${p}Desc`)}</p>
                <a
                  class="btn btn-primary btn-small"
                  href={p === "exchange" ? "/pc/trade/exchange" : ticketHref("pc", p, "BTCUSDT")}
                  data-testid={`home-${p}`}
                >
                  {t("home.trade")}
                </a>
              </Card>
            ))}
          </div>
          {wealth}
          {c.get("tenant").products.includes("demo") && (
            <a class="card stack wealth-tile wide" href="/demo" data-testid="home-demo">
              <strong>{t("page.demo")}</strong>
              <span class="muted small">{t("demo.homeLine")}</span>
            </a>
          )}
          <h2 class="section">{t("market.recommended")}</h2>
          <FeedLabel c={c} />
          {await QuotesIsland({
            c,
            s,
            mode: "recommend",
            detail: desktopTicketBase(c.get("tenant")),
            wide: true,
          })}
          <RiskWarning t={t} />
        </>,
      );
    },
  },
  {
    path: "/pc/user/login",
    layout: "pc",
    render: (c, s) => {
      // already signed in: the sign-in form has nothing to offer, home is where they meant to go
      if (s) return c.redirect("/pc/home", 302);
      const t = c.get("t");
      return desktopPage(
        c,
        { title: t("page.login") },
        (
          <div class="auth-card">
            <SignInForm c={c} layout="pc" />
          </div>
        ),
      );
    },
  },
  {
    path: "/pc/user/register",
    layout: "pc",
    render: async (c) => {
      const t = c.get("t");
      return desktopPage(
        c,
        { title: t("page.register") },
        <div class="auth-card">{await SignUpForm({ c, layout: "pc" })}</div>,
      );
    },
  },
  {
    path: "/pc/user/forgetPassword",
    layout: "pc",
    render: (c) => {
      const t = c.get("t");
      return desktopPage(
        c,
        { title: t("page.forgetPassword") },
        (
          <div class="auth-card">
            <ResetForm c={c} layout="pc" />
          </div>
        ),
      );
    },
  },
  {
    path: "/pc/userCenter/security",
    layout: "pc",
    reads: securityReads,
    render: async (c, s) => {
      const t = c.get("t");
      const lists = s ? await securityLists(c, s) : null;
      return desktopPage(
        c,
        { title: t("page.pcSecurity"), active: "user" },
        (
          <UserCenterFrame t={t} active="security">
            {!s ? <LoginPrompt t={t} layout="pc" /> : (
              <div class="cards2">
                <Card title={t("security.loginPassword")} testid="security-login-password">
                  <Island
                    of={ChangePasswordForm}
                    props={{ tx: pickTexts(t, CHANGE_PASSWORD_TEXTS) }}
                  />
                  <p class="links">
                    <a href="/pc/user/forgetPassword">{t("security.findPassword")}</a>
                  </p>
                </Card>
                <Card title={t("security.withdrawPassword")} testid="security-draw-password">
                  <p class="muted">
                    {t("security.withdrawPasswordHint")} ·{" "}
                    {s.user.drawPasswordHash ? t("security.isSet") : t("security.notSet")}
                  </p>
                  <DrawPasswordIsland c={c} s={s} done="/pc/userCenter/security" />
                </Card>
                <Card title={t("twofa.title")} testid="security-twofa">
                  <TwoFactorIsland c={c} s={s} />
                </Card>
                <Card title={t("security.antiPhishing")} testid="security-anti-phishing">
                  <AntiPhishingBlock c={c} s={s} done="/pc/userCenter/security" />
                </Card>
                <PushCard c={c} s={s} />
                <Card title={t("twofa.devices")} testid="security-devices">
                  {lists!.devices}
                </Card>
                <Card title={t("twofa.logins")} testid="security-logins">
                  {lists!.history}
                </Card>
                <Card title={t("privacy.title")} testid="security-export">
                  <p class="muted">{t("privacy.exportText")}</p>
                  <p class="links">
                    <a class="btn btn-primary btn-small" href="/api/account/export" download>
                      {t("privacy.export")}
                    </a>{" "}
                    <a href="/api/account/export?images=1" download>{t("privacy.exportImages")}</a>
                  </p>
                </Card>
              </div>
            )}
          </UserCenterFrame>
        ),
      );
    },
  },
];
