/**
 * Tradewind server: opens Deno KV, seeds an empty store, serves both layouts, the /api contract
 * and static assets. Configuration: environment variables, see README.md.
 *
 * Any number of these processes may run against one KV database: the market feed, the trigger
 * engine and the periodic jobs each run on one instance at a time under a lease in KV; every
 * instance follows the stored tape and the event log for its quotes and sockets. APP_ROLE
 * splits the work: `core` takes the leases (feed, tape, engine, jobs) and serves its health
 * only; `web` serves pages, `/api` and sockets and never takes a lease; `all` (the default) both.
 */
import { loadConfig, openKv } from "./edge/platform/config.ts";
import { buildDeps } from "./edge/http/boot.ts";
import { seedIfEmpty } from "./tools/seed.ts";
import { createApp, createCoreApp } from "./routes/app.ts";
import { feedFromConfig } from "./edge/market/service.ts";
import { startServerJobs } from "./edge/jobs/mod.ts";
import { Lease } from "./edge/platform/lease.ts";

const config = loadConfig();
const kv = await openKv(config.kvPath, config.kvSim);
const deps = await buildDeps(config, kv);
const core = config.role !== "web";
// the leases a core holds (or stands by for); a web process takes none
const leases = core
  ? [
    new Lease(kv, "market", undefined, { log: console.log }),
    new Lease(kv, "engine", undefined, { log: console.log }),
  ]
  : [];
// periodic work (edge/jobs) of the role: seeding an empty store, the holding fee, upload
// expiry (core); sockets (web)
const jobs = await startServerJobs(deps, { seed: core ? () => seedIfEmpty(deps) : undefined });
if (core) {
  await deps.events.start();
  await deps.tenantSettings.start({ pollMs: config.kvPollMs });
  await deps.engine.start({ events: deps.events, lease: leases[1] });
  if (config.marketFeed) {
    await deps.market.start(await feedFromConfig(config), { lease: leases[0] });
  }
} else {
  // a web process follows the event log, the settings and the stored tape, none of which waits
  // on another: started side by side (far from the store, a cold isolate's first request waits
  // for them)
  await Promise.all([
    deps.events.start(),
    deps.tenantSettings.start({ pollMs: config.kvPollMs }),
    config.marketFeed ? deps.market.start(null) : undefined,
  ]);
}
const app = config.role === "core" ? createCoreApp(deps, leases) : createApp(deps, leases);

const server = Deno.serve({
  port: config.port,
  hostname: Deno.env.get("HOST") ?? "0.0.0.0",
  onListen: ({ port }) =>
    console.log(
      `Tradewind ${config.role} on http://localhost:${port} (KV ${config.kvPath}, feed ${config.feed}, tenants ${
        [...deps.tenants.byId.keys()].join(",")
      })`,
    ),
}, app.fetch);

for (const sig of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(sig, () => {
    jobs.stop();
    deps.hub.closeAll();
    deps.events.stop();
    deps.tenantSettings.stop();
    // a connection left open (a socket half-closed by its client) must not keep the process:
    // after 5 s it exits anyway (and Deno flushes what telemetry has not exported yet)
    Promise.race([
      Promise.allSettled([server.shutdown(), deps.market.stop(), deps.engine.stop()]),
      new Promise((r) => setTimeout(r, 5_000)),
    ]).finally(() => {
      kv.close();
      Deno.exit(0);
    });
  });
}
