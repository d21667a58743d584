import { assertEquals, assertRejects } from "../../tests/assert.ts";
import { type Job, startJobs, untilMinute } from "./scheduler.ts";

Deno.test("untilMinute: the next wall-clock time at that minute past an hour", () => {
  const h = 3_600_000;
  assertEquals(untilMinute(10 * h, 0), h, "on the hour: the next hour");
  assertEquals(untilMinute(10 * h, 30), 30 * 60_000);
  assertEquals(untilMinute(10 * h + 31 * 60_000, 30), 59 * 60_000);
  assertEquals(untilMinute(10 * h + 29 * 60_000 + 1, 30), 60_000 - 1);
});

Deno.test("startJobs: start-up runs are awaited, leased ones under a lease; failures logged", async () => {
  const kv = await Deno.openKv(":memory:");
  const ran: string[] = [];
  const logged: string[] = [];
  const jobs = await startJobs(kv, [
    { name: "a", atStart: true, run: () => ran.push("a") },
    {
      name: "b",
      atStart: true,
      leased: {},
      run: async () => ran.push(`b:${(await kv.get(["lease", "job:b"])).value !== null}`),
    },
    { name: "c", atStart: true, run: () => Promise.reject(new Error("boom")) },
    { name: "d", hourlyAt: 0, everyMs: 3_600_000, run: () => ran.push("d") },
  ], { cron: false, log: (l) => logged.push(l) });
  jobs.stop();
  assertEquals(ran, ["a", "b:true"]);
  assertEquals(logged.length, 1);
  assertEquals(logged[0]!.startsWith("[job] c failed: Error: boom"), true);
  kv.close();
});

Deno.test('startJobs: the "first" start-up runs go one after another in order, then the others side by side', async () => {
  const kv = await Deno.openKv(":memory:");
  const seen: string[] = [];
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const first = (name: string, ms: number): Job => ({
    name,
    atStart: "first",
    leased: {},
    run: async () => {
      seen.push(`${name}<`);
      await sleep(ms);
      seen.push(`${name}>`);
    },
  });
  // each of these waits for the other to start: one after another, the first would wait in
  // vain (up to a second) and end before the second started
  let started = 0;
  const both = Promise.withResolvers<void>();
  const side = (name: string): Job => ({
    name,
    atStart: true,
    leased: {},
    run: async () => {
      seen.push(`${name}<`);
      if (++started === 2) both.resolve();
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([both.promise, new Promise((r) => timer = setTimeout(r, 1_000))]);
      clearTimeout(timer);
      seen.push(`${name}>`);
    },
  });
  const jobs = await startJobs(kv, [side("x"), first("seed", 30), side("y"), first("migrate", 5)], {
    periodic: false,
  });
  jobs.stop();
  assertEquals(seen.slice(0, 4), ["seed<", "seed>", "migrate<", "migrate>"]);
  assertEquals(seen.slice(4, 6), ["x<", "y<"], "both started before either ended");
  assertEquals(seen.slice(6).sort(), ["x>", "y>"]);
  kv.close();
});

Deno.test("startJobs: hourly jobs through Deno.cron end with stop()", async () => {
  assertEquals(typeof Deno.cron, "function", "the runtime schedules with Deno.cron");
  const kv = await Deno.openKv(":memory:");
  const job = { name: "cron-test", hourlyAt: 5, run: () => {} };
  const jobs = await startJobs(kv, [job]);
  // while its schedule runs, the name is taken: a second schedule of it is refused
  await assertRejects(() => startJobs(kv, [job]));
  jobs.stop();
  // the name is free again once its schedule ended
  const again = await startJobs(kv, [job]);
  again.stop();
  kv.close();
});
