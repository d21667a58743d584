/**
 * Customer messages (the message centre). A message stores a locale key and its parameters, not
 * text, so each customer reads it in the language they use now. Messages about a decision are
 * written in the same atomic commit as the decision.
 */
import { journalId } from "../ledger/service.ts";
import { listPage } from "../platform/kvpage.ts";

export interface MessageRecord {
  id: string;
  at: number;
  /** key under `messages.` in the locale files, e.g. `rechargePassed` */
  kind: string;
  params: Record<string, string>;
  read: boolean;
}

export const messageKeys = {
  message: (t: string, userId: string, id: string) => [t, "messages", userId, id],
  messages: (t: string, userId: string) => [t, "messages", userId],
};

/** Add a message for `userId` to an atomic operation (committed with the change it reports). */
export function messageInto(
  op: Deno.AtomicOperation,
  t: string,
  userId: string,
  m: { at: number; kind: string; params: Record<string, string> },
): MessageRecord {
  const rec: MessageRecord = { id: journalId(m.at), ...m, read: false };
  op.set(messageKeys.message(t, userId, rec.id), rec);
  return rec;
}

/** Newest first, paged by an opaque KV cursor. */
export async function listMessages(
  kv: Deno.Kv,
  t: string,
  userId: string,
  limit: number,
  cursor?: string,
) {
  const iter = listPage<MessageRecord>(kv, { prefix: messageKeys.messages(t, userId) }, {
    reverse: true,
    limit,
    cursor,
  });
  const items: MessageRecord[] = [];
  for await (const e of iter) items.push(e.value);
  return { items, cursor: items.length === limit ? iter.cursor : null };
}

/** One message of this customer (null when it is not theirs), marked read. */
export async function readMessage(kv: Deno.Kv, t: string, userId: string, id: string) {
  const entry = await kv.get<MessageRecord>(messageKeys.message(t, userId, id));
  if (!entry.value) return null;
  if (!entry.value.read) {
    // a lost race only means another request marked it read first
    await kv.atomic().check(entry).set(entry.key, { ...entry.value, read: true }).commit();
  }
  return { ...entry.value, read: true };
}

export async function unreadCount(kv: Deno.Kv, t: string, userId: string, max = 99) {
  let n = 0;
  for await (const e of kv.list<MessageRecord>({ prefix: messageKeys.messages(t, userId) })) {
    if (!e.value.read && ++n >= max) break;
  }
  return n;
}
