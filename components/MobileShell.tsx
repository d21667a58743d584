import type { ComponentChildren } from "preact";
import type { T } from "../edge/platform/locale.ts";
import { Icon, type IconName } from "./Icon.tsx";
import { type AccountMode, DemoBar } from "./DemoBar.tsx";

export type MobileTab = "home" | "quotes" | "product" | "user";

const TABS: { id: MobileTab; href: string; label: string; icon: IconName }[] = [
  { id: "home", href: "/wp/home", label: "nav.home", icon: "home" },
  { id: "quotes", href: "/wp/quotes/list", label: "nav.quotes", icon: "quotes" },
  { id: "product", href: "/wp/product", label: "nav.product", icon: "product" },
  { id: "user", href: "/wp/user/userCenter", label: "nav.user", icon: "user" },
];

/** The unread-messages count as a badge (the number is spoken with its meaning). */
export function UnreadBadge({ t, n, class: cls }: { t: T; n: number; class: string }) {
  return (
    <span class={cls} data-testid="unread-badge" aria-label={t("tradeHub.unread", { count: n })}>
      {n > 99 ? "99+" : n}
    </span>
  );
}

/** Mobile frame: title bar (with back link on inner pages), content, and the four tabs. */
export function MobileShell(
  { t, title, tab, back, unread = 0, account = null, children }: {
    t: T;
    title: string;
    tab?: MobileTab;
    back?: string;
    /** Unread messages: a badge on the "me" tab. */
    unread?: number;
    /** signed in: the live/demo switch (and the DEMO mark in demo) under the title */
    account?: AccountMode | null;
    children: ComponentChildren;
  },
) {
  return (
    <div class={account?.book === "demo" ? "m-app in-demo" : "m-app"}>
      <a class="skip" href="#main">{t("app.skipToContent")}</a>
      <header class="m-bar">
        {back
          ? (
            <a class="m-back" href={back} aria-label={t("app.back")}>
              <Icon name="back" />
            </a>
          )
          : <span class="m-back-space" />}
        <h1 class="m-title">{title}</h1>
        <span class="m-back-space" />
      </header>
      {/* a landmark of its own: the account switch is not part of the page's content */}
      {account && (
        <section class="m-account" aria-label={t("demo.accountLabel")}>
          <DemoBar t={t} mode={account} layout="wp" />
        </section>
      )}
      <main id="main" class={tab ? "m-main with-tabs" : "m-main"}>{children}</main>
      {tab && (
        <nav class="m-tabs" aria-label={t("nav.mainNav")}>
          {TABS.map((x) => (
            <a
              href={x.href}
              class={x.id === tab ? "m-tab active" : "m-tab"}
              aria-current={x.id === tab ? "page" : undefined}
              data-tab={x.id}
            >
              <Icon name={x.icon} />
              <span>{t(x.label)}</span>
              {x.id === "user" && unread > 0 && <UnreadBadge t={t} n={unread} class="tab-badge" />}
            </a>
          ))}
        </nav>
      )}
    </div>
  );
}
