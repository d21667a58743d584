/** Notification settings (the user centre of both layouts): per kind, in the app and by push. */
import type { Session } from "../../edge/customers/service.ts";
import type { Ctx } from "../../edge/http/context.ts";
import { pickTexts } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import NotificationPrefs, { PREFS_TEXTS } from "../../islands/NotificationPrefs.tsx";
import { mobileRecordPage, NOTIFICATIONS_TAB, userCentrePage } from "./frame.tsx";
import type { PageDef } from "./types.ts";

const prefsReads = (c: Ctx, userId: string) => [
  c.get("deps").notifications.store.prefsRead(c.get("tenant").id, userId),
];

async function settings(c: Ctx, s: Session, layout: "wp" | "pc") {
  const t = c.get("t");
  const prefs = await c.get("deps").notifications.prefs(c.get("tenant").id, s.userId);
  return (
    <>
      <p class="muted">{t("notify.settingsIntro")}</p>
      <Island
        of={NotificationPrefs}
        props={{ tx: pickTexts(t, PREFS_TEXTS), prefs }}
      />
      <p class="links">
        <a href={NOTIFICATIONS_TAB[layout]}>{t("notify.tab")}</a>
      </p>
    </>
  );
}

export const notificationPages: PageDef[] = [
  mobileRecordPage(
    "/wp/user/notifications",
    { title: "page.notifySettings", back: "/wp/user/userCenter", reads: prefsReads },
    (c, s) => settings(c, s, "wp"),
  ),
  userCentrePage(
    "/pc/userCenter/notifications",
    { title: "page.notifySettings", tab: "notifications", reads: prefsReads },
    (c, s) => settings(c, s, "pc"),
  ),
];
