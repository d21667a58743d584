/**
 * Tradewind server: opens Deno KV, seeds an empty store, serves both layouts, the /api contract
 * and static assets. Configuration: environment variables, see README.md.
 *
 * Any number of these processes may run against one KV database: the market feed, the trigger
 * engine and the periodic jobs each run on one instance at a time under a lease in KV; every
 * instance follows the stored tape and the event log for its quotes and sockets.
 */
import { loadConfig, openKv } from "./edge/platform/config.ts";
import { buildDeps } from "./edge/platform/boot.ts";
import { seedIfEmpty } from "./tools/seed.ts";
import { createApp } from "./routes/app.ts";
import { feedFromConfig } from "./edge/market/service.ts";
import { SESSION_SWEEP_MS } from "./edge/realtime/hub.ts";
import { exclusive } from "./edge/platform/lease.ts";
import { adoptReservations } from "./edge/jobs/adopt_reservations.ts";

const config = loadConfig();
const kv = await openKv(config.kvPath);
const deps = await buildDeps(config, kv);
// instances starting together on an empty store seed it once
await exclusive(kv, "seed", () => seedIfEmpty(deps), { waitMs: 120_000 });
// a store written before reservations existed: its held money gets its reservations (once)
await exclusive(
  kv,
  "adopt-reservations",
  () => adoptReservations(kv, [...deps.tenants.byId.keys()], deps.now),
  { waitMs: 120_000 },
);
await deps.events.start();
await deps.engine.start({ events: deps.events });
// Daily holding fee at 00:00 UTC; catches up missed days and is idempotent per position and day.
// It runs hourly so that a failed charge is retried within the hour (a run with nothing due and
// nothing to retry changes nothing). Jobs run on one instance at a time (a lease per job).
const job = (name: string, work: () => Promise<unknown>) => () =>
  exclusive(kv, `job:${name}`, work).then(() => {}).catch((e) =>
    console.error(`[job] ${name} failed`, e)
  );
await job("holding-fee", () => deps.holdingFees.run())();
Deno.cron("holding-fee", "0 * * * *", job("holding-fee", () => deps.holdingFees.run()));
// Uploads not attached to a recharge or a verification within 24 h are deleted.
Deno.cron(
  "uploads-expiry",
  "30 * * * *",
  job("uploads-expiry", () => deps.images.sweep(deps.tenants.byId.keys())),
);
if (config.marketFeed) await deps.market.start(await feedFromConfig(config));
const app = createApp(deps);
// Realtime heartbeat: clients reconnect when it stops.
setInterval(() => deps.hub.heartbeat(), 20_000);
// A private channel does not outlive its session (logout, password change, expiry).
setInterval(() => deps.hub.sweepSessions(), SESSION_SWEEP_MS);

const server = Deno.serve({
  port: config.port,
  hostname: Deno.env.get("HOST") ?? "0.0.0.0",
  onListen: ({ port }) =>
    console.log(
      `Tradewind on http://localhost:${port} (KV ${config.kvPath}, feed ${config.feed}, tenants ${
        [...deps.tenants.byId.keys()].join(",")
      })`,
    ),
}, app.fetch);

for (const sig of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(sig, () => {
    deps.hub.closeAll();
    deps.events.stop();
    Promise.allSettled([server.shutdown(), deps.market.stop(), deps.engine.stop()]).finally(() => {
      kv.close();
      Deno.exit(0);
    });
  });
}
