/**
 * Signed checkpoints (edge/checkpoints): hourly at minute 5 (after the liabilities job of minute
 * 0 has published a day's epoch), one instance at a time, each tenant's checkpoint of the UTC
 * hour written once (a second run in the same hour, on this instance or another, changes nothing).
 */
import type { Checkpoints } from "../checkpoints/service.ts";
import type { TenantRegistry } from "../platform/tenants.ts";
import type { Job } from "./scheduler.ts";

export const checkpointsJob = (checkpoints: Checkpoints, tenants: TenantRegistry): Job => ({
  name: "checkpoints",
  run: async () => {
    for (const t of tenants.byId.keys()) await checkpoints.hourly(t);
  },
  hourlyAt: 5,
  leased: {},
});
