import type { Context, TypedResponse } from "hono";
import { instruments } from "../platform/telemetry.ts";
import { HTTPException } from "hono/http-exception";
import { DomainError, type Envelope } from "../platform/errors.ts";
import { envelopeCode, httpStatus } from "../platform/http_errors.ts";
import { busyKind, storeBusy } from "../platform/kv_contention.ts";
import type { Ctx } from "./context.ts";
import { translator } from "../platform/locale.ts";
import { DEFAULT_LOCALE } from "../../locales/languages.ts";

/** A success envelope. Typed explicitly: inferring hono's JSONParsed<T> for a generic T is too deep. */
// deno-lint-ignore no-explicit-any
export function ok<T>(c: Context<any>, data: T): Response & TypedResponse<Success<T>, 200, "json"> {
  return c.json({ code: 0, message: "ok", data } as Success<T>, 200) as never;
}

export interface Success<T> {
  code: 0;
  message: string;
  data: T;
}

/** Turn zod issues into per-field message keys (`validation.*`). */
interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  keys?: readonly string[];
}

export function fieldsFromZod(err: { issues: readonly IssueLike[] }): Record<string, string> {
  // A Map, not an object: field names such as "constructor" or "__proto__" are client input.
  const fields = new Map<string, string>();
  const add = (k: string, v: string) => fields.has(k) || fields.set(k, v);
  for (const issue of err.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const k of issue.keys ?? []) add(k, "unknownField");
      continue;
    }
    const field = issue.path.length ? issue.path.map(String).join(".") : "body";
    add(field, /^[a-zA-Z]+$/.test(issue.message) ? issue.message : "invalid");
  }
  return Object.fromEntries(fields);
}

/** Convert anything thrown into a DomainError; unknown errors are logged, never leaked. */
export function toDomainError(err: unknown): DomainError {
  if (err instanceof DomainError) return err;
  if (err instanceof HTTPException) {
    if (err.status === 413) return new DomainError("PAYLOAD_TOO_LARGE");
    if (err.status === 400) {
      return new DomainError(/json/i.test(err.message) ? "MALFORMED_JSON" : "VALIDATION");
    }
    if (err.status === 401) return new DomainError("UNAUTHORIZED");
    if (err.status === 403) return new DomainError("FORBIDDEN");
    if (err.status === 404) return new DomainError("NOT_FOUND");
    if (err.status === 415) return new DomainError("UNSUPPORTED_MEDIA_TYPE");
  }
  if (err instanceof Error && err.name === "ZodError") {
    return new DomainError(
      "VALIDATION",
      {},
      fieldsFromZod(err as unknown as { issues: IssueLike[] }),
    );
  }
  // contention that escaped the store's retries (a handle opened elsewhere) is not a defect
  if (busyKind(err)) {
    console.warn("[api] store busy", err instanceof Error ? err.message : err);
    return storeBusy(err);
  }
  console.error("[api] unexpected error", err);
  return new DomainError("INTERNAL");
}

export function errorResponse(c: Ctx, err: unknown): Response {
  const e = toDomainError(err);
  instruments.refusals.add(1, { error: e.error });
  const t = c.get("t") ?? translator(DEFAULT_LOCALE);
  const data: Record<string, unknown> = { error: e.error, ...e.extra };
  if (e.fields) {
    data.fields = Object.fromEntries(
      // a bare key is a `validation.*` message; the shared rules name theirs in full (`rules.*`)
      Object.entries(e.fields).map((
        [k, v],
      ) => [k, t(v.includes(".") ? v : `validation.${v}`, e.params)]),
    );
  }
  const body: Envelope = { code: envelopeCode(e), message: t(`errors.${e.error}`, e.params), data };
  const status = httpStatus(e);
  if ((status === 429 || status === 503) && typeof e.extra.retryAfterSeconds === "number") {
    c.header("Retry-After", String(e.extra.retryAfterSeconds));
  }
  c.header("Cache-Control", "no-store");
  return c.json(body, status);
}
