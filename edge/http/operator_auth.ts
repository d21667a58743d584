/**
 * The operator of a request, as Hono middleware: `operatorAuth(role?)` resolves the operator
 * session and sets `c.var.operator`, or answers 401 (-99) / 403 without one (or without the
 * role). Handlers never look the operator up themselves.
 *
 * Where the token comes from: the `Authorization` bearer header (API clients), else the
 * operators' own cookie (`tw_op`, HttpOnly, SameSite=Strict; the console's pages and islands).
 * Operator tokens never ride in the customers' cookie, and a customer token in the header is
 * no operator session. Cookie-authenticated writes must come from our own pages (CSRF defence
 * in depth beside SameSite).
 *
 * The round-trip budget (README, "Round-trip budget"): a console route names what it reads of
 * the tenant (`ConsoleReads`: records and the first batches of lists, the same selectors and
 * options as its own reads), and they are started beside the read of the session and the
 * operator its token names (edge/platform/kvstore.ts `prefetchList`; in flight together: one
 * round trip far from the store). The session still decides: nothing read is used before it is
 * checked, and a token naming nobody only wastes the read (then -99). A request without a token
 * reads nothing.
 */
import { setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { OperatorSession } from "../operators/service.ts";
import { operatorOfToken } from "../operators/sessions.ts";
import { keys as operatorKeys, type OperatorRole } from "../operators/store.ts";
import { prefetchList } from "../platform/kvstore.ts";
import { guardJournals, type PrivateRead } from "../platform/kv_round_trips.ts";
import type { AppEnv, Ctx } from "./context.ts";
import { DomainError } from "../platform/errors.ts";
import { guarded } from "../platform/guards.ts";
import { requestToken, SAFE_METHODS } from "./middleware.ts";
import { auditRefusal, REFUSALS } from "../operators/refusals.ts";

export const OPERATOR_COOKIE = "tw_op";

/**
 * What a console route reads of the tenant besides the session, started with it (`operatorOf`):
 * its records (`{ key }`) and lists (the first batch; an index's records beside it). `named`:
 * the operator the token names (the session decides whether it is theirs). Promised only from
 * what costs no round trip: in-process caches (ids of public data) or a nearby replica (the
 * audit chain's index names the entries to read).
 */
export type ConsoleReads = (
  c: Ctx,
  named: string,
) => PrivateRead[] | Promise<PrivateRead[]>;

/**
 * Start the route's `reads` for the request (its own reads then take these entries), beside the
 * session's read. Only for a read (a write reads what it decides on itself, in its own step) and
 * a token that names an operator. Never fails: a read that cannot start is made by the route.
 */
async function prefetchConsole(c: Ctx, token: string, reads?: ConsoleReads) {
  const named = token.length <= 128 ? operatorOfToken(token) : null;
  if (!named || !reads || !["GET", "HEAD"].includes(c.req.method)) return;
  try {
    prefetchList(c.get("deps").reads, await reads(c, named));
  } catch { /* a request the route will refuse (its parameters): the session alone */ }
}

/**
 * The operator session of the request, or null (no token, expired, or a cross-site write);
 * `reads`: what the route reads of the tenant, read with the session.
 */
export async function operatorOf(c: Ctx, reads?: ConsoleReads): Promise<OperatorSession | null> {
  // the console's writes come from its own pages only (not even a typed address)
  const token = requestToken(c, OPERATOR_COOKIE, ["same-origin"]);
  if (!token) return null;
  // the session (and the operator it names: one getMany) in flight beside the route's reads;
  // the session read does not take the route's entries (the page may read the operator too)
  const [session] = await Promise.all([
    c.get("deps").operators.session(c.get("tenant").id, token),
    prefetchConsole(c, token, reads),
  ]);
  return session;
}

/**
 * Sets `c.var.operator`; without a session 401 (-99), without `role` (or any of the roles
 * given as a list) 403. `reads`: what the route reads of the tenant (read with the session).
 */
export function operatorAuth(
  role?: OperatorRole | readonly OperatorRole[],
  reads?: ConsoleReads,
) {
  const any = role === undefined ? null : typeof role === "string" ? [role] : role;
  const gate = createMiddleware<AppEnv>(async (c, next) => {
    const s = await operatorOf(c, reads);
    if (!s) throw new DomainError("UNAUTHORIZED");
    // set before the role check: a refusal is audited under the operator who tried
    c.set("operator", s);
    // a write's journals (a withdrawal paid, a recharge passed) check that the session is still
    // there: an operator signed out or disabled meanwhile moves no money (the record is written
    // at sign-in and deleted when the session ends, never touched in between)
    if (!SAFE_METHODS.includes(c.req.method)) {
      guardJournals([operatorKeys.session(c.get("tenant").id, s.tokenHash)]);
    }
    if (any && !any.some((r) => s.roles.includes(r))) throw new DomainError("FORBIDDEN");
    await next();
  });
  return guarded(gate, { kind: "operator", roles: any });
}

/**
 * Refused privileged attempts on the audit log (edge/operators/refusals.ts): after the console
 * API's handler, a request an operator made that ended in a refusal (403, or a threshold raise
 * that needs a proposal) writes its entry before the reply leaves. Mounted on `/api/admin/*`.
 */
export function auditRefusals() {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const op = c.get("operator");
    const e = c.error;
    if (!op || !(e instanceof DomainError) || !REFUSALS.has(e.error)) return;
    await auditRefusal(c.get("deps").kv, c.get("tenant").id, {
      operator: op.username,
      ip: c.get("ip"),
    }, {
      method: c.req.method,
      path: c.req.path,
      why: e.error,
    }, c.get("deps").now());
  });
}

/** The console's cookie after a sign-in: the session token, for as long as the session. */
export function setOperatorCookie(c: Ctx, token: string, expiresAt: number) {
  setCookie(c, OPERATOR_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "Strict",
    secure: c.get("secure"),
    maxAge: Math.max(0, Math.floor((expiresAt - c.get("deps").now()) / 1000)),
  });
}

/**
 * A sign-in's new operator session handed over: the token in `authorization` and in the console's
 * cookie; the reply says what the session is (never the token again).
 */
export function sessionOpened<Status, Roles>(
  c: Ctx,
  r: { token: string; expiresAt: number; status: Status; roles: Roles },
) {
  c.header("authorization", r.token);
  setOperatorCookie(c, r.token, r.expiresAt);
  return { status: r.status, expiresAt: r.expiresAt, roles: r.roles };
}

export function clearOperatorCookie(c: Ctx) {
  setCookie(c, OPERATOR_COOKIE, "", {
    path: "/",
    httpOnly: true,
    sameSite: "Strict",
    secure: c.get("secure"),
    maxAge: 0,
  });
}
