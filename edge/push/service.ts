/**
 * Web push, one delivery channel of customer notifications: a customer's browsers subscribe
 * (`subscribe`, `unsubscribe`; store.ts) and `deliver(t, uid, n)` sends `n` to each of them,
 * encrypted for that browser (RFC 8291, aes128gcm) and signed with the VAPID key (RFC 8292) by
 * the maintained `web-push` library; this module sends the request it prepares with `fetch`
 * (Deno's client: a timeout, and the extra CA certificates PUSH_CA_FILE names). A push service
 * answering 404 or 410 says the subscription is gone: it is removed. Delivery is best effort
 * and never throws: the message centre keeps the record of what happened.
 *
 * The channel's shape (`deliver(t, uid, {kind, title, body, url})`) is the one in-app
 * notifications share, so a dispatcher can hand one notification to both.
 */
import { webpush } from "./web_push.ts";
import type { PushPayload, PushSubscribeBody } from "../../contract/push.ts";
import type { VapidConfig } from "../platform/config.ts";
import {
  addSubscription,
  endpointId,
  type PushRecord,
  removeSubscriptions,
  subscriptionsOf,
} from "./store.ts";

export type { PushPayload };

/** A delivery channel of customer notifications (push here; in-app has the same shape). */
export interface NotificationChannel {
  deliver(t: string, uid: string, n: PushPayload): Promise<void>;
}

/** How long a push service may take to answer one request. */
const SEND_TIMEOUT_MS = 10_000;
/** Kept by the push service while the browser is offline. */
const TTL_SECONDS = 24 * 3600;

/** Cut to `max` characters (a push payload must stay within 4 KB once encrypted). */
const clip = (s: string, max: number) => s.length > max ? s.slice(0, max - 1) + "…" : s;

export class Push implements NotificationChannel {
  constructor(
    private kv: Deno.Kv,
    private vapid: VapidConfig,
    private o: {
      now: () => number;
      log?: (line: string) => void;
      /** extra CA certificates for push services (PUSH_CA_FILE) */
      client?: Deno.HttpClient;
    },
  ) {}

  /** The VAPID public key browsers subscribe with (`applicationServerKey`). */
  get publicKey(): string {
    return this.vapid.publicKey;
  }

  /** Store this browser's subscription for the customer; how many devices they have now. */
  async subscribe(t: string, uid: string, s: PushSubscribeBody): Promise<number> {
    return await addSubscription(this.kv, t, uid, {
      id: await endpointId(s.endpoint),
      endpoint: s.endpoint,
      p256dh: s.keys.p256dh,
      auth: s.keys.auth,
      createdAt: this.o.now(),
    });
  }

  /** Forget this browser's subscription (false: it was not the customer's). */
  async unsubscribe(t: string, uid: string, endpoint: string): Promise<boolean> {
    return await removeSubscriptions(this.kv, t, uid, [await endpointId(endpoint)]);
  }

  /** How many of the customer's browsers receive pushes. */
  async devices(t: string, uid: string): Promise<number> {
    return (await subscriptionsOf(this.kv, t, uid)).length;
  }

  /** Send `n` to every browser of the customer; the ones their push service says are gone go. */
  async deliver(t: string, uid: string, n: PushPayload): Promise<void> {
    try {
      const subs = await subscriptionsOf(this.kv, t, uid);
      if (!subs.length) return;
      const payload = JSON.stringify({
        kind: n.kind,
        title: clip(n.title, 120),
        body: clip(n.body, 600),
        url: n.url.startsWith("/") && !n.url.startsWith("//") ? n.url : "/",
      });
      const results = await Promise.all(subs.map((s) => this.send(s, payload)));
      const gone = subs.filter((_, i) => results[i] === "gone").map((s) => s.id);
      if (gone.length) await removeSubscriptions(this.kv, t, uid, gone);
    } catch (e) {
      this.o.log?.(`[push] delivery to ${uid} failed: ${e}`);
    }
  }

  /** One encrypted, signed request to one browser's push service. */
  private async send(s: PushRecord, payload: string): Promise<"sent" | "gone" | "failed"> {
    try {
      const req = webpush.generateRequestDetails(
        { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
        payload,
        { vapidDetails: this.vapid, TTL: TTL_SECONDS, urgency: "high" },
      );
      const res = await fetch(req.endpoint, {
        method: req.method,
        headers: Object.entries(req.headers).map(([k, v]): [string, string] => [k, String(v)]),
        body: req.body ? new Uint8Array(req.body) : undefined,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        redirect: "manual",
        client: this.o.client,
      });
      await res.body?.cancel();
      if (res.status === 404 || res.status === 410) return "gone";
      if (res.ok) return "sent";
      this.o.log?.(`[push] ${new URL(s.endpoint).host} answered ${res.status}`);
      return "failed";
    } catch (e) {
      this.o.log?.(`[push] ${new URL(s.endpoint).host}: ${e}`);
      return "failed";
    }
  }
}
