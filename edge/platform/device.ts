/** Which layout a visitor's device gets: Client Hints first, then the User-Agent. */
const MOBILE_UA =
  /Mobi|Android.+Mobile|iPhone|iPod|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|webOS/i;

export function isMobileDevice(headers: Headers): boolean {
  const hint = headers.get("sec-ch-ua-mobile");
  if (hint === "?1") return true;
  if (hint === "?0") return false;
  return MOBILE_UA.test(headers.get("user-agent") ?? "");
}

/** Layout a path belongs to, or null for neutral paths (/, /demo, /api, /static, /admin...). */
export function layoutOfPath(path: string): "wp" | "pc" | null {
  if (path === "/wp" || path.startsWith("/wp/") || path === "/m") return "wp";
  if (path === "/pc" || path.startsWith("/pc/")) return "pc";
  return null;
}
