/**
 * Price-trigger indexes for one symbol: entries sorted by trigger level, so a tick only looks at
 * the entries it crosses (never a scan of all positions). `below` entries fire when the price
 * falls to or under their level (long liquidation and stop-loss, short take-profit, buy limits);
 * `above` entries fire when it rises to or over (short liquidation and stop-loss, long
 * take-profit, sell limits).
 */
export interface TriggerEntry {
  id: string;
  level: bigint;
}

/** Sorted by level ascending, then id; binary-search insert and removal. */
class SortedLevels {
  readonly items: TriggerEntry[] = [];

  private index(level: bigint, id: string): number {
    let lo = 0, hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const m = this.items[mid]!;
      if (m.level < level || (m.level === level && m.id < id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(e: TriggerEntry) {
    this.items.splice(this.index(e.level, e.id), 0, e);
  }

  remove(e: TriggerEntry): boolean {
    const i = this.index(e.level, e.id);
    if (this.items[i]?.id !== e.id) return false;
    this.items.splice(i, 1);
    return true;
  }
}

export class TriggerIndex {
  private below = new SortedLevels();
  private above = new SortedLevels();
  private where = new Map<string, { side: "below" | "above"; level: bigint }>();

  get size() {
    return this.where.size;
  }

  /** Add or move an entry. */
  set(id: string, side: "below" | "above", level: bigint) {
    this.delete(id);
    (side === "below" ? this.below : this.above).insert({ id, level });
    this.where.set(id, { side, level });
  }

  delete(id: string) {
    const w = this.where.get(id);
    if (!w) return;
    (w.side === "below" ? this.below : this.above).remove({ id, level: w.level });
    this.where.delete(id);
  }

  /**
   * Entries crossed by `price`, removed from the index (each fires once). Cost: O(fired), plus
   * O(log n) per removal; nothing is looked at when nothing fires.
   */
  take(price: bigint): string[] {
    const fired: string[] = [];
    const b = this.below.items;
    while (b.length && b[b.length - 1]!.level >= price) fired.push(b.pop()!.id);
    const a = this.above.items;
    let n = 0;
    while (n < a.length && a[n]!.level <= price) fired.push(a[n++]!.id);
    if (n) a.splice(0, n);
    for (const id of fired) this.where.delete(id);
    return fired;
  }
}

/** Fast-contract expiries of one symbol, soonest first. */
export class ExpiryQueue {
  private items: { id: string; at: number }[] = [];

  get size() {
    return this.items.length;
  }

  add(id: string, at: number) {
    let lo = 0, hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.items[mid]!.at <= at) lo = mid + 1;
      else hi = mid;
    }
    this.items.splice(lo, 0, { id, at });
  }

  /** Everything due at or before `time`, removed. */
  due(time: number): { id: string; at: number }[] {
    let n = 0;
    while (n < this.items.length && this.items[n]!.at <= time) n++;
    return n ? this.items.splice(0, n) : [];
  }

  remove(id: string) {
    const i = this.items.findIndex((x) => x.id === id);
    if (i >= 0) this.items.splice(i, 1);
  }
}
