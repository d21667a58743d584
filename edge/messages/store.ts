/**
 * The store of customer messages (the message centre): its keys and typed reads and writes. A
 * message stores a locale key and its parameters, not text, so each customer reads it in the
 * language they use now. Messages about a decision are written in the same atomic commit as the
 * decision (`messageInto`), with an event-log entry naming it (account notifications are derived
from it: edge/notifications/). Routes and pages go through `Messages` (service.ts).
 */
import { journalId } from "../ledger/service.ts";
import { stageEvents } from "../ledger/events.ts";
import { listPage } from "../platform/kvpage.ts";
import type { ListRead } from "../platform/kv_round_trips.ts";

export interface MessageRecord {
  id: string;
  at: number;
  /** key under `messages.` in the locale files, e.g. `rechargePassed` */
  kind: string;
  params: Record<string, string>;
  read: boolean;
}

export const messageKeys = {
  all: (t: string) => [t, "messages"],
  message: (t: string, userId: string, id: string) => [t, "messages", userId, id],
  messages: (t: string, userId: string) => [t, "messages", userId],
  /** Deno.KvU64 count of unread messages, kept in the commits that write and read messages. */
  unread: (t: string, userId: string) => [t, "messageUnread", userId],
  /** Set once the counters of a tenant were built from the messages stored before them. */
  unreadReady: (t: string) => [t, "migrations", "messageUnread"],
};

/** Adding 2^64 - 1 to a KvU64 wraps: it subtracts one. */
const MINUS_ONE = new Deno.KvU64((1n << 64n) - 1n);

/** Add a message for `userId` to an atomic operation (committed with the change it reports). */
export function messageInto(
  op: Deno.AtomicOperation,
  t: string,
  userId: string,
  m: { at: number; kind: string; params: Record<string, string> },
): MessageRecord {
  const rec: MessageRecord = { id: journalId(m.at), ...m, read: false };
  op.set(messageKeys.message(t, userId, rec.id), rec);
  op.sum(messageKeys.unread(t, userId), 1n);
  stageEvents(op, t, m.at, { refs: [{ user: userId, kind: "message", id: rec.id }] });
  return rec;
}

/** What the first page of `listMessages` reads, to start with the session. */
export function messagesRead(t: string, userId: string, limit: number): ListRead {
  return {
    selector: { prefix: messageKeys.messages(t, userId) },
    options: { reverse: true, limit },
  };
}

/** Newest first, paged by an opaque KV cursor. */
export async function listMessages(
  kv: Deno.Kv,
  t: string,
  userId: string,
  limit: number,
  cursor?: string,
) {
  const first = messagesRead(t, userId, limit);
  const iter = listPage<MessageRecord>(kv, first.selector, { ...first.options, cursor });
  const items: MessageRecord[] = [];
  for await (const e of iter) items.push(e.value);
  return { items, cursor: items.length === limit ? iter.cursor : null };
}

/** One message of this customer as stored (null when there is none), not marked read. */
export async function getMessage(kv: Deno.Kv, t: string, userId: string, id: string) {
  return (await kv.get<MessageRecord>(messageKeys.message(t, userId, id))).value;
}

/** One message of this customer (null when it is not theirs), marked read. */
export async function readMessage(kv: Deno.Kv, t: string, userId: string, id: string) {
  const entry = await kv.get<MessageRecord>(messageKeys.message(t, userId, id));
  if (!entry.value) return null;
  if (!entry.value.read) {
    // a lost race only means another request marked it read first (and counted it)
    await kv.atomic().check(entry).set(entry.key, { ...entry.value, read: true })
      .sum(messageKeys.unread(t, userId), MINUS_ONE.value).commit();
  }
  return { ...entry.value, read: true };
}

/** Unread messages of a customer: one read of the counter (capped at `max` for badges). */
export async function unreadCount(kv: Deno.Kv, t: string, userId: string, max = 99) {
  const n = (await kv.get<Deno.KvU64>(messageKeys.unread(t, userId))).value?.value ?? 0n;
  // a counter can only wrap below zero if it missed messages stored before it; never show that
  return n > 1n << 62n ? 0 : Math.min(Number(n), max);
}

/**
 * Build the unread counters of a tenant from the messages stored before counters existed (once,
 * at start, before requests are served).
 */
export async function migrateUnreadCounters(kv: Deno.Kv, t: string) {
  if ((await kv.get(messageKeys.unreadReady(t))).value) return;
  const counts = new Map<string, bigint>();
  for await (const e of kv.list<MessageRecord>({ prefix: messageKeys.all(t) })) {
    const userId = String(e.key[2]);
    counts.set(userId, (counts.get(userId) ?? 0n) + (e.value.read ? 0n : 1n));
  }
  const users = [...counts];
  for (let i = 0; i < users.length; i += 500) {
    const op = kv.atomic();
    for (const [u, n] of users.slice(i, i + 500)) {
      op.set(messageKeys.unread(t, u), new Deno.KvU64(n));
    }
    await op.commit();
  }
  await kv.set(messageKeys.unreadReady(t), true);
}
