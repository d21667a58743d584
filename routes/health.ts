/**
 * Health for the orchestrator, per role (APP_ROLE): `/health/live` answers while the process
 * serves; `/health/ready` when its store answers and, for `core` and `all`, when each of its
 * leases (market, engine) is held here or by another live instance (the work is being done; a
 * standby core is ready too). Plain JSON, no envelope and no tenant: answered before the
 * platform middleware, whatever the host or appKey.
 */
import type { Hono } from "hono";
import type { AppEnv, Deps } from "../edge/http/context.ts";
import type { Lease } from "../edge/platform/lease.ts";

/** The key read to see that the store answers (any key: its absence is an answer). */
const PROBE: Deno.KvKey = ["platform", "health"];

export function registerHealth(
  app: Hono<AppEnv>,
  deps: Pick<Deps, "kv" | "config">,
  leases: Lease[] = [],
) {
  const role = deps.config.role;
  app.get("/health/live", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ status: "live", role });
  });
  app.get("/health/ready", async (c) => {
    c.header("Cache-Control", "no-store");
    const store = await deps.kv.get(PROBE).then(() => true, () => false);
    const held: Record<string, boolean> = {};
    for (const l of leases) held[l.name] = l.keeping && await l.alive().catch(() => false);
    const ready = store && Object.values(held).every(Boolean);
    return c.json(
      { status: ready ? "ready" : "not ready", role, store, leases: held },
      ready ? 200 : 503,
    );
  });
}
