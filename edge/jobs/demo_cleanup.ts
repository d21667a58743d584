/**
 * Demo cleanup: at start and hourly, one instance at a time, visitors' demo accounts idle 7 days
 * are emptied back into the demo mint and forgotten (edge/demo/service.ts).
 */
import type { Demo } from "../demo/service.ts";
import type { TenantRegistry } from "../platform/tenants.ts";
import type { Job } from "./scheduler.ts";

export const demoCleanupJob = (demo: Demo, tenants: TenantRegistry): Job => ({
  name: "demo-cleanup",
  run: async () => {
    for (const t of tenants.byId.keys()) await demo.cleanup(t);
  },
  atStart: true,
  hourlyAt: 30,
  leased: {},
});
