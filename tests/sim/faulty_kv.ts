/**
 * A Deno KV whose atomic commits fail on purpose: "before" throws without committing, "after"
 * commits and then throws (the caller cannot know the outcome). Reads pass straight through.
 */
export class InjectedFault extends Error {
  constructor(readonly when: "before" | "after") {
    super(`injected fault ${when} commit`);
  }
}

export class FaultyKv {
  faults = { before: 0, after: 0 };
  constructor(private kv: Deno.Kv, private chance: () => "before" | "after" | null) {}

  get<T>(key: Deno.KvKey) {
    return this.kv.get<T>(key);
  }
  getMany<T extends readonly unknown[]>(keys: readonly [...{ [K in keyof T]: Deno.KvKey }]) {
    return this.kv.getMany<T>(keys);
  }
  list<T>(selector: Deno.KvListSelector, options?: Deno.KvListOptions) {
    return this.kv.list<T>(selector, options);
  }
  /** A single write fails like a commit (it is one). */
  set(key: Deno.KvKey, value: unknown, options?: { expireIn?: number }) {
    return this.atomic().set(key, value, options).commit() as Promise<Deno.KvCommitResult>;
  }
  delete(key: Deno.KvKey) {
    return this.atomic().delete(key).commit().then(() => undefined);
  }
  atomic(): Deno.AtomicOperation {
    const op = this.kv.atomic();
    const fault = this.chance();
    const faults = this.faults;
    const wrapped = {
      check(...c: Deno.AtomicCheck[]) {
        op.check(...c);
        return wrapped;
      },
      set(k: Deno.KvKey, v: unknown, o?: { expireIn?: number }) {
        op.set(k, v, o);
        return wrapped;
      },
      delete(k: Deno.KvKey) {
        op.delete(k);
        return wrapped;
      },
      sum(k: Deno.KvKey, n: bigint) {
        op.sum(k, n);
        return wrapped;
      },
      async commit() {
        if (fault === "before") {
          faults.before++;
          throw new InjectedFault("before");
        }
        const r = await op.commit();
        if (fault === "after") {
          faults.after++;
          throw new InjectedFault("after");
        }
        return r;
      },
    };
    return wrapped as unknown as Deno.AtomicOperation;
  }
}
