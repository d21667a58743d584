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

export const ERRORS = {
  400: err("validation failed, malformed JSON or unknown appKey"),
  413: err("body too large"),
  429: err("throttled"),
  503: err("the service is busy (STORE_BUSY, with Retry-After) or a channel is closed"),
} as const;
export const AUTH_ERRORS = {
  ...ERRORS,
  401: err("missing, invalid or expired session (code -99)"),
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
