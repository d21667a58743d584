import { z } from "zod";
import { LOCALES } from "../../locales/languages.ts";
import { CURRENCIES, FIATS, RATE_PATTERN } from "../../contract/currencies.ts";

/** Products a tenant can switch on; pages of a disabled product say so instead of trading. */
export const PRODUCTS = ["fast", "leveraged", "spot", "exchange", "wealth", "demo"] as const;
export type Product = typeof PRODUCTS[number];

/**
 * Products a tenant may close to customers of some countries (issue 30, "Jurisdictions"): the
 * retail bans on binary-style and leveraged products in the EU and the UK.
 */
export const RESTRICTABLE = ["fast", "leveraged"] as const;
export type Restrictable = typeof RESTRICTABLE[number];

/** ISO 3166-1 alpha-2 codes of the EU member states and the UK (the demo tenant's default). */
export const EU_AND_UK = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
  "GB",
]; // deno-fmt-ignore

/** Per product, the countries (ISO 3166-1 alpha-2) whose customers may not buy it. */
export const RestrictedCountriesSchema = z.partialRecord(
  z.enum(RESTRICTABLE),
  z.array(z.string().regex(/^[A-Z]{2}$/)).max(250),
);
export type RestrictedCountries = z.infer<typeof RestrictedCountriesSchema>;

export const TenantSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/),
  name: z.string().min(1).max(64),
  logo: z.string().max(512).default("/static/logo.svg"),
  products: z.array(z.enum(PRODUCTS)).default([...PRODUCTS]),
  /** "Y" closes the site: every page but 404 shows the site-closed page. */
  isClose: z.enum(["Y", "N"]).default("N"),
  /** Customer-service link, see the spec's popup rules (`AI|https://...%1...%2`, messaging apps, iframe). */
  customerUrl: z.string().max(1024).default(""),
  /** Invitation code at registration: required, optional, or not asked. */
  invitePolicy: z.enum(["required", "optional", "off"]).default("optional"),
  /** Agent invitation codes valid in addition to every customer's own code. */
  inviteCodes: z.array(z.string().regex(/^[A-Za-z0-9]{4,16}$/)).default([]),
  /**
   * The tenant's languages: content in them is expected (a legal or risk text is published only
   * when each has a variant). Default: all 11.
   */
  languages: z.array(z.enum(LOCALES)).min(1).default([...LOCALES]),
  /** Extra host names that select this tenant (besides the first host label equal to the id). */
  hosts: z.array(z.string().max(253)).default([]),
  /**
   * Demo accounts: the starting (and reset) balance in USDT, and how much of it starts in the
   * contract wallet (the rest in the spot wallet). Whole or cent amounts.
   */
  demo: z.strictObject({
    startBalance: z.string().regex(/^\d{1,9}(\.\d{1,2})?$/).default("10000"),
    contractPart: z.string().regex(/^\d{1,9}(\.\d{1,2})?$/).default("5000"),
  }).refine((d) => Number(d.contractPart) <= Number(d.startBalance), {
    message: "contractPart must not exceed startBalance",
  }).default({ startBalance: "10000", contractPart: "5000" }),
  /**
   * Reference rates (contract/reference_rates.ts): 1 USDT in each language's currency and
   * when it was set; assets show an approximate value from them. None by default (USDT only).
   */
  /**
   * How long work may wait in each review queue (minutes): the console colours an item's age
   * against it (half of it amber, all of it red) and lists the oldest first.
   */
  queueTargets: z.strictObject({
    recharges: z.number().int().min(1).max(10_080).default(30),
    withdrawals: z.number().int().min(1).max(10_080).default(60),
    certifications: z.number().int().min(1).max(10_080).default(240),
  }).default({ recharges: 30, withdrawals: 60, certifications: 240 }),
  /**
   * Bulk pass (several records passed with one confirmation, each still decided and audited one
   * by one): per currency, the recharge amount up to which a recharge may be bulk passed, and the
   * verification levels that may be. Off by default (no currency, no level); withdrawals never.
   */
  bulkPass: z.strictObject({
    recharges: z.partialRecord(z.enum(CURRENCIES), z.string().regex(/^\d{1,12}(\.\d{1,8})?$/))
      .default({}),
    certifications: z.array(z.enum(["junior", "advanced"])).default([]),
  }).default({ recharges: {}, certifications: [] }),
  referenceRates: z.partialRecord(
    z.enum(FIATS),
    z.strictObject({ rate: z.string().regex(RATE_PATTERN), at: z.number().int() }),
  ).default({}),
  /**
   * Jurisdictions: per product, the countries it is closed to (the customer's country is the
   * verified document's, else the phone number's). None by default.
   */
  restrictedCountries: RestrictedCountriesSchema.default({}),
  /**
   * Whether a customer the operators flagged as a professional client (four-eyes) may buy a
   * product closed to their country.
   */
  professionalClients: z.boolean().default(true),
});
export type Tenant = z.infer<typeof TenantSchema>;

export const TenantsFileSchema = z.strictObject({
  defaultTenant: z.string(),
  tenants: z.array(TenantSchema).min(1),
});

/** The built-in tenant list of a fresh install. */
export const BUILTIN_TENANTS = {
  defaultTenant: "demo",
  tenants: [{
    id: "demo",
    name: "Tradewind",
    customerUrl: "",
    invitePolicy: "optional",
    // the retail bans: fast and leveraged contracts closed to the EU and the UK
    restrictedCountries: { fast: EU_AND_UK, leveraged: EU_AND_UK },
  }],
};

/** Public config values readable through GET /api/config?identify=KEY. */
export const PUBLIC_CONFIG_KEYS = [
  "isClose",
  "customerUrl",
  "name",
  "logo",
  "products",
  "invitePolicy",
] as const;
export type PublicConfigKey = typeof PUBLIC_CONFIG_KEYS[number];

export class TenantRegistry {
  readonly byId = new Map<string, Tenant>();
  readonly byHost = new Map<string, Tenant>();
  readonly defaultTenant: Tenant;

  constructor(input: unknown) {
    const parsed = TenantsFileSchema.parse(input);
    for (const t of parsed.tenants) {
      if (this.byId.has(t.id)) throw new Error(`duplicate tenant ${t.id}`);
      this.byId.set(t.id, t);
      for (const h of t.hosts) this.byHost.set(h.toLowerCase(), t);
    }
    const d = this.byId.get(parsed.defaultTenant);
    if (!d) throw new Error(`defaultTenant ${parsed.defaultTenant} is not defined`);
    this.defaultTenant = d;
  }

  static async load(file?: string): Promise<TenantRegistry> {
    if (!file) return new TenantRegistry(BUILTIN_TENANTS);
    return new TenantRegistry(JSON.parse(await Deno.readTextFile(file)));
  }

  get(id: string): Tenant | undefined {
    return this.byId.get(id);
  }

  /**
   * Resolve the tenant of a request: an explicit appKey (header or query) must name a tenant
   * (`undefined` = refuse); otherwise a configured host name or the first host label; IP
   * addresses, localhost and other hosts use the default tenant.
   */
  resolve(appKey: string | null | undefined, host: string | null | undefined): Tenant | undefined {
    if (appKey !== null && appKey !== undefined && appKey !== "") return this.byId.get(appKey);
    const hostname = (host ?? "").toLowerCase().replace(/:\d+$/, "").replace(/^\[|\]$/g, "");
    const byHost = this.byHost.get(hostname);
    if (byHost) return byHost;
    const isIp = /^\d+\.\d+\.\d+\.\d+$/.test(hostname) || hostname.includes(":");
    if (!isIp && hostname.includes(".")) {
      const label = hostname.split(".")[0]!;
      const t = this.byId.get(label);
      if (t) return t;
    }
    return this.defaultTenant;
  }
}

export function publicConfigValue(t: Tenant, key: PublicConfigKey): string | string[] {
  return t[key];
}
