/**
 * Lists of the wrapped store (edge/platform/kvstore.ts): a list that resumes after the last entry
 * it returned when a page read finds the store busy, and a list whose first batch was read ahead
 * with the request's session (`prefetchList`) that goes on in the store after it.
 */
import { type BusyKind, busyKind } from "./kv_contention.ts";
import { batchOf, type ListBatch } from "./kv_round_trips.ts";

/** What a list needs of the wrapped handle (kvstore.ts): the bare store, busy retries, reads. */
export interface ListHandle {
  readonly inner: Deno.Kv;
  busyRetry<T>(f: () => Promise<T>, retryable: (k: BusyKind) => boolean): Promise<T>;
  read<T>(consistency: Deno.KvConsistencyLevel | undefined, f: () => Promise<T>): Promise<T>;
}

/** A list that resumes after the last entry it returned when a page read finds the store busy. */
export class StoreList<T> implements Deno.KvListIterator<T> {
  #it: Deno.KvListIterator<T>;
  /** entries returned by the current underlying iterator, and by all of them */
  #seen = 0;
  #returned = 0;
  /** where the current underlying iterator started (a cursor), when restarted */
  #resumedAt: string | undefined;

  constructor(
    private store: ListHandle,
    private selector: Deno.KvListSelector,
    private options: Deno.KvListOptions,
  ) {
    this.#it = store.inner.list<T>(selector, options);
  }

  get cursor(): string {
    return this.#seen === 0 && this.#resumedAt !== undefined ? this.#resumedAt : this.#it.cursor;
  }

  get #batch(): number {
    return batchOf(this.options);
  }

  next(): Promise<IteratorResult<Deno.KvEntry<T>, undefined>> {
    return this.store.busyRetry(async () => {
      try {
        // a new batch is a round trip: the first call and after every full batch
        const r = this.#seen % this.#batch === 0
          ? await this.store.read(this.options.consistency, () => this.#it.next())
          : await this.#it.next();
        if (!r.done) {
          this.#seen++;
          this.#returned++;
        }
        return r;
      } catch (e) {
        if (busyKind(e)) this.#restart();
        throw e;
      }
    }, () => true);
  }

  #restart() {
    const cursor = this.#seen > 0 ? this.#it.cursor : (this.#resumedAt ?? this.options.cursor);
    const limit = this.options.limit === undefined
      ? undefined
      : Math.max(1, this.options.limit - this.#returned);
    this.#it = this.store.inner.list<T>(this.selector, { ...this.options, cursor, limit });
    this.#resumedAt = cursor;
    this.#seen = 0;
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<Deno.KvEntry<T>> {
    return this;
  }
}

/**
 * A list whose first batch was read with the request's session (`prefetchList`): it yields that
 * batch, then (when the batch was full) goes on from its last cursor in the store. A failed
 * prefetch reads the list from the start.
 */
export class MemoList<T> implements Deno.KvListIterator<T> {
  #at = 0;
  #batch: ListBatch | null | undefined;
  #rest: StoreList<T> | undefined;

  constructor(
    private store: ListHandle,
    private selector: Deno.KvListSelector,
    private options: Deno.KvListOptions,
    private first: Promise<ListBatch | null>,
  ) {}

  get cursor(): string {
    if (this.#rest) return this.#rest.cursor;
    return this.#at > 0 ? this.#batch!.cursors[this.#at - 1]! : "";
  }

  async next(): Promise<IteratorResult<Deno.KvEntry<T>, undefined>> {
    if (this.#batch === undefined) this.#batch = await this.first;
    const b = this.#batch;
    if (!this.#rest && b && this.#at < b.entries.length) {
      return { done: false, value: b.entries[this.#at++] as Deno.KvEntry<T> };
    }
    if (!this.#rest) {
      if (b && !b.full) return { done: true, value: undefined };
      const taken = b?.entries.length ?? 0;
      const limit = this.options.limit === undefined ? undefined : this.options.limit - taken;
      if (limit !== undefined && limit <= 0) return { done: true, value: undefined };
      this.#rest = new StoreList<T>(this.store, this.selector, {
        ...this.options,
        ...(taken ? { cursor: b!.cursors[taken - 1] } : {}),
        limit,
      });
    }
    return await this.#rest.next();
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<Deno.KvEntry<T>> {
    return this;
  }
}
