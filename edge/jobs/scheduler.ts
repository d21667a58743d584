/**
 * The scheduler of periodic work. A job runs at start (awaited, before requests are served: the
 * `"first"` ones one after another in their order, then the others side by side), every
 * `everyMs`, or hourly at a minute of the wall clock (`Deno.cron` where the runtime has
 * it, which also wakes an idle isolate on Deno Deploy; a timer otherwise); a `leased` job runs on
 * one instance at a time (`exclusive()`: a lease per job, released when done), so it must be
 * idempotent. A failed run is logged and retried at its next time. `stop()` ends every schedule.
 */
import { exclusive } from "../platform/lease.ts";

export interface Job {
  name: string;
  run: () => Promise<unknown> | unknown;
  /**
   * Run once when the jobs start (awaited). `"first"`: before the others, one after another in
   * the list's order (what the rest rely on: the seed, a migration they read); the others then
   * run side by side (each idempotent under its own lease: far from the store each is about five
   * round trips, and one after another they were most of a far `core`'s start).
   */
  atStart?: boolean | "first";
  /** Run hourly at this minute of the hour (UTC). */
  hourlyAt?: number;
  /** Run every this many milliseconds. */
  everyMs?: number;
  /** One instance at a time (a lease in KV); `waitMs`: how long a start-up run waits for it. */
  leased?: { waitMs?: number };
}

export interface Jobs {
  stop(): void;
}

/** Milliseconds from `now` to the next wall-clock time at `minute` past an hour. */
export function untilMinute(now: number, minute: number): number {
  const hour = 3_600_000;
  const next = Math.floor(now / hour) * hour + minute * 60_000;
  return next > now ? next - now : next + hour - now;
}

export async function startJobs(
  kv: Deno.Kv,
  jobs: Job[],
  o: { periodic?: boolean; cron?: boolean; log?: (line: string) => void } = {},
): Promise<Jobs> {
  const log = o.log ?? console.error;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const crons = new AbortController();
  const useCron = o.cron !== false && typeof Deno.cron === "function";
  let stopped = false;
  const once = async (job: Job, waitMs = 0) => {
    try {
      if (job.leased) {
        await exclusive(kv, `job:${job.name}`, async () => await job.run(), { waitMs });
      } else await job.run();
    } catch (e) {
      log(`[job] ${job.name} failed: ${e instanceof Error ? e.stack ?? e.message : e}`);
    }
  };
  for (const job of jobs) if (job.atStart === "first") await once(job, job.leased?.waitMs);
  await Promise.all(
    jobs.filter((j) => j.atStart === true).map((job) => once(job, job.leased?.waitMs)),
  );
  if (o.periodic === false) return { stop() {} };
  for (const job of jobs) {
    if (job.everyMs) {
      const timer = setInterval(() => void once(job), job.everyMs);
      timers.add(timer);
    }
    if (job.hourlyAt !== undefined && useCron) {
      Deno.cron(job.name, `${job.hourlyAt} * * * *`, { signal: crons.signal }, () => once(job));
    } else if (job.hourlyAt !== undefined) {
      const at = job.hourlyAt;
      const next = () => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (stopped) return;
          void once(job).finally(() => stopped || next());
        }, untilMinute(Date.now(), at));
        timers.add(timer);
      };
      next();
    }
  }
  return {
    stop() {
      stopped = true;
      crons.abort();
      for (const t of timers) {
        clearTimeout(t);
        clearInterval(t);
      }
      timers.clear();
    },
  };
}
