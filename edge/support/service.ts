/**
 * The built-in support chat (issue 29): a customer, or a visitor's browser, has one
 * conversation with customer service; operators (roles support, admin) answer from the
 * console's inbox. Every write is one atomic commit: the message, the conversation (checked, so
 * two writers never lose each other's changes), the inbox index of its status, the image
 * attachment (the voucher upload rules: `edge/uploads`), the audit entry of an operator's act
 * (`auditInto`, same commit) and an event-log entry (`support` refs) that every instance reads,
 * so the customer's and the operators' sockets anywhere hear of it; the islands then read the
 * conversation again through the API (nothing is missed across a reconnect: the store is the
 * record, the socket only says when to look).
 *
 * Statuses: `open` (the customer wrote last: waiting for an operator; the console's badge
 * counts these), `waiting` (an operator answered: waiting for the customer), `closed` (by an
 * operator; the customer writing again reopens it). Read receipts: each side's last read time;
 * reading marks the other side's messages read only when something new arrived (a quiet reload
 * writes nothing). Bounds: text length (contract), messages per minute per writer, visitor
 * conversations per source address per hour, messages per visitor conversation.
 */
import {
  SUPPORT_TEXT_MAX,
  type SupportConversationJson,
  type SupportCustomerJson,
  type SupportMessageJson,
  type SupportStatus,
  VISITOR_MESSAGES_MAX,
} from "../../contract/support.ts";
import { type Actor, auditInto, readAuditHead } from "../audit/audit.ts";
import { stageEvents, type SupportRef } from "../ledger/events.ts";
import { journalId } from "../ledger/service.ts";
import { DomainError } from "../platform/errors.ts";
import { sha256Hex } from "../platform/hashing.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import type { PrivateRead } from "../platform/kv_round_trips.ts";
import { type Limit, take } from "../platform/ratelimit.ts";
import { attachImage, type ImageStore } from "../uploads/service.ts";
import {
  type Conversation,
  conversationId,
  supportKeys,
  type SupportMessageRecord,
  SupportStore,
  THREAD_LIMIT,
} from "./store.ts";

/** The inbox shows this many conversations of a status, the latest changed of the first scanned. */
const INBOX_SHOWN = 100;
const INBOX_SCAN = 1000;

function newConversation(
  id: string,
  owner: string,
  userId: string | null,
  locale: string,
  now: number,
): Conversation {
  return {
    id,
    owner,
    userId,
    locale,
    status: "open",
    assignee: null,
    createdAt: now,
    updatedAt: now,
    preview: "",
    count: 0,
    customerReadAt: 0,
    operatorReadAt: 0,
    customerAt: 0,
    operatorAt: 0,
  };
}

/** A customer writes at most this often (visitors too, per browser). */
export const MESSAGE_LIMIT: Limit = { max: 10, windowMs: 60_000 };
/** New visitor conversations per source address. */
export const VISITOR_LIMIT: Limit = { max: 5, windowMs: 3600_000 };

/** Who is on the customer side: a signed-in customer, or a visitor's browser (its cookie). */
export type Writer = { userId: string } | { visitor: string };

export interface SupportDeps {
  kv: Deno.Kv;
  images: ImageStore;
  now: () => number;
  /** the customer beside the conversation, masked as on the customers page */
  customer: (t: string, userId: string) => Promise<SupportCustomerJson | null>;
  /** the operators a conversation may be assigned to */
  assignable: (t: string) => Promise<string[]>;
}

/** A visitor's owner key: the hash of the browser's random cookie (the cookie is never stored). */
export async function visitorOwner(cookie: string): Promise<string> {
  return `v:${(await sha256Hex(`support-visitor|${cookie}`)).slice(0, 40)}`;
}

const ownerOf = async (w: Writer) =>
  "userId" in w ? `u:${w.userId}` : await visitorOwner(w.visitor);

const preview = (m: { text: string; imageId: string | null }) =>
  (m.text || (m.imageId ? "[image]" : "")).slice(0, 120);

export function conversationJson(c: Conversation): SupportConversationJson {
  return {
    id: c.id,
    status: c.status,
    userId: c.userId,
    locale: c.locale,
    assignee: c.assignee,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    preview: c.preview,
    unread: c.customerAt > c.operatorReadAt,
  };
}

/** A message as `side` sees it: the read receipt is the other side's. */
function messageJson(
  m: SupportMessageRecord,
  c: Conversation,
  side: "customer" | "operator",
): SupportMessageJson {
  const readAt = m.from === "customer" ? c.operatorReadAt : c.customerReadAt;
  return {
    id: m.id,
    at: m.at,
    from: m.from,
    operator: side === "operator" ? m.operator : null,
    text: m.text,
    imageId: m.imageId,
    read: readAt >= m.at,
  };
}

export class Support {
  private store: SupportStore;
  constructor(private d: SupportDeps) {
    this.store = new SupportStore(d.kv);
  }

  private get kv() {
    return this.d.kv;
  }

  private async throttle(t: string, what: string, who: string, limit: Limit) {
    const r = await take(this.kv, supportKeys.rate(t, what, who), limit, this.d.now());
    if (!r.allowed) {
      const seconds = Math.max(1, Math.ceil(r.retryAfterMs / 1000));
      throw new DomainError("RATE_LIMITED", { seconds }, undefined, { retryAfterSeconds: seconds });
    }
  }

  /**
   * What the customer's page reads with the session (`reading`): the conversation and its
   * latest messages, in the session's round trip.
   */
  reads(t: string, userId: string): PrivateRead[] {
    return this.threadReads(t, conversationId(`u:${userId}`));
  }

  /** A conversation and its thread, as `detail` and the customer's view read them. */
  threadReads(t: string, id: string): PrivateRead[] {
    return [{ key: supportKeys.conversation(t, id) }, {
      selector: { prefix: supportKeys.messages(t, id) },
      options: { reverse: true, limit: THREAD_LIMIT },
    }];
  }

  /** What the inbox of `status` reads (with the operator's session): the status lists. */
  inboxReads(t: string, status: SupportStatus): PrivateRead[] {
    return [...new Set([status, "open", "waiting"] as const)].map((s) => ({
      selector: { prefix: supportKeys.indexOf(t, s) },
      options: { limit: INBOX_SCAN },
    }));
  }

  /**
   * The customer's (or visitor's) conversation and, for a signed-in customer whose browser had a
   * visitor conversation, the offer to continue it. Marks the operators' messages read when new
   * ones arrived since the customer last looked.
   */
  async thread(t: string, w: Writer, visitorCookie: string | null) {
    const id = conversationId(await ownerOf(w));
    const offerId = "userId" in w && visitorCookie
      ? conversationId(await visitorOwner(visitorCookie))
      : null;
    const [conv, list, offer] = await Promise.all([
      this.store.conversation(t, id),
      this.store.messages(t, id),
      offerId ? this.store.conversation(t, offerId) : Promise.resolve(null),
    ]);
    let c = conv.value;
    if (c && c.operatorAt > c.customerReadAt) c = await this.markRead(t, conv, "customer") ?? c;
    return {
      conversation: c ? conversationJson(c) : null,
      messages: c ? list.map((m) => messageJson(m, c!, "customer")) : [],
      visitorOffer: offer?.value ? { messages: offer.value.count } : null,
    };
  }

  /** A customer's or visitor's message (text, image of a signed-in customer, or both). */
  async write(
    t: string,
    w: Writer,
    body: { text: string; imageId?: string },
    from: { ip: string; locale: string },
  ): Promise<SupportMessageJson> {
    const owner = await ownerOf(w);
    const id = conversationId(owner);
    const userId = "userId" in w ? w.userId : null;
    if (body.imageId) {
      // the upload rules of vouchers: the writer's own upload, attached once (below)
      const meta = userId ? await this.d.images.meta(t, body.imageId) : null;
      if (!meta || meta.owner !== `u:${userId}`) {
        throw new DomainError("VALIDATION", {}, { imageId: "imageMissing" });
      }
    }
    const first = await this.store.conversation(t, id);
    if (!userId && first.value && first.value.count >= VISITOR_MESSAGES_MAX) {
      throw new DomainError("VALIDATION", {}, { text: "tooMany" });
    }
    if (!first.value && !userId) await this.throttle(t, "visitor", from.ip, VISITOR_LIMIT);
    await this.throttle(t, "msg", owner, MESSAGE_LIMIT);
    for await (const n of commitAttempts()) {
      const now = this.d.now();
      const conv = n === 0 ? first : await this.store.conversation(t, id);
      const prev = conv.value;
      const msg: SupportMessageRecord = {
        id: journalId(now),
        at: now,
        from: "customer",
        operator: null,
        text: body.text.slice(0, SUPPORT_TEXT_MAX),
        imageId: body.imageId ?? null,
      };
      const next: Conversation = {
        ...(prev ?? newConversation(id, owner, userId, from.locale, now)),
        status: "open",
        updatedAt: now,
        preview: preview(msg),
        count: (prev?.count ?? 0) + 1,
        customerAt: now,
        // writing is reading: everything before this message was seen
        customerReadAt: now,
      };
      const op = this.kv.atomic().check(conv);
      this.moveIndex(op, t, prev?.status ?? null, next);
      op.set(supportKeys.conversation(t, id), next).set(supportKeys.message(t, id, msg.id), msg);
      if (msg.imageId) attachImage(op, t, msg.imageId, "support");
      stageEvents(op, t, now, { support: [{ owner, conversation: id, kind: "message" }] });
      const res = await op.commit();
      if (res.ok) return messageJson(msg, next, "customer");
      if (msg.imageId && (await this.d.images.use(t, msg.imageId))) {
        throw new DomainError("VALIDATION", {}, { imageId: "imageUsed" });
      }
    }
    throw storeBusy();
  }

  /**
   * After sign-in: the conversation this browser had as a visitor joins the customer's (created
   * if they had none): its messages move in one commit (a visitor conversation holds at most
   * VISITOR_MESSAGES_MAX), and it is gone.
   */
  async continueVisitor(t: string, userId: string, visitorCookie: string) {
    const vOwner = await visitorOwner(visitorCookie);
    const vId = conversationId(vOwner);
    const owner = `u:${userId}`;
    const id = conversationId(owner);
    for await (const _ of commitAttempts()) {
      const now = this.d.now();
      const [v, mine, moved] = await Promise.all([
        this.store.conversation(t, vId),
        this.store.conversation(t, id),
        this.store.messages(t, vId, VISITOR_MESSAGES_MAX),
      ]);
      const vc = v.value;
      if (!vc) throw new DomainError("NOT_FOUND");
      const c = mine.value ??
        { ...newConversation(id, owner, userId, vc.locale, now), ...{ status: vc.status } };
      const op = this.kv.atomic().check(v, mine);
      for (const m of moved) {
        op.delete(supportKeys.message(t, vId, m.id)).set(supportKeys.message(t, id, m.id), m);
      }
      op.delete(v.key).delete(supportKeys.index(t, vc.status, vId));
      const customerAt = Math.max(c.customerAt, vc.customerAt);
      const target: Conversation = {
        ...c,
        status: customerAt > Math.max(c.operatorAt, vc.operatorAt) ? "open" : c.status,
        count: c.count + moved.length,
        updatedAt: now,
        preview: c.customerAt >= vc.customerAt && mine.value ? c.preview : vc.preview,
        customerAt,
        operatorAt: Math.max(c.operatorAt, vc.operatorAt),
      };
      this.moveIndex(op, t, mine.value?.status ?? null, target);
      op.set(supportKeys.conversation(t, id), target);
      stageEvents(op, t, now, {
        support: [
          { owner, conversation: id, kind: "message" },
          { owner: vOwner, conversation: vId, kind: "status" },
        ],
      });
      if ((await op.commit()).ok) return conversationJson(target);
    }
    throw storeBusy();
  }

  // ------------------------------------------------------------------ operators

  /**
   * The inbox: the latest changed conversations of a status (at most INBOX_SHOWN of the first
   * INBOX_SCAN), newest first, and how many are open and waiting (counted up to INBOX_SCAN); the
   * index entries carry the conversations, so this is one read of each list.
   */
  async inbox(t: string, status: SupportStatus) {
    const [rows, open, waiting] = await Promise.all([
      this.store.index(t, status, INBOX_SCAN),
      status === "open" ? null : this.store.index(t, "open", INBOX_SCAN),
      status === "waiting" ? null : this.store.index(t, "waiting", INBOX_SCAN),
    ]);
    const items = rows.sort((a, b) => b.updatedAt - a.updatedAt).slice(0, INBOX_SHOWN);
    return {
      items: items.map(conversationJson),
      counts: { open: (open ?? rows).length, waiting: (waiting ?? rows).length },
    };
  }

  /**
   * One conversation for the console with the customer (a customer's conversation names them in
   * its id: everything is read together), marking the customer's messages read.
   */
  async detail(t: string, id: string) {
    const userId = id.startsWith("u-") ? id.slice(2) : null;
    const [entry, messages, customer, assignable] = await Promise.all([
      this.store.conversation(t, id),
      this.store.messages(t, id),
      userId ? this.d.customer(t, userId) : Promise.resolve(null),
      this.d.assignable(t),
    ]);
    let c = entry.value;
    if (!c) throw new DomainError("NOT_FOUND");
    if (c.customerAt > c.operatorReadAt) c = await this.markRead(t, entry, "operator") ?? c;
    return {
      conversation: conversationJson(c),
      messages: messages.map((m) => messageJson(m, c!, "operator")),
      customer: c.userId ? customer : null,
      assignable,
    };
  }

  /** An operator's reply (audited): the conversation waits for the customer. */
  reply(t: string, id: string, by: Actor, text: string): Promise<SupportMessageJson> {
    return this.change(t, id, by, "support.reply", (c, now) => {
      if (c.status === "closed") throw new DomainError("CONFLICT");
      const msg: SupportMessageRecord = {
        id: journalId(now),
        at: now,
        from: "operator",
        operator: by.operator,
        text,
        imageId: null,
      };
      const next: Conversation = {
        ...c,
        status: "waiting",
        assignee: c.assignee ?? by.operator,
        updatedAt: now,
        preview: preview(msg),
        count: c.count + 1,
        operatorAt: now,
        operatorReadAt: now,
      };
      return { next, msg, kind: "message", result: messageJson(msg, next, "operator") };
    });
  }

  /** Assign to an operator who may answer (support or admin), or to nobody; audited. */
  async assign(t: string, id: string, by: Actor, operator: string | null) {
    if (operator !== null && !(await this.d.assignable(t)).includes(operator)) {
      throw new DomainError("VALIDATION", {}, { operator: "invalid" });
    }
    return await this.change(t, id, by, "support.assign", (c, now) => {
      const next = { ...c, assignee: operator, updatedAt: now };
      return { next, kind: "status", result: conversationJson(next) };
    });
  }

  /** Close, or reopen (`reopen`); audited. Closing a closed conversation changes nothing. */
  close(t: string, id: string, by: Actor, reopen: boolean) {
    return this.change(t, id, by, reopen ? "support.reopen" : "support.close", (c, now) => {
      const status: SupportStatus = !reopen
        ? "closed"
        : c.customerAt > c.operatorAt
        ? "open"
        : "waiting";
      if (reopen ? c.status !== "closed" : c.status === "closed") {
        return { next: c, kind: "status", result: conversationJson(c), same: true };
      }
      const next = { ...c, status, updatedAt: now };
      return { next, kind: "status", result: conversationJson(next) };
    });
  }

  /**
   * An operator's change of a conversation: one commit with the audit entry (before and after),
   * the index move and the event-log nudge; retried on a conflict.
   */
  private async change<R>(
    t: string,
    id: string,
    by: Actor,
    action: string,
    f: (c: Conversation, now: number) => {
      next: Conversation;
      msg?: SupportMessageRecord;
      kind: SupportRef["kind"];
      result: R;
      same?: boolean;
    },
  ): Promise<R> {
    for await (const _ of commitAttempts()) {
      const now = this.d.now();
      const [entry, head] = await Promise.all([
        this.store.conversation(t, id),
        readAuditHead(this.kv, t),
      ]);
      if (!entry.value) throw new DomainError("NOT_FOUND");
      const c = entry.value;
      const out = f(c, now);
      if (out.same) return out.result;
      const op = this.kv.atomic().check(entry);
      this.moveIndex(op, t, c.status, out.next);
      op.set(entry.key, out.next);
      if (out.msg) op.set(supportKeys.message(t, id, out.msg.id), out.msg);
      auditInto(op, t, head, {
        at: now,
        operator: by.operator,
        action,
        target: `support:${id}`,
        before: { status: c.status, assignee: c.assignee },
        after: {
          status: out.next.status,
          assignee: out.next.assignee,
          ...(out.msg ? { message: out.msg.id, text: out.msg.text } : {}),
        },
        ip: by.ip,
      });
      stageEvents(op, t, now, {
        support: [{ owner: c.owner, conversation: id, kind: out.kind }],
      });
      if ((await op.commit()).ok) return out.result;
    }
    throw storeBusy();
  }

  /** Mark the other side's messages read by `side` (a lost race: someone else marked them). */
  private async markRead(
    t: string,
    entry: Deno.KvEntryMaybe<Conversation>,
    side: "customer" | "operator",
  ) {
    const c = entry.value;
    if (!c) return null;
    const id = c.id;
    const now = this.d.now();
    const next = side === "customer"
      ? { ...c, customerReadAt: now }
      : { ...c, operatorReadAt: now };
    const op = this.kv.atomic().check(entry).set(entry.key, next);
    stageEvents(op, t, now, { support: [{ owner: c.owner, conversation: id, kind: "read" }] });
    return (await op.commit()).ok ? next : c;
  }

  /** Keep the inbox index of the conversation's status (dropping the previous one's). */
  private moveIndex(
    op: Deno.AtomicOperation,
    t: string,
    before: SupportStatus | null,
    next: Conversation,
  ) {
    if (before && before !== next.status) op.delete(supportKeys.index(t, before, next.id));
    // the inbox reads its rows from the index alone (one list per status)
    op.set(supportKeys.index(t, next.status, next.id), next);
  }
}
