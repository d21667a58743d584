/**
 * Watching head keys across instances. `kv.watch` tells at once about changes on Deno Deploy
 * and a remote denokv, and about writes of this process on a local file; a local SQLite file
 * shared by several processes does not tell one process about another's writes, so the same
 * keys are also polled (`getMany`, a few keys every `pollMs`). Either way `onChange` gets the
 * indexes of the keys whose versionstamp moved and the entries as read, one call at a time
 * (changes that arrive while it runs are folded into the next call). `consistency: "eventual"`
 * polls a nearby replica (far from the write region a strong read is a round trip to it).
 */
export interface KeyWatch {
  stop(): void;
}

export function watchKeys(
  kv: Deno.Kv,
  keys: Deno.KvKey[],
  onChange: (changed: number[], entries: Deno.KvEntryMaybe<unknown>[]) => Promise<void> | void,
  o: {
    pollMs?: number;
    watch?: boolean;
    /** the least time between two looks (a busy head is read in batches, not per commit) */
    minGapMs?: number;
    consistency?: Deno.KvConsistencyLevel;
  } = {},
): KeyWatch {
  const seen: (string | null | undefined)[] = keys.map(() => undefined);
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const readers: ReadableStreamDefaultReader<unknown>[] = [];

  const look = async () => {
    const changed: number[] = [];
    const entries: Deno.KvEntryMaybe<unknown>[] = [];
    for (let i = 0; i < keys.length; i += 10) {
      const got = await kv.getMany(keys.slice(i, i + 10), { consistency: o.consistency });
      got.forEach((e, j) => {
        entries[i + j] = e;
        if (seen[i + j] !== e.versionstamp) {
          seen[i + j] = e.versionstamp;
          changed.push(i + j);
        }
      });
    }
    if (changed.length && !stopped) await onChange(changed, entries);
  };
  const check = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await look();
          if (again && o.minGapMs) await new Promise((r) => setTimeout(r, o.minGapMs));
        } while (again && !stopped);
      } catch (e) {
        if (!stopped) console.error("[kvwatch]", e instanceof Error ? e.message : e);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void check(), o.pollMs ?? 100);
  if (o.watch !== false) {
    for (let i = 0; i < keys.length; i += 10) {
      const reader = kv.watch(keys.slice(i, i + 10)).getReader();
      readers.push(reader);
      (async () => {
        try {
          while (!stopped) {
            const r = await reader.read();
            if (r.done) break;
            void check();
          }
        } catch { /* the store closed */ }
      })();
    }
  }
  void check();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
      for (const r of readers) r.cancel().catch(() => {});
    },
  };
}
