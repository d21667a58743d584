/**
 * Account security screens: two-factor sign-in, the anti-phishing code, signed-in devices,
 * recent sign-ins; and this device's notifications switch.
 */
import { Card } from "../../components/blocks.tsx";
import type { Session } from "../../edge/customers/service.ts";
import { devicesRead } from "../../edge/customers/sessions.ts";
import type { Ctx } from "../../edge/http/context.ts";
import { formatTime } from "../../locales/format.ts";
import { pickTexts } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import AntiPhishingForm, { ANTI_PHISHING_TEXTS } from "../../islands/AntiPhishingForm.tsx";
import DeviceList, { DEVICE_TEXTS } from "../../islands/DeviceList.tsx";
import TwoFactorForm, { TWO_FACTOR_TEXTS } from "../../islands/TwoFactorForm.tsx";
import PushSwitch, { PUSH_SWITCH_TEXTS } from "../../islands/PushSwitch.tsx";
import { mobilePage } from "./frame.tsx";
import type { PageDef } from "./types.ts";

export function TwoFactorIsland({ c, s }: { c: Ctx; s: Session }) {
  return (
    <Island
      of={TwoFactorForm}
      props={{ tx: pickTexts(c.get("t"), TWO_FACTOR_TEXTS), enabled: !!s.user.totpSecret }}
    />
  );
}

/**
 * Notifications on this device (web push, edge/push/): a live account's switch, in the user
 * centre of both layouts. The VAPID key comes from memory (no read).
 */
export function PushCard({ c, s }: { c: Ctx; s: Session }) {
  const t = c.get("t");
  if (s.book === "demo") return null;
  return (
    <Card title={t("push.title")} testid="push-card">
      <Island
        of={PushSwitch}
        props={{ tx: pickTexts(t, PUSH_SWITCH_TEXTS), publicKey: c.get("deps").push.publicKey }}
      />
    </Card>
  );
}

/**
 * The anti-phishing code: what it is for, the current word (or "not set") and the form that sets
 * or changes it.
 */
export function AntiPhishingBlock({ c, s, done }: { c: Ctx; s: Session; done: string }) {
  const t = c.get("t");
  const word = s.user.antiPhishing;
  return (
    <>
      <p class="muted small">{t("security.antiPhishingHint")}</p>
      <p data-testid="anti-phishing-current">
        {word
          ? <strong>{t("security.antiPhishingShown", { word })}</strong>
          : <span class="muted">{t("security.antiPhishing")} · {t("security.notSet")}</span>}
      </p>
      <Island
        of={AntiPhishingForm}
        props={{ tx: pickTexts(t, ANTI_PHISHING_TEXTS), twoFactor: !!s.user.totpSecret, done }}
      />
    </>
  );
}

/** What `securityLists` reads, started with the session (one round trip). */
export const securityReads: PageDef["reads"] = (c, uid) => {
  const { accounts } = c.get("deps");
  const t = c.get("tenant").id;
  return [devicesRead(t, uid), accounts.loginsRead(t, uid)];
};

/** Signed-in devices (with sign-out) and recent sign-ins, read for the page. */
export async function securityLists(c: Ctx, s: Session) {
  const t = c.get("t");
  const { accounts } = c.get("deps");
  const tenant = c.get("tenant").id;
  const locale = c.get("locale");
  // the customer's zone (the browser's, from the `tz` cookie), as every other page: not the
  // language's, which put "EST" beside the UTC times of the rest of the app
  const timeZone = c.get("timeZone");
  const time = (ms: number) => formatTime(ms, locale, timeZone);
  const [sessions, logins] = await Promise.all([
    accounts.sessions(tenant, s),
    accounts.logins(tenant, s),
  ]);
  const devices = (
    <Island
      of={DeviceList}
      props={{
        tx: pickTexts(t, DEVICE_TEXTS),
        items: sessions.map((d) => ({
          id: d.id,
          device: d.device,
          ip: d.ip,
          signedIn: time(d.createdAt),
          lastSeen: time(d.lastSeenAt),
          current: d.current,
        })),
      }}
    />
  );
  const history = logins.length === 0
    ? <p class="muted">{t("twofa.loginsEmpty")}</p>
    : (
      <ul class="list" data-testid="login-list">
        {logins.map((l) => (
          <li class="device-row" data-testid="login-row" data-result={l.result}>
            <div class="grow">
              <div class={l.result === "success" ? undefined : "login-fail"}>
                <strong>{t(`twofa.result.${l.result}`)}</strong>
              </div>
              <div class="muted small">{time(l.at)}</div>
              <div class="muted small">
                {l.ip} · {l.device ?? t("twofa.unknownDevice")}
              </div>
            </div>
          </li>
        ))}
      </ul>
    );
  return { devices, history };
}

export const securityPages: PageDef[] = [
  {
    path: "/wp/user/setSafe/twoFactor",
    layout: "wp",
    render: (c, s) => {
      const t = c.get("t");
      return mobilePage(
        c,
        { title: t("twofa.title"), back: "/wp/user/setSafe" },
        <Card testid="security-twofa">
          <TwoFactorIsland c={c} s={s!} />
        </Card>,
      );
    },
  },
  {
    path: "/wp/user/setSafe/antiPhishing",
    layout: "wp",
    render: (c, s) => {
      const t = c.get("t");
      return mobilePage(
        c,
        { title: t("security.antiPhishing"), back: "/wp/user/setSafe" },
        <Card testid="security-anti-phishing">
          <AntiPhishingBlock c={c} s={s!} done="/wp/user/setSafe" />
        </Card>,
      );
    },
  },
  {
    path: "/wp/user/setSafe/devices",
    layout: "wp",
    reads: securityReads,
    render: async (c, s) => {
      const t = c.get("t");
      const { devices, history } = await securityLists(c, s!);
      return mobilePage(
        c,
        { title: t("twofa.devicesTitle"), back: "/wp/user/setSafe" },
        <>
          <h2 class="section">{t("twofa.devices")}</h2>
          {devices}
          <h2 class="section">{t("twofa.logins")}</h2>
          {history}
        </>,
      );
    },
  },
];
