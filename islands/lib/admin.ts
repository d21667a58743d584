/**
 * Browser side of the operators' console: the operator session (sessionStorage only, never
 * localStorage), sign-in, review-queue types, evidence images and time formatting.
 */
import { api, type Envelope } from "./api.ts";

export const TABS = ["recharges", "withdrawals", "certifications", "audit"] as const;
export type Tab = typeof TABS[number];

/** The statuses each queue can be filtered by (the first is the default: what needs review). */
export const QUEUE_STATUSES = {
  recharges: ["auditing", "passed", "rejected"],
  withdrawals: ["auditing", "withdrawing", "frozen", "passed", "rejected"],
  certifications: ["authenticating", "authenticated", "rejected"],
} as const;
export type Queue = keyof typeof QUEUE_STATUSES;

/** The operator role each tab needs (the API answers 403 without it). */
export const TAB_ROLE: Record<Tab, string> = {
  recharges: "funds",
  withdrawals: "funds",
  certifications: "identity",
  audit: "audit",
};

export interface RechargeItem {
  id: string;
  userId: string;
  currency: string;
  channelId: string;
  channelName: string;
  amount: string;
  remitterName: string;
  remitterAccount: string;
  voucherImageId: string;
  status: "auditing" | "passed" | "rejected";
  reason: string | null;
  createdAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
  journalId: string | null;
}

export interface WithdrawalItem {
  id: string;
  userId: string;
  methodId: string;
  method: { kind: "bank" | "crypto"; label: string; details: Record<string, string | null> };
  currency: string;
  amount: string;
  fee: string;
  net: string;
  status: "auditing" | "withdrawing" | "passed" | "rejected" | "frozen";
  frozenFrom: "auditing" | "withdrawing" | null;
  reason: string | null;
  createdAt: number;
  updatedAt: number;
  history: { at: number; action: string; by: string | null }[];
}

export interface CertificationItem {
  id: string;
  userId: string;
  level: "junior" | "advanced";
  junior: { name: string; docType: string; docNumber: string } | null;
  advanced: { frontImageId: string; backImageId: string; handheldImageId: string } | null;
  status: "authenticating" | "authenticated" | "rejected";
  reason: string | null;
  createdAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
}

export interface AuditItem {
  id: string;
  at: number;
  operator: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  ip: string | null;
}

export type QueueItem = RechargeItem | WithdrawalItem | CertificationItem;
export interface Page<T> {
  items: T[];
  cursor: string | null;
}

// ---------------------------------------------------------------------------------------------
// The operator session: the token lives in this tab's sessionStorage only.

const TOKEN = "opToken";
const INFO = "opInfo";

export interface OperatorInfo {
  username: string;
  roles: string[];
  expiresAt: number;
}

export function loadSession(): { token: string; info: OperatorInfo | null } | null {
  try {
    const token = sessionStorage.getItem(TOKEN);
    if (!token) return null;
    const raw = sessionStorage.getItem(INFO);
    const info = raw ? JSON.parse(raw) as OperatorInfo : null;
    if (info && info.expiresAt <= Date.now()) {
      clearOperatorSession();
      return null;
    }
    return { token, info };
  } catch {
    return null;
  }
}

export function clearOperatorSession() {
  try {
    sessionStorage.removeItem(TOKEN);
    sessionStorage.removeItem(INFO);
  } catch { /* storage unavailable: nothing kept */ }
}

function saveSession(token: string, info: OperatorInfo) {
  sessionStorage.setItem(TOKEN, token);
  sessionStorage.setItem(INFO, JSON.stringify(info));
}

/**
 * Operator sign-in. `api()` does not expose response headers and the token comes in the
 * `authorization` response header, so this one call uses fetch with the same request headers.
 */
export async function operatorLogin(
  body: { username: string; password: string; totp: string },
): Promise<{ env: Envelope<{ expiresAt: number; roles: string[] }>; token: string | null }> {
  const root = document.documentElement;
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "Accept-Language": root.lang || "en",
  };
  if (root.dataset.appKey) headers.appKey = root.dataset.appKey;
  let res: Response;
  try {
    res = await fetch("/api/admin/login", {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    const timeout = err instanceof DOMException && err.name === "TimeoutError";
    return {
      env: { code: -1, message: timeout ? "timeout" : "network", data: {} as never },
      token: null,
    };
  }
  let env: Envelope<{ expiresAt: number; roles: string[] }>;
  try {
    env = await res.json();
  } catch {
    return { env: { code: res.status || -1, message: "network", data: {} as never }, token: null };
  }
  const token = env.code === 0 ? res.headers.get("authorization") : null;
  if (token) {
    saveSession(token, {
      username: body.username,
      roles: env.data.roles,
      expiresAt: env.data.expiresAt,
    });
  }
  return { env, token };
}

export async function operatorLogout(token: string) {
  // The session ends on the server; whatever the reply, nothing is kept in this tab.
  await api("/api/admin/logout", { operatorToken: token }).catch(() => null);
  clearOperatorSession();
}

// ---------------------------------------------------------------------------------------------
// Evidence images: the API wants the operator token in a header, which <img src> cannot send.
// The page's CSP allows `img-src 'self' data:` (not blob:), so the bytes become a data: URL.

export type ImageResult =
  | { ok: true; url: string; type: string; size: number }
  | { ok: false; code: number; message: string };

export async function loadImage(id: string, token: string): Promise<ImageResult> {
  const root = document.documentElement;
  const headers: Record<string, string> = {
    Authorization: token,
    "Accept-Language": root.lang || "en",
  };
  if (root.dataset.appKey) headers.appKey = root.dataset.appKey;
  let res: Response;
  try {
    res = await fetch(`/api/image/${encodeURIComponent(id)}`, {
      headers,
      credentials: "omit",
      cache: "no-store",
      signal: AbortSignal.timeout(60_000),
    });
  } catch (err) {
    const timeout = err instanceof DOMException && err.name === "TimeoutError";
    return { ok: false, code: -1, message: timeout ? "timeout" : "network" };
  }
  const type = (res.headers.get("content-type") ?? "").split(";")[0]!.trim();
  if (!res.ok || !/^image\/(png|jpeg|webp|gif)$/.test(type)) {
    try {
      const env = await res.json() as Envelope;
      return { ok: false, code: env.code, message: env.message };
    } catch {
      return { ok: false, code: res.status || -1, message: "network" };
    }
  }
  const blob = await res.blob();
  const url = await new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(blob);
  }).catch(() => "");
  if (!url) return { ok: false, code: -1, message: "network" };
  return { ok: true, url, type, size: blob.size };
}

// ---------------------------------------------------------------------------------------------
// Formatting

let dateFormat: Intl.DateTimeFormat | null = null;

/** A timestamp (ms) in the page's language, with seconds (the audit trail needs them). */
export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "—";
  if (!dateFormat) {
    const lang = document.documentElement.lang || "en";
    try {
      dateFormat = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "medium" });
    } catch {
      dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium" });
    }
  }
  return dateFormat.format(new Date(ms));
}

/** The tab a path names (/admin/withdrawals -> withdrawals); /admin itself is the first tab. */
export function tabOfPath(path: string): Tab | null {
  const m = /^\/admin(?:\/([a-z]+))?\/?$/.exec(path);
  if (!m) return null;
  if (!m[1]) return "recharges";
  return (TABS as readonly string[]).includes(m[1]) ? m[1] as Tab : null;
}
