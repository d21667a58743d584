/**
 * The VAPID key pair that signs every push request (RFC 8292). Browsers bind a subscription to
 * the public key it was made with, so the pair must outlive instances and deploys: production
 * names it in configuration (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT) and refuses to
 * start without it; outside production a pair is generated on first start and kept in the store
 * (one deployment-wide key, like the shared market data, so every instance signs with it; the
 * first instance to write it wins).
 */
import { webpush } from "./web_push.ts";
import type { AppConfig, VapidConfig } from "../platform/config.ts";

/** The development pair (deployment-wide: outside the tenants' keys). */
export const VAPID_KEY = ["push", "vapid"];

/** Outside production, the contact pushes name when none is configured. */
const DEV_SUBJECT = "mailto:push@localhost.invalid";

export async function loadVapid(config: AppConfig, kv: Deno.Kv): Promise<VapidConfig> {
  if (config.vapid) return config.vapid;
  if (config.production) {
    throw new Error(
      "APP_ENV=production needs VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT (web push; " +
        "`npx web-push generate-vapid-keys` makes a pair)",
    );
  }
  type Pair = { publicKey: string; privateKey: string };
  const stored = await kv.get<Pair>(VAPID_KEY);
  if (!stored.value) {
    const pair: Pair = webpush.generateVAPIDKeys();
    // another instance may have written one first: theirs stands
    await kv.atomic().check(stored).set(VAPID_KEY, pair).commit();
  }
  const pair = (await kv.get<Pair>(VAPID_KEY)).value!;
  return { publicKey: pair.publicKey, privateKey: pair.privateKey, subject: DEV_SUBJECT };
}
