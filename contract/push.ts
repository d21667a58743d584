/**
 * Web push: the VAPID public key a browser subscribes with and the subscription it hands back
 * (`PushSubscription.toJSON()`), bounded before anything is stored: an https endpoint of at most
 * 1,024 characters, the P-256 public key (65 bytes) and the 16-byte auth secret in base64url.
 */
import { z } from "zod";

/** At most this many devices of one customer receive pushes (a new one replaces the oldest). */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

const b64url = (bytes: number) => {
  const chars = Math.ceil(bytes * 4 / 3);
  return z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}={0,2}$`), { error: "invalid" });
};

export const PushEndpoint = z.string().max(1024, { error: "tooLong" }).refine((s) => {
  try {
    const u = new URL(s);
    return u.protocol === "https:" && !u.username && !u.password;
  } catch {
    return false;
  }
}, { error: "invalid" }).meta({ description: "the push service's URL for this browser (https)" });

export const PushSubscribeBody = z.strictObject({
  endpoint: PushEndpoint,
  expirationTime: z.number().int().nullable().optional(),
  keys: z.strictObject({
    p256dh: b64url(65).meta({ description: "the browser's P-256 public key, base64url" }),
    auth: b64url(16).meta({ description: "the 16-byte auth secret, base64url" }),
  }),
}).meta({ id: "PushSubscribeBody" });
export type PushSubscribeBody = z.infer<typeof PushSubscribeBody>;

export const PushUnsubscribeBody = z.strictObject({ endpoint: PushEndpoint })
  .meta({ id: "PushUnsubscribeBody" });

export const PushKey = z.object({
  publicKey: z.string().meta({
    description: "the VAPID public key (base64url, uncompressed P-256): applicationServerKey",
  }),
}).meta({ id: "PushKey" });

export const PushSubscribed = z.object({
  endpoint: z.string(),
  /** the customer's devices that receive pushes, this one included */
  devices: z.number().int(),
}).meta({ id: "PushSubscribed" });

export const PushUnsubscribed = z.object({
  removed: z.boolean().meta({ description: "false: this endpoint was not the customer's" }),
}).meta({ id: "PushUnsubscribed" });

/** What a push carries (the service worker shows it as a notification). */
export interface PushPayload {
  kind: string;
  title: string;
  body: string;
  /** a same-origin path the notification opens */
  url: string;
}
