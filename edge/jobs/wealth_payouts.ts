/**
 * Wealth payouts: at start and hourly (00:00 UTC is the day's boundary; a run that finds nothing
 * due changes nothing), one instance at a time; each (order, day) is paid once and missed days
 * are caught up in order (edge/wealth/service.ts).
 */
import type { TenantRegistry } from "../platform/tenants.ts";
import type { Wealth } from "../wealth/service.ts";
import type { Job } from "./scheduler.ts";

export const wealthPayoutsJob = (wealth: Wealth, tenants: TenantRegistry): Job => ({
  name: "wealth-payouts",
  run: async () => {
    for (const t of tenants.byId.keys()) await wealth.payDue(t);
  },
  atStart: true,
  hourlyAt: 0,
  leased: {},
});
