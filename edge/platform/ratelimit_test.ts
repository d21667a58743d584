import { assertEquals } from "../../tests/assert.ts";
import { reset, take } from "./ratelimit.ts";

Deno.test("concurrent takes never exceed the limit", async () => {
  const kv = await Deno.openKv(":memory:");
  const limit = { max: 5, windowMs: 60_000 };
  const now = 1_700_000_000_000;
  const results = await Promise.all(
    Array.from({ length: 40 }, () => take(kv, ["t", "rl", "x"], limit, now)),
  );
  assertEquals(results.filter((r) => r.allowed).length, 5);
  // a new window allows again; reset clears the current one
  assertEquals((await take(kv, ["t", "rl", "x"], limit, now + 60_000)).allowed, true);
  await reset(kv, ["t", "rl", "x"], limit, now);
  assertEquals((await take(kv, ["t", "rl", "x"], limit, now)).allowed, true);
  kv.close();
});
