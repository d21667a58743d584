import type { MiddlewareHandler } from "hono";
import { trace } from "@opentelemetry/api";
import { instruments } from "../platform/telemetry.ts";
import { createMiddleware } from "hono/factory";
import type { Session } from "../customers/service.ts";
import { getCookie } from "hono/cookie";
import { getConnInfo } from "hono/deno";
import { isTimeZone } from "../../locales/format.ts";
import { languageOf, pickLocale } from "../../locales/languages.ts";
import { clientAddress } from "../platform/clientip.ts";
import { isMobileDevice } from "../platform/device.ts";
import { DomainError } from "../platform/errors.ts";
import { guarded } from "../platform/guards.ts";
import { errorResponse } from "./envelope.ts";
import { HTTP_STATUS } from "../platform/http_errors.ts";
import {
  type AppEnv,
  type Ctx,
  type Deps,
  LOCALE_COOKIE,
  SESSION_COOKIE,
  TZ_COOKIE,
} from "./context.ts";
import { translator } from "../platform/locale.ts";
import { prefetch, prefetchList } from "../platform/kvstore.ts";
import {
  guardJournals,
  type PrivateRead,
  type RoundTrips,
  withRoundTrips,
} from "../platform/kv_round_trips.ts";
import { userOfToken } from "../customers/sessions.ts";
import { sha256Hex } from "../customers/passwords.ts";
import { keys as accountKeys } from "../customers/store.ts";
import { messageKeys } from "../messages/store.ts";
import { marketKeys } from "../market/store.ts";
import { termsKey } from "../trading/terms.ts";
import { keys as ledgerKeys } from "../ledger/store.ts";
import { eventKeys } from "../ledger/events.ts";
import { accountId, user, WALLET_CURRENCIES, WALLETS } from "../ledger/accounts.ts";
import { type Product, RESTRICTABLE } from "../platform/tenants.ts";
import { lossLimitHint, resultsListRead, standingKeys } from "../customers/standing.ts";
import { restrictedProducts, tenantFor } from "../trading/jurisdictions.ts";

/**
 * The hashed inline boot script, the only inline script CSP allows: follows legacy `#/path` URLs
 * (only a same-origin path: `#//evil.example` must not become an open redirect) and remembers the
 * browser's time zone in the `tz` cookie, so server-rendered times are in the customer's zone;
 * on the customers' pages (both layouts) it registers the service worker once the page has loaded
 * (edge/render/service_worker.ts: the installable app, pushes).
 */
export const HASH_ROUTE_SCRIPT =
  `(function(){var h=location.hash;if(h.length>2&&h.charAt(1)==="/"){var u=new URL(h.slice(1),location.origin);if(u.origin===location.origin){location.replace(u.pathname+u.search+u.hash)}}try{var z=encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);if(z&&document.cookie.split("; ").indexOf("tz="+z)<0){document.cookie="tz="+z+";path=/;max-age=31536000;samesite=lax"}}catch(e){}var L=document.documentElement.getAttribute("data-layout");if((L==="wp"||L==="pc")&&"serviceWorker"in navigator){addEventListener("load",function(){navigator.serviceWorker.register("/sw.js").catch(function(){})})}})();`;
const HASH_ROUTE_SHA = await crypto.subtle.digest(
  "SHA-256",
  new TextEncoder().encode(HASH_ROUTE_SCRIPT),
).then((b) => btoa(String.fromCharCode(...new Uint8Array(b))));

/** The socket peer's address (Deno.serve's `remoteAddr`), whatever the headers say. */
export function peerAddress(c: Ctx): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * The private records a signed-in request may read, read together with its session (one round
 * trip, edge/platform/kvstore.ts `prefetch`): the token names its user, so the session, the user,
 * the unread counter, the watch list, every wallet's balance and the tenant's product terms are
 * asked for at once; the
 * services' own reads of them then cost nothing. A token naming nobody (or someone else) only
 * wastes this read: the session read decides, as before.
 */
async function prefetchPrivate(
  kv: Deno.Kv,
  t: string,
  token: string | undefined | null,
  extra: Deno.KvKey[] = [],
  lists?: (userId: string) => PrivateRead[],
  /** a write: the results the loss limits read (edge/trading/jurisdictions.ts), at this time,
   * unless the hint says this instance saw the customer without a loss limit */
  results?: { at: number; hint: (userId: string) => boolean | undefined },
  /** a page: the event log's place too, read with the balances (see `sessionOf`) */
  page?: boolean,
  /** a money route (its records named in `lists`): no unread counter or watch list; `"only"`:
   * no wallet it does not name either (its named records ride in the session's read) */
  named?: boolean | "only",
  /** a write: the session's entry in the customer's index too, which its journals check */
  guarded?: boolean,
) {
  const uid = token && token.length <= 128 ? userOfToken(token) : null;
  if (!uid) return undefined;
  const tokenHash = await sha256Hex(token!);
  const reads = lists?.(uid);
  // a route that names every balance it reads: its named records in place of the wallets
  const wallets = named === "only"
    ? (reads ?? []).flatMap((r) => r.key ? [r.key] : [])
    : WALLETS.flatMap((w) =>
      WALLET_CURRENCIES[w].map((cur) => ledgerKeys.balance(t, accountId(user(uid, w, cur))))
    );
  prefetch(kv, [
    accountKeys.session(t, tokenHash),
    ...(guarded ? [sessionGuard(t, uid, tokenHash)] : []),
    // in the balances' read (one getMany): an event after it is one the page did not show
    ...(page ? [eventKeys.head(t)] : []),
    ...wallets,
    accountKeys.user(t, uid),
    // a page's badges and watch list; a money write reads neither (fewer keys decoded per order)
    ...(named ? [] : [messageKeys.unread(t, uid), marketKeys.favourites(t, uid)]),
    // the product terms an order decides on (its commit is the one after this read)
    termsKey(t),
    // the customer's limits and exclusions (an order's and a recharge's checks)
    standingKeys.standing(t, uid),
    // the record a page shows (a recharge's or withdrawal's detail), checked as the customer's
    ...extra,
  ]);
  // the private lists the route reads (`reading`), their first batch in the same round trip;
  // after the records above, so that the keys the route names among them (an order's balance)
  // ride in their read instead of a `getMany` of their own (one store call less per order)
  // (a route's named records read above already: once, as any record the request reads once)
  if (reads) prefetchList(kv, named === "only" ? reads.filter((r) => !r.key) : reads);
  // (not for a customer this instance saw without a loss limit: an order then reads none)
  if (results && results.hint(uid) !== false) {
    prefetchList(kv, [resultsListRead(t, uid, results.at)]);
  }
  // the session read below takes it (hashed once per request)
  return tokenHash;
}

/** Methods that change nothing: no CSRF check of a cookie, no session guard on journals. */
export const SAFE_METHODS: readonly string[] = ["GET", "HEAD", "OPTIONS"];

/**
 * The key a customer's session guards their writes' journals with: the session's entry in the
 * customer's index of sessions. It is written once, at sign-in, and deleted when the session ends
 * (logout, a device signed out, a password change or reset, a lock, an erasure), never touched in
 * between (the last-seen time is written into the session record), so a journal's check fails
 * only when the session ended.
 */
const sessionGuard = (t: string, owner: string, tokenHash: string) =>
  accountKeys.userSession(t, owner, tokenHash);

/** The routes that place an order, by the product they count under (`tradewind.orders`). */
const ORDER_ROUTES: Record<string, string> = {
  "POST /api/fast/order": "fast",
  "POST /api/contract/order": "leveraged",
  "POST /api/spot/order": "spot",
  "POST /api/exchange/confirm": "exchange",
  "POST /api/wealth/order": "wealth",
};

/**
 * Telemetry of a request (edge/platform/telemetry.ts): Deno's span of the request is named by
 * its route pattern (`POST /api/fast/order`, never the filled-in path: ids stay out) and carries
 * the tenant and the status; an accepted order counts under its product. Outermost, so the
 * status is the one sent.
 */
export function requestTelemetry(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const span = trace.getActiveSpan();
    await next();
    const route = `${c.req.method} ${c.req.routePath}`;
    const tenant = c.get("tenant")?.id ?? "";
    const status = c.res.status;
    span?.updateName(route);
    span?.setAttributes({
      "http.route": c.req.routePath,
      "tradewind.tenant": tenant,
      "tradewind.status": status,
    });
    const product = ORDER_ROUTES[route];
    if (product && status === 200) instruments.orders.add(1, { product, tenant });
  };
}

/** The response header that tells how many strong store round trips a request waited on. */
export const ROUND_TRIPS_HEADER = "X-KV-Round-Trips";
/** Replica (eventual) reads that went to the store: each waits a nearby replica's delay. */
export const REPLICA_READS_HEADER = "X-KV-Replica-Reads";

/**
 * Count each request's store round trips (edge/platform/kvstore.ts) and, outside production,
 * report them as `X-KV-Round-Trips: <in sequence>/<strong calls>` (the round-trip budget test
 * and the topology benchmark read it; production does not tell the world how it reads), and the
 * replica reads that went to the store as `X-KV-Replica-Reads` (free of the far region's round
 * trip, but each still waits a nearby replica).
 */
export function roundTrips(production: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const trips: RoundTrips = { sequential: 0, strong: 0, eventual: 0, inflight: 0 };
    try {
      await withRoundTrips(() => next(), trips);
    } finally {
      // work the request started that outlives it (a timer, a promise chain) keeps its scope:
      // its journals are its own, not guarded by the request's session (`guardJournals`)
      trips.guards = undefined;
    }
    if (production || c.res.status === 101) return;
    try {
      c.res.headers.set(ROUND_TRIPS_HEADER, `${trips.sequential}/${trips.strong}`);
      c.res.headers.set(REPLICA_READS_HEADER, String(trips.eventual));
    } catch { /* a response with immutable headers (a socket upgrade) */ }
  };
}

/**
 * Per request: deps, client IP, TLS, device, locale (stored preference, then Accept-Language)
 * and tenant (explicit appKey must exist; else host; else default; then the operators' stored
 * settings over it). Unknown appKey: HTTP 400.
 */
export function platform(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("deps", deps);
    const client = clientAddress(
      peerAddress(c),
      c.req.header("x-forwarded-for"),
      deps.config.trustProxy,
    );
    c.set("ip", client.ip);
    // the scheme the client used: only a trusted proxy's word counts
    const proto = client.proxied
      ? c.req.header("x-forwarded-proto")?.split(",")[0]?.trim()
      : undefined;
    // (the request's URL is absolute and its scheme lower case: no need to parse it)
    c.set("secure", proto === undefined ? c.req.url.startsWith("https:") : proto === "https");
    c.set("mobile", isMobileDevice(c.req.raw.headers));
    c.set("session", undefined);
    c.set("privateReads", undefined);
    c.set("namedReads", undefined);
    c.set("frameSrc", undefined);
    const locale = pickLocale(getCookie(c, LOCALE_COOKIE), c.req.header("accept-language"));
    c.set("locale", locale);
    const tz = getCookie(c, TZ_COOKIE);
    c.set("timeZone", isTimeZone(tz) ? tz : languageOf(locale).timezone);
    c.set("t", translator(locale));
    const appKey = c.req.header("appKey") ?? c.req.query("appKey");
    const tenant = deps.tenants.resolve(appKey, c.req.header("host"));
    if (!tenant) {
      if (c.req.path.startsWith("/api/")) {
        return errorResponse(c, new DomainError("UNKNOWN_TENANT"));
      }
      return c.text(c.get("t")("errors.UNKNOWN_TENANT"), 400);
    }
    // the operators' settings over the static tenant, as this instance follows them in KV
    // (edge/operators/tenant_settings.ts)
    c.set("tenant", await deps.tenantSettings.effective(tenant));
    return await next();
  };
}

/** The Content-Security-Policy of a response whose frames may come from `frameSrc`. */
function cspWith(frameSrc: string): string {
  return [
    "default-src 'self'",
    // wasm-unsafe-eval: islands compile the pricing core (core.wasm) from our own origin
    `script-src 'self' 'wasm-unsafe-eval' 'sha256-${HASH_ROUTE_SHA}'`,
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "font-src 'self'",
    `frame-src ${frameSrc}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The policy of every response without frames (nearly all), built once, not per request. */
const DEFAULT_CSP = cspWith("'none'");

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("X-Frame-Options", "DENY");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (!h.has("Content-Security-Policy")) {
      const frameSrc = c.get("frameSrc");
      h.set("Content-Security-Policy", frameSrc === undefined ? DEFAULT_CSP : cspWith(frameSrc));
    }
    if (c.get("secure")) h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}

/**
 * The bearer token of the request: `Authorization` (API clients), else the named cookie (pages),
 * which counts for a write only from our own pages (CSRF defence in depth).
 */
export function requestToken(
  c: Ctx,
  cookie: string,
  /** the `Sec-Fetch-Site` values a cookie write may come with */
  sites: readonly string[] = ["same-origin", "none"],
): string | undefined {
  const header = c.req.header("authorization")?.replace(/^Bearer\s+/i, "").trim();
  if (header) return header;
  const token = getCookie(c, cookie);
  if (token && !SAFE_METHODS.includes(c.req.method) && !sameOrigin(c, sites)) {
    return undefined;
  }
  return token || undefined;
}

/**
 * The session of the request, from `Authorization` (API clients) or the session cookie (pages);
 * `records`: keys of private records the request will read, fetched together with it. A `page`
 * also reads where the event log stood when its balances were read (`eventPlace`): the page's
 * socket resumes the private channel from there, so nothing that happens between the render and
 * the subscription is missed.
 */
export async function sessionOf(c: Ctx, records: Deno.KvKey[] = [], page = false) {
  const cached = c.get("session");
  if (cached !== undefined) return cached;
  const token = requestToken(c, SESSION_COOKIE);
  const { reads, now, kv } = c.get("deps"), t = c.get("tenant").id;
  const write = !SAFE_METHODS.includes(c.req.method);
  // on the read connection: on a local file the commit connection's reads queue behind commits
  const tokenHash = await prefetchPrivate(
    reads,
    t,
    token,
    records,
    c.get("privateReads"),
    c.req.method === "POST" ? { at: now(), hint: (uid) => lossLimitHint(kv, t, uid) } : undefined,
    page,
    c.get("namedReads"),
    write,
  );
  const s = await c.get("deps").accounts.session(t, token, tokenHash);
  // a write's journals check the session is still there (read above, with the session): one
  // that ends meanwhile (logout, password change, lock) moves no money
  if (s && write) guardJournals([sessionGuard(t, s.owner, s.tokenHash)]);
  // prefetched with the session: no round trip of its own
  if (s && page) {
    const head = await reads.get(eventKeys.head(t));
    c.set("eventPlace", { base: head.versionstamp ?? "", at: now() });
  }
  c.set("session", s);
  // jurisdictions: the products closed to this customer leave their screens (nav, tiles, pages)
  if (s) c.set("tenant", tenantFor(c.get("tenant"), s.user));
  return s;
}

function sameOrigin(c: Ctx, sites: readonly string[]): boolean {
  const site = c.req.header("sec-fetch-site");
  if (site) return sites.includes(site);
  const origin = c.req.header("origin");
  if (!origin) return true;
  try {
    return new URL(origin).host === c.req.header("host");
  } catch {
    return false;
  }
}

/** The signed-in customer of the request, or UNAUTHORIZED (envelope -99). */
export async function requireSession(c: Ctx) {
  const s = await sessionOf(c);
  if (!s) throw new DomainError("UNAUTHORIZED");
  return s;
}

/**
 * Route middleware before the session is read (`signedIn`): the private lists the route will read
 * for the customer (`reads`: the same selector and options as its `kv.list` calls), started with
 * the session (one round trip far from the store, edge/platform/kvstore.ts `prefetchList`). The
 * token names its user; a token naming nobody (or someone else) only wastes the read: the route
 * reads nothing of it unless the session is that user's.
 */
export function reading(
  reads: (c: Ctx, userId: string) => PrivateRead[],
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("privateReads", (uid) => reads(c, uid));
    await next();
  };
}

/** What `signedIn` gives the handlers after it: the session, never null. */
export interface SignedIn {
  Variables: { session: Session };
}

/**
 * Route middleware: only a signed-in customer gets past (else UNAUTHORIZED, envelope -99); the
 * handler reads `c.var.session`. Runs before the request is validated or its body read.
 */
export const signedIn = guarded(
  createMiddleware<SignedIn>(async (c, next) => {
    await requireSession(c as unknown as Ctx);
    await next();
  }),
  { kind: "customer" },
);

/**
 * Route middleware after `signedIn`: a demo account is refused with DEMO_LIVE_ONLY (money in
 * or out, payment methods, identity, account security, wealth): the customer is told to switch
 * to their live account.
 */
export const liveAccount = createMiddleware<SignedIn>(async (c, next) => {
  const s = await requireSession(c as unknown as Ctx);
  if (s.book === "demo") throw new DomainError("DEMO_LIVE_ONLY");
  await next();
});

/** Signed in, and acting as the live account. */
export const signedInLive: [typeof signedIn, typeof liveAccount] = [signedIn, liveAccount];

/** The middleware of `product`: adds no variables. */
export type ProductGate = MiddlewareHandler<{ Variables: Record<never, never> }>;

/** The middleware of a product's customer routes: signed in, then the product switched on. */
export function signedInFor(p: Product): [typeof signedIn, ProductGate] {
  return [signedIn, product(p)];
}

/**
 * Route middleware: the tenant offers this product (else PRODUCT_DISABLED) to this customer's
 * country (else PRODUCT_RESTRICTED). After `signedIn`, so an anonymous request still learns that
 * it must sign in first.
 */
export function product(p: Product): ProductGate {
  return async (c, next) => {
    const tenant = (c as unknown as Ctx).get("tenant");
    const user = (c as unknown as Ctx).get("session")?.user;
    if (
      user && (RESTRICTABLE as readonly Product[]).includes(p) &&
      (restrictedProducts(tenant, user) as Product[]).includes(p)
    ) throw new DomainError("PRODUCT_RESTRICTED");
    if (!tenant.products.includes(p)) {
      throw new DomainError("PRODUCT_DISABLED");
    }
    await next();
  };
}

/** How much body a path takes, and how to refuse more. */
export interface BodyBound {
  maxBytes: number;
  tooLarge: () => DomainError;
}

/** The media types Hono's `json()` reads (its validator's test): their bodies are decoded once. */
const JSON_TYPE = /^\s*application\/([\w.-]+\+)?json\s*(;|$)/i;
const utf8 = new TextDecoder();

/** Bytes per second a body must keep up beyond the base deadline (a large upload, slow line). */
const BODY_MIN_RATE = 32 * 1024;

/**
 * Bound the time and size of a request's body: it is read here, before any route, and must
 * arrive within `deadlineMs` plus 1 s per 32 KiB received (counted up to the path's size). A body
 * over the size is read to its end and refused (413, the connection stays usable); one that does
 * not arrive in time gets 408 (REQUEST_TIMEOUT) and its connection is closed, so a trickle holds
 * a socket for a bounded time. The routes then read the buffered body. Incomplete headers are
 * the reverse proxy's to bound (README, "Slow clients").
 */
export function bodyBounds(
  deadlineMs: number,
  boundOf: (path: string) => BodyBound,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const bound = boundOf(c.req.path);
    const refuse = (e: DomainError) =>
      c.req.path.startsWith("/api/")
        ? errorResponse(c, e)
        : c.text(c.get("t")(`errors.${e.error}`), HTTP_STATUS[e.error]);
    const reader = raw.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    const start = Date.now();
    // the deadline so far: the base, plus the allowance of what was received
    const deadline = () =>
      start + deadlineMs + Math.floor((Math.min(size, bound.maxBytes) / BODY_MIN_RATE) * 1000);
    // one timer per body, re-armed when it fires before the deadline (grown meanwhile), not one
    // per chunk: every request with a body (each order) paid for two timers, a visible share
    // of an order's CPU (bench/orders_load.ts profile)
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => {
      const arm = () => {
        const wait = deadline() - Date.now();
        timer = wait <= 0 ? undefined : setTimeout(arm, wait);
        if (wait <= 0) resolve(null);
      };
      arm();
    });
    try {
      for (;;) {
        const reading = reader.read();
        const chunk = await Promise.race([reading, late]);
        if (chunk === null) {
          // the body is let go once the read in flight ends (cancelling it mid-read would keep
          // the connection); then the connection can be dropped
          const released = reading.then(() => reader.cancel()).catch(() => {});
          const res = refuse(new DomainError("REQUEST_TIMEOUT"));
          return await closeAfter(res, released, deadlineMs);
        }
        if (chunk.done) break;
        size += chunk.value.length;
        // over the size: read on (discarding) so that the refusal leaves a usable connection
        if (size <= bound.maxBytes) chunks.push(chunk.value);
      }
    } finally {
      clearTimeout(timer);
    }
    if (size > bound.maxBytes) return refuse(bound.tooLarge());
    const body = new Uint8Array(size);
    let at = 0;
    for (const part of chunks) {
      body.set(part, at);
      at += part.length;
    }
    // the routes read the buffered body through Hono's body cache (`c.req.json()`, `text()`,
    // `arrayBuffer()`, `formData()`, `parseBody()`: each is derived from the bytes here), not
    // through a new Request around it: building one (URL, headers, body stream) and reading
    // its stream again were about 5 % of an order's main-thread CPU (bench/orders_load.ts
    // profile). `c.req.raw` keeps the URL, method and headers; its body is used up, so no
    // route reads `c.req.raw`'s body
    // (Hono keeps promises there, whatever its type says)
    const cache = c.req.bodyCache as { arrayBuffer?: Promise<ArrayBuffer>; text?: Promise<string> };
    cache.arrayBuffer = Promise.resolve(body.buffer);
    // a JSON body (every API write) is decoded once, for `c.req.json()`
    if (JSON_TYPE.test(raw.headers.get("content-type") ?? "")) {
      cache.text = Promise.resolve(utf8.decode(body));
    }
    return next();
  };
}

/**
 * A reply after which the connection is closed. Deno's server reads a request body to its end
 * before it reuses or closes a connection, so a trickling client would keep it; a reply body that
 * fails after its last byte, once the request body is let go (`released`, or after `graceMs`),
 * makes the server drop the connection (logged as one line).
 */
async function closeAfter(res: Response, released: Promise<unknown>, graceMs: number) {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  headers.delete("Content-Length");
  headers.set("Connection", "close");
  // sent as it is (compression would read the failing body)
  headers.set("Cache-Control", "no-store, no-transform");
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(ctl) {
      if (!sent) {
        sent = true;
        return ctl.enqueue(bytes);
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([released, new Promise((r) => timer = setTimeout(r, graceMs))]);
      clearTimeout(timer);
      ctl.error("[http] slow client: request body too slow, connection closed");
    },
  });
  return new Response(body, { status: res.status, headers });
}
