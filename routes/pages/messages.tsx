/**
 * The message centre of both layouts: decisions about the customer's funds and identity, and a
 * notifications tab (`?tab=notifications`: price alerts, fired stops, fills, payouts; opening it
 * marks them read), with a link to the notification settings.
 */
import { LoginPrompt } from "../../components/blocks.tsx";
import type { Session } from "../../edge/customers/service.ts";
import type { MessageRecord } from "../../edge/messages/service.ts";
import type { Ctx } from "../../edge/http/context.ts";
import { displayParams, formatTime } from "../../locales/format.ts";
import { desktopPage, mobileRecordPage, NOTIFICATIONS_TAB, userCentrePage } from "./frame.tsx";
import { notificationJson } from "../../edge/notifications/service.ts";
import { outsideRequest } from "../../edge/platform/kv_round_trips.ts";
import { linkOf } from "../../islands/NotificationToast.tsx";
import type { PageDef } from "./types.ts";
import type { PrivateRead } from "../../edge/platform/kv_round_trips.ts";

/** The customer's anti-phishing code, shown with every message (nothing when not set). */
function AntiPhishing({ c, s }: { c: Ctx; s: Session }) {
  const word = s.user.antiPhishing;
  if (!word) return null;
  return (
    <span class="muted small block" data-testid="message-anti-phishing">
      {c.get("t")("security.antiPhishingShown", { word })}
    </span>
  );
}

/** Messages | Notifications, as links (each tab is its own address). */
function Tabs(
  { c, layout, active }: { c: Ctx; layout: "wp" | "pc"; active: "messages" | "notifications" },
) {
  const t = c.get("t");
  const tabs = [
    {
      id: "messages",
      href: layout === "wp" ? "/wp/message" : "/pc/article/message",
      label: t("notify.messagesTab"),
    },
    { id: "notifications", href: NOTIFICATIONS_TAB[layout], label: t("notify.tab") },
  ];
  return (
    <nav class="seg tabs-row" aria-label={t("page.message")}>
      {tabs.map((x) => (
        <a
          href={x.href}
          class={x.id === active ? "chip-btn on" : "chip-btn"}
          aria-current={x.id === active ? "page" : undefined}
          data-testid={`tab-${x.id}`}
        >
          {x.label}
        </a>
      ))}
    </nav>
  );
}

const NOTIFICATIONS_SHOWN = 50;

/** The notifications tab: newest first; opening it marks them read (after the reply). */
async function notifications(c: Ctx, s: Session, layout: "wp" | "pc") {
  const t = c.get("t");
  const { notifications } = c.get("deps");
  const tenant = c.get("tenant").id;
  const page = await notifications.page(tenant, s.userId, NOTIFICATIONS_SHOWN);
  if (page.unread) {
    outsideRequest(() => notifications.markAllRead(tenant, s.userId)).catch(() => {});
  }
  const settings = layout === "wp" ? "/wp/user/notifications" : "/pc/userCenter/notifications";
  const tz = c.get("timeZone");
  return (
    <section data-testid="notifications">
      <p class="links">
        <a href={settings} data-testid="notify-settings-link">{t("notify.settings")}</a>
      </p>
      {page.items.length === 0
        ? <p class="card muted center" data-testid="notifications-empty">{t("notify.empty")}</p>
        : (
          <ul class="list">
            {page.items.map((rec) => {
              const n = notificationJson(rec, c.get("locale"));
              const href = linkOf(n, layout);
              return (
                <li
                  key={n.id}
                  class="list-row alert-row"
                  data-testid="notification"
                  data-read={n.read ? "1" : "0"}
                >
                  <span class="grow">
                    <strong>{n.title}</strong>
                    <span class="small block">{n.body}</span>
                    <span class="muted small block">{formatTime(n.at, c.get("locale"), tz)}</span>
                  </span>
                  {!n.read && <span class="badge">{t("messages.unread")}</span>}
                  {href && <a class="btn btn-ghost btn-small" href={href}>{t("notify.open")}</a>}
                </li>
              );
            })}
          </ul>
        )}
    </section>
  );
}

/** The message centre's body: the tabs and the one chosen. */
async function centre(c: Ctx, s: Session, layout: "wp" | "pc", detail: string, path: string) {
  const tab = c.req.query("tab") === "notifications" ? "notifications" : "messages";
  return (
    <>
      <Tabs c={c} layout={layout} active={tab} />
      {tab === "notifications" ? await notifications(c, s, layout) : await list(c, s, detail, path)}
    </>
  );
}

async function list(c: Ctx, s: Session, detail: string, path: string) {
  const t = c.get("t");
  const { messages } = c.get("deps");
  const cursor = c.req.query("cursor");
  let page;
  try {
    page = await messages.list(c.get("tenant").id, s.userId, MESSAGES_SHOWN, cursor?.slice(0, 200));
  } catch {
    page = await messages.list(c.get("tenant").id, s.userId, MESSAGES_SHOWN);
  }
  const tz = c.get("timeZone");
  if (page.items.length === 0) {
    return <p class="card muted center" data-testid="messages-empty">{t("messages.empty")}</p>;
  }
  return (
    <section data-testid="messages">
      <ul class="list">
        {page.items.map((m) => (
          <li key={m.id}>
            <a class="list-row" href={`${detail}?id=${m.id}`} data-read={m.read ? "1" : "0"}>
              <span class="grow">
                <strong>
                  {t(`messages.${m.kind}.title`, displayParams(m.params, c.get("locale")))}
                </strong>
                <span class="muted small block">{formatTime(m.at, c.get("locale"), tz)}</span>
                <AntiPhishing c={c} s={s} />
              </span>
              {!m.read && <span class="badge">{t("messages.unread")}</span>}
            </a>
          </li>
        ))}
      </ul>
      {page.cursor && (
        <a
          class="btn btn-ghost btn-small"
          href={`${path}?cursor=${encodeURIComponent(page.cursor)}`}
        >
          {t("funds.more")}
        </a>
      )}
    </section>
  );
}

async function detail(c: Ctx, s: Session) {
  const t = c.get("t");
  const id = c.req.query("id") ?? "";
  const m: MessageRecord | null = /^[0-9a-z-]{1,64}$/.test(id)
    ? await c.get("deps").messages.read(c.get("tenant").id, s.userId, id)
    : null;
  if (!m) return <p class="card muted center">{t("page.notFound")}</p>;
  // the badges of this page count the message just read
  c.set("unread", await c.get("deps").messages.unread(c.get("tenant").id, s.userId));
  return (
    <article class="card" data-testid="message">
      <h2>{t(`messages.${m.kind}.title`, displayParams(m.params, c.get("locale")))}</h2>
      <p class="muted small">
        {formatTime(m.at, c.get("locale"), c.get("timeZone"))}
      </p>
      <p>{t(`messages.${m.kind}.body`, displayParams(m.params, c.get("locale")))}</p>
      <AntiPhishing c={c} s={s} />
    </article>
  );
}

/** The messages shown per page. */
const MESSAGES_SHOWN = 20;

/**
 * The tab's reads, started with the session: the notifications, or the first page of the messages
 * (a later page, from its cursor, reads after the session).
 */
const tabReads = (c: Ctx, userId: string): PrivateRead[] => {
  const t = c.get("tenant").id;
  const { notifications, messages } = c.get("deps");
  if (c.req.query("tab") === "notifications") {
    return notifications.store.pageReads(t, userId, NOTIFICATIONS_SHOWN);
  }
  return c.req.query("cursor") ? [] : [messages.listRead(t, userId, MESSAGES_SHOWN)];
};

export const messagePages: PageDef[] = [
  mobileRecordPage(
    "/wp/message",
    { title: "page.message", back: "/wp/user/userCenter", reads: tabReads },
    (c, s) => centre(c, s, "wp", "/wp/messageDetail", "/wp/message"),
  ),
  mobileRecordPage(
    "/wp/messageDetail",
    { title: "page.messageDetail", back: "/wp/message" },
    detail,
  ),
  userCentrePage(
    "/pc/article/message",
    { title: "page.pcMessage", tab: "message", reads: tabReads },
    (c, s) => centre(c, s, "pc", "/pc/article/message/detail", "/pc/article/message"),
  ),
  {
    path: "/pc/article/message/detail",
    layout: "pc",
    render: async (c, s) =>
      desktopPage(
        c,
        { title: c.get("t")("page.pcMessageDetail"), active: "user" },
        s ? await detail(c, s) : <LoginPrompt t={c.get("t")} layout="pc" />,
      ),
  },
];
