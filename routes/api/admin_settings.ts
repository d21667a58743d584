/**
 * The tenant settings of the console (role admin): site closed, customer-service link,
 * invitation policy and agent codes, languages, demo starting balance. Stored in KV over the
 * static tenant (`edge/operators/tenant_settings.ts`), effective on every instance from the next
 * request; each save audited (`settings.update`, before/after) in the same commit and checked
 * against the version the operator read (CONFLICT when someone saved in between).
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv, Ctx } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { operatorAuth } from "../../edge/http/operator_auth.ts";
import { SiteSettingsBody, SiteSettingsReply } from "../../contract/platform.ts";
import { SITE_SETTINGS_ROLES } from "../../edge/operators/tenant_settings.ts";
import { AUTH_ERRORS, err, jsonBody, okReply } from "./openapi.ts";

const tags = ["operators"];
const actor = (c: Ctx) => ({ operator: c.var.operator.username, ip: c.var.ip });

export const settingsApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/settings",
      tags,
      summary:
        "Tenant settings (isClose, customerUrl, invitePolicy, inviteCodes, languages, demo) as in " +
        "effect, with the version a change must name (0: never saved, the tenant file's values)",
      middleware: [operatorAuth(SITE_SETTINGS_ROLES, (c) => [{
        key: c.var.deps.tenantSettings.key(c.var.tenant.id),
      }])],
      responses: {
        ...okReply(SiteSettingsReply),
        ...AUTH_ERRORS,
        403: err("not an admin operator"),
      },
    }),
    async (c) => ok(c, await c.var.deps.tenantSettings.get(c.var.tenant)),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/admin/settings",
      tags,
      summary: "Replace the tenant settings (audited; effective on every instance at once). " +
        "`version` is the one read: a newer save in between answers 409 CONFLICT with the " +
        "current version. inviteCodes left out: kept.",
      middleware: [operatorAuth(SITE_SETTINGS_ROLES)],
      request: jsonBody(SiteSettingsBody),
      responses: {
        ...okReply(SiteSettingsReply),
        ...AUTH_ERRORS,
        403: err("not an admin operator"),
        409: err("CONFLICT: the settings changed since `version` was read (data.version: now)"),
      },
    }),
    async (c) =>
      ok(
        c,
        await c.var.deps.tenantSettings.put(c.var.tenant, actor(c), c.req.valid("json")),
      ),
  );
