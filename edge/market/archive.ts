/**
 * Tape retention by archive: ticks older than the retention that no open order or position
 * still needs are written to JSON-lines files that verify the same way as the stored chain, read
 * back and checked, and only then deleted from the store. A marker per symbol
 * (`["market", "archived", symbol]`) keeps the archive's last tick (seq, time, hash), so the
 * stored chain still verifies from where the archive ends.
 *
 * File `<dir>/<symbol>/<from>.jsonl` (the first sequence number, zero-padded to 12 digits):
 *   {"symbol":"BTCUSDT","from":1,"to":5000,"prevHash":"<hash of tick from-1>","prevTime":0}
 *   {"seq":1,"time":1764000000000,"price":"60000.5","qty":"0.01","hash":"..."}
 *   ...
 */
import { formatDecimal, parseDecimal } from "../../core-wasm/decimal.ts";
import { type ChainTick, genesisHash, verifyChain } from "../../contract/chain.ts";
import { marketKeys } from "./store.ts";

export interface ArchiveMarker {
  seq: number;
  time: number;
  hash: string;
  file: string;
}

export const archiveKey = (symbol: string): Deno.KvKey => ["market", "archived", symbol];

const pad = (n: number) => String(n).padStart(12, "0");

/** The archive's end for a symbol (null: nothing archived). */
export async function archiveMarker(kv: Deno.Kv, symbol: string): Promise<ArchiveMarker | null> {
  return (await kv.get<ArchiveMarker>(archiveKey(symbol))).value;
}

/**
 * Archive the oldest stored ticks of `symbol` with time < `before`, at most `max` of them, into
 * one file; verify the file; delete them from the store. Returns what was archived (null:
 * nothing old enough). One instance at a time (the caller holds the job's lease).
 */
export async function archiveOldest(
  kv: Deno.Kv,
  symbol: string,
  o: { before: number; dir: string; max: number },
): Promise<{ file: string; from: number; to: number } | null> {
  const marker = await archiveMarker(kv, symbol);
  const prev = marker
    ? { seq: marker.seq, hash: marker.hash, time: marker.time }
    : { seq: 0, hash: genesisHash(symbol), time: 0 };
  const rows: { key: Deno.KvKey; tick: ChainTick }[] = [];
  for await (
    const e of kv.list<{ price: bigint; qty: bigint; seq?: number; hash?: string }>({
      prefix: marketKeys.ticks(symbol),
      end: [...marketKeys.ticks(symbol), o.before],
    }, { limit: o.max, batchSize: 500 })
  ) {
    if (e.value.seq === undefined || !e.value.hash) break; // not on the chain yet (migration)
    rows.push({
      key: e.key,
      tick: {
        seq: e.value.seq,
        time: e.key[3] as number,
        price: e.value.price,
        qty: e.value.qty,
        hash: e.value.hash,
      },
    });
  }
  if (!rows.length) return null;
  const ticks = rows.map((r) => r.tick);
  // the stored ticks must continue the archive before anything leaves the store
  const broke = verifyChain(prev, ticks);
  if (broke) throw new Error(`[tape-archive] ${symbol}: chain broken at #${broke.seq}`);
  const from = ticks[0]!.seq, to = ticks[ticks.length - 1]!.seq;
  await Deno.mkdir(`${o.dir}/${symbol}`, { recursive: true });
  // named by its first tick: a run that crashed before deleting is redone into the same file
  const file = `${o.dir}/${symbol}/${pad(from)}.jsonl`;
  const lines = [
    JSON.stringify({ symbol, from, to, prevHash: prev.hash, prevTime: prev.time }),
    ...ticks.map((t) =>
      JSON.stringify({
        seq: t.seq,
        time: t.time,
        price: formatDecimal(t.price),
        qty: formatDecimal(t.qty),
        hash: t.hash,
      })
    ),
  ];
  await writeVerified(file, lines, ticks.length);
  for (let i = 0; i < rows.length; i += 400) {
    const chunk = rows.slice(i, i + 400);
    const last = chunk[chunk.length - 1]!.tick;
    const op = kv.atomic();
    for (const r of chunk) {
      op.delete(r.key);
      op.delete(marketKeys.seq(symbol, r.tick.seq));
    }
    // the marker moves with every chunk: a crash between chunks leaves it at the last deleted
    // tick, and the next run continues the chain from there
    op.set(
      archiveKey(symbol),
      {
        seq: last.seq,
        time: last.time,
        hash: last.hash,
        file,
      } satisfies ArchiveMarker,
    );
    if (!(await op.commit()).ok) throw new Error(`[tape-archive] ${symbol}: delete failed`);
  }
  return { file, from, to };
}

/** Write an archive file, synced, and read it back: it verifies on its own, or this throws. */
async function writeVerified(file: string, lines: string[], count: number) {
  const f = await Deno.open(file, { write: true, create: true, truncate: true });
  try {
    await f.write(new TextEncoder().encode(lines.join("\n") + "\n"));
    await f.sync();
  } finally {
    f.close();
  }
  // read back: the file verifies on its own before the store lets go of the ticks
  const back = parseArchive(await Deno.readTextFile(file));
  if (back.ticks.length !== count || verifyChain(back.prev, back.ticks)) {
    throw new Error(`[tape-archive] ${file} does not verify after writing`);
  }
}

/** One archive file: the tick before it, and its ticks. */
export function parseArchive(text: string): {
  symbol: string;
  prev: { seq: number; hash: string; time: number };
  ticks: ChainTick[];
} {
  const [head, ...rest] = text.split("\n").filter((l) => l.trim() !== "");
  const h = JSON.parse(head!) as {
    symbol: string;
    from: number;
    prevHash: string;
    prevTime: number;
  };
  return {
    symbol: h.symbol,
    prev: { seq: h.from - 1, hash: h.prevHash, time: h.prevTime },
    ticks: rest.map((l) => {
      const t = JSON.parse(l) as {
        seq: number;
        time: number;
        price: string;
        qty: string;
        hash: string;
      };
      return {
        seq: t.seq,
        time: t.time,
        price: parseDecimal(t.price),
        qty: parseDecimal(t.qty),
        hash: t.hash,
      };
    }),
  };
}

/** Every archive file under `dir`, per symbol, in order: the first file's start and all ticks. */
export async function readArchives(
  dir: string,
): Promise<Map<string, { prev: { seq: number; hash: string; time: number }; ticks: ChainTick[] }>> {
  const out = new Map<
    string,
    { prev: { seq: number; hash: string; time: number }; ticks: ChainTick[] }
  >();
  for await (const d of Deno.readDir(dir)) {
    if (!d.isDirectory) continue;
    const files: string[] = [];
    for await (const f of Deno.readDir(`${dir}/${d.name}`)) {
      if (f.isFile && f.name.endsWith(".jsonl")) files.push(f.name);
    }
    files.sort();
    for (const f of files) {
      const a = parseArchive(await Deno.readTextFile(`${dir}/${d.name}/${f}`));
      const cur = out.get(a.symbol);
      if (!cur) out.set(a.symbol, { prev: a.prev, ticks: a.ticks });
      else {
        // a file rewritten after a crash may repeat ticks the previous one holds
        const after = cur.ticks[cur.ticks.length - 1]?.seq ?? cur.prev.seq;
        cur.ticks.push(...a.ticks.filter((t) => t.seq > after));
      }
    }
  }
  return out;
}
