/**
 * What a guard middleware demands of a caller, recorded beside the middleware itself so the
 * OpenAPI document (routes/api/doc.ts) states each operation's security from the guards the route
 * really runs, never from a second hand-kept list that could drift from them.
 */
export type Guard =
  /** a customer's session (or a visitor's demo session) */
  | { kind: "customer" }
  /** a customer's session, or anyone with the record's share link (`?share=`) */
  | { kind: "customerOrShare" }
  /** an operator's session; `roles`: any one of them (null: any operator) */
  | { kind: "operator"; roles: readonly string[] | null };

const guards = new WeakMap<object, Guard>();

/** Marks `middleware` as the guard `g` and returns it unchanged. */
export function guarded<T extends object>(middleware: T, g: Guard): T {
  guards.set(middleware, g);
  return middleware;
}

/** The guard a route handler or middleware is, if it is one. */
export function guardOf(handler: unknown): Guard | undefined {
  return typeof handler === "function" ? guards.get(handler) : undefined;
}
