/**
 * The support chat's store: its KV keys and typed reads. A conversation belongs to one owner (a
 * customer `u:<userId>`, or a visitor's browser `v:<hash of its cookie>`) and its id is the
 * owner's (`conversationId`), so the customer's page reads it with the session in one round
 * trip; its messages sort by time under it; the inbox reads one index per status. Writes are built by the service
 * (service.ts) as one atomic commit each, with the event-log nudge and, for operators, the
 * audit entry.
 */
import type { SupportStatus } from "../../contract/support.ts";

export interface Conversation {
  id: string;
  owner: string;
  userId: string | null;
  /** the customer's language when they first wrote (canned replies are offered in it) */
  locale: string;
  status: SupportStatus;
  assignee: string | null;
  createdAt: number;
  updatedAt: number;
  preview: string;
  /** messages stored (a visitor conversation is bounded) */
  count: number;
  /** when the customer (resp. the operators) last read the conversation */
  customerReadAt: number;
  operatorReadAt: number;
  /** the latest customer (resp. operator) message's time */
  customerAt: number;
  operatorAt: number;
}

export interface SupportMessageRecord {
  id: string;
  at: number;
  from: "customer" | "operator";
  operator: string | null;
  text: string;
  imageId: string | null;
}

/** The conversation of an owner: `u:123` -> `u-123`. */
export const conversationId = (owner: string) => owner.replace(":", "-");

/** How many messages a conversation shows (the latest). */
export const THREAD_LIMIT = 200;

export const supportKeys = {
  conversation: (t: string, id: string): Deno.KvKey => [t, "support", "conv", id],
  message: (t: string, conv: string, id: string): Deno.KvKey => [t, "support", "msg", conv, id],
  messages: (t: string, conv: string): Deno.KvKey => [t, "support", "msg", conv],
  index: (t: string, status: SupportStatus, id: string): Deno.KvKey => [
    t,
    "support",
    "idx",
    status,
    id,
  ],
  indexOf: (t: string, status: SupportStatus): Deno.KvKey => [t, "support", "idx", status],
  rate: (t: string, what: string, who: string): Deno.KvKey => [t, "support", "rate", what, who],
};

/** Typed reads of the `support` keys. */
export class SupportStore {
  constructor(private kv: Deno.Kv) {}

  conversation(t: string, id: string) {
    return this.kv.get<Conversation>(supportKeys.conversation(t, id));
  }

  /** The conversation's latest `limit` messages, oldest first. */
  async messages(t: string, conv: string, limit = THREAD_LIMIT): Promise<SupportMessageRecord[]> {
    const out: SupportMessageRecord[] = [];
    for await (
      const e of this.kv.list<SupportMessageRecord>(
        { prefix: supportKeys.messages(t, conv) },
        { reverse: true, limit },
      )
    ) out.push(e.value);
    return out.reverse();
  }

  /** The conversations of a status as the inbox index holds them (at most `limit`). */
  async index(t: string, status: SupportStatus, limit: number): Promise<Conversation[]> {
    const out: Conversation[] = [];
    for await (
      const e of this.kv.list<Conversation>({ prefix: supportKeys.indexOf(t, status) }, { limit })
    ) out.push(e.value);
    return out;
  }
}
