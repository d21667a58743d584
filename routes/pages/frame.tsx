import type { ComponentChildren } from "preact";
import type { Session } from "../../edge/customers/service.ts";
import type { Ctx } from "../../edge/http/context.ts";
import { renderPage } from "../../edge/render/page.tsx";
import { DesktopShell } from "../../components/DesktopShell.tsx";
import { LoginPrompt } from "../../components/blocks.tsx";
import { UserCenterFrame } from "../../components/UserCenterNav.tsx";
import { MobileShell, type MobileTab } from "../../components/MobileShell.tsx";
import type { AccountMode } from "../../components/DemoBar.tsx";
import { formatMoney } from "../../locales/format.ts";
import { Island } from "../../edge/render/island.tsx";
import { pickTexts } from "../../edge/platform/locale.ts";
import NotificationToast, { TOAST_TEXTS } from "../../islands/NotificationToast.tsx";
import SessionReminder, { REMINDER_TEXTS } from "../../islands/SessionReminder.tsx";
import type { PageDef } from "./types.ts";

/**
 * Which account the signed-in session acts as (null: no session, or a tenant without demo
 * mode and a live session: nothing to switch to).
 */
export function accountMode(c: Ctx): AccountMode | null {
  const s = c.get("session");
  if (!s) return null;
  const tenant = c.get("tenant");
  if (s.book === "live" && !tenant.products.includes("demo")) return null;
  return {
    book: s.book,
    visitor: s.liveUserId === null,
    startBalance: formatMoney(tenant.demo.startBalance, "USDT", c.get("locale"), { trim: true }),
  };
}

/** Where the notifications tab of the message centre is, per layout. */
export const NOTIFICATIONS_TAB = {
  wp: "/wp/message?tab=notifications",
  pc: "/pc/article/message?tab=notifications",
} as const;

/**
 * A signed-in customer's pages show account notifications live (a toast) and, when they set one,
 * the session reminder.
 */
function Toasts({ c, layout }: { c: Ctx; layout: "wp" | "pc" }) {
  if (!c.get("session")) return null;
  const reminder = c.get("reminder");
  return (
    <div class="toast-stack">
      <Island
        of={NotificationToast}
        props={{ tx: pickTexts(c.get("t"), TOAST_TEXTS), inbox: NOTIFICATIONS_TAB[layout], layout }}
      />
      {reminder && (
        <Island
          of={SessionReminder}
          props={{
            tx: pickTexts(c.get("t"), REMINDER_TEXTS),
            ...reminder,
            home: `/${layout}/home`,
          }}
        />
      )}
    </div>
  );
}

/** A page inside the mobile frame. */
export function mobilePage(
  c: Ctx,
  o: { title: string; tab?: MobileTab; back?: string; status?: 200 | 404 | 503 },
  body: ComponentChildren,
) {
  return renderPage(
    c,
    { title: o.title, layout: "wp", status: o.status },
    <MobileShell
      t={c.get("t")}
      title={o.title}
      tab={o.tab}
      back={o.back}
      unread={c.get("unread")}
      account={accountMode(c)}
    >
      {body}
      <Toasts c={c} layout="wp" />
    </MobileShell>,
  );
}

/**
 * A signed-in customer's mobile page that is one body under a bar with its title (a locale key)
 * and Back: the page guard has checked the session; `reads` start with it.
 */
export function mobileRecordPage(
  path: string,
  o: { title: string; back: string; reads?: PageDef["reads"] },
  body: (c: Ctx, s: Session) => ComponentChildren | Promise<ComponentChildren>,
): PageDef {
  return {
    path,
    layout: "wp",
    reads: o.reads,
    render: async (c, s) =>
      mobilePage(c, { title: c.get("t")(o.title), back: o.back }, await body(c, s!)),
  };
}

/** A page inside the desktop frame. */
export function desktopPage(
  c: Ctx,
  o: {
    title: string;
    active?: string;
    status?: 200 | 404 | 503;
    /** the page has a trading ticket with this id: a skip link to it is the first tab stop */
    ticket?: string;
  },
  body: ComponentChildren,
) {
  return renderPage(
    c,
    { title: o.title, layout: "pc", status: o.status },
    <DesktopShell
      t={c.get("t")}
      locale={c.get("locale")}
      tenantName={c.get("tenant").name}
      products={c.get("tenant").products}
      active={o.active}
      signedIn={!!c.get("session")}
      unread={c.get("unread")}
      account={accountMode(c)}
      skipTo={o.ticket
        ? { href: `#${o.ticket}`, label: c.get("t")("app.skipToTicket") }
        : undefined}
    >
      <h1 class="d-title">{o.title}</h1>
      {body}
      <Toasts c={c} layout="pc" />
    </DesktopShell>,
  );
}

/**
 * A desktop page of the user centre: its title (a locale key) and the centre's tab around the
 * body of a signed-in customer, or the sign-in prompt (desktop pages open without a session).
 */
export function userCentrePage(
  path: string,
  o: { title: string; tab: string; reads?: PageDef["reads"] },
  body: (c: Ctx, s: Session) => ComponentChildren | Promise<ComponentChildren>,
): PageDef {
  return {
    path,
    layout: "pc",
    reads: o.reads,
    render: async (c, s) => {
      const t = c.get("t");
      return desktopPage(
        c,
        { title: t(o.title), active: "user" },
        <UserCenterFrame t={t} active={o.tab}>
          {s ? await body(c, s) : <LoginPrompt t={t} layout="pc" />}
        </UserCenterFrame>,
      );
    },
  };
}

/** A neutral page (/demo, /page/...) in the visitor's device layout. */
export function devicePage(
  c: Ctx,
  o: { title: string; status?: 200 | 404 | 503 },
  body: ComponentChildren,
) {
  return c.get("mobile")
    ? mobilePage(c, { ...o, back: "/wp/home" }, body)
    : desktopPage(c, o, body);
}
