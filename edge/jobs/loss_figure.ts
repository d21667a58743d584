/**
 * The published loss figure (edge/trading/loss_figure.ts): at start and hourly, one instance at
 * a time; each tenant's figure is computed once per UTC day (a run that finds today's figure
 * changes nothing; a run after a missed day catches up).
 */
import type { LossFigures } from "../trading/loss_figure.ts";
import type { TenantRegistry } from "../platform/tenants.ts";
import type { Job } from "./scheduler.ts";

export const lossFigureJob = (figures: LossFigures, tenants: TenantRegistry): Job => ({
  name: "loss-figure",
  run: async () => {
    for (const t of tenants.byId.keys()) await figures.runDue(t);
  },
  atStart: true,
  hourlyAt: 5,
  leased: {},
});
