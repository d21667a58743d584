import { assertEquals, assertRejects } from "../../tests/assert.ts";
import { startJobs, untilMinute } from "./scheduler.ts";

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
