import type { Context } from "hono";
import type { Session } from "../customers/service.ts";
import type { LocaleId } from "../../locales/languages.ts";
import type { buildDeps } from "./boot.ts";
import type { T } from "../platform/locale.ts";
import type { Tenant } from "../platform/tenants.ts";

/** Everything the server needs, built once by `buildDeps` (main.ts or a test) and injected. */
export type Deps = Awaited<ReturnType<typeof buildDeps>>;

export interface AppEnv {
  Variables: {
    deps: Deps;
    tenant: Tenant;
    locale: LocaleId;
    /** The customer's time zone: the browser's (the `tz` cookie), else the language's. */
    timeZone: string;
    t: T;
    ip: string;
    mobile: boolean;
    /** Resolved lazily by `sessionOf`; undefined = not looked up yet. */
    session: Session | null | undefined;
    /** Whether the request came over TLS (directly or via a trusted proxy). */
    secure: boolean;
    /** CSP frame-src sources for this response (only the customer-service page embeds). */
    frameSrc: string | undefined;
    /** Unread messages of the signed-in customer, read by the page guard for the badges. */
    unread: number | undefined;
    /** a signed-in page's standing record (edge/customers/standing.ts), read with the session */
    standing: Deno.KvEntryMaybe<import("../customers/standing.ts").Standing> | undefined;
    /** a signed-in page's place in the event log (`sessionOf`): where its socket resumes */
    eventPlace: { base: string; at: number } | undefined;
    /** a signed-in page's session reminder: when the session began and every how many minutes */
    reminder: { startedAt: number; minutes: number } | undefined;
    operator: import("../operators/service.ts").OperatorSession; // set by operatorAuth()
    /** The private lists the route will read for the token's user, read with the session. */
    privateReads:
      | ((userId: string) => import("../platform/kv_round_trips.ts").PrivateRead[])
      | undefined;
    /** A money route (its records named by its `reads`): the session's prefetch leaves out the
     * unread counter and the watch list, which no money write reads; `"only"`: the route reads no
     * balance it does not name, so the wallets it does not name are left out too. */
    namedReads: boolean | "only" | undefined;
  };
}

export type Ctx = Context<AppEnv>;

export const SESSION_COOKIE = "tw_session";
/** The known-device token (edge/customers/devices.ts): a cookie for browsers, a header for apps. */
export const DEVICE_COOKIE = "tw_device";
export const DEVICE_HEADER = "x-device-token";
export const LOCALE_COOKIE = "wplocale";
/** The browser's time zone, written by the boot script of every page (`HASH_ROUTE_SCRIPT`). */
export const TZ_COOKIE = "tz";
