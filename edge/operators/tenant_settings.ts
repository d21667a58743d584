/**
 * Tenant settings operators edit in the console (issue 17, "Tenant settings"): site closed, the
 * customer-service link, the invitation policy and agent codes, the tenant's languages, the
 * demo starting balance, the reference rates of the assets' approximate value (issue 28), and
 * the jurisdictions (issue 30: per product, the countries it is closed to; whether the
 * professional-client flag lifts that). The static tenant (TENANTS_FILE or the built-in list) gives the
 * defaults; a record in KV, once an operator has saved, wins for these fields.
 *
 * Many instances: the record lives in KV only. Each instance keeps a copy of every tenant's
 * record, loaded before it serves (`start`) and kept fresh through `watchKeys` (kv.watch, which
 * is immediate on Deno Deploy and a remote denokv, plus a poll of these few keys every
 * KV_POLL_MS, default 100 ms, for a local file shared by several processes); the instance that
 * saves refreshes its copy at once. So a save holds on every instance within the poll interval.
 * Chosen over a KV read per request (the simplest way, with no window at all) by measurement on
 * this 2-core box: a point `kv.get` costs ~80 us (in memory or on a file), and the cheapest
 * request through the middleware stack (GET /api/config, in memory) takes ~300 us with that
 * read against ~80 us with the copy; on a remote KV the read would add a network round trip to
 * every request, anonymous pages included. The copy costs one small `getMany` per poll per
 * instance instead. Before `start` (tools, benches) every call reads KV, so nothing ever serves
 * a default that a save has replaced.
 *
 * Writes go through `audited` (action `settings.update`, the whole settings before and after,
 * in the same commit) and carry the `version` the operator read: a save made on an older
 * version is refused with CONFLICT instead of silently overwriting someone else's change.
 */
import { type Actor, audited } from "../audit/audit.ts";
import type { Json, OperatorRole } from "./store.ts";
import { DomainError } from "../platform/errors.ts";
import { type KeyWatch, watchKeys } from "../platform/kvwatch.ts";
import type { Tenant, TenantRegistry } from "../platform/tenants.ts";
import { type Fiat, mergeRates } from "../../contract/reference_rates.ts";
import type { SiteSettingsJson } from "../../contract/platform.ts";

/** Who changes the tenant settings (the API and the console's Site pane). */
export const SITE_SETTINGS_ROLES: readonly OperatorRole[] = ["admin"];

/** The tenant fields the console edits (the rest of a tenant comes from its file only). */
export const SITE_SETTING_FIELDS = [
  "isClose",
  "customerUrl",
  "invitePolicy",
  "inviteCodes",
  "languages",
  "demo",
  "referenceRates",
  "restrictedCountries",
  "professionalClients",
] as const;

export type SiteSettings = Pick<Tenant, typeof SITE_SETTING_FIELDS[number]>;

/** The stored record: every editable field (a complete overlay) and its bookkeeping. */
interface SiteSettingsRecord {
  settings: SiteSettings;
  /** 1 after the first save, +1 per save (0 on the wire: never saved, the defaults) */
  version: number;
  updatedAt: number;
  updatedBy: string;
}

/**
 * A PUT: every editable field (agent codes and reference rates optional: kept when left out) and
 * the version read. Rates are sent as fiat per USDT; the server stamps each changed one.
 */
export type SiteSettingsInput =
  & Omit<
    SiteSettings,
    "inviteCodes" | "referenceRates" | "restrictedCountries" | "professionalClients"
  >
  & {
    inviteCodes?: string[];
    restrictedCountries?: SiteSettings["restrictedCountries"];
    professionalClients?: boolean;
    referenceRates?: Partial<Record<Fiat, string>>;
    version: number;
  };

export const siteSettingsKeys = {
  site: (t: string) => [t, "platform", "siteSettings"] as Deno.KvKey,
};

function pick(t: SiteSettings): SiteSettings {
  return {
    isClose: t.isClose,
    customerUrl: t.customerUrl,
    invitePolicy: t.invitePolicy,
    inviteCodes: [...t.inviteCodes],
    languages: [...t.languages],
    demo: { startBalance: t.demo.startBalance, contractPart: t.demo.contractPart },
    referenceRates: { ...(t.referenceRates ?? {}) },
    restrictedCountries: Object.fromEntries(
      Object.entries(t.restrictedCountries ?? {}).map(([p, cs]) => [p, [...new Set(cs)].sort()]),
    ),
    professionalClients: t.professionalClients ?? true,
  };
}

/** The tenant as requests see it: the static tenant with the stored settings over it. */
export function withSettings(base: Tenant, rec: SiteSettingsRecord | null): Tenant {
  // a record saved before a field existed keeps the file's value of that field
  return rec ? { ...base, ...pick({ ...pick(base), ...rec.settings }) } : base;
}

function json(base: Tenant, rec: SiteSettingsRecord | null): SiteSettingsJson {
  return {
    ...pick(rec ? { ...pick(base), ...rec.settings } : base),
    version: rec?.version ?? 0,
    updatedAt: rec?.updatedAt ?? null,
    updatedBy: rec?.updatedBy ?? null,
  };
}

interface Copy {
  rec: SiteSettingsRecord | null;
  versionstamp: string;
}

export class TenantSettings {
  /** tenant id -> its stored record as last read (null: not started, read KV every time) */
  private copies: Map<string, Copy> | null = null;
  private watch: KeyWatch | null = null;

  constructor(
    private kv: Deno.Kv,
    private tenants: TenantRegistry,
    private now: () => number = Date.now,
  ) {}

  /** Load every tenant's record, then follow changes (every instance, before it serves). */
  async start(opts: { pollMs?: number } = {}) {
    const ids = [...this.tenants.byId.keys()];
    const keys = ids.map(siteSettingsKeys.site);
    const copies = new Map<string, Copy>();
    await this.refresh(ids, copies);
    this.copies = copies;
    this.watch = watchKeys(
      this.kv,
      keys,
      (changed) => this.refresh(changed.map((i) => ids[i]!), copies),
      { pollMs: opts.pollMs },
    );
  }

  stop() {
    this.watch?.stop();
    this.watch = null;
    this.copies = null;
  }

  /** Read these tenants' records into `into`, a newer versionstamp replacing an older one. */
  private async refresh(ids: string[], into: Map<string, Copy>) {
    for (let i = 0; i < ids.length; i += 10) {
      const batch = ids.slice(i, i + 10);
      const got = await this.kv.getMany<SiteSettingsRecord[]>(batch.map(siteSettingsKeys.site));
      batch.forEach((id, j) => {
        const e = got[j]!;
        const vs = e.versionstamp ?? "";
        if ((into.get(id)?.versionstamp ?? "") <= vs) {
          into.set(id, { rec: e.value, versionstamp: vs });
        }
      });
    }
  }

  private async record(t: string): Promise<SiteSettingsRecord | null> {
    const copy = this.copies?.get(t);
    if (copy) return copy.rec;
    return (await this.kv.get<SiteSettingsRecord>(siteSettingsKeys.site(t))).value;
  }

  /**
   * The effective tenant: the tenant middleware, once per request. Built once per copy of the
   * record (`effectiveOf`; a change replaces the copy, never edits it): merging the settings
   * anew on every request was a visible share of an order's CPU (bench/orders_load.ts profile).
   */
  async effective(base: Tenant): Promise<Tenant> {
    const copy = this.copies?.get(base.id);
    if (!copy) return withSettings(base, await this.record(base.id));
    const built = this.effectiveOf.get(copy);
    if (built?.base === base) return built.tenant;
    const tenant = withSettings(base, copy.rec);
    this.effectiveOf.set(copy, { base, tenant });
    return tenant;
  }

  /** the effective tenant of each copy (`effective`), for the static tenant it was built on */
  private effectiveOf = new WeakMap<Copy, { base: Tenant; tenant: Tenant }>();

  /** The effective tenant by id, for work outside a request (jobs, tools); undefined if none. */
  async tenant(id: string): Promise<Tenant | undefined> {
    const base = this.tenants.get(id);
    return base ? await this.effective(base) : undefined;
  }

  /** The record `get` reads (with the operator's session: edge/http/operator_auth.ts). */
  key(t: string): Deno.KvKey {
    return siteSettingsKeys.site(t);
  }

  /** GET /api/admin/settings: read from KV itself (an operator sees the latest save). */
  async get(base: Tenant): Promise<SiteSettingsJson> {
    return json(
      base,
      (await this.kv.get<SiteSettingsRecord>(siteSettingsKeys.site(base.id))).value,
    );
  }

  /**
   * PUT /api/admin/settings: replace the editable settings if `input.version` is still the
   * current one (else CONFLICT, with the current version), audited in the same commit; this
   * instance's copy is refreshed before the reply (the others follow within the poll interval).
   */
  async put(base: Tenant, by: Actor, input: SiteSettingsInput): Promise<SiteSettingsJson> {
    const at = this.now();
    const t = base.id;
    const saved = await audited<SiteSettingsRecord, SiteSettingsJson>(
      this.kv,
      t,
      by,
      at,
      siteSettingsKeys.site(t),
      (cur) => {
        const version = cur?.version ?? 0;
        if (input.version !== version) {
          throw new DomainError("CONFLICT", {}, undefined, { version });
        }
        const before = pick(cur ? { ...pick(base), ...cur.settings } : base);
        const { version: _v, referenceRates: sentRates, ...fields } = input;
        const referenceRates = sentRates
          ? mergeRates(before.referenceRates, sentRates, at)
          : before.referenceRates;
        const settings = pick({
          ...fields,
          inviteCodes: fields.inviteCodes ?? before.inviteCodes,
          restrictedCountries: fields.restrictedCountries ?? before.restrictedCountries,
          professionalClients: fields.professionalClients ?? before.professionalClients,
          referenceRates,
        });
        const rec: SiteSettingsRecord = {
          settings,
          version: version + 1,
          updatedAt: at,
          updatedBy: by.operator,
        };
        return {
          value: rec,
          action: "settings.update",
          target: `tenant:${t}`,
          before: before as unknown as Json,
          after: settings as unknown as Json,
          result: json(base, rec),
        };
      },
    );
    if (this.copies) await this.refresh([t], this.copies);
    return saved;
  }
}
