/**
 * `deno task verify:checkpoints`: hold exported chains against signed checkpoints saved
 * elsewhere (edge/checkpoints), without the store. Prints what was checked and names the first
 * mismatch; exit 1 on any.
 *   --checkpoints FILE  what GET /api/checkpoints gave (the reply, its data, or one reply per
 *                       line for several pages); required
 *   --key HEX           the public key to trust (default: the one the copies were published with)
 *   --audit FILE        an audit export as JSON lines (GET /api/admin/audit/export?format=jsonl,
 *                       up to today to judge truncation)
 *   --tape PATH         a tape: an archive folder (TAPE_ARCHIVE_DIR), an archive file, or a saved
 *                       GET /api/tape/{symbol} reply; repeatable
 */
import { parseDecimal } from "../core-wasm/mod.ts";
import {
  type AnchorBreak,
  auditAnchors,
  checkAnchors,
  tapeAnchors,
  verifyCheckpoints,
} from "../edge/audit/checkpoint.ts";
import { parseCheckpointsFile } from "../edge/checkpoints/file.ts";
import { publicKeyOf } from "../edge/checkpoints/key.ts";
import { parseArchive, readArchives } from "../edge/market/archive.ts";
import { type ChainTick, genesisHash, verifyChain } from "../contract/chain.ts";
import { verifyEntries } from "../edge/audit/audit.ts";
import type { AuditEntry } from "../edge/operators/store.ts";

type Tape = { prev: { seq: number; hash: string; time: number }; ticks: ChainTick[] };

const args = Deno.args;
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const all = (name: string) =>
  args.flatMap((a, i) => a === name && args[i + 1] ? [args[i + 1]!] : []);

function fail(line: string): never {
  console.log(`FIRST MISMATCH: ${line}`);
  Deno.exit(1);
}

/** One tape input: an archive folder or file, or a saved /api/tape/{symbol} reply. */
async function readTape(path: string, into: Map<string, Tape>) {
  if ((await Deno.stat(path)).isDirectory) {
    for (const [s, t] of await readArchives(path)) into.set(s, t);
    return;
  }
  const text = await Deno.readTextFile(path);
  const reply = (() => {
    try {
      const v = JSON.parse(text);
      return v.data ?? v;
    } catch {
      return null;
    }
  })() as {
    symbol: string;
    prevHash: string | null;
    items: { seq: number; time: number; price: string; qty: string; hash: string }[];
  } | null;
  const a = reply?.items
    ? {
      symbol: reply.symbol,
      prev: {
        seq: (reply.items[0]?.seq ?? 1) - 1,
        hash: reply.prevHash ?? genesisHash(reply.symbol),
        time: 0,
      },
      ticks: reply.items.map((t) => ({
        ...t,
        price: parseDecimal(t.price),
        qty: parseDecimal(t.qty),
      })),
    }
    : parseArchive(text);
  const cur = into.get(a.symbol);
  if (!cur) into.set(a.symbol, { prev: a.prev, ticks: a.ticks });
  else {
    const after = cur.ticks[cur.ticks.length - 1]?.seq ?? cur.prev.seq;
    cur.ticks.push(...a.ticks.filter((t) => t.seq > after));
  }
}

const describe = (what: string, b: AnchorBreak | { seq: number; reason: string }) =>
  "checkpoint" in b
    ? `${what} seq ${b.seq}: ${
      b.reason === "truncated" ? "ends before a checkpointed seq" : "another hash than checkpointed"
    } (checkpoint ${b.checkpoint}): expected ${b.expected}, found ${b.found}`
    : `${what} seq ${b.seq}: broken link (${b.reason})`;

const file = opt("--checkpoints");
if (!file) {
  console.error("usage: --checkpoints FILE [--key HEX] [--audit EXPORT.jsonl] [--tape PATH ...]");
  Deno.exit(2);
}
const saved = parseCheckpointsFile(await Deno.readTextFile(file));
const keyHex = opt("--key") ?? saved.publicKey;
if (!keyHex) fail("no public key: give --key HEX");
const { valid, invalid } = await verifyCheckpoints(await publicKeyOf(keyHex), saved.items);
console.log(
  `checkpoints: ${saved.items.length} read, ${valid.length} signed by ${keyHex}, ${invalid.length} not`,
);
if (invalid.length) fail(`checkpoint ${invalid[0]}: signature does not verify with ${keyHex}`);

const auditFile = opt("--audit");
if (auditFile) {
  const entries = (await Deno.readTextFile(auditFile)).split("\n").filter((l) => l.trim())
    .map((l) => JSON.parse(l) as AuditEntry);
  const r = verifyEntries(entries, auditAnchors(valid));
  if (r.broken) fail(describe("audit", r.broken as AnchorBreak));
  console.log(`audit: seq ${r.first}..${r.last} verified against ${valid.length} checkpoints`);
}

const tapes = new Map<string, Tape>();
for (const p of all("--tape")) await readTape(p, tapes);
const anchors = tapeAnchors(valid);
for (const [symbol, t] of tapes) {
  const broke = verifyChain(t.prev, t.ticks);
  if (broke) fail(describe(`tape ${symbol}`, broke));
  const bySeq = new Map(t.ticks.map((x) => [x.seq, x.hash]));
  bySeq.set(t.prev.seq, t.prev.hash);
  const last = t.ticks[t.ticks.length - 1]?.seq ?? t.prev.seq;
  const b = checkAnchors(anchors.get(symbol) ?? [], last, (seq) => bySeq.get(seq));
  if (b) fail(describe(`tape ${symbol}`, b));
  console.log(
    `tape ${symbol}: seq ${t.prev.seq + 1}..${last} verified against ${
      anchors.get(symbol)?.length ?? 0
    } checkpointed heads`,
  );
}
console.log("no mismatch");
