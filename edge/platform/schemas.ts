/** Reply schemas of the platform routes (tenant configuration, customer service, languages). */
import { z } from "@hono/zod-openapi";

export const ConfigReply = z.object({
  configValue: z.union([z.string(), z.array(z.string())]),
}).openapi("ConfigValue");

/** The tenant's customer-service link, parsed by the popup rules. */
export const CustomerLinkReply = z.object({
  configured: z.boolean(),
  mode: z.enum(["widget", "ai", "redirect", "iframe", "none"]),
  url: z.string().nullable(),
  raw: z.string(),
}).openapi("CustomerLink");
export type CustomerLinkJson = z.infer<typeof CustomerLinkReply>;

export const LanguagesReply = z.object({
  current: z.string(),
  items: z.array(z.object({
    id: z.string(),
    name: z.string(),
    flag: z.string(),
    isShow: z.boolean(),
    currencySymbol: z.string(),
    timezone: z.string(),
  })),
}).openapi("Languages");
export type LanguagesJson = z.infer<typeof LanguagesReply>;

export const LocaleReply = z.object({ locale: z.string() }).openapi("Locale");
