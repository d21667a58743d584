/**
 * Backup and restore speed (edge/platform/backup.ts) on a local KV file: a synthetic store shaped
 * like the app's (journals with bigint postings, balances, 60 KB image chunks, KvU64 counters,
 * tape ticks), ENTRIES of them (default 50,000). Prints MB/s of uncompressed data for the backup
 * (store -> gzip file) and the restore (file -> an empty store, the checksum pass included).
 * `deno run -A bench/backup_bench.ts`; `deno task bench` runs the backup as a Deno.bench too.
 */
import { restoreBackup, writeBackup } from "../edge/platform/backup.ts";

const N = Number(Deno.env.get("ENTRIES") ?? 50_000);
const dir = await Deno.makeTempDir({ prefix: "tradewind-backup-bench-" });
const src = await Deno.openKv(`${dir}/src.kv`);
const chunk = crypto.getRandomValues(new Uint8Array(60_000));
{
  let op = src.atomic(), n = 0;
  for (let i = 0; i < N; i++) {
    const kind = i % 50;
    if (kind === 0) op.set(["bench", "uploads", "chunk", i], chunk);
    else if (kind === 1) op.set(["bench", "messages", "unread", i], new Deno.KvU64(BigInt(i)));
    else if (kind < 20) {
      op.set(["bench", "ledger", "journal", `j${i}`], {
        id: `j${i}`,
        type: "trade",
        ref: `fast:${i}`,
        at: 1_764_000_000_000 + i,
        postings: [
          { account: `u:${i % 500}:contract:USDT`, available: -100n * 10n ** 8n, frozen: 0n },
          { account: "h:pnl:USDT", available: 100n * 10n ** 8n, frozen: 0n },
        ],
      });
    } else if (kind < 30) {
      op.set(["bench", "ledger", "bal", `u:${i}:spot:USDT`], {
        available: BigInt(i) * 10n ** 8n,
        frozen: 0n,
      });
    } else {
      op.set(["market", "tick", "BTCUSDT", 1_764_000_000_000 + i, 0], {
        price: 6_000_000_000_000n + BigInt(i),
        qty: 1_000_000n,
        seq: i,
        hash: "ab".repeat(32),
      });
    }
    if (++n === 10 || kind === 0) {
      await op.commit();
      op = src.atomic();
      n = 0;
    }
  }
  await op.commit();
}

async function backup(path: string) {
  const file = await Deno.open(path, { write: true, create: true, truncate: true });
  return await writeBackup(src, file.writable, { tenant: null, tape: true });
}

const file = `${dir}/bench.twbak`;
let t0 = performance.now();
const s = await backup(file);
const backupS = (performance.now() - t0) / 1000;
const dst = await Deno.openKv(`${dir}/dst.kv`);
t0 = performance.now();
const r = await restoreBackup(dst, async () => (await Deno.open(file)).readable);
const restoreS = (performance.now() - t0) / 1000;
const mb = s.bytes / 1e6, gz = (await Deno.stat(file)).size / 1e6;
console.log(
  `backup: ${s.entries} entries, ${mb.toFixed(1)} MB (${gz.toFixed(1)} MB gzip) in ${
    backupS.toFixed(2)
  } s = ${(mb / backupS).toFixed(1)} MB/s`,
);
console.log(
  `restore: ${r.entries} entries in ${r.commits} commits, ${restoreS.toFixed(2)} s = ${
    (mb / restoreS).toFixed(1)
  } MB/s (checksum pass included)`,
);
dst.close();

Deno.bench("backup of the synthetic store (MB/s printed above)", { n: 3, warmup: 0 }, async () => {
  await backup(`${dir}/again.twbak`);
});
