/**
 * Jurisdictions and the customer's own limits at the door of every order (issue 30, sections 4
 * and 5). Whether a product is open to a customer is judged from their country — the verified
 * document's (junior verification), else the phone number's (libphonenumber-js) — against the
 * tenant's `restrictedCountries`; a professional client (operators, four-eyes) is let through
 * where the tenant allows it. A demo account trades virtual money and is judged by nothing here.
 *
 * `assertProductAllowed` is the one hook the order paths call first (fast, leveraged); it also
 * holds the order to the customer's self-exclusion, cooling-off and loss limits
 * (edge/customers/standing.ts). Its reads are the ones the session prefetch already made
 * (edge/http/middleware.ts), so it costs an order no round trip of its own.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { keys as accountKeys, type UserRecord } from "../customers/store.ts";
import {
  assertNotExcluded,
  assertWithinLossLimits,
  lossLimited,
  lossLimitHint,
  noteLossLimited,
  readStanding,
  resultsListRead,
  standingOf,
} from "../customers/standing.ts";
import { bookOfUser } from "../ledger/accounts.ts";
import { DomainError } from "../platform/errors.ts";
import { setBounded } from "../platform/bounded_map.ts";
import { RESTRICTABLE, type Restrictable, type Tenant } from "../platform/tenants.ts";

/**
 * The country of each phone number parsed lately. Every order asks up to three times (the
 * session's screens, the product gate, `assertProductAllowed`) and libphonenumber's parse was
 * the order path's heaviest function (bench/orders_load.ts profile): a number's country never
 * changes, so it is parsed once. Bounded: the oldest entry leaves when full.
 */
const phoneCountries = new Map<string, string | null>();
const PHONE_COUNTRIES = 10_000;

/** The country of a phone number (null: unknown), parsed once per number (`phoneCountries`). */
function phoneCountry(phone: string): string | null {
  const known = phoneCountries.get(phone);
  if (known !== undefined) return known;
  let country: string | null;
  try {
    country = parsePhoneNumberFromString(phone)?.country ?? null;
  } catch {
    country = null;
  }
  setBounded(phoneCountries, phone, country, PHONE_COUNTRIES);
  return country;
}

/** The customer's country: the verified document's, else the phone number's (null: unknown). */
export function customerCountry(u: Pick<UserRecord, "phone" | "docCountry">): string | null {
  if (u.docCountry) return u.docCountry;
  if (!u.phone) return null;
  return phoneCountry(u.phone);
}

/** The products of the tenant closed to this customer (none for a demo account). */
export function restrictedProducts(
  tenant: Tenant,
  u: Pick<UserRecord, "userId" | "phone" | "docCountry" | "professional">,
): Restrictable[] {
  if (bookOfUser(u.userId) === "demo") return [];
  if (u.professional && tenant.professionalClients) return [];
  const country = customerCountry(u);
  if (!country) return [];
  return RESTRICTABLE.filter((p) => tenant.restrictedCountries[p]?.includes(country));
}

/** The tenant as this customer's screens see it: the products closed to them left out. */
export function tenantFor(tenant: Tenant, u: Parameters<typeof restrictedProducts>[1]): Tenant {
  const closed: readonly string[] = restrictedProducts(tenant, u);
  return closed.length
    ? { ...tenant, products: tenant.products.filter((p) => !closed.includes(p)) }
    : tenant;
}

/**
 * Refuse an order of `product` the customer may not place: closed to their country
 * (PRODUCT_RESTRICTED), during a self-exclusion or cooling-off, or when losing `maxLoss` (the
 * stake or margin with its fee) would break a loss limit.
 */
export async function assertProductAllowed(
  kv: Deno.Kv,
  tenant: Tenant,
  userId: string,
  product: Restrictable,
  maxLoss: bigint,
  now: number,
): Promise<void> {
  if (bookOfUser(userId) === "demo") return;
  const t = tenant.id;
  const r = resultsListRead(t, userId, now);
  const readResults = () => Array.fromAsync(kv.list<bigint>(r.selector, r.options));
  // the month's results matter only under a loss limit: read with the rest unless this
  // instance saw the customer without one last time (the record read here decides)
  const early = lossLimitHint(kv, t, userId) === false ? null : readResults();
  early?.catch(() => {/* answered below when a limit needs it */});
  const [user, standing] = await Promise.all([
    // the replica's copy: the route's gate judged from the session's user already (read with
    // the session); this second look, for callers outside HTTP, costs no round trip
    kv.get<UserRecord>(accountKeys.user(t, userId), { consistency: "eventual" }),
    readStanding(kv, t, userId),
  ]);
  if (!user.value) throw new DomainError("NOT_FOUND");
  if (restrictedProducts(tenant, user.value).includes(product)) {
    throw new DomainError("PRODUCT_RESTRICTED");
  }
  const s = standingOf(standing);
  const limited = lossLimited(s, now);
  noteLossLimited(kv, t, userId, limited);
  assertNotExcluded(s, now);
  if (limited) assertWithinLossLimits(s, await (early ?? readResults()), maxLoss, now);
}
