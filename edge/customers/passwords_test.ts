import { assert, assertEquals, assertMatch } from "../../tests/assert.ts";
import { hashPassword, randomDigits, randomToken, verifyPassword } from "./passwords.ts";

Deno.test("argon2id hashes verify only the right password and are salted", async () => {
  const a = await hashPassword("Secret-123");
  const b = await hashPassword("Secret-123");
  assertMatch(a, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  assert(a !== b);
  assertEquals(await verifyPassword("Secret-123", a), true);
  assertEquals(await verifyPassword("Secret-124", a), false);
  assertEquals(await verifyPassword("x", "garbage"), false);
});

Deno.test("tokens have >= 128 bits and codes are digits", () => {
  assertMatch(randomToken(), /^[A-Za-z0-9_-]{43}$/);
  assertMatch(randomDigits(6), /^\d{6}$/);
});
