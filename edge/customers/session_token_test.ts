import { assert, assertEquals, assertMatch } from "../../tests/assert.ts";
import { sessionToken, userOfToken } from "./service.ts";

Deno.test("a session token looks random and names its numeric user", () => {
  const seen = new Set<string>();
  for (const id of ["10000001", "20000049", "1", "4294967295"]) {
    const token = sessionToken(id);
    assertMatch(token, /^[A-Za-z0-9_-]{43}$/);
    assertEquals(userOfToken(token), id);
    seen.add(token);
    seen.add(sessionToken(id));
  }
  assertEquals(seen.size, 8);
  // ids it cannot carry: a plain random token (which names nobody, or a wrong user at random)
  for (const id of ["4294967296", "0123", "demo-user"]) {
    const token = sessionToken(id);
    assertMatch(token, /^[A-Za-z0-9_-]{43}$/);
    assert(userOfToken(token) !== id);
  }
  assertEquals(userOfToken("not-a-token"), null);
});
