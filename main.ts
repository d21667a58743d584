/**
 * Tradewind server: opens Deno KV, seeds an empty store, serves both layouts, the /api contract
 * and static assets. Configuration: environment variables, see README.md.
 */
import { loadConfig, openKv } from "./edge/platform/config.ts";
import { buildDeps } from "./edge/platform/boot.ts";
import { seedIfEmpty } from "./tools/seed.ts";
import { createApp } from "./routes/app.ts";
import { feedFromConfig } from "./edge/market/service.ts";
import { SESSION_SWEEP_MS } from "./edge/realtime/hub.ts";

const config = loadConfig();
const kv = await openKv(config.kvPath);
const deps = await buildDeps(config, kv);
await seedIfEmpty(deps);
await deps.engine.start();
// Daily holding fee at 00:00 UTC; catches up missed days and is idempotent per position and day.
// It runs hourly so that a failed charge is retried within the hour (a run with nothing due and
// nothing to retry changes nothing).
await deps.holdingFees.run();
Deno.cron("holding-fee", "0 * * * *", () => deps.holdingFees.run().then(() => {}));
// Uploads not attached to a recharge or a verification within 24 h are deleted.
Deno.cron(
  "uploads-expiry",
  "30 * * * *",
  () => deps.images.sweep(deps.tenants.byId.keys()).then(() => {}),
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
    Promise.allSettled([server.shutdown(), deps.market.stop(), deps.engine.stop()]).finally(() => {
      kv.close();
      Deno.exit(0);
    });
  });
}
