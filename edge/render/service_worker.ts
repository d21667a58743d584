/**
 * The service worker (`/sw.js`, scope `/`): what makes the web app installable and able to show
 * pushes. It caches ONLY public static files (`/static/...`, no query) and the offline page,
 * never a page, an `/api` reply, an image of a customer's or anything else that may be private:
 * pages and the API always go to the network (a page that cannot load shows the cached offline
 * page). The cache is named after the build, so a new build replaces it. A push (edge/push/) is
 * shown as a notification; a click opens its same-origin path.
 */
import type { Manifest } from "./assets.ts";

/** The offline page's path (routes/pwa.tsx), cached when the worker installs. */
export const OFFLINE_PATH = "/offline";

/** The worker's source for this build (its version: the build's content hash). */
export function serviceWorkerScript(m: Manifest | null): string {
  const version = m ? m.base.replace(/^.*\/([^/]+)\/$/, "$1") : "dev";
  const precache = [
    OFFLINE_PATH,
    ...(m ? [m.base + m.css] : []),
    "/static/logo.svg",
    "/static/icons/icon-192.png",
  ];
  return `// Tradewind service worker (edge/render/service_worker.ts): static files and the offline page only
const CACHE = ${JSON.stringify(`tw-static-${version}`)};
const OFFLINE = ${JSON.stringify(OFFLINE_PATH)};
const PRECACHE = ${JSON.stringify(precache)};
${WORKER}`;
}

/** What the worker does, the same for every build (it names the build's cache above it). */
const WORKER = `
self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(
    caches.keys()
      .then((ks) => Promise.all(ks.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** Public static files: same origin, under /static/, no query, never marked private. */
function isStatic(url) {
  return url.origin === location.origin && url.pathname.startsWith("/static/") && !url.search;
}

self.addEventListener("fetch", (e) => {
  const req = e.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (req.mode === "navigate") {
    // pages are never cached: the network, else the offline page
    e.respondWith(
      fetch(req).catch(() =>
        caches.match(OFFLINE, { ignoreVary: true }).then((r) => r || Response.error())
      ),
    );
    return;
  }
  if (!isStatic(url)) return; // /api, sockets, images of customers: the browser's own way
  e.respondWith(caches.open(CACHE).then(async (cache) => {
    const hit = await cache.match(req, { ignoreVary: true });
    if (hit) return hit;
    const res = await fetch(req);
    const cc = res.headers.get("cache-control") || "";
    if (res.ok && res.type === "basic" && !/no-store|private/.test(cc)) {
      await cache.put(req, res.clone());
    }
    return res;
  }));
});

self.addEventListener("push", (e) => {
  let n = {};
  try {
    n = e.data ? e.data.json() : {};
  } catch (_) {
    n = { body: e.data ? e.data.text() : "" };
  }
  e.waitUntil(self.registration.showNotification(n.title || "", {
    body: n.body || "",
    // one notification per record: a second push about it replaces the first
    tag: n.url ? (n.kind || "") + " " + n.url : undefined,
    icon: "/static/icons/icon-192.png",
    data: { url: typeof n.url === "string" ? n.url : "/" },
  }));
});

self.addEventListener("notificationclick", (e) => {
  e.notification.close();
  const url = new URL((e.notification.data && e.notification.data.url) || "/", location.origin);
  if (url.origin !== location.origin) return;
  e.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((ws) => {
    for (const w of ws) if (w.url === url.href && "focus" in w) return w.focus();
    return self.clients.openWindow(url.href);
  }));
});
`;
