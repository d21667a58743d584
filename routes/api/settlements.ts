import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { AppEnv, Ctx } from "../../edge/http/context.ts";
import { guarded } from "../../edge/platform/guards.ts";
import { ok } from "../../edge/http/envelope.ts";
import { reading, requireSession, sessionOf, signedIn } from "../../edge/http/middleware.ts";
import {
  Settlement,
  SettlementParam,
  SettlementQuery,
  ShareReply,
} from "../../contract/settlements.ts";
import { AUTH_ERRORS, err, okReply } from "./openapi.ts";

const tags = ["verify"];

/** Without a share token the reader must be signed in (anonymous: -99 before the input). */
const sessionOrShare = guarded(
  createMiddleware<AppEnv>(async (c, next) => {
    if (!new URL(c.req.url).searchParams.has("share")) await requireSession(c as Ctx);
    await next();
  }),
  { kind: "customerOrShare" },
);

/** The page a share link opens (the visitor's device picks the layout). */
function shareUrl(c: Ctx, orderNo: string, token: string) {
  const u = new URL(c.req.url);
  const proto = c.var.secure ? "https:" : u.protocol;
  return `${proto}//${u.host}/verify/${orderNo}?share=${token}`;
}

/** Per-order proof: a settled contract's or closed position's record, and its share link. */
export const settlementsApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/settlements/{orderNo}",
      tags,
      summary:
        "A settled fast contract or closed position: the terms agreed, the outcome and the tape ticks used (sequence numbers in the symbol's hash chain); its owner, or anyone with its share link (`share`)",
      middleware: [
        // the order and the share link read with the session
        reading((c) =>
          c.var.deps.verify.reads(
            c.var.tenant.id,
            c.req.param("orderNo") ?? "",
            c.req.query("share"),
          )
        ),
        sessionOrShare,
      ] as const,
      request: { params: SettlementParam, query: SettlementQuery },
      responses: {
        ...okReply(Settlement),
        ...AUTH_ERRORS,
        404: err("no settled order of the caller's (or of the share link) by that number"),
      },
    }),
    async (c) => {
      const share = c.req.valid("query").share ?? null;
      const s = await sessionOf(c as unknown as Ctx);
      return ok(
        c,
        await c.var.deps.verify.settlement(c.var.tenant.id, c.req.valid("param").orderNo, {
          userId: s?.userId ?? null,
          share,
        }),
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/settlements/{orderNo}/share",
      tags,
      summary:
        "The order's share link: anyone opening it sees the settlement and can verify it (the same link every time; owner only)",
      middleware: signedIn,
      request: { params: SettlementParam },
      responses: {
        ...okReply(ShareReply),
        ...AUTH_ERRORS,
        404: err("no settled order of the caller's by that number"),
      },
    }),
    async (c) => {
      const { orderNo } = c.req.valid("param");
      const token = await c.var.deps.verify.share(c.var.tenant.id, c.var.session.userId, orderNo);
      return ok(c, { orderNo, token, url: shareUrl(c as unknown as Ctx, orderNo, token) });
    },
  );
