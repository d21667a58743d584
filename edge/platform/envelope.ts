import type { ZodError } from "zod";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ApiError, type Envelope, envelopeCode } from "./errors.ts";
import type { Ctx } from "./context.ts";
import { translator } from "./locale.ts";
import { DEFAULT_LOCALE } from "../../locales/languages.ts";

export function ok<T>(c: Ctx, data: T) {
  return c.json({ code: 0 as const, message: "ok", data }, 200);
}

/** Turn zod issues into per-field message keys (`validation.*`). */
export function fieldsFromZod(err: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const k of issue.keys) fields[k] ??= "unknownField";
      continue;
    }
    const field = issue.path.length ? issue.path.map(String).join(".") : "body";
    const key = /^[a-zA-Z]+$/.test(issue.message) ? issue.message : "invalid";
    fields[field] ??= key;
  }
  return fields;
}

/** Convert anything thrown into an ApiError; unknown errors are logged, never leaked. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof HTTPException) {
    if (err.status === 413) return new ApiError(413, "PAYLOAD_TOO_LARGE");
    if (err.status === 400) {
      return new ApiError(400, /json/i.test(err.message) ? "MALFORMED_JSON" : "VALIDATION");
    }
    if (err.status === 401) return new ApiError(401, "UNAUTHORIZED");
    if (err.status === 403) return new ApiError(403, "FORBIDDEN");
    if (err.status === 404) return new ApiError(404, "NOT_FOUND");
    if (err.status === 415) return new ApiError(415, "UNSUPPORTED_MEDIA_TYPE");
  }
  if (err instanceof Error && err.name === "ZodError") {
    return new ApiError(400, "VALIDATION", {}, fieldsFromZod(err as unknown as ZodError));
  }
  console.error("[api] unexpected error", err);
  return new ApiError(500, "INTERNAL");
}

export function errorResponse(c: Ctx, err: unknown): Response {
  const e = toApiError(err);
  const t = c.get("t") ?? translator(DEFAULT_LOCALE);
  const data: Record<string, unknown> = { error: e.error, ...e.extra };
  if (e.fields) {
    data.fields = Object.fromEntries(
      Object.entries(e.fields).map(([k, v]) => [k, t(`validation.${v}`)]),
    );
  }
  const body: Envelope = { code: envelopeCode(e), message: t(`errors.${e.error}`, e.params), data };
  if (e.status === 429 && typeof e.extra.retryAfterSeconds === "number") {
    c.header("Retry-After", String(e.extra.retryAfterSeconds));
  }
  c.header("Cache-Control", "no-store");
  return c.json(body, e.status as ContentfulStatusCode);
}
