/** Reply schemas of the message centre. */
import { z } from "zod";

/** A message in the customer's language (stored as a locale key with parameters). */
export const Message = z.object({
  id: z.string(),
  at: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  antiPhishing: z.string().nullable().meta({
    description: "the customer's anti-phishing code, shown with every message (null: not set)",
  }),
}).meta({ id: "Message" });
export type MessageJson = z.infer<typeof Message>;

export const MessagePage = z.object({
  items: z.array(Message),
  cursor: z.string().nullable(),
  unread: z.number().int(),
}).meta({ id: "MessagePage" });
export type MessagePageJson = z.infer<typeof MessagePage>;
