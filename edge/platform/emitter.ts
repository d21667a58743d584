/**
 * Typed in-process events: a service announces what it did (`emit`), any number of others
 * listen (`on`), none overwrites another's callback. Listeners run synchronously in the order
 * they subscribed; one that throws is logged and does not stop the others or the emitter.
 * (Between instances, events travel through the event log: edge/realtime/eventlog.ts.)
 */
// deno-lint-ignore no-explicit-any
export class Emitter<E extends Record<string, any[]>> {
  // deno-lint-ignore no-explicit-any
  private listeners = new Map<keyof E, Set<(...args: any[]) => void>>();

  constructor(private readonly name: string) {}

  /** Listen to `event`; returns the function that stops listening. */
  on<K extends keyof E>(event: K, listener: (...args: E[K]) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return () => set.delete(listener);
  }

  emit<K extends keyof E>(event: K, ...args: E[K]): void {
    for (const f of this.listeners.get(event) ?? []) {
      try {
        f(...args);
      } catch (e) {
        console.error(`[${this.name}] a listener of ${String(event)} failed`, e);
      }
    }
  }
}
