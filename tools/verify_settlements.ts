/**
 * `deno task verify:settlements`: re-derive every settlement of the configured store (KV_PATH)
 * from its tape, check each symbol's hash chain, print counts and every mismatch; exit 1 on any.
 *   --archive DIR   read the archived tape files first (TAPE_ARCHIVE_DIR), so settlements older
 *                   than the store's retention verify too
 *   --orders FILE   check the exported records in FILE instead of the store's
 *   --export FILE   write the store's records to FILE (for someone else's `--orders`) and stop
 */
import { readArchives } from "../edge/market/archive.ts";
import { loadConfig, openKv } from "../edge/platform/config.ts";
import { TenantRegistry } from "../edge/platform/tenants.ts";
import { exportOrders, formatVerifyReport, verifyStore } from "../edge/verify/rederive.ts";

const opt = (name: string) => {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : undefined;
};
const config = loadConfig();
const kv = await openKv(config.kvPath);
const tenants = [...(await TenantRegistry.load(config.tenantsFile)).byId.keys()];
const exportTo = opt("--export");
if (exportTo) {
  await Deno.writeTextFile(exportTo, await exportOrders(kv, tenants));
  console.log(`orders written to ${exportTo}`);
  kv.close();
  Deno.exit(0);
}
const archive = opt("--archive");
const report = await verifyStore(kv, tenants, {
  staleMs: 10_000,
  archived: archive ? await readArchives(archive) : undefined,
  ordersFile: opt("--orders"),
});
console.log(formatVerifyReport(report));
const n = report.checked.fast + report.checked.position + report.checked.spot;
console.log(`speed: ${Math.round(n / Math.max(report.ms, 1) * 1000)} settlements/s`);
kv.close();
Deno.exit(report.mismatches.length ? 1 : 0);
