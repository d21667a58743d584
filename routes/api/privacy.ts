import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { AccountExport, ExportQuery } from "../../contract/privacy.ts";
import type { AppEnv } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { reading, signedInLive } from "../../edge/http/middleware.ts";
import { localizedMessage } from "./messages.ts";
import { AUTH_ERRORS, okReply } from "./openapi.ts";

const tags = ["account"];

/** Data requests: the customer downloads their data (edge/privacy/export.ts). */
export const privacyApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/account/export",
      tags,
      summary:
        "The customer's data as one JSON document (a download): profile, verification, masked payment methods, orders, positions, fund flow, recharges, withdrawals, messages, sign-ins; document images only with ?images=1",
      middleware: [
        reading((c, uid) => c.var.deps.dataExport.reads(c.var.tenant.id, uid)),
        ...signedInLive,
      ] as const,
      request: { query: ExportQuery },
      responses: { ...okReply(AccountExport), ...AUTH_ERRORS },
    }),
    async (c) => {
      const t = c.get("tenant").id;
      const data = await c.get("deps").dataExport.of(t, c.var.session, {
        images: c.req.valid("query").images === "1",
      });
      const day = new Date(data.exportedAt).toISOString().slice(0, 10);
      c.header("Content-Disposition", `attachment; filename="tradewind-data-${day}.json"`);
      return ok(c, { ...data, messages: data.messages.map((m) => localizedMessage(c, m)) });
    },
  );
