/**
 * First-start seeding: instances starting together on an empty store seed it once (a lease;
 * the others wait for it before they serve). What is seeded is the caller's (tools/seed.ts).
 */
import type { Job } from "./scheduler.ts";

export const seedJob = (seed: () => Promise<unknown>): Job => ({
  name: "seed",
  run: seed,
  atStart: "first",
  leased: { waitMs: 120_000 },
});
