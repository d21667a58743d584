/**
 * Tape retention (hourly at :20, one instance at a time): per symbol, ticks older than the
 * tape's retention that no open fast contract or open position still needs are archived to
 * files that verify like the stored chain (edge/market/archive.ts), then deleted from the store.
 * A tick an open order or position was entered on stays until it is closed; settled ones are
 * verifiable from the archive (`deno task verify:settlements --archive DIR`). Only when
 * TAPE_ARCHIVE_DIR names storage every instance shares and that outlives them; unset, the store
 * keeps every tick.
 */
import { archiveOldest } from "../market/archive.ts";
import type { Deps } from "../http/context.ts";
import { fastKeys, posKeys } from "../trading/store.ts";
import type { Position } from "../trading/positions.ts";
import type { Job } from "./scheduler.ts";

/** At most this many ticks per file (and per run and symbol: a backlog clears run by run). */
const FILE_TICKS = 20_000;

/** The earliest entry time any open fast contract or position of any tenant still refers to. */
export async function pinnedSince(deps: Deps): Promise<number> {
  let pin = Infinity;
  for (const t of deps.tenants.byId.keys()) {
    for await (
      const e of deps.kv.list<{ createdAt: number }>({ prefix: fastKeys.openPrefix(t) })
    ) {
      // the entry tick is at or before the order's acceptance, by at most the staleness limit
      pin = Math.min(pin, e.value.createdAt - deps.market.tape.opts.staleMs);
    }
    for await (const e of deps.kv.list({ prefix: posKeys.openPrefix(t) })) {
      const p = (await deps.kv.get<Position>(posKeys.pos(t, e.key[3] as string))).value;
      if (p) pin = Math.min(pin, p.entry.time);
    }
  }
  return pin;
}

export async function archiveTape(deps: Deps, maxFiles = 5) {
  const dir = deps.config.tapeArchiveDir;
  // no shared archive configured: the store keeps every tick
  if (!dir) return [];
  const before = Math.min(
    deps.now() - deps.market.tape.opts.retentionMs,
    await pinnedSince(deps),
  );
  const done: { symbol: string; file: string; from: number; to: number }[] = [];
  for (const s of deps.market.symbols) {
    for (let i = 0; i < maxFiles; i++) {
      const r = await archiveOldest(deps.kv, s.code, {
        before,
        dir,
        max: FILE_TICKS,
      });
      if (!r) break;
      done.push({ symbol: s.code, ...r });
    }
  }
  return done;
}

export const tapeArchiveJob = (deps: Deps): Job => ({
  name: "tape-archive",
  run: () => archiveTape(deps),
  hourlyAt: 20,
  leased: {},
});
