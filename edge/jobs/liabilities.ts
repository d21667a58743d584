/**
 * Proof of liabilities: hourly at minute 0, one instance at a time, each tenant's epoch of the
 * UTC day is built and published once (00:00 UTC is its time; a run that finds the day's epoch
 * published changes nothing, and a run after a missed 00:00 catches the day up). Operators'
 * requests take the same lease (edge/liabilities/service.ts).
 */
import type { Liabilities } from "../liabilities/service.ts";
import type { TenantRegistry } from "../platform/tenants.ts";
import type { Job } from "./scheduler.ts";

export const liabilitiesJob = (liabilities: Liabilities, tenants: TenantRegistry): Job => ({
  // the lease is `job:liabilities` (LIABILITIES_LEASE)
  name: "liabilities",
  run: async () => {
    for (const t of tenants.byId.keys()) await liabilities.runDue(t);
  },
  hourlyAt: 0,
  leased: {},
});
