/**
 * Proof of liabilities, both layouts (public: anyone can read the published root and totals):
 * the latest epoch (its id, when it was published, the root, the totals per currency, the
 * number of customer accounts and of leaves), what it proves and what it does not in plain words, and the "Check my
 * balance" island for a signed-in live customer.
 */
import type { Session } from "../../edge/customers/service.ts";
import { epochJson } from "../../edge/liabilities/service.ts";
import { POL_CURRENCIES } from "../../contract/liabilities_tree.ts";
import type { Ctx } from "../../edge/http/context.ts";
import { pickTexts } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import LiabilityCheck, {
  exactAmount,
  LIABILITY_CHECK_TEXTS,
} from "../../islands/LiabilityCheck.tsx";
import { formatTime } from "../../locales/format.ts";
import { UserCenterFrame } from "../../components/UserCenterNav.tsx";
import { desktopPage, mobilePage } from "./frame.tsx";
import type { PageDef } from "./types.ts";

async function page(c: Ctx, s: Session | null, layout: "wp" | "pc") {
  const t = c.get("t");
  const loc = c.get("locale");
  const e = await c.get("deps").liabilities.published(c.get("tenant").id);
  const j = e && epochJson(e);
  const body = (
    <section class="stack pol" data-testid="pol-page">
      <p>{t("liabilities.intro")}</p>
      {!j
        ? <p class="card notice" data-testid="pol-none">{t("liabilities.none")}</p>
        : (
          <div class="card stack" data-testid="pol-epoch">
            <div class="row-between">
              <span class="muted">{t("liabilities.epoch")}</span>
              <strong data-testid="pol-epoch-id">{j.epoch}</strong>
            </div>
            <div class="row-between">
              <span class="muted">{t("liabilities.publishedAt")}</span>
              <span>{formatTime(j.publishedAt, loc, c.get("timeZone"))}</span>
            </div>
            <div class="stack-tight">
              <span class="muted">{t("liabilities.root")}</span>
              <code class="pol-hash" data-testid="pol-root">{j.root}</code>
            </div>
            <h2 class="pol-subtitle">{t("liabilities.totals")}</h2>
            <ul class="pol-amounts" data-testid="pol-totals">
              {POL_CURRENCIES.map((cur) => (
                <li key={cur} class="row-between">
                  <span>{cur}</span>
                  <strong class="num">
                    {exactAmount(BigInt(j.totals[cur]), cur, loc)}
                  </strong>
                </li>
              ))}
            </ul>
            <div class="row-between">
              <span class="muted">{t("liabilities.customers")}</span>
              <span data-testid="pol-customers">{j.customers}</span>
            </div>
            <div class="row-between">
              <span class="muted">{t("liabilities.leaves")}</span>
              <span data-testid="pol-leaves">{j.leaves}</span>
            </div>
          </div>
        )}
      <div class="card stack" data-testid="pol-limits">
        <h2>{t("liabilities.limitsTitle")}</h2>
        <ul class="pol-limits">
          <li>{t("liabilities.limitCounted")}</li>
          <li>{t("liabilities.limitAssets")}</li>
          <li>{t("liabilities.limitOwn")}</li>
        </ul>
        <p class="muted small">{t("liabilities.how")}</p>
      </div>
      {j && (
        <Island
          of={LiabilityCheck}
          props={{
            tx: pickTexts(t, LIABILITY_CHECK_TEXTS),
            mode: !s ? "signedOut" : s.book === "demo" ? "demo" : "live",
            // the check rebuilds the leaves from this id (the session's), never the reply's
            userId: s?.userId ?? "",
            epoch: j.epoch,
            root: j.root,
            totals: j.totals,
            balancesAt: j.balancesAt,
            balancesAtText: formatTime(j.balancesAt, loc, c.get("timeZone")),
            login: `/${layout}/user/login?redirect=${encodeURIComponent(`/${layout}/liabilities`)}`,
          }}
        />
      )}
    </section>
  );
  const title = t("page.liabilities");
  if (layout === "pc") {
    return desktopPage(
      c,
      { title, active: s ? "user" : undefined },
      s ? <UserCenterFrame t={t} active="liabilities">{body}</UserCenterFrame> : body,
    );
  }
  return mobilePage(c, { title, back: s ? "/wp/user/userCenter" : "/wp/home" }, body);
}

export const liabilitiesPages: PageDef[] = [
  { path: "/wp/liabilities", layout: "wp", public: true, render: (c, s) => page(c, s, "wp") },
  { path: "/pc/liabilities", layout: "pc", render: (c, s) => page(c, s, "pc") },
];
