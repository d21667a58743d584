/**
 * Seed data for a fresh store: a demo customer in the default tenant, written with the same
 * records and keys as a registration, in one atomic commit guarded by a seed marker.
 * `deno task seed` runs it; `task start` runs it on an empty KV. (Opening balances arrive
 * with the ledger, through journals.)
 */
import type { Deps } from "../edge/platform/context.ts";
import { hashPassword } from "../edge/accounts/passwords.ts";
import { keys, type UserRecord } from "../edge/accounts/store.ts";

export const DEMO_CUSTOMER = { phone: "+12025550100", password: "Demo-2026", userId: "10000001" };

export async function seedIfEmpty(deps: Deps) {
  const t = deps.tenants.defaultTenant.id;
  const marker = [t, "_meta", "seeded"];
  if ((await deps.kv.get(marker)).value !== null) return false;
  const now = deps.now();
  const user: UserRecord = {
    userId: DEMO_CUSTOMER.userId,
    phone: DEMO_CUSTOMER.phone,
    passwordHash: await hashPassword(DEMO_CUSTOMER.password),
    drawPasswordHash: null,
    inviteCode: "DEMO26",
    invitedBy: null,
    certifyLevel: "none",
    createdAt: now,
    passwordChangedAt: now,
    passwordResetAt: null,
    locale: null,
  };
  const res = await deps.kv.atomic()
    .check({ key: marker, versionstamp: null })
    .check({ key: keys.phone(t, user.phone), versionstamp: null })
    .set(keys.user(t, user.userId), user)
    .set(keys.phone(t, user.phone), user.userId)
    .set(keys.invite(t, user.inviteCode), user.userId)
    .set(marker, now)
    .commit();
  if (res.ok) {
    console.log(`[seed] tenant ${t}: demo customer ${user.phone} / ${DEMO_CUSTOMER.password}`);
  }
  return res.ok;
}

if (import.meta.main) {
  const { loadConfig, openKv } = await import("../edge/platform/config.ts");
  const { buildDeps } = await import("../edge/platform/boot.ts");
  const config = loadConfig();
  const kv = await openKv(config.kvPath);
  const seeded = await seedIfEmpty(await buildDeps(config, kv));
  console.log(seeded ? "seeded" : "already seeded");
  kv.close();
}
