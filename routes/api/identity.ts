import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { DOC_TYPES, identityStatus } from "../../edge/identity/certify.ts";
import { ImageId } from "../../edge/funds/schemas.ts";
import { MAX_UPLOAD_BYTES, sanitizeImage, UploadRejected } from "../../edge/uploads/sanitize.ts";
import type { AppEnv, Ctx } from "../../edge/platform/context.ts";
import { errorResponse, ok } from "../../edge/platform/envelope.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { requireSession, sessionOf } from "../../edge/platform/middleware.ts";
import { take } from "../../edge/platform/ratelimit.ts";
import { AUTH_ERRORS, jsonBody, okReply } from "./openapi.ts";

const tags = ["identity"];

const JuniorBody = z.strictObject({
  name: z.string({ error: "nameRequired" }).trim().min(1, { error: "nameRequired" })
    .max(64, { error: "tooLong" })
    .refine((s) => /^[\p{L}\p{M} .'-]+$/u.test(s), { error: "nameInvalid" }),
  docType: z.enum(DOC_TYPES, { error: "docTypeRequired" }),
  docNumber: z.string({ error: "docNumberRequired" }).trim().min(1, { error: "docNumberRequired" })
    .max(32, { error: "tooLong" })
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,31}$/, { error: "docNumberInvalid" }),
}).openapi("JuniorCertifyRequest");

const AdvancedBody = z.strictObject({
  frontImageId: ImageId,
  backImageId: ImageId,
  handheldImageId: ImageId,
}).openapi("AdvancedCertifyRequest");

const LevelJson = z.object({
  status: z.enum(["authenticating", "authenticated", "rejected"]),
  reason: z.string().nullable(),
  updatedAt: z.number().int(),
}).nullable();

const StatusJson = z.object({
  certifyLevel: z.enum(["none", "junior", "advanced"]),
  junior: LevelJson,
  advanced: LevelJson,
  verifiedName: z.string().nullable(),
});

/** Uploads per customer: 30 an hour (three documents and a few vouchers, with retries). */
const UPLOAD_LIMIT = { max: 30, windowMs: 3600_000 };

const UPLOAD_ERRORS: Record<UploadRejected["reason"], DomainError> = {
  SIZE: new DomainError("IMAGE_TOO_LARGE", { mb: MAX_UPLOAD_BYTES / 1024 / 1024 }),
  TYPE: new DomainError("IMAGE_TYPE"),
  MALFORMED: new DomainError("IMAGE_INVALID"),
  POLYGLOT: new DomainError("IMAGE_INVALID"),
};

async function statusOf(c: Ctx, userId: string, certifyLevel: "none" | "junior" | "advanced") {
  const st = await identityStatus(c.get("deps").kv, c.get("tenant").id, userId);
  const level = (l: typeof st.junior) =>
    l ? { status: l.status, reason: l.reason, updatedAt: l.updatedAt } : null;
  return {
    certifyLevel,
    junior: level(st.junior),
    advanced: level(st.advanced),
    verifiedName: st.verifiedName,
  };
}

const base = new OpenAPIHono<AppEnv>();
// a multipart body is parsed by the validator: refuse anonymous uploads before reading it
base.use("/upload", async (c, next) => {
  await requireSession(c);
  await next();
});

export const identityApi = base
  .openapi(
    createRoute({
      method: "post",
      path: "/upload",
      tags,
      summary:
        "Upload an image (multipart field `file`): JPEG/PNG/WebP by content, <= 5 MiB, metadata removed",
      request: {
        body: {
          content: {
            "multipart/form-data": {
              schema: z.object({ file: z.any().openapi({ type: "string", format: "binary" }) }),
            },
          },
          required: true,
        },
      },
      responses: { ...okReply(z.object({ imageId: z.string() })), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = await requireSession(c);
      const t = c.get("tenant").id;
      const { kv, images, now } = c.get("deps");
      const form = c.req.valid("form") as { file?: unknown };
      const file = form.file;
      if (!(file instanceof File)) {
        throw new DomainError("VALIDATION", {}, { file: "imageMissing" });
      }
      if (file.size > MAX_UPLOAD_BYTES) throw UPLOAD_ERRORS.SIZE;
      const r = await take(kv, [t, "identity", "uploadRate", s.userId], UPLOAD_LIMIT, now());
      if (!r.allowed) {
        const seconds = Math.max(1, Math.ceil(r.retryAfterMs / 1000));
        throw new DomainError("RATE_LIMITED", { seconds }, undefined, {
          retryAfterSeconds: seconds,
        });
      }
      let clean;
      try {
        clean = sanitizeImage(new Uint8Array(await file.arrayBuffer()));
      } catch (e) {
        if (e instanceof UploadRejected) throw UPLOAD_ERRORS[e.reason];
        throw e;
      }
      const imageId = await images.save(t, `u:${s.userId}`, clean);
      return ok(c, { imageId });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/certify",
      tags,
      summary: "The customer's verification state (junior and advanced)",
      responses: { ...okReply(StatusJson), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = await requireSession(c);
      return ok(c, await statusOf(c, s.userId, s.user.certifyLevel));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/certify/junior",
      tags,
      summary: "Submit junior verification (name, document type and number) for review",
      request: jsonBody(JuniorBody),
      responses: { ...okReply(StatusJson), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = await requireSession(c);
      await c.get("deps").identity.submitJunior(c.get("tenant").id, s.userId, c.req.valid("json"));
      return ok(c, await statusOf(c, s.userId, s.user.certifyLevel));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/certify/advanced",
      tags,
      summary: "Submit advanced verification (front, back and handheld photos); junior first",
      request: jsonBody(AdvancedBody),
      responses: { ...okReply(StatusJson), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = await requireSession(c);
      await c.get("deps").identity.submitAdvanced(
        c.get("tenant").id,
        s.userId,
        c.req.valid("json"),
      );
      return ok(c, await statusOf(c, s.userId, s.user.certifyLevel));
    },
  );

/**
 * `GET /api/image/{id}`: the bytes, only to the owner (customer session) or an operator whose
 * role reviews what the image was attached to (operator token in `Authorization`). Anyone else gets 404, so ids
 * cannot be probed. Served with nosniff, a locked-down CSP and no caching.
 */
export async function serveImage(c: Ctx) {
  try {
    const parsed = ImageId.safeParse(c.req.param("id"));
    if (!parsed.success) throw new DomainError("NOT_FOUND");
    const t = c.get("tenant").id;
    const { images, operators } = c.get("deps");
    const header = c.req.header("authorization")?.replace(/^Bearer\s+/i, "").trim();
    const op = header ? await operators.session(t, header) : null;
    const s = op ? null : await sessionOf(c);
    // public images: anyone; evidence: its owner, or operators of its role (uploads service)
    const viewer = op ? { roles: op.roles } : s ? { userId: s.userId } : null;
    if (!await images.mayRead(t, parsed.data, viewer)) {
      throw new DomainError(viewer ? "NOT_FOUND" : "UNAUTHORIZED");
    }
    const img = await images.read(t, parsed.data);
    if (!img) throw new DomainError("NOT_FOUND");
    return new Response(img.bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        "Content-Type": img.meta.mime,
        "Content-Length": String(img.bytes.byteLength),
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Content-Disposition": "inline",
        "Cache-Control": "private, no-store",
        "Cross-Origin-Resource-Policy": "same-origin",
      },
    });
  } catch (e) {
    return errorResponse(c, e);
  }
}
