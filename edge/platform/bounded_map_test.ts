import { assertEquals } from "../../tests/assert.ts";
import { setBounded } from "./bounded_map.ts";

Deno.test("setBounded: past the bound the oldest leaves; setting a key again makes it the newest", () => {
  const m = new Map<string, number>();
  for (const [k, v] of [["a", 1], ["b", 2], ["c", 3]] as const) setBounded(m, k, v, 3);
  setBounded(m, "a", 10, 3); // "a" again: now the newest, "b" the oldest
  setBounded(m, "d", 4, 3);
  assertEquals([...m], [["c", 3], ["a", 10], ["d", 4]]);
});
