/** Customer messages, as routes and pages read them (the store is store.ts). */
import {
  getMessage,
  listMessages,
  messageKeys,
  type MessageRecord,
  messagesRead,
  migrateUnreadCounters,
  readMessage,
  unreadCount,
} from "./store.ts";

export { messageInto, type MessageRecord } from "./store.ts";

export class Messages {
  constructor(private kv: Deno.Kv) {}

  /** What the first page of `list` and `page` reads (`limit` messages), to start with the session. */
  listRead(t: string, userId: string, limit: number) {
    return messagesRead(t, userId, limit);
  }

  /** What `read` and `get` read, to start with the session. */
  messageRead(t: string, userId: string, id: string) {
    return { key: messageKeys.message(t, userId, id) };
  }

  /** Newest first, paged by an opaque KV cursor. */
  list(t: string, userId: string, limit: number, cursor?: string) {
    return listMessages(this.kv, t, userId, limit, cursor);
  }

  /** A page of the customer's messages, newest first, with the unread count. */
  async page(t: string, userId: string, limit: number, cursor?: string) {
    const page = await listMessages(this.kv, t, userId, limit, cursor);
    return { ...page, unread: await unreadCount(this.kv, t, userId) };
  }

  /** One message of this customer (null when it is not theirs), marked read. */
  read(t: string, userId: string, id: string): Promise<MessageRecord | null> {
    return readMessage(this.kv, t, userId, id);
  }

  /** One message as stored, not marked read (account notifications are derived from it). */
  get(t: string, userId: string, id: string): Promise<MessageRecord | null> {
    return getMessage(this.kv, t, userId, id);
  }

  /** Unread messages of a customer: one read of the counter (capped at `max` for badges). */
  unread(t: string, userId: string, max = 99): Promise<number> {
    return unreadCount(this.kv, t, userId, max);
  }

  /** Build the unread counters of stores written before they existed (once, at start). */
  async migrate(tenants: Iterable<string>) {
    for (const t of tenants) await migrateUnreadCounters(this.kv, t);
  }
}
