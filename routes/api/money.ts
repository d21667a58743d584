/**
 * The money route: every POST that moves a customer's money (orders, cancels, closes, the
 * exchange, transfers, withdrawals, subscriptions) is the same block — a signed-in customer (and
 * the product's or the live account's gate), a strict JSON body (`{}` when the path says it
 * all), the optional `Idempotency-Key` header (a replay returns the first reply), the enveloped
 * reply and the auth errors in the OpenAPI document. It is written once, here: a money route
 * states its path, schemas and the one service call.
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { IdempotencyHeaders } from "../../contract/ledger.ts";
import type { AppEnv, Ctx } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { reading, type signedIn } from "../../edge/http/middleware.ts";
import type { PrivateRead } from "../../edge/platform/kv_round_trips.ts";
import type { Tenant } from "../../edge/platform/tenants.ts";
import { AUTH_ERRORS, jsonBody, okReply } from "./openapi.ts";

const Empty = z.strictObject({});

export interface MoneySpec<
  Body extends z.ZodType,
  Params extends z.ZodObject | undefined,
  Reply extends z.ZodType,
> {
  path: string;
  tags: string[];
  summary: string;
  /** `signedIn` first (the handler reads its session), then any gates (product, live account) */
  middleware: readonly [typeof signedIn, ...MiddlewareHandler[]];
  /** the JSON body (none: `{}`) */
  body?: Body;
  /** the path parameters */
  params?: Params;
  reply: Reply;
  /**
   * The records the service call decides on (an order's: edge/trading/pipeline.ts), read with the
   * session (one round trip): from the body, path and key as sent, checked by the route's schemas
   * first (a request they refuse reads nothing more).
   */
  reads?: (
    m: MoneyRequest<z.infer<Body>, Params extends z.ZodObject ? z.infer<Params> : undefined>,
  ) => PrivateRead[];
  /**
   * The service reads no balance beyond those its `reads` name (a fast order: its stake's): the
   * session's read leaves out the customer's other wallets (fewer keys read and decoded per
   * order). A route that reads a wallet it does not name must not say so: that read would be a
   * round trip of its own.
   */
  readsOnlyNamed?: true;
}

/** A money route's `reads` of single records. */
export const keysRead = (keys: Deno.KvKey[]): PrivateRead[] => keys.map((key) => ({ key }));

/** What a write's `readingFor` is told, before the request is validated. */
export interface MoneyReads {
  c: Ctx;
  t: string;
  userId: string;
  /** the `Idempotency-Key` header when it is a valid one */
  key: string | undefined;
  /** the JSON body as sent (null when it is none) */
  body: Record<string, unknown> | null;
  params: Record<string, string>;
}

/**
 * Route middleware before `signedIn` for a write that is not a money route (a recharge's
 * submission): the records it will read, told the request as sent, start with the session.
 */
export function readingFor(reads: (r: MoneyReads) => PrivateRead[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // (the buffered body, edge/http/middleware.ts `bodyBounds`: read again by the validator)
    const body = await c.req.json().catch(() => null);
    const header = c.req.header("idempotency-key");
    const key = header && /^[A-Za-z0-9_-]{1,64}$/.test(header) ? header : undefined;
    const params = c.req.param() as Record<string, string>;
    const t = c.get("tenant").id;
    c.set("privateReads", (userId) =>
      reads({
        c: c as unknown as Ctx,
        t,
        userId,
        key,
        body: body && typeof body === "object" && !Array.isArray(body) ? body : null,
        params,
      }));
    await next();
  };
}

/** What a money route's service call gets: validated, with the customer and the key. */
export interface MoneyRequest<Body, Params> {
  c: Ctx;
  tenant: Tenant;
  /** the tenant's id */
  t: string;
  userId: string;
  body: Body;
  params: Params;
  /** the `Idempotency-Key` header (absent: the service makes a key of its own) */
  key: string | undefined;
}

/** Whether a route's request headers are a money route's: it takes the `Idempotency-Key`. */
export function takesIdempotencyKey(headers: unknown): boolean {
  return headers === IdempotencyHeaders;
}

/** Register one money route on `app`. */
export function moneyRoute<
  Body extends z.ZodType = typeof Empty,
  Params extends z.ZodObject | undefined = undefined,
  Reply extends z.ZodType = z.ZodType,
>(
  app: OpenAPIHono<AppEnv>,
  spec: MoneySpec<Body, Params, Reply>,
  run: (
    m: MoneyRequest<z.infer<Body>, Params extends z.ZodObject ? z.infer<Params> : undefined>,
  ) => Promise<z.input<Reply>>,
): void {
  const route = createRoute({
    method: "post",
    path: spec.path,
    tags: spec.tags,
    summary: spec.summary,
    middleware: [...spec.reads ? [readsOf(spec)] : [], ...spec.middleware] as MiddlewareHandler[],
    request: {
      ...(spec.params ? { params: spec.params } : {}),
      ...jsonBody(spec.body ?? Empty),
      headers: IdempotencyHeaders,
    },
    responses: { ...okReply(spec.reply), ...AUTH_ERRORS },
  });
  app.openapi(route, async (c) => {
    // the validated parts, as the route's schemas describe them
    const valid = (c.req.valid as (target: string) => unknown).bind(c.req);
    // `c.get`, not `c.var`: Hono builds a new object of every variable on each `c.var` read
    const tenant = c.get("tenant");
    const result = await run({
      c: c as unknown as Ctx,
      tenant,
      t: tenant.id,
      // `signedIn` ran first and put the session there
      userId: c.get("session")!.userId,
      body: valid("json") as z.infer<Body>,
      params: (spec.params ? valid("param") : undefined) as Params extends z.ZodObject
        ? z.infer<Params>
        : undefined,
      key: (valid("header") as { "idempotency-key"?: string })["idempotency-key"],
    });
    return ok(c as unknown as Ctx, result);
  });
}

/** The middleware that names a money route's reads (`MoneySpec.reads`) before the session's. */
function readsOf<Body extends z.ZodType, Params extends z.ZodObject | undefined>(
  spec: MoneySpec<Body, Params, z.ZodType>,
): MiddlewareHandler {
  return async (c, next) => {
    const body = (spec.body ?? Empty).safeParse(await c.req.json().catch(() => ({})));
    const params = spec.params?.safeParse(c.req.param());
    if (!body.success || (params && !params.success)) return await next();
    const tenant = (c as unknown as Ctx).get("tenant");
    const header = IdempotencyHeaders.safeParse({
      "idempotency-key": c.req.header("idempotency-key"),
    });
    const key = header.success ? header.data["idempotency-key"] : undefined;
    // a money write: the session's prefetch leaves out the page's unread counter and watch list
    c.set("namedReads", spec.readsOnlyNamed ? "only" : true);
    return await reading((_, userId) =>
      spec.reads!({
        c: c as unknown as Ctx,
        tenant,
        t: tenant.id,
        userId,
        body: body.data as z.infer<Body>,
        params: params?.data as Params extends z.ZodObject ? z.infer<Params> : undefined,
        key,
      })
    )(c as unknown as Ctx, next);
  };
}
