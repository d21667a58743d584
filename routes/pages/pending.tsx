import { ComingSoon, LoginPrompt } from "../../components/blocks.tsx";
import { UserCenterFrame } from "../../components/UserCenterNav.tsx";
import type { MobileTab } from "../../components/MobileShell.tsx";
import { desktopPage, mobilePage } from "./frame.tsx";
import type { PageDef } from "./types.ts";
import type { JSX } from "preact";
import type { T } from "../../edge/platform/locale.ts";

/**
 * Spec routes whose capability has not shipped yet: each renders its real frame, title and
 * navigation with an honest "coming soon" body. A capability replaces its entries with pages.
 */
interface Pending {
  path: string;
  title: string;
  /** soon.<area> explains what is coming. */
  area: "wealth" | "content";
  tab?: MobileTab;
  back?: string;
  public?: boolean;
  /** Desktop pages that need an account show a login prompt to visitors. */
  account?: boolean;
}

const WP: Pending[] = [];

const PC: Pending[] = [];

const ACTIVE: Record<string, string> = {
  "/pc/market": "market",
  "/pc/trade/fast": "fast",
  "/pc/trade/bibi": "bibi",
  "/pc/trade/future": "future",
};

function wrap(path: string, t: T, body: JSX.Element) {
  const child = path.match(/^\/pc\/userCenter\/(\w+)$/)?.[1];
  return child ? <UserCenterFrame t={t} active={child}>{body}</UserCenterFrame> : body;
}

export const pendingPages: PageDef[] = [
  ...WP.map((p): PageDef => ({
    path: p.path,
    layout: "wp",
    public: p.public,
    render: (c) =>
      mobilePage(
        c,
        {
          title: c.get("t")(`page.${p.title}`),
          tab: p.tab,
          back: p.tab ? undefined : p.back ?? "/wp/user/userCenter",
        },
        <ComingSoon t={c.get("t")} area={p.area} />,
      ),
  })),
  ...PC.map((p): PageDef => ({
    path: p.path,
    layout: "pc",
    render: (c, s) =>
      desktopPage(
        c,
        {
          title: c.get("t")(`page.${p.title}`),
          active: ACTIVE[p.path] ?? (p.path.startsWith("/pc/userCenter") ? "user" : undefined),
        },
        wrap(
          p.path,
          c.get("t"),
          p.account && !s
            ? <LoginPrompt t={c.get("t")} layout="pc" />
            : <ComingSoon t={c.get("t")} area={p.area} />,
        ),
      ),
  })),
];
