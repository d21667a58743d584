/**
 * The `web-push` library (encryption, RFC 8291; VAPID signatures, RFC 8292), typed here with the
 * two calls this capability makes (its `@types` package drags in a Node typing that changes
 * Deno's own). It prepares a request; service.ts sends it with `fetch`.
 */
import lib from "web-push";

export interface PushRequest {
  method: string;
  headers: Record<string, string | number>;
  body: Uint8Array | null;
  endpoint: string;
}

interface WebPush {
  generateVAPIDKeys(): { publicKey: string; privateKey: string };
  generateRequestDetails(
    subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
    payload: string,
    options: {
      vapidDetails: { subject: string; publicKey: string; privateKey: string };
      TTL: number;
      urgency: "very-low" | "low" | "normal" | "high";
    },
  ): PushRequest;
}

export const webpush = lib as WebPush;
