import type { ComponentChildren } from "preact";
import type { T } from "../edge/platform/locale.ts";

const ITEMS = [
  { id: "property", href: "/pc/userCenter/property", label: "page.pcProperty" },
  { id: "certify", href: "/pc/userCenter/certify", label: "page.pcCertify" },
  { id: "security", href: "/pc/userCenter/security", label: "page.pcSecurity" },
  { id: "limits", href: "/pc/userCenter/limits", label: "page.limits" },
  { id: "gatheringWay", href: "/pc/handle/gatheringWay", label: "page.pcGatheringWay" },
  { id: "message", href: "/pc/article/message", label: "page.pcMessage" },
  { id: "notifications", href: "/pc/userCenter/notifications", label: "page.notifySettings" },
  { id: "wealth", href: "/pc/userCenter/wealth", label: "page.wealth" },
  { id: "records", href: "/pc/userCenter/records", label: "page.tradeRecord" },
  { id: "liabilities", href: "/pc/liabilities", label: "page.liabilities" },
];

/** Desktop user centre: side navigation beside the child page. */
export function UserCenterFrame(
  { t, active, children }: { t: T; active: string; children: ComponentChildren },
) {
  return (
    <div class="d-split">
      <nav class="d-side" aria-label={t("nav.userNav")}>
        {ITEMS.map((i) => (
          <a
            href={i.href}
            class={i.id === active ? "active" : undefined}
            aria-current={i.id === active ? "page" : undefined}
          >
            {t(i.label)}
          </a>
        ))}
      </nav>
      <div class="d-content">{children}</div>
    </div>
  );
}
