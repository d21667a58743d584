/** `deno task ledger:verify`: check the ledger invariants of the configured store (KV_PATH). */
import { loadConfig, openKv } from "../edge/platform/config.ts";
import { formatReport, verifyLedger } from "../edge/ledger/invariants.ts";

const kv = await openKv(loadConfig().kvPath);
const report = await verifyLedger(kv);
console.log(formatReport(report));
kv.close();
Deno.exit(report.breaches.length ? 1 : 0);
