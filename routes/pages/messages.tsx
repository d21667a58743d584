/** The message centre of both layouts: decisions about the customer's funds and identity. */
import { LoginPrompt } from "../../components/blocks.tsx";
import { UserCenterFrame } from "../../components/UserCenterNav.tsx";
import type { Session } from "../../edge/accounts/service.ts";
import type { MessageRecord } from "../../edge/messages/service.ts";
import type { Ctx } from "../../edge/http/context.ts";
import { displayParams, formatTime } from "../../locales/format.ts";
import { desktopPage, mobilePage } from "./frame.tsx";
import type { PageDef } from "./types.ts";

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

async function list(c: Ctx, s: Session, detail: string, path: string) {
  const t = c.get("t");
  const { messages } = c.get("deps");
  const cursor = c.req.query("cursor");
  let page;
  try {
    page = await messages.list(c.get("tenant").id, s.userId, 20, cursor?.slice(0, 200));
  } catch {
    page = await messages.list(c.get("tenant").id, s.userId, 20);
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

export const messagePages: PageDef[] = [
  {
    path: "/wp/message",
    layout: "wp",
    render: async (c, s) =>
      mobilePage(
        c,
        { title: c.get("t")("page.message"), back: "/wp/user/userCenter" },
        await list(c, s!, "/wp/messageDetail", "/wp/message"),
      ),
  },
  {
    path: "/wp/messageDetail",
    layout: "wp",
    render: async (c, s) =>
      mobilePage(
        c,
        { title: c.get("t")("page.messageDetail"), back: "/wp/message" },
        await detail(c, s!),
      ),
  },
  {
    path: "/pc/article/message",
    layout: "pc",
    render: async (c, s) =>
      desktopPage(
        c,
        { title: c.get("t")("page.pcMessage"), active: "user" },
        <UserCenterFrame t={c.get("t")} active="message">
          {s
            ? await list(c, s, "/pc/article/message/detail", "/pc/article/message")
            : <LoginPrompt t={c.get("t")} layout="pc" />}
        </UserCenterFrame>,
      ),
  },
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
