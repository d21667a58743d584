import { assertEquals } from "../../tests/assert.ts";
import { ExpiryQueue, TriggerIndex } from "./trigger_index.ts";

Deno.test("trigger index fires exactly the crossed entries, once", () => {
  const ix = new TriggerIndex();
  ix.set("long-liq", "below", 90n);
  ix.set("long-sl", "below", 95n);
  ix.set("short-liq", "above", 110n);
  ix.set("long-tp", "above", 105n);
  assertEquals(ix.take(100n), []);
  assertEquals(ix.take(95n), ["long-sl"]);
  assertEquals(ix.take(95n), []);
  // a gap across several levels fires each once, using this first good tick
  assertEquals(ix.take(120n).sort(), ["long-tp", "short-liq"]);
  ix.set("long-liq", "below", 99n); // moved
  assertEquals(ix.size, 1);
  assertEquals(ix.take(80n), ["long-liq"]);
  assertEquals(ix.size, 0);
  ix.set("x", "above", 5n);
  ix.delete("x");
  assertEquals(ix.take(10n), []);
});

Deno.test("expiry queue returns what is due, soonest first", () => {
  const q = new ExpiryQueue();
  q.add("b", 20);
  q.add("a", 10);
  q.add("c", 30);
  assertEquals(q.due(5), []);
  assertEquals(q.due(20).map((x) => x.id), ["a", "b"]);
  q.remove("c");
  assertEquals(q.due(100), []);
});
