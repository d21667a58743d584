/**
 * `deno task restore --in FILE`: load a backup (tools/backup.ts) into the configured store
 * (KV_PATH, a file or a remote KV URL), which must be empty: a store holding any key is refused
 * (exit 3), a file whose checksum, count or format is wrong is refused before anything is written
 * (exit 4). Then the drill: the ledger checker, the settlement verifier and the audit verifier
 * (held against the checkpoints signed with CHECKPOINT_KEY_FILE's key) run on the restored store;
 * each report is printed and any failure exits 1.
 */
import { loadConfig, openKv } from "../edge/platform/config.ts";
import { BackupError, restoreBackup, StoreNotEmpty } from "../edge/platform/backup.ts";
import { TenantRegistry } from "../edge/platform/tenants.ts";
import { formatReport, verifyLedger } from "../edge/ledger/invariants.ts";
import { formatVerifyReport, verifyStore } from "../edge/settlements/rederive.ts";
import { verifyChain } from "../edge/audit/audit.ts";
import { auditAnchors, verifyCheckpoints } from "../edge/audit/checkpoint.ts";
import { allCheckpoints } from "../edge/checkpoints/store.ts";
import { parseKey } from "../edge/checkpoints/key.ts";

const i = Deno.args.indexOf("--in");
const input = i >= 0 ? Deno.args[i + 1] : undefined;
if (!input) {
  console.error("usage: deno task restore --in FILE");
  Deno.exit(2);
}
const config = loadConfig();
const kv = await openKv(config.kvPath, config.kvSim);
const started = performance.now();
let restored;
try {
  restored = await restoreBackup(kv, async () => (await Deno.open(input)).readable);
} catch (e) {
  kv.close();
  if (e instanceof StoreNotEmpty || e instanceof BackupError) {
    console.error(`restore refused: ${e.message}`);
    Deno.exit(e instanceof StoreNotEmpty ? 3 : 4);
  }
  throw e;
}
const { header } = restored;
console.log(
  `restore: ${restored.entries} entries in ${restored.commits} commits, ${
    ((performance.now() - started) / 1000).toFixed(2)
  } s (backup of ${new Date(header.createdAt).toISOString()}, ${
    header.tenant ? `tenant ${header.tenant}` : "every tenant"
  }, tape ${header.tape ? "included" : "left out"})`,
);

// the drill: every verifier on the restored store
const tenants = header.tenant
  ? [header.tenant]
  : [...(await TenantRegistry.load(config.tenantsFile)).byId.keys()];
let failed = false;
const ledger = await verifyLedger(kv);
console.log(formatReport(ledger));
failed ||= ledger.breaches.length > 0;

const keyText = config.checkpointKeyFile
  ? await Deno.readTextFile(config.checkpointKeyFile).catch(() => null)
  : null;
const key = keyText ? (await parseKey(keyText)).publicKey : null;
if (!key) {
  console.log("no checkpoint key (CHECKPOINT_KEY_FILE): chains not held against checkpoints");
}
if (header.tape) {
  const settlements = await verifyStore(kv, tenants, {
    staleMs: 10_000,
    checkpoints: key ? { key } : undefined,
  });
  console.log(formatVerifyReport(settlements));
  failed ||= settlements.mismatches.length > 0;
} else {
  console.log("settlements: not verified (the backup left the tape out; verify with --archive)");
}
for (const t of tenants) {
  const cps = key ? await verifyCheckpoints(key, await allCheckpoints(kv, t)) : null;
  const audit = await verifyChain(kv, t, cps ? auditAnchors(cps.valid) : []);
  const ok = audit.ok && !cps?.invalid.length;
  console.log(
    `audit ${t}: ${
      ok ? "ok" : "BROKEN"
    }, ${audit.verifiedTo}/${audit.head} entries, ${audit.checkpoints} checkpoints${
      audit.broken ? `; first break at seq ${audit.broken.seq}: ${audit.broken.reason}` : ""
    }${cps?.invalid.length ? `; ${cps.invalid.length} checkpoint signatures fail` : ""}`,
  );
  failed ||= !ok;
}
console.log(failed ? "drill: FAILED" : "drill: every verifier clean");
kv.close();
Deno.exit(failed ? 1 : 0);
