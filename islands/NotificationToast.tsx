/**
 * Account notifications as they arrive on the private socket (price alert fired, stop fired,
 * order filled, withdrawal paid...): a card in the corner with the title, the text and a link,
 * on every page of a signed-in customer. It stays until closed or opened; the newest shows,
 * closing it shows the one before (three are kept); the message centre's notifications tab keeps
 * them all.
 */
import { useEffect, useState } from "preact/hooks";
import type { NotificationJsonT } from "../contract/notifications.ts";
import type { Texts } from "./lib/fields.tsx";
import { subscribe } from "./lib/socket.ts";

export const TOAST_TEXTS = ["notify.open", "notify.close"] as const;

export type ToastProps = {
  tx: Texts;
  /** the notifications tab of this layout's message centre */
  inbox: string;
  /** the layout's address for a notification's (mobile) link */
  layout: "wp" | "pc";
};

/** A notification's link in the page's layout (the stored one is the mobile path). */
export function linkOf(n: Pick<NotificationJsonT, "url" | "kind">, layout: "wp" | "pc") {
  if (!n.url || layout === "wp") return n.url;
  const product = /^\/wp\/product\/detail\/(\w+)$/.exec(n.url);
  if (product) {
    const page = n.kind === "fastSettled" ? "fast" : "future";
    return `/pc/trade/${page}?symbol=${product[1]}`;
  }
  // a liquidation warning: the mobile contract ticket with its positions
  const ticket = /^\/wp\/product\/leveragedDeals\?symbol=(\w+)$/.exec(n.url);
  if (ticket) return `/pc/trade/future?symbol=${ticket[1]}`;
  if (n.url === "/wp/user/setSafe/devices") return "/pc/userCenter/security";
  return n.url === "/wp/trade/property" ? "/pc/userCenter/property" : null;
}

export default function NotificationToast({ tx, inbox, layout }: ToastProps) {
  const [items, setItems] = useState<NotificationJsonT[]>([]);
  useEffect(() =>
    subscribe("user", (e) => {
      // a sign-in from a new device: no toast on the device that just signed in (the tab and
      // push tell it)
      if (e.type !== "notification" || e.notification.kind === "signIn") return;
      setItems((cur) =>
        [e.notification, ...cur.filter((x) => x.id !== e.notification.id)].slice(0, 3)
      );
    }), []);
  if (!items.length) return null;
  return (
    <div aria-live="polite">
      {items.slice(0, 1).map((n) => (
        <div class="notice-toast" role="status" data-testid="notification-toast" key={n.id}>
          <strong>{n.title}</strong>
          <p class="small">{n.body}</p>
          <div class="row-between">
            <a class="btn btn-primary btn-small" href={linkOf(n, layout) ?? inbox}>
              {tx["notify.open"]}
            </a>
            <button
              type="button"
              class="btn btn-ghost btn-small"
              onClick={() =>
                setItems((cur) =>
                  cur.filter((x) =>
                    x.id !== n.id
                  )
                )}
            >
              {tx["notify.close"]}
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
