/** Reply schemas of the platform routes (tenant configuration, customer service, languages). */
import { z } from "@hono/zod-openapi";
import { LOCALES } from "../locales/languages.ts";
import { parseCustomerUrl } from "./customer_link.ts";
import { FIATS, rateUnits } from "./reference_rates.ts";

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

/** Bounds of the demo starting balance (USDT, whole or cent amounts). */
export const DEMO_START_MAX = 10_000_000;
const DemoAmount = z.string({ error: "amountRequired" })
  .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: "amountInvalid" });
const InviteCode = z.string({ error: "invalid" }).regex(/^[A-Za-z0-9]{4,16}$/, {
  error: "inviteInvalid",
});

/** A link the customer-service popup can open (`parseCustomerUrl`), or "" for none. */
function customerUrlOk(s: string): boolean {
  if (s === "") return true;
  if (/[\s<>"]/.test(s)) return false;
  return parseCustomerUrl(s, { userId: "1", phone: "1" }).configured;
}

/** Jurisdictions: per product, the ISO 3166-1 alpha-2 codes of the countries it is closed to. */
export const RestrictedCountriesBody = z.partialRecord(
  z.enum(["fast", "leveraged"]),
  z.array(z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, { error: "countryInvalid" }), {
    error: "invalid",
  }).max(250, { error: "tooLong" }),
  { error: "invalid" },
);

/** PUT /api/admin/settings: the tenant settings operators edit, and the version they read. */
export const SiteSettingsBody = z.strictObject({
  version: z.number({ error: "required" }).int({ error: "invalid" }).min(0, { error: "invalid" }),
  isClose: z.enum(["Y", "N"], { error: "invalid" }),
  customerUrl: z.string({ error: "invalid" }).max(1024, { error: "tooLong" })
    .refine(customerUrlOk, { error: "customerUrl" }),
  invitePolicy: z.enum(["required", "optional", "off"], { error: "invalid" }),
  inviteCodes: z.array(InviteCode, { error: "invalid" }).max(100, { error: "tooLong" })
    .refine((a) => new Set(a.map((c) => c.toUpperCase())).size === a.length, {
      error: "inviteRepeated",
    }).optional(),
  languages: z.array(z.enum(LOCALES, { error: "invalid" }), { error: "invalid" })
    .min(1, { error: "required" })
    .refine((a) => new Set(a).size === a.length, { error: "invalid" })
    // every reader's fallback chain ends in English (content/service.ts `fallbackChain`)
    .refine((a) => a.includes("en"), { error: "languagesEnglish" }),
  demo: z.strictObject({
    startBalance: DemoAmount.refine(
      (s) => Number(s) >= 1 && Number(s) <= DEMO_START_MAX,
      { error: "demoStartBounds" },
    ),
    contractPart: DemoAmount,
  }, { error: "invalid" }).superRefine((d, ctx) => {
    if (Number(d.contractPart) > Number(d.startBalance)) {
      ctx.addIssue({ code: "custom", path: ["contractPart"], message: "contractPart" });
    }
  }),
  /** 1 USDT in each currency (empty or left out: no rate); the whole object left out: kept */
  referenceRates: z.partialRecord(
    z.enum(FIATS),
    z.string({ error: "invalid" }).trim().refine((v) => v === "" || rateUnits(v) !== null, {
      error: "rateInvalid",
    }),
    { error: "invalid" },
  ).optional(),
  /** left out: kept */
  restrictedCountries: RestrictedCountriesBody.optional(),
  /** whether the professional-client flag lifts a restriction (left out: kept) */
  professionalClients: z.boolean({ error: "invalid" }).optional(),
}).openapi("SiteSettingsRequest");

export const SiteSettingsReply = z.object({
  version: z.number().int(),
  isClose: z.enum(["Y", "N"]),
  customerUrl: z.string(),
  invitePolicy: z.enum(["required", "optional", "off"]),
  inviteCodes: z.array(z.string()),
  languages: z.array(z.enum(LOCALES)),
  demo: z.object({ startBalance: z.string(), contractPart: z.string() }),
  /** 1 USDT in each currency with a rate, and when that rate was set (ms) */
  referenceRates: z.partialRecord(z.enum(FIATS), z.object({ rate: z.string(), at: z.number() })),
  restrictedCountries: z.partialRecord(z.enum(["fast", "leveraged"]), z.array(z.string())),
  professionalClients: z.boolean(),
  updatedAt: z.number().nullable(),
  updatedBy: z.string().nullable(),
}).openapi("SiteSettings");
/** The tenant settings on the wire (GET and PUT replies): the effective ones and whose save. */
export type SiteSettingsJson = z.infer<typeof SiteSettingsReply>;
