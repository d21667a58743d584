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
import { startServerJobs } from "./edge/jobs/mod.ts";

const config = loadConfig();
const kv = await openKv(config.kvPath, config.kvSim);
const deps = await buildDeps(config, kv);
// periodic work (edge/jobs): seeding an empty store, the holding fee, upload expiry, sockets
const jobs = await startServerJobs(deps, { seed: () => seedIfEmpty(deps) });
await deps.events.start();
await deps.tenantSettings.start({ pollMs: config.kvPollMs });
await deps.engine.start({ events: deps.events });
if (config.marketFeed) await deps.market.start(await feedFromConfig(config));
const app = createApp(deps);

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
    jobs.stop();
    deps.hub.closeAll();
    deps.events.stop();
    deps.tenantSettings.stop();
    Promise.allSettled([server.shutdown(), deps.market.stop(), deps.engine.stop()]).finally(() => {
      kv.close();
      Deno.exit(0);
    });
  });
}
