/**
 * Trading limits in the user centre, both layouts (issue 30, section 5): the customer's loss,
 * deposit and session limits, cooling-off and self-exclusion (islands/LimitsForm.tsx), what the
 * limits count now and what is in force until when. Read with the session (`reads`).
 */
import { Card } from "../../components/blocks.tsx";
import type { Session } from "../../edge/customers/service.ts";
import type { Ctx } from "../../edge/http/context.ts";
import { formatTime } from "../../locales/format.ts";
import { pickTexts } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import LimitsForm, { LIMITS_TEXTS } from "../../islands/LimitsForm.tsx";
import { LIMIT_KINDS } from "../../contract/limits.ts";
import { UserCenterFrame } from "../../components/UserCenterNav.tsx";
import { desktopPage, mobilePage } from "./frame.tsx";
import type { PageDef } from "./types.ts";

const reads: PageDef["reads"] = (c, uid) => c.get("deps").standings.reads(c.get("tenant").id, uid);

async function LimitsBlock({ c, s }: { c: Ctx; s: Session }) {
  const t = c.get("t");
  const loc = c.get("locale");
  const tz = c.get("timeZone");
  const limits = await c.get("deps").standings.get(c.get("tenant").id, s.userId, c.get("standing"));
  const times = Object.fromEntries(
    LIMIT_KINDS.flatMap((k) => {
      const p = limits[k].pending;
      return p ? [[k, formatTime(p.from, loc, tz)]] : [];
    }),
  );
  return (
    <>
      {limits.selfExcludedUntil !== null && (
        <p class="notice" data-testid="self-excluded">
          {t("limits.selfExcludedUntil", { time: formatTime(limits.selfExcludedUntil, loc, tz) })}
        </p>
      )}
      {limits.coolingOffUntil !== null && (
        <p class="notice" data-testid="cooling-off">
          {t("limits.coolingOffUntil", { time: formatTime(limits.coolingOffUntil, loc, tz) })}
        </p>
      )}
      <p class="muted small" data-testid="limits-usage">
        {t("limits.usage", {
          day: limits.usage.dayNet,
          month: limits.usage.monthNet,
          deposits: limits.usage.deposits30d,
        })}
      </p>
      <Island
        of={LimitsForm}
        props={{ tx: pickTexts(t, LIMITS_TEXTS), limits, times }}
      />
    </>
  );
}

export const limitsPages: PageDef[] = [
  {
    path: "/wp/user/limits",
    layout: "wp",
    reads,
    render: async (c, s) => {
      const t = c.get("t");
      return mobilePage(
        c,
        { title: t("page.limits"), back: "/wp/user/userCenter" },
        <Card testid="limits-card">{await LimitsBlock({ c, s: s! })}</Card>,
      );
    },
  },
  {
    path: "/pc/userCenter/limits",
    layout: "pc",
    reads,
    render: async (c, s) => {
      if (!s) return c.redirect("/pc/user/login", 302);
      const t = c.get("t");
      return desktopPage(
        c,
        { title: t("page.limits"), active: "user" },
        <UserCenterFrame t={t} active="limits">{await LimitsBlock({ c, s })}</UserCenterFrame>,
      );
    },
  },
];
