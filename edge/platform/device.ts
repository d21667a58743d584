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

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPod/, "iPhone"],
  [/iPad/, "iPad"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/**
 * A short device label from a User-Agent for the signed-in devices list: "Chrome · Android".
 * Names of browsers and systems are proper nouns (not translated); null when nothing is known.
 */
export function describeDevice(ua: string | undefined): string | null {
  if (!ua) return null;
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  const parts = [browser, system].filter(Boolean);
  return parts.length ? parts.join(" · ") : ua.slice(0, 40);
}
