/**
 * Browser side of the /api contract: appKey, Authorization (from local storage),
 * Accept-Language and JSON on every call; code -99 clears the session and goes to login.
 */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T & { error?: string; fields?: Record<string, string> };
}

const TIMEOUT_MS = 80_000;

export function layout(): "wp" | "pc" {
  return document.documentElement.dataset.layout === "pc" ? "pc" : "wp";
}

export function loginPath() {
  return layout() === "pc" ? "/pc/user/login" : "/wp/user/login";
}

export function clearSession() {
  localStorage.removeItem("Authorization");
  localStorage.removeItem("userInfo");
}

export async function api<T>(
  path: string,
  opts: {
    method?: string;
    body?: unknown;
    keepOn401?: boolean;
    headers?: Record<string, string>;
    /**
     * An operator token (the admin console): sent instead of the customer's, never stored, and
     * failures are left to the caller (no redirects to the customer login or 404 pages).
     */
    operatorToken?: string;
  } = {},
): Promise<Envelope<T>> {
  const root = document.documentElement;
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "Accept-Language": root.lang || "en",
  };
  if (root.dataset.appKey) headers.appKey = root.dataset.appKey;
  const token = opts.operatorToken ?? localStorage.getItem("Authorization");
  if (token) headers.Authorization = token;
  Object.assign(headers, opts.headers);
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? "POST",
      headers,
      body: opts.method === "GET" ? undefined : JSON.stringify(opts.body ?? {}),
      credentials: "same-origin",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    const timeout = err instanceof DOMException && err.name === "TimeoutError";
    return { code: -1, message: timeout ? "timeout" : "network", data: {} as Envelope<T>["data"] };
  }
  let env: Envelope<T>;
  try {
    env = await res.json();
  } catch {
    return { code: res.status || -1, message: "network", data: {} as Envelope<T>["data"] };
  }
  if (opts.operatorToken !== undefined) return env;
  if (env.code === -99 && !opts.keepOn401) {
    clearSession();
    location.href = `${loginPath()}?redirect=${encodeURIComponent(location.pathname)}`;
  } else if (env.code === 404) {
    // The spec's error catalogue: code 404 navigates to the 404 page.
    location.href = layout() === "pc" ? "/pc/404" : "/wp/404";
  }
  const auth = res.headers.get("authorization");
  if (env.code === 0 && auth) {
    localStorage.setItem("Authorization", auth);
    localStorage.setItem("userInfo", JSON.stringify(env.data));
  }
  return env;
}

let toastTimer: ReturnType<typeof setTimeout> | undefined;
/** A short status message (role=status, announced by screen readers). */
export function toast(message: string, kind: "ok" | "error" = "ok") {
  let el = document.getElementById("toast");
  if (!el) {
    el = document.createElement("div");
    el.id = "toast";
    el.setAttribute("role", "status");
    el.setAttribute("aria-live", "polite");
    document.body.appendChild(el);
  }
  el.textContent = message;
  el.className = `toast show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el!.className = "toast", 3500);
}

/** Same-origin path to go to after a form, from `?redirect=` (never an external URL). */
export function redirectTarget(fallback: string): string {
  const r = new URLSearchParams(location.search).get("redirect");
  return r && /^\/(?!\/)[\w\-./]*$/.test(r) ? r : fallback;
}
