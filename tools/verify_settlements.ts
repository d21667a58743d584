/**
 * `deno task verify:settlements`: re-derive every settlement of the configured store (KV_PATH)
 * from its tape, check each symbol's hash chain, print counts and every mismatch; exit 1 on any.
 *   --archive DIR   read the archived tape files first (TAPE_ARCHIVE_DIR), so settlements older
 *                   than the store's retention verify too
 *   --orders FILE   check the exported records in FILE instead of the store's
 *   --export FILE   write the store's records to FILE (for someone else's `--orders`) and stop
 *   --checkpoints FILE  hold the tapes against these saved checkpoints (GET /api/checkpoints
 *                   replies) instead of the store's; --key HEX: the public key to trust (default:
 *                   the copies' own, or without --checkpoints the key CHECKPOINT_KEY_FILE names)
 */
import { readArchives } from "../edge/market/archive.ts";
import { loadConfig, openKv } from "../edge/platform/config.ts";
import { TenantRegistry } from "../edge/platform/tenants.ts";
import { exportOrders, formatVerifyReport, verifyStore } from "../edge/settlements/rederive.ts";
import { parseCheckpointsFile } from "../edge/checkpoints/file.ts";
import { parseKey, publicKeyOf } from "../edge/checkpoints/key.ts";

const opt = (name: string) => {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : undefined;
};
const config = loadConfig();
const kv = await openKv(config.kvPath, config.kvSim);
const tenants = [...(await TenantRegistry.load(config.tenantsFile)).byId.keys()];
const exportTo = opt("--export");
if (exportTo) {
  await Deno.writeTextFile(exportTo, await exportOrders(kv, tenants));
  console.log(`orders written to ${exportTo}`);
  kv.close();
  Deno.exit(0);
}
const archive = opt("--archive");
/** The checkpoints to hold the tapes against, and the key trusted for them. */
async function checkpoints() {
  const file = opt("--checkpoints");
  const saved = file ? parseCheckpointsFile(await Deno.readTextFile(file)) : null;
  const hex = opt("--key") ?? saved?.publicKey;
  if (hex) return { key: await publicKeyOf(hex), items: saved?.items };
  const keyText = config.checkpointKeyFile
    ? await Deno.readTextFile(config.checkpointKeyFile).catch(() => null)
    : null;
  if (keyText) return { key: (await parseKey(keyText)).publicKey };
  console.log("no checkpoint key (CHECKPOINT_KEY_FILE): tapes not held against checkpoints");
  return undefined;
}
const report = await verifyStore(kv, tenants, {
  staleMs: 10_000,
  archived: archive ? await readArchives(archive) : undefined,
  ordersFile: opt("--orders"),
  checkpoints: await checkpoints(),
});
console.log(formatVerifyReport(report));
const n = report.checked.fast + report.checked.position + report.checked.spot;
console.log(`speed: ${Math.round(n / Math.max(report.ms, 1) * 1000)} settlements/s`);
kv.close();
Deno.exit(report.mismatches.length ? 1 : 0);
