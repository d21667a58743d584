/**
 * The support chat's wire contract (customer side `/api/support/*`, the console's inbox
 * `/api/admin/support/*`), shared by the routes and the chat islands. Messages are plain text:
 * the islands render them as text nodes, never as HTML, so `<`, `&` and the like arrive as typed.
 */
import { z } from "zod";

/** A message's longest text (characters), and a visitor conversation's most messages. */
export const SUPPORT_TEXT_MAX = 2000;
export const VISITOR_MESSAGES_MAX = 100;

/** Where a conversation stands: waiting for an operator, waiting for the customer, closed. */
export const SUPPORT_STATUSES = ["open", "waiting", "closed"] as const;
export type SupportStatus = typeof SUPPORT_STATUSES[number];

/** Control characters other than line breaks and tabs are refused (they render as nothing). */
const printable = (s: string) => !/[\p{Cc}]/u.test(s.replace(/[\n\t\r]/g, ""));

const ImageId = z.string().regex(
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  { error: "imageMissing" },
);

const Text = z.string({ error: "required" }).trim().max(SUPPORT_TEXT_MAX, { error: "tooLong" })
  .refine(printable, { error: "invalid" });

/** A customer's (or visitor's) message: text, an image (signed-in customers), or both. */
export const SupportWrite = z.strictObject({
  text: Text.default(""),
  imageId: ImageId.optional(),
}).refine((b) => b.text.length > 0 || b.imageId !== undefined, {
  error: "required",
  path: ["text"],
}).meta({ id: "SupportWrite" });

/** An operator's reply: text only. */
export const SupportReply = z.strictObject({
  text: Text.min(1, { error: "required" }),
}).meta({ id: "SupportReply" });

/** Assign a conversation to an operator (by user name), or to nobody (`null`). */
export const SupportAssign = z.strictObject({
  operator: z.string({ error: "required" }).regex(/^[a-z0-9_.-]{1,32}$/i, { error: "invalid" })
    .nullable(),
}).meta({ id: "SupportAssign" });

/** Close a conversation, or reopen it (`reopen: true`). */
export const SupportClose = z.strictObject({
  reopen: z.boolean({ error: "invalid" }).default(false),
}).meta({ id: "SupportClose" });

export const SupportInboxQuery = z.object({
  status: z.enum(SUPPORT_STATUSES, { error: "invalid" }).default("open"),
});

export const ConversationId = z.object({
  id: z.string().regex(/^[0-9A-Za-z_-]{1,64}$/, { error: "invalid" }),
});

export const SupportMessage = z.object({
  id: z.string(),
  at: z.number().int(),
  from: z.enum(["customer", "operator"]),
  /** the operator's user name (console only; customers see "customer service") */
  operator: z.string().nullable(),
  text: z.string(),
  imageId: z.string().nullable(),
  /** the other side has read it (read receipt) */
  read: z.boolean(),
}).meta({ id: "SupportMessage" });
export type SupportMessageJson = z.infer<typeof SupportMessage>;

export const SupportConversation = z.object({
  id: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  /** the customer (null: a visitor who is not signed in) */
  userId: z.string().nullable(),
  locale: z.string(),
  assignee: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** the latest message's text (shortened), for the inbox */
  preview: z.string(),
  /** the customer wrote after the operators last read it */
  unread: z.boolean(),
}).meta({ id: "SupportConversation" });
export type SupportConversationJson = z.infer<typeof SupportConversation>;

/** The customer's side: their conversation (none yet: null) and, signed in, the offer to continue. */
export const SupportThread = z.object({
  conversation: z.union([SupportConversation, z.null()]),
  messages: z.array(SupportMessage),
  /** a conversation this browser had as a visitor, offered to continue after sign-in */
  visitorOffer: z.object({ messages: z.number().int() }).nullable(),
}).meta({ id: "SupportThread" });
export type SupportThreadJson = z.infer<typeof SupportThread>;

export const SupportInbox = z.object({
  items: z.array(SupportConversation),
  counts: z.object({ open: z.number().int(), waiting: z.number().int() }),
}).meta({ id: "SupportInbox" });
export type SupportInboxJson = z.infer<typeof SupportInbox>;

/** The customer beside the conversation: masked as on the customers page (not sensitive). */
export const SupportCustomer = z.object({
  userId: z.string(),
  phone: z.string(),
  certifyLevel: z.enum(["none", "junior", "advanced"]),
  verifiedName: z.string().nullable(),
  locked: z.boolean(),
  balances: z.array(z.object({ wallet: z.string(), currency: z.string(), total: z.string() })),
  orders: z.array(
    z.object({ kind: z.string(), symbol: z.string(), at: z.number(), status: z.string() }),
  ),
  funds: z.array(
    z.object({
      kind: z.enum(["recharge", "withdrawal"]),
      amount: z.string(),
      currency: z.string(),
      status: z.string(),
      at: z.number(),
    }),
  ),
}).meta({ id: "SupportCustomer" });
export type SupportCustomerJson = z.infer<typeof SupportCustomer>;

export const SupportDetail = z.object({
  conversation: SupportConversation,
  messages: z.array(SupportMessage),
  customer: SupportCustomer.nullable(),
  /** the operators it may be assigned to (roles support, admin) */
  assignable: z.array(z.string()),
}).meta({ id: "SupportDetail" });
export type SupportDetailJson = z.infer<typeof SupportDetail>;

/** What the `support` socket channel says: a conversation changed; the client reads it again. */
export interface SupportNudge {
  conversation: string;
  kind: "message" | "read" | "status";
}
