/**
 * Every periodic job of the server, started the same way by main.ts and the tests' servers. A
 * new job: a file here returning a `Job` (scheduler.ts), listed in `serverJobs`.
 */
import type { Deps } from "../http/context.ts";
import { adoptReservationsJob } from "./adopt_reservations.ts";
import { checkpointsJob } from "./checkpoints.ts";
import { holdingFeeJob } from "./holding_fee.ts";
import { wealthPayoutsJob } from "./wealth_payouts.ts";
import { demoCleanupJob } from "./demo_cleanup.ts";
import { liabilitiesJob } from "./liabilities.ts";
import { lossFigureJob } from "./loss_figure.ts";
import { realtimeJobs } from "./realtime.ts";
import { type Job, type Jobs, startJobs } from "./scheduler.ts";
import { seedJob } from "./seed.ts";
import { tapeArchiveJob } from "./tape_archive.ts";
import { tickRefsJob } from "./tick_refs.ts";
import { uploadsExpiryJob } from "./uploads_expiry.ts";
import { erasureResumeJob } from "./erasure_resume.ts";

export type { Job, Jobs };

/**
 * The jobs of this process's role (APP_ROLE): `web` only sweeps its own sockets (it never takes
 * a job's lease), `core` runs the leased work and seeds (it has no sockets), `all` both.
 */
export function serverJobs(deps: Deps, o: { seed?: () => Promise<unknown> } = {}): Job[] {
  const role = deps.config.role;
  if (role === "web") return realtimeJobs(deps.hub);
  return [
    ...(o.seed ? [seedJob(o.seed)] : []),
    adoptReservationsJob(deps.kv, [...deps.tenants.byId.keys()], deps.now),
    holdingFeeJob(deps.holdingFees),
    wealthPayoutsJob(deps.wealth, deps.tenants),
    demoCleanupJob(deps.demo, deps.tenants),
    liabilitiesJob(deps.liabilities, deps.tenants),
    lossFigureJob(deps.lossFigures, deps.tenants),
    checkpointsJob(deps.checkpoints, deps.tenants),
    uploadsExpiryJob(deps.images, deps.tenants),
    erasureResumeJob(deps.erasure, deps.tenants),
    tapeArchiveJob(deps),
    tickRefsJob(deps),
    ...(role === "all" ? realtimeJobs(deps.hub) : []),
  ];
}

/**
 * Start the server's jobs: the start-up runs (seeding when `seed` is given, the holding fee)
 * are awaited; `periodic: false` leaves out the timers (tests run the periodic work themselves,
 * through `deps`, on their adjustable clock).
 */
export function startServerJobs(
  deps: Deps,
  o: { seed?: () => Promise<unknown>; periodic?: boolean; log?: (line: string) => void } = {},
): Promise<Jobs> {
  return startJobs(deps.kv, serverJobs(deps, o), o);
}
