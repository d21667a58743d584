import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { ImageId } from "../../contract/funds.ts";
import {
  AdvancedBody,
  CertifyStatus,
  JuniorBody,
  UploadForm,
  UploadReply,
} from "../../contract/identity.ts";
import type { AppEnv, Ctx } from "../../edge/http/context.ts";
import { errorResponse, ok } from "../../edge/http/envelope.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { reading, sessionOf, signedInLive } from "../../edge/http/middleware.ts";
import { AUTH_ERRORS, formFile, jsonBody, okReply } from "./openapi.ts";

const tags = ["identity"];

export const identityApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "post",
      path: "/upload",
      tags,
      summary:
        "Upload an image (multipart field `file`): JPEG/PNG/WebP by content, <= 5 MiB, metadata removed",
      // before the validator: an anonymous upload is refused before its body is read
      middleware: signedInLive,
      request: {
        body: { content: { "multipart/form-data": { schema: UploadForm } }, required: true },
      },
      responses: { ...okReply(UploadReply), ...AUTH_ERRORS },
    }),
    async (c) => {
      const file = formFile(c.req.valid("form"));
      const { identity } = c.get("deps");
      return ok(c, {
        imageId: await identity.upload(c.get("tenant").id, c.var.session.userId, file),
      });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/certify",
      tags,
      summary: "The customer's verification state (junior and advanced)",
      middleware: [
        reading((c, uid) => [c.var.deps.identity.statusRead(c.var.tenant.id, uid)]),
        ...signedInLive,
      ] as const,
      responses: { ...okReply(CertifyStatus), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = c.var.session;
      return ok(
        c,
        await c.get("deps").identity.statusJson(c.get("tenant").id, s.userId, s.user.certifyLevel),
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/certify/junior",
      tags,
      summary: "Submit junior verification (name, document type and number) for review",
      middleware: signedInLive,
      request: jsonBody(JuniorBody),
      responses: { ...okReply(CertifyStatus), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = c.var.session;
      const t = c.get("tenant").id;
      const { identity } = c.get("deps");
      await identity.submitJunior(t, s.userId, c.req.valid("json"));
      return ok(c, await identity.statusJson(t, s.userId, s.user.certifyLevel));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/certify/advanced",
      tags,
      summary: "Submit advanced verification (front, back and handheld photos); junior first",
      middleware: signedInLive,
      request: jsonBody(AdvancedBody),
      responses: { ...okReply(CertifyStatus), ...AUTH_ERRORS },
    }),
    async (c) => {
      const s = c.var.session;
      const t = c.get("tenant").id;
      const { identity } = c.get("deps");
      await identity.submitAdvanced(t, s.userId, c.req.valid("json"));
      return ok(c, await identity.statusJson(t, s.userId, s.user.certifyLevel));
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
    // an operator's session and a customer's (with the image's records) read together: one
    // round trip whichever the token is
    const [op, s] = await Promise.all([
      header ? operators.session(t, header) : null,
      sessionOf(c, images.reads(t, parsed.data)),
    ]);
    // public images: anyone; evidence: its owner, or operators of its role (uploads service)
    const viewer = op ? { roles: op.roles } : s ? { userId: s.userId } : null;
    const img = await images.readAs(t, parsed.data, viewer);
    if (!img) throw new DomainError(viewer ? "NOT_FOUND" : "UNAUTHORIZED");
    return imageResponse(img);
  } catch (e) {
    return errorResponse(c, e);
  }
}

/** Stored image bytes as served: never sniffed, sandboxed, not cached, not embeddable elsewhere. */
export function imageResponse(img: { meta: { mime: string }; bytes: Uint8Array }): Response {
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
}
