import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { setCookie } from "hono/cookie";
import { LANGUAGES, LOCALES } from "../../locales/languages.ts";
import { parseCustomerUrl } from "../../contract/customer_link.ts";
import { type AppEnv, LOCALE_COOKIE } from "../../edge/http/context.ts";
import { ok } from "../../edge/http/envelope.ts";
import { sessionOf } from "../../edge/http/middleware.ts";
import {
  ConfigReply,
  CustomerLinkReply,
  LanguagesReply,
  LocaleReply,
} from "../../contract/platform.ts";
import { PUBLIC_CONFIG_KEYS, publicConfigValue } from "../../edge/platform/tenants.ts";
import { ERRORS, jsonBody, okReply } from "./openapi.ts";

const tags = ["platform"];

export const platformApi = new OpenAPIHono<AppEnv>()
  .openapi(
    createRoute({
      method: "get",
      path: "/config",
      tags,
      summary: "A public tenant configuration value (isClose, customerUrl, ...)",
      request: {
        query: z.object({
          identify: z.enum(PUBLIC_CONFIG_KEYS, { error: "invalid" }),
          appKey: z.string().optional(),
        }),
      },
      responses: {
        ...okReply(ConfigReply),
        ...ERRORS,
      },
    }),
    (c) => {
      const { identify } = c.req.valid("query");
      return ok(c, { configValue: publicConfigValue(c.get("tenant"), identify) });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/customer",
      tags,
      summary: "Customer-service link of the tenant, parsed per the spec's popup rules",
      responses: {
        ...okReply(CustomerLinkReply),
        ...ERRORS,
      },
    }),
    async (c) => {
      const s = await sessionOf(c);
      const link = parseCustomerUrl(
        c.get("tenant").customerUrl,
        s ? { userId: s.userId, phone: s.user.phone } : null,
      );
      return ok(c, { ...link, raw: c.get("tenant").customerUrl });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/languages",
      tags,
      summary: "Interface languages with currency symbol and time zone",
      responses: {
        ...okReply(LanguagesReply),
        ...ERRORS,
      },
    }),
    (c) => ok(c, { current: c.get("locale"), items: [...LANGUAGES] }),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/locale",
      tags,
      summary: "Store the language preference (cookie `wplocale`, and the account when signed in)",
      request: jsonBody(z.strictObject({ locale: z.enum(LOCALES, { error: "invalid" }) })),
      responses: { ...okReply(LocaleReply), ...ERRORS },
    }),
    async (c) => {
      const { locale } = c.req.valid("json");
      setCookie(c, LOCALE_COOKIE, locale, {
        path: "/",
        sameSite: "Lax",
        secure: c.get("secure"),
        maxAge: 365 * 24 * 3600,
      });
      const s = await sessionOf(c);
      if (s) await c.get("deps").accounts.setLocale(c.get("tenant").id, s, locale);
      return ok(c, { locale });
    },
  );
