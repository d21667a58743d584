/**
 * Demo mode's screens: the /demo page (what demo mode is, start it, or its status with reset and
 * the way back), and the live-only screens' notice in demo (recharge, withdrawal, payment
 * methods, identity, security, wealth): their forms would only be refused.
 */
import type { ComponentChildren } from "preact";
import { DemoControl, LiveOnlyNotice } from "../../components/DemoBar.tsx";
import { UserCenterFrame } from "../../components/UserCenterNav.tsx";
import type { Session } from "../../edge/customers/service.ts";
import type { Ctx } from "../../edge/http/context.ts";
import { formatAmount, formatShortTime } from "../../locales/format.ts";
import { accountMode, desktopPage, devicePage, mobilePage } from "./frame.tsx";
import type { PageDef } from "./types.ts";

const VISITOR_DAYS = 7;

async function demoBody(c: Ctx, s: Session | null): Promise<ComponentChildren> {
  const t = c.get("t");
  const tenant = c.get("tenant");
  const layout = c.get("mobile") ? "wp" : "pc";
  const mode = accountMode(c);
  const intro = (
    <section class="card" data-testid="demo-intro">
      <h2>{t("demo.introTitle")}</h2>
      <p>{t("demo.introBody")}</p>
      <ul class="demo-points">
        <li>
          {t("demo.pointVirtual", {
            amount: formatAmount(tenant.demo.startBalance, "USDT", c.get("locale"), { trim: true }),
          })}
        </li>
        <li>{t("demo.pointSame")}</li>
        <li>{t("demo.pointNoWithdraw")}</li>
        <li>{t("demo.pointReset")}</li>
        <li>{t("demo.pointExpiry", { days: VISITOR_DAYS })}</li>
      </ul>
    </section>
  );
  if (!tenant.products.includes("demo")) {
    return (
      <>
        {intro}
        <p class="notice" data-testid="demo-unavailable">{t("demo.unavailable")}</p>
      </>
    );
  }
  if (s?.book === "demo" && mode) {
    const st = await c.get("deps").demo.status(tenant.id, s);
    return (
      <>
        <section class="card stack" data-testid="demo-status">
          <h2>
            <span class="demo-mark">{t("app.demoBadge")}</span> {t("demo.statusTitle")}
          </h2>
          {st && (
            <>
              <div class="row-between">
                <span class="muted">{t("demo.period")}</span>
                <strong data-testid="demo-period">
                  {t("demo.periodValue", {
                    n: st.period,
                    date: formatShortTime(st.periodStart, c.get("locale"), c.get("timeZone")),
                  })}
                </strong>
              </div>
              <div class="row-between">
                <span class="muted">{t("demo.startBalance")}</span>
                <strong data-testid="demo-start-balance">{mode.startBalance}</strong>
              </div>
            </>
          )}
          {mode.visitor && (
            <p class="notice small">{t("demo.visitorNote", { days: VISITOR_DAYS })}</p>
          )}
          <DemoControl t={t} mode={mode} layout={layout} variant="status" />
        </section>
        {intro}
      </>
    );
  }
  return (
    <>
      {intro}
      <section class="card" data-testid="demo-start-card">
        <DemoControl t={t} mode={mode} layout={layout} variant="start" />
        {!s && (
          <p class="muted small">
            {t("demo.loginHint")}{" "}
            <a href={`/${layout}/user/login?redirect=/demo`}>{t("nav.login")}</a>
          </p>
        )}
      </section>
    </>
  );
}

export const demoPage: PageDef = {
  path: "/demo",
  layout: "any",
  public: true,
  render: async (c, s) => devicePage(c, { title: c.get("t")("page.demo") }, await demoBody(c, s)),
};

/**
 * The live-only screens: path, title key, and (desktop) the user centre's section, if the page
 * sits in it. In demo, their body is the notice.
 */
const LIVE_ONLY: Record<string, { title: string; back?: string; section?: string }> = {
  "/wp/trade/recharge": { title: "page.recharge", back: "/wp/trade/property" },
  "/wp/trade/recharge/type": { title: "page.rechargeType", back: "/wp/trade/property" },
  "/wp/trade/recharge/approve": { title: "page.rechargeApprove", back: "/wp/trade/property" },
  "/wp/user/withdraw": { title: "page.withdraw", back: "/wp/trade/property" },
  "/wp/user/withdraw/to": { title: "page.withdrawTo" },
  "/wp/user/historyList": { title: "page.historyList" },
  "/wp/user/gatheringWay/bankCard": { title: "page.bankCard" },
  "/wp/user/gatheringWay/bankCard/add": { title: "page.bankCardAdd" },
  "/wp/user/gatheringWay/bankCard/addWorld": { title: "page.bankCardAddWorld" },
  "/wp/user/gatheringWay/crypAdress": { title: "page.crypAddress" },
  "/wp/user/gatheringWay/crypAdress/add": { title: "page.crypAddressAdd" },
  "/wp/user/certify/first": { title: "page.certifyFirst" },
  "/wp/user/limits": { title: "page.limits" },
  "/pc/userCenter/limits": { title: "page.limits", section: "limits" },
  "/wp/user/certify/second": { title: "page.certifySecond" },
  "/wp/user/setSafe": { title: "page.setSafe" },
  "/wp/user/setSafe/twoFactor": { title: "twofa.title" },
  "/wp/user/setSafe/devices": { title: "twofa.devicesTitle" },
  "/wp/user/setPassword": { title: "page.setPassword" },
  "/wp/user/setDrawPassword": { title: "page.setDrawPassword" },
  "/wp/wealth": { title: "page.wealth", back: "/wp/home" },
  "/wp/wealth/order": { title: "page.wealth", back: "/wp/home" },
  "/wp/wealth/list": { title: "page.wealth", back: "/wp/home" },
  "/wp/wealth/detail": { title: "page.wealth", back: "/wp/home" },
  "/pc/handle/recharge": { title: "page.pcRecharge" },
  "/pc/handle/withdraw": { title: "page.pcWithdraw" },
  "/pc/handle/gatheringWay": { title: "page.pcGatheringWay", section: "gatheringWay" },
  "/pc/userCenter/certify": { title: "page.pcCertify", section: "certify" },
  "/pc/userCenter/security": { title: "page.pcSecurity", section: "security" },
  "/pc/userCenter/wealth": { title: "page.wealth", section: "wealth" },
};

/** Whether a page is refused to demo accounts (the notice replaces its body in demo). */
export const isLiveOnly = (path: string) => path in LIVE_ONLY;

/**
 * Menu rows of a demo session: the live-only ones say so (their pages show the notice).
 */
export function markLiveOnly<I extends { href: string; hint?: string }>(
  c: Ctx,
  s: Session | null,
  items: I[],
): I[] {
  if (s?.book !== "demo") return items;
  const hint = c.get("t")("demo.liveOnlyShort");
  return items.map((i) => isLiveOnly(i.href) ? { ...i, hint } : i);
}

/** A page definition that shows the live-only notice to a session acting as a demo account. */
export function liveOnly(def: PageDef): PageDef {
  const o = LIVE_ONLY[def.path];
  if (!o) return def;
  return {
    ...def,
    render: (c, s) => {
      const mode = accountMode(c);
      if (s?.book !== "demo" || !mode) return def.render(c, s);
      const t = c.get("t");
      if (def.path.startsWith("/wp/")) {
        return mobilePage(
          c,
          { title: t(o.title), back: o.back ?? "/wp/user/userCenter" },
          <LiveOnlyNotice t={t} mode={mode} layout="wp" />,
        );
      }
      const notice = <LiveOnlyNotice t={t} mode={mode} layout="pc" />;
      return desktopPage(
        c,
        { title: t(o.title), active: "user" },
        o.section ? <UserCenterFrame t={t} active={o.section}>{notice}</UserCenterFrame> : notice,
      );
    },
  };
}
