/**
 * Erasures whose purge a stopped process left unfinished are finished (hourly; the purge is
 * idempotent, edge/privacy/erasure.ts).
 */
import type { Erasure } from "../privacy/erasure.ts";
import type { TenantRegistry } from "../platform/tenants.ts";
import type { Job } from "./scheduler.ts";

export const erasureResumeJob = (erasure: Erasure, tenants: TenantRegistry): Job => ({
  name: "erasure-resume",
  run: () => erasure.resume(tenants.byId.keys()),
  hourlyAt: 40,
  leased: {},
});
