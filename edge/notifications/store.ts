/**
 * The notifications capability's KV keys and records: the customer's in-app notifications (the
 * message centre's notifications tab) with an unread counter kept in the commits that add and
 * read them, the preferences per kind and channel, and the "sent" marks that make each
 * notification go out once however many instances derive it. Like messages, a notification
 * stores a locale key and parameters (`text`), so the list reads in the customer's language of
 * the day; the socket's toast and the push channel get it rendered in the customer's language.
 */
import type { NotifyKind, NotifyPrefsJson } from "../../contract/notifications.ts";
import { defaultPrefs, NOTIFY_KINDS, warnRatioOf } from "../../contract/notifications.ts";
import { stageEvents } from "../ledger/events.ts";
import { listPage } from "../platform/kvpage.ts";
import { commitAttempts } from "../platform/kv_contention.ts";
import type { ListRead, PrivateRead } from "../platform/kv_round_trips.ts";

export interface NotificationRecord {
  /** time-ordered (newest last in the key order) */
  id: string;
  at: number;
  kind: NotifyKind;
  /** locale key prefix: `<text>.title` and `<text>.body` (e.g. `notify.priceAbove`) */
  text: string;
  params: Record<string, string>;
  /** where it leads (a mobile path), or null */
  url: string | null;
  read: boolean;
}

/** How long a notification's "sent" mark is kept (a derivation cannot repeat later than this). */
const SENT_TTL_MS = 30 * 86_400_000;

export const notifyKeys = {
  item: (t: string, userId: string, id: string) => [t, "notify", "item", userId, id],
  items: (t: string, userId: string) => [t, "notify", "item", userId],
  unread: (t: string, userId: string) => [t, "notify", "unread", userId],
  prefs: (t: string, userId: string) => [t, "notify", "prefs", userId],
  allPrefs: (t: string) => [t, "notify", "prefs"],
  sent: (t: string, userId: string, key: string) => [t, "notify", "sent", userId, key],
};

/** Stored preferences over the defaults (a kind added later starts on). */
export function prefsOf(stored: Partial<NotifyPrefsJson> | null): NotifyPrefsJson {
  const p = defaultPrefs();
  // (a record per kind: one kind's record has a level too)
  const into = p as Record<NotifyKind, Record<string, unknown>>;
  for (const k of NOTIFY_KINDS) if (stored?.[k]) into[k] = { ...into[k], ...stored[k] };
  return p;
}

export class NotificationStore {
  constructor(private kv: Deno.Kv) {}

  listRead(t: string, userId: string, limit: number): ListRead {
    return { selector: { prefix: notifyKeys.items(t, userId) }, options: { reverse: true, limit } };
  }

  /** What `page` reads, to start with the session: the list's first batch and the counter. */
  pageReads(t: string, userId: string, limit: number): PrivateRead[] {
    return [this.listRead(t, userId, limit), { key: notifyKeys.unread(t, userId) }];
  }

  /** What `prefs` reads, to start with the session. */
  prefsRead(t: string, userId: string): PrivateRead {
    return { key: notifyKeys.prefs(t, userId) };
  }

  async page(t: string, userId: string, limit: number, cursor?: string) {
    const r = this.listRead(t, userId, limit);
    const iter = listPage<NotificationRecord>(this.kv, r.selector, { ...r.options, cursor });
    const items: NotificationRecord[] = [];
    for await (const e of iter) items.push(e.value);
    return { items, cursor: items.length === limit ? iter.cursor : null };
  }

  get(t: string, userId: string, id: string) {
    return this.kv.get<NotificationRecord>(notifyKeys.item(t, userId, id)).then((e) => e.value);
  }

  async unread(t: string, userId: string, max = 99): Promise<number> {
    const n = (await this.kv.get<Deno.KvU64>(notifyKeys.unread(t, userId))).value?.value ?? 0n;
    return n > 1n << 62n ? 0 : Math.min(Number(n), max);
  }

  /** Mark every unread notification of the customer read (the tab was opened). */
  async markAllRead(t: string, userId: string) {
    for await (const _attempt of commitAttempts()) {
      const counter = await this.kv.get<Deno.KvU64>(notifyKeys.unread(t, userId));
      const op = this.kv.atomic().check(counter);
      let n = 0;
      for await (
        const e of this.kv.list<NotificationRecord>({ prefix: notifyKeys.items(t, userId) })
      ) {
        if (e.value.read) continue;
        op.set(e.key, { ...e.value, read: true });
        if (++n >= 500) break;
      }
      if (!n) return;
      op.set(notifyKeys.unread(t, userId), new Deno.KvU64(0n));
      if ((await op.commit()).ok) return;
    }
  }

  async prefs(t: string, userId: string): Promise<NotifyPrefsJson> {
    return prefsOf((await this.kv.get<NotifyPrefsJson>(notifyKeys.prefs(t, userId))).value);
  }

  /** Save the preferences; the event log tells the trigger engine (the warning level). */
  async setPrefs(t: string, userId: string, p: NotifyPrefsJson, at: number) {
    const op = this.kv.atomic().set(notifyKeys.prefs(t, userId), p);
    stageEvents(op, t, at, { refs: [{ user: userId, kind: "notifyPrefs", id: userId }] });
    await op.commit();
  }

  /** Every customer's liquidation warning level who saved preferences (the engine's takeover). */
  async *warnLevels(t: string): AsyncIterable<[userId: string, ratio: number | null]> {
    for await (const e of this.kv.list<NotifyPrefsJson>({ prefix: notifyKeys.allPrefs(t) })) {
      yield [String(e.key[3]), warnRatioOf(prefsOf(e.value))];
    }
  }

  /**
   * Claim the right to send notification `key` to the customer: true once, for whichever caller
   * commits first (instances deriving the same event race here).
   */
  async claim(t: string, userId: string, key: string, at: number): Promise<boolean> {
    const k = notifyKeys.sent(t, userId, key);
    const r = await this.kv.atomic().check({ key: k, versionstamp: null })
      .set(k, at, { expireIn: SENT_TTL_MS }).commit();
    return r.ok;
  }

  /** Store an in-app notification, count it unread and tell the customer's sockets. */
  async add(t: string, userId: string, n: NotificationRecord) {
    const op = this.kv.atomic()
      .set(notifyKeys.item(t, userId, n.id), n)
      .sum(notifyKeys.unread(t, userId), 1n);
    stageEvents(op, t, n.at, { refs: [{ user: userId, kind: "notification", id: n.id }] });
    await op.commit();
  }
}
