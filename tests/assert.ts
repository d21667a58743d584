/** Test assertions: Node's built-in strict assert (JSR's @std/assert is out of reach here). */
import assert from "node:assert/strict";

export const assertEquals = <T>(actual: unknown, expected: T, msg?: string) =>
  assert.deepStrictEqual(actual, expected, msg);
export const assertNotEquals = (actual: unknown, expected: unknown, msg?: string) =>
  assert.notDeepStrictEqual(actual, expected, msg);
export const assertThrows = (fn: () => unknown, msg?: string) => assert.throws(fn, msg);
export const assertRejects = (fn: () => Promise<unknown>, msg?: string) => assert.rejects(fn, msg);
export const assertMatch = (actual: string, re: RegExp, msg?: string) =>
  assert.match(actual, re, msg);
export function assert_(cond: unknown, msg?: string): asserts cond {
  assert.ok(cond, msg);
}
export { assert_ as assert };
