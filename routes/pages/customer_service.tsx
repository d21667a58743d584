/**
 * Customer service (`/wp/kefu`, `/wp/myIframe`, `/pc/kefu`): the tenant's service link (embedded,
 * or a redirect for messaging apps and "vip" links), else the built-in support chat.
 */
import { parseCustomerUrl } from "../../contract/customer_link.ts";
import type { Ctx } from "../../edge/http/context.ts";
import type { Session } from "../../edge/customers/service.ts";
import { pickTexts } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import SupportChat, { SUPPORT_TEXTS } from "../../islands/SupportChat.tsx";
import { ensureVisitorCookie } from "../../edge/http/visitor.ts";
import { desktopPage, mobilePage } from "./frame.tsx";
import type { PageDef } from "./types.ts";
import { HELP, type Layout } from "./content_parts.tsx";

/**
 * The built-in support chat, shown when the tenant configured no service link (or `BUILTIN`): a
 * visitor's browser gets its conversation cookie here, so the island's socket knows it.
 */
function ChatBody({ c, signedIn, layout }: { c: Ctx; signedIn: boolean; layout: Layout }) {
  const t = c.get("t");
  if (!signedIn) ensureVisitorCookie(c);
  const here = layout === "wp" ? "/wp/kefu" : "/pc/kefu";
  const login = `${layout === "wp" ? "/wp/user/login" : "/pc/user/login"}?redirect=${
    encodeURIComponent(here)
  }`;
  return (
    <>
      <p class="notice" data-testid="kefu-chat">{t("support.intro")}</p>
      <Island
        of={SupportChat}
        props={{ tx: pickTexts(t, SUPPORT_TEXTS), signedIn, login }}
      />
      <p class="small">
        <a href={HELP[layout].centre}>{t("page.helpCenter")}</a>
      </p>
    </>
  );
}

/** The tenant's customer-service link for this visitor (a customer's id and phone filled in). */
const serviceLink = (c: Ctx, s: Session | null) =>
  parseCustomerUrl(
    c.get("tenant").customerUrl,
    s ? { userId: s.userId, phone: s.user.phone } : null,
  );

export function servicePage(path: "/wp/kefu" | "/wp/myIframe"): PageDef {
  return {
    path,
    layout: "wp",
    public: path === "/wp/kefu",
    render: (c, s) => {
      const t = c.get("t");
      const link = serviceLink(c, s);
      // spec: messaging apps (line, telegram, whatsapp) and "vip" links redirect the page
      if (link.mode === "redirect" && link.url) return c.redirect(link.url, 302);
      const embed = link.mode !== "none" && link.url;
      if (embed) c.set("frameSrc", new URL(link.url!).origin);
      return mobilePage(
        c,
        { title: t(path === "/wp/kefu" ? "page.kefu" : "page.myIframe"), back: "/wp/home" },
        embed
          ? (
            <>
              <p class="notice">{t("kefu.intro")}</p>
              <iframe class="kefu-frame" src={link.url!} title={t("page.kefu")} />
              <p class="small">
                <a href={link.url!} target="_blank" rel="noopener noreferrer">
                  {t("kefu.open")}
                </a>
              </p>
            </>
          )
          : <ChatBody c={c} signedIn={!!s} layout="wp" />,
      );
    },
  };
}

/** Desktop: customer service is the same chat in the desktop frame (or the link). */
export const pcService: PageDef = {
  path: "/pc/kefu",
  layout: "pc",
  render: (c, s) => {
    const t = c.get("t");
    const link = serviceLink(c, s);
    if (link.mode === "redirect" && link.url) return c.redirect(link.url, 302);
    if (link.url) c.set("frameSrc", new URL(link.url).origin);
    return desktopPage(
      c,
      { title: t("page.kefu") },
      link.url
        ? <iframe class="kefu-frame" src={link.url} title={t("page.kefu")} />
        : <ChatBody c={c} signedIn={!!s} layout="pc" />,
    );
  },
};
