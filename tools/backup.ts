/**
 * `deno task backup --out FILE [--tenant T] [--no-tape]`: write every key of the configured store
 * (KV_PATH: a file, or a remote KV URL with DENO_KV_ACCESS_TOKEN) with its value into FILE, a
 * versioned, checksummed, gzip stream (edge/platform/backup.ts); `--tenant` keeps one tenant's
 * keys, `--no-tape` leaves the shared market tape out. Prints the entries, the bytes, MB/s, and
 * how many entries were written while the backup ran (the list is not a snapshot).
 */
import { loadConfig, openKv } from "../edge/platform/config.ts";
import { writeBackup } from "../edge/platform/backup.ts";

const opt = (name: string) => {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : undefined;
};
const out = opt("--out");
if (!out) {
  console.error("usage: deno task backup --out FILE [--tenant T] [--no-tape]");
  Deno.exit(2);
}
const config = loadConfig();
const kv = await openKv(config.kvPath, config.kvSim);
const started = performance.now();
const file = await Deno.open(out, { write: true, create: true, truncate: true });
const s = await writeBackup(kv, file.writable, {
  tenant: opt("--tenant") ?? null,
  tape: !Deno.args.includes("--no-tape"),
});
const secs = (performance.now() - started) / 1000;
const size = (await Deno.stat(out)).size;
console.log(
  `backup: ${s.entries} entries, ${s.bytes} bytes (${size} gzip) in ${secs.toFixed(2)} s, ${
    (s.bytes / 1e6 / Math.max(secs, 1e-3)).toFixed(1)
  } MB/s -> ${out}`,
);
console.log(
  s.movedKeys
    ? `consistency: ${s.movedKeys} entries were written while the backup ran: not one moment's copy; restore it and read the verifiers' report (deno task restore)`
    : "consistency: no entry written while the backup ran (deletions meanwhile are not seen)",
);
kv.close();
