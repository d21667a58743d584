/**
 * Customer-service link rules (spec, "Customer service popup"). The tenant's `customerUrl` is
 * split on "|":
 * - `WIDGET|<url>`: a chat widget, opened with the customer's id and phone as query values;
 * - `AI|<url>`: `%1` is replaced by the user id and `%2` by the phone;
 * - links to messaging apps (line, telegram, whatsapp) or containing `vip`: the page redirects;
 * - any other http(s) link is shown in an embedded frame;
 * - empty, or anything else that is no link (such as `BUILTIN`): the built-in support chat.
 */
export interface CustomerLink {
  configured: boolean;
  mode: "widget" | "ai" | "redirect" | "iframe" | "none";
  url: string | null;
}

const MESSAGING = /(^|[./])(line\.me|t\.me|telegram|whatsapp|wa\.me)|vip/i;

function safeUrl(u: string | undefined): URL | null {
  if (!u) return null;
  try {
    const url = new URL(u.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

export function parseCustomerUrl(
  raw: string,
  who: { userId: string; phone: string } | null,
): CustomerLink {
  const none: CustomerLink = { configured: false, mode: "none", url: null };
  const parts = raw.split("|").map((p) => p.trim());
  if (!raw.trim()) return none;
  const head = parts[0]!.toUpperCase();
  if (head === "WIDGET") {
    const url = safeUrl(parts[1]);
    if (!url) return none;
    if (who) {
      url.searchParams.set("userId", who.userId);
      url.searchParams.set("phone", who.phone);
    }
    return { configured: true, mode: "widget", url: url.toString() };
  }
  if (head === "AI") {
    const filled = (parts[1] ?? "").replaceAll("%1", encodeURIComponent(who?.userId ?? ""))
      .replaceAll("%2", encodeURIComponent(who?.phone ?? ""));
    const url = safeUrl(filled);
    return url ? { configured: true, mode: "ai", url: url.toString() } : none;
  }
  const url = safeUrl(parts[parts.length - 1]);
  if (!url) return none;
  if (MESSAGING.test(url.toString())) {
    return { configured: true, mode: "redirect", url: url.toString() };
  }
  return { configured: true, mode: "iframe", url: url.toString() };
}
