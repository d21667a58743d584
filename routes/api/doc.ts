/**
 * The published API document (`GET /api/doc`, OpenAPI 3.1), made so that a client generated from
 * it calls the right URLs with the right credentials: the `/api` base as a relative server (every
 * tenant host works), the security schemes, each operation's security, a stable camelCase
 * `operationId`, described tags, the shared error replies and examples of the main requests.
 *
 * Nothing here is a second list kept by hand beside the routes: each operation's security is read
 * from the guard middleware the route really runs (edge/platform/guards.ts), its operationId from
 * its method and path (stable while the path is: the path is the contract), its shared error
 * replies from its guard and method. A route may still state `security` or `operationId` itself
 * (a session that is optional, read inside the handler) and wins. `tests/api/openapi_test.ts`
 * lints the served document with @redocly/cli and holds the guards against the wire.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../edge/http/context.ts";
import { type Guard, guardOf } from "../../edge/platform/guards.ts";
import { takesIdempotencyKey } from "./money.ts";
import { ErrorEnvelope, shared, SHARED_RESPONSES } from "./openapi.ts";

type Requirement = Record<string, string[]>;
type RouteDef = {
  method: string;
  path: string;
  operationId?: string;
  security?: Requirement[];
  tags?: string[];
  request?: { headers?: unknown; body?: { content?: Record<string, Record<string, unknown>> } };
  responses: Record<string, unknown>;
};

/** The document's version: raise it when a path, a body or a reply changes incompatibly. */
export const API_VERSION = "1.1.0";

const SECURITY_SCHEMES = {
  customerToken: {
    type: "http",
    scheme: "bearer",
    description:
      "A customer's session: the token `POST /login`, `POST /register` or `POST /demo/session` " +
      "return in the `authorization` response header (idle and absolute expiry; ended by logout, " +
      "password change and reset). Send it as `Authorization` (`Bearer ` optional). Browsers on " +
      "the site's own pages carry it in the HttpOnly session cookie instead.",
  },
  operatorToken: {
    type: "http",
    scheme: "bearer",
    description:
      "An operator's session (8 h): the token `POST /admin/login` returns in the `authorization` " +
      "header. The requirement lists the operator roles that may call the operation (any one " +
      "of them); another operator gets 403 FORBIDDEN.",
  },
  appKey: {
    type: "apiKey",
    in: "header",
    name: "appKey",
    description:
      "The tenant. A session belongs to the tenant it was opened on, so send the same appKey " +
      "with its token (public calls too, unless the host name names the tenant: then it may be " +
      "left out). An appKey that names no tenant is refused with 400 UNKNOWN_TENANT.",
  },
  idempotencyKey: {
    type: "apiKey",
    in: "header",
    name: "Idempotency-Key",
    description:
      "Money-moving writes: 1-64 of [A-Za-z0-9_-], fresh per intended operation, per customer. " +
      "Retrying with the same key (after a timeout, a lost reply) returns the first reply and " +
      "moves no money twice; the same key with another request is 409 IDEMPOTENCY_CONFLICT.",
  },
} as const;

/** Every tag an operation uses, with what it groups (the test holds the two lists together). */
export const TAGS: Record<string, string> = {
  platform: "The tenant's public configuration, languages and the caller's locale.",
  accounts:
    "Registration, sign-in (SMS codes, passwords, two-factor, known devices), sessions and " +
    "account security.",
  account: "The customer's wallets (spot, contract): balances, fund flow, transfers between them.",
  market: "Symbols, quotes, K-lines and the customer's watch list.",
  trading:
    "Fast contracts, leveraged contracts (orders, positions, stops, reverse, hedge), spot orders " +
    "and the currency exchange.",
  funds: "Offline recharges, withdrawals and payment methods.",
  identity: "Identity verification (junior, advanced) and uploaded images.",
  wealth: "Financing products: subscriptions, orders and redemption.",
  demo: "Demo mode: practice money in the demo book, for visitors and customers.",
  notifications:
    "Price alerts (above, below, a 24 h move; at most 50), the customer's account notifications " +
    "and their preferences per kind (in-app, push).",
  content: "Banners, notices, news, help centre, static pages, messages and contact forms.",
  support: "The built-in support chat: the customer's (or visitor's) conversation and the " +
    "operators' inbox (reply, assign, close; audited).",
  verification:
    "The public tape (hash chain of ticks per symbol), fairness and signed checkpoints.",
  verify: "Per-order settlement proofs and their share links.",
  push: "Web push: the VAPID key and the browser subscriptions notifications are pushed to.",
  liabilities: "Proof of liabilities: the published root and a customer's inclusion proof.",
  admin:
    "The operations console: sign-in, review queues (recharges, withdrawals, verifications), " +
    "audit log, reports, channels and withdrawal rules, checkpoints (operator token).",
  operators:
    "Operators and their roles, four-eyes proposals, customers, product terms, site settings " +
    "and content management (operator token).",
};

/** Request examples of the main calls, by operationId (checked against the schemas by the lint). */
const EXAMPLES: Record<string, unknown> = {
  postSmsCode: { phone: "+12025550123", purpose: "register" },
  postRegister: {
    phone: "+12025550123",
    code: "123456",
    password: "Demo-2026",
    agree: true,
  },
  postLogin: { phone: "+12025550123", password: "Demo-2026" },
  postAccountTransfer: { from: "spot", to: "contract", currency: "USDT", amount: "100.5" },
  postFastOrder: { symbol: "BTCUSDT", direction: "up", duration: 60, stake: "100" },
  postContractOrder: { symbol: "BTCUSDT", side: "long", lots: 1, leverage: 10, type: "market" },
  postSpotOrder: { symbol: "BTCUSDT", side: "buy", type: "limit", qty: "0.01", price: "25000" },
  postWithdraw: {
    methodId: "01J9Z3Q7W8X2Y4V6T5S3R1P0NM",
    amount: "100",
    drawPassword: "246810",
  },
};

/** `POST /contract/positions/{id}/close` -> `postContractPositionsByIdClose`. */
export function operationIdOf(method: string, path: string): string {
  const words = path.split("/").filter(Boolean).map((seg) => {
    const param = /^\{(.+)\}$/.exec(seg);
    const word = param ? `by-${param[1]}` : seg;
    return word.split(/[-_]/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join(
      "",
    );
  });
  return method.toLowerCase() + words.join("");
}

/** The guards a route runs before its handler, as Hono registered them under its method and path. */
function guardsOf(api: OpenAPIHono<AppEnv>, method: string, path: string): Guard[] {
  const honoPath = path.replaceAll(/\{(.+?)\}/g, ":$1");
  return api.routes
    .filter((r) => r.path === honoPath && r.method === method.toUpperCase())
    .map((r) => guardOf(r.handler))
    .filter((g): g is Guard => g !== undefined);
}

/** The operation's security: who may call it (alternatives), from its guard. */
function securityOf(guard: Guard | undefined, idempotent: boolean): Requirement[] {
  if (!guard) return [];
  const customer: Requirement = { customerToken: [], appKey: [] };
  if (guard.kind === "customerOrShare") return [customer, {}];
  if (guard.kind === "operator") {
    return (guard.roles ?? [null]).map((role) => ({
      operatorToken: role ? [role] : [],
      appKey: [],
    }));
  }
  return idempotent ? [{ ...customer, idempotencyKey: [] }, customer] : [customer];
}

/** Fills what a route did not state: operationId, security, shared errors, its example. */
function describeRoute(api: OpenAPIHono<AppEnv>, route: RouteDef) {
  route.operationId ??= operationIdOf(route.method, route.path);
  const guard = guardsOf(api, route.method, route.path)[0];
  route.security ??= securityOf(guard, takesIdempotencyKey(route.request?.headers));
  const extra: Record<string, unknown> = {};
  if (guard?.kind === "customer" || guard?.kind === "customerOrShare") {
    extra[401] = shared("Unauthorized");
  }
  if (guard?.kind === "operator") {
    extra[401] = shared("Unauthorized");
    if (guard.roles) extra[403] = shared("Forbidden");
  }
  if (route.method !== "get") extra[409] = shared("Conflict");
  route.responses = { ...extra, ...route.responses };
  const example = EXAMPLES[route.operationId];
  const body = route.request?.body;
  const json = body?.content?.["application/json"];
  // a copy: a body object may be shared by several routes (an empty body, say)
  if (body && json && example !== undefined) {
    route.request = {
      ...route.request,
      body: { ...body, content: { ...body.content, "application/json": { ...json, example } } },
    };
  }
}

/**
 * Publishes the document of every route registered on `api` at `GET {path}`: built once (the
 * routes do not change after start), with `info` naming the tenant that serves it.
 */
export function publishDocument(api: OpenAPIHono<AppEnv>, path: string) {
  for (const [name, response] of Object.entries(SHARED_RESPONSES)) {
    api.openAPIRegistry.registerComponent("responses", name, response);
  }
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) {
    api.openAPIRegistry.registerComponent("securitySchemes", name, scheme);
  }
  api.openAPIRegistry.register("ErrorEnvelope", ErrorEnvelope);
  let built: Record<string, unknown> | undefined;
  const document = () => {
    if (built) return built;
    for (const def of api.openAPIRegistry.definitions) {
      if (def.type === "route") describeRoute(api, def.route as unknown as RouteDef);
    }
    const doc = api.getOpenAPI31Document({
      openapi: "3.1.0",
      info: { title: "Tradewind API", version: API_VERSION },
      servers: [{ url: "/api", description: "this site's API (relative: every tenant host)" }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    });
    built = doc as unknown as Record<string, unknown>;
    return built;
  };
  api.get(path, (c: Context<AppEnv>) => {
    const doc = document();
    const origin = new URL(c.req.url).origin;
    // no tenant: the document read in-process by tools/api_types.ts (no platform middleware)
    const tenant = c.get("tenant") as { name: string } | undefined;
    return c.json({ ...doc, info: infoFor(tenant?.name ?? "Tradewind", origin) });
  });
}

/** `info`: what the document is, whom to ask (the serving tenant), under which licence. */
function infoFor(tenant: string, origin: string) {
  return {
    title: "Tradewind API",
    version: API_VERSION,
    description:
      "The API behind the web app, for native apps, bots and back-office tools. Every reply " +
      "is `{code, message, data}`: code 0 on success, -99 for a missing, invalid or expired " +
      "session (HTTP 401), otherwise the HTTP status; `message` is localized by " +
      "`Accept-Language`, `data.error` is a stable identifier and `data.fields` the per-field " +
      "messages of a validation failure. Send `appKey` and, signed in, `Authorization`. Limits " +
      "answer 429 (`Retry-After` when a wait is known); a busy store 503 with `Retry-After`. " +
      "Money-moving writes take an `Idempotency-Key`.",
    contact: { name: `${tenant} customer service`, url: `${origin}/wp/kefu` },
    license: { name: "Proprietary", identifier: "LicenseRef-Tradewind-Proprietary" },
  };
}
