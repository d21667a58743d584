import { z } from "@hono/zod-openapi";
import { DomainError } from "../../edge/platform/errors.ts";

/** Helpers to describe enveloped replies in the OpenAPI document. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(0), message: z.string(), data });
}

export const ErrorEnvelope = z.object({
  code: z.number().int().openapi({ description: "HTTP status, or -99 for an invalid session" }),
  message: z.string().openapi({ description: "localized by Accept-Language" }),
  data: z.object({
    error: z.string().openapi({ example: "VALIDATION" }),
    fields: z.record(z.string(), z.string()).optional(),
  }),
}).openapi("ErrorEnvelope");

export const err = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorEnvelope } },
});

/** The error envelope as a plain schema reference (the shared replies are not zod). */
const envelopeRef = (example: Record<string, unknown>) => ({
  "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" }, example },
});
const retryAfter = {
  "Retry-After": {
    description: "seconds to wait before trying again",
    schema: { type: "integer" as const, minimum: 0 },
  },
};

/** The error replies many operations share (`components.responses`; routes/api/doc.ts). */
export const SHARED_RESPONSES = {
  BadRequest: {
    description: "validation failed (`data.fields`: a localized message per field), malformed " +
      "JSON, an unknown appKey, or a domain rule refused the request (`data.error` says which)",
    content: envelopeRef({
      code: 400,
      message: "Please check the highlighted fields",
      data: { error: "VALIDATION", fields: { amount: "Enter an amount" } },
    }),
  },
  Unauthorized: {
    description: "missing, invalid or expired session: envelope code -99 (sign in again)",
    content: envelopeRef({
      code: -99,
      message: "Please sign in",
      data: { error: "UNAUTHORIZED" },
    }),
  },
  Forbidden: {
    description: "the session may not do this (operator role, product switched off, demo account)",
    content: envelopeRef({ code: 403, message: "Not allowed", data: { error: "FORBIDDEN" } }),
  },
  Conflict: {
    description: "the record changed state first (already decided, cancelled, filled, ...), or " +
      "an Idempotency-Key reused with another request (IDEMPOTENCY_CONFLICT)",
    content: envelopeRef({
      code: 409,
      message: "This key was used for another request",
      data: { error: "IDEMPOTENCY_CONFLICT" },
    }),
  },
  PayloadTooLarge: {
    description: "body over the size limit (also when chunked)",
    content: envelopeRef({
      code: 413,
      message: "Too large",
      data: { error: "PAYLOAD_TOO_LARGE" },
    }),
  },
  TooManyRequests: {
    description: "throttled (RATE_LIMITED, LOCKED): `Retry-After` says when a slot frees up",
    headers: retryAfter,
    content: envelopeRef({
      code: 429,
      message: "Too many attempts, try again in 15 minutes",
      data: { error: "LOCKED" },
    }),
  },
  ServiceUnavailable: {
    description: "busy (STORE_BUSY: retry after `Retry-After` seconds), the market stale, the " +
      "site or a channel closed",
    headers: retryAfter,
    content: envelopeRef({
      code: 503,
      message: "Busy, please try again",
      data: { error: "STORE_BUSY" },
    }),
  },
} as const;

export const shared = (name: keyof typeof SHARED_RESPONSES) => ({
  $ref: `#/components/responses/${name}`,
});

export const ERRORS = {
  400: shared("BadRequest"),
  413: shared("PayloadTooLarge"),
  429: shared("TooManyRequests"),
  503: shared("ServiceUnavailable"),
} as const;
export const AUTH_ERRORS = {
  ...ERRORS,
  401: shared("Unauthorized"),
};

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { content: { "application/json": { schema } }, required: true } };
}

export function okReply<T extends z.ZodType>(data: T, description = "success") {
  return { 200: { description, content: { "application/json": { schema: envelopeOf(data) } } } };
}

const ImageBytes = z.string().openapi({ format: "binary", description: "the image bytes" });

/** A reply of image bytes (not enveloped): the three stored types. */
export function imageReply(description: string) {
  return {
    200: {
      description,
      content: Object.fromEntries(
        ["image/jpeg", "image/png", "image/webp"].map((mime) => [mime, { schema: ImageBytes }]),
      ),
    },
  };
}

/** The `file` of a validated multipart upload form (VALIDATION `imageMissing` without one). */
export function formFile(form: unknown): File {
  const file = (form as { file?: unknown }).file;
  if (!(file instanceof File)) throw new DomainError("VALIDATION", {}, { file: "imageMissing" });
  return file;
}
