/**
 * The event log's reader on a real KV file (two connections, as a web process opens them):
 * every entry is delivered once, late ones too, and an entry is listed about once, not again on
 * every read while it stays within the look-back (repeated decoding under load).
 */
import { assert, assertEquals } from "../../tests/assert.ts";
import { type LogEntry, stageEvents } from "../ledger/events.ts";
import { EventLogReader, LOOKBACK_MS } from "./eventlog.ts";

const T = "demo";

Deno.test("event log reader: each entry delivered once, late ones too, listed about once", async () => {
  const dir = await Deno.makeTempDir();
  const kv = await Deno.openKv(`${dir}/ev.kv`);
  const reads = await Deno.openKv(`${dir}/ev.kv`);
  // one entry before the reader starts: never delivered
  const before = kv.atomic();
  stageEvents(before, T, Date.now(), { refs: [{ user: "u0", kind: "position", id: "old" }] });
  await before.commit();
  const reader = new EventLogReader(kv, [T], Date.now, { pollMs: 20, reads });
  const got: string[] = [];
  let wake = () => {};
  reader.subscribe((_t, e: LogEntry) => {
    got.push(e.refs![0]!.id);
    wake();
  });
  await reader.start();
  /** Commit an entry at key time `at` and wait for `n` deliveries in all. */
  const commit = async (id: string, at: number, n: number) => {
    const op = kv.atomic();
    stageEvents(op, T, at, { refs: [{ user: "u1", kind: "position", id }] });
    await op.commit();
    while (got.length < n) await new Promise<void>((r) => wake = r);
  };
  try {
    const t0 = Date.now() + 1_000;
    for (let i = 0; i < 30; i++) await commit(`e${i}`, t0 + i, i + 1);
    // landed late: a key time older than the latest delivered, within the look-back
    await commit("late", t0 + 29 - LOOKBACK_MS / 2, 31);
    for (let i = 30; i < 40; i++) await commit(`e${i}`, t0 + i, i + 2);
    const want = [...Array.from({ length: 30 }, (_, i) => `e${i}`), "late"];
    for (let i = 30; i < 40; i++) want.push(`e${i}`);
    assertEquals(got, want);
    // each read lists the entry at the latest key time again and the new one, once the whole
    // look-back; before, every read listed all entries of the last 100 ms again (about n²/2 here)
    const { listed, delivered, reads: r } = reader.stats;
    assert(listed <= 2 * (delivered + r), `listed ${listed} for ${delivered} in ${r} reads`);
  } finally {
    reader.stop();
    kv.close();
    reads.close();
    await Deno.remove(dir, { recursive: true });
  }
});
