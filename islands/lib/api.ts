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

/**
 * One JSON call of the /api contract as it goes on the wire: appKey, Accept-Language and the
 * given token (none: the browser's cookies only), with a timeout; network failures and
 * non-JSON replies come back as envelopes (code -1 or the HTTP status, message "network" or
 * "timeout") without a response. What a reply means is the caller's.
 */
export async function send<T>(
  path: string,
  o: {
    method?: string;
    body?: unknown;
    headers?: Record<string, string>;
    token?: string | null;
    timeoutMs?: number;
  } = {},
): Promise<{ env: Envelope<T>; res: Response | null }> {
  const root = document.documentElement;
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "Accept-Language": root.lang || "en",
  };
  if (root.dataset.appKey) headers.appKey = root.dataset.appKey;
  if (o.token) headers.Authorization = o.token;
  Object.assign(headers, o.headers);
  const method = o.method ?? "POST";
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: method === "GET" ? undefined : JSON.stringify(o.body ?? {}),
      credentials: "same-origin",
      cache: "no-store",
      signal: AbortSignal.timeout(o.timeoutMs ?? TIMEOUT_MS),
    });
  } catch (err) {
    const timeout = err instanceof DOMException && err.name === "TimeoutError";
    const env = { code: -1, message: timeout ? "timeout" : "network", data: {} } as Envelope<T>;
    return { env, res: null };
  }
  try {
    return { env: await res.json() as Envelope<T>, res };
  } catch {
    return {
      env: { code: res.status || -1, message: "network", data: {} } as Envelope<T>,
      res: null,
    };
  }
}

/** A customer's call: their token from local storage; -99 goes to the login, 404 to its page. */
export async function api<T>(
  path: string,
  opts: {
    method?: string;
    body?: unknown;
    keepOn401?: boolean;
    headers?: Record<string, string>;
  } = {},
): Promise<Envelope<T>> {
  const { env, res } = await send<T>(path, {
    ...opts,
    token: localStorage.getItem("Authorization"),
  });
  if (!res) return env;
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
