/**
 * Proof of liabilities: hourly at minute 0, one instance at a time, each tenant's epoch of the
 * UTC day is built and published once (00:00 UTC is its time; a run that finds the day's epoch
 * published changes nothing, and a run after a missed 00:00 catches the day up; a latest epoch of
 * an older leaf format is replaced at once, see `Liabilities.runDue`). Every build,
 * operators' requests included, runs under one lease (`LIABILITIES_LEASE`,
 * edge/liabilities/service.ts), so two instances never build at once.
 */
import type { Liabilities } from "../liabilities/service.ts";
import type { TenantRegistry } from "../platform/tenants.ts";
import type { Job } from "./scheduler.ts";

export const liabilitiesJob = (liabilities: Liabilities, tenants: TenantRegistry): Job => ({
  name: "liabilities",
  run: async () => {
    for (const t of tenants.byId.keys()) await liabilities.runDue(t);
  },
  hourlyAt: 0,
  // not `leased` here: each build takes LIABILITIES_LEASE itself (operators' requests too)
});
