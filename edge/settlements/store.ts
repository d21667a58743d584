/**
 * The verify capability's KV keys and records: share links of settlements. A link's token is
 * 128 random bits (base64url); it names one order of one tenant. One link per order: asking again
 * gives the same link. Records under `[tenant, "verify", ...]`.
 */
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";

export interface ShareLink {
  tenant: string;
  orderNo: string;
  createdAt: number;
}

export const verifyKeys = {
  /** token -> the order it opens */
  share: (t: string, token: string) => [t, "verify", "share", token],
  /** order -> its token (the same link again) */
  shareOf: (t: string, orderNo: string) => [t, "verify", "shareOf", orderNo],
};

/** A fresh unguessable token: 128 random bits, base64url without padding (22 characters). */
export function newShareToken(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...b)).replace(/\+/g, "-").replace(/\//g, "_").replace(
    /=+$/,
    "",
  );
}

/** What a share token looks like on the wire (anything else is not looked up). */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{22}$/;

export class VerifyStore {
  constructor(private kv: Deno.Kv, private now: () => number) {}

  /** The order's link: the stored one, else a new one (two requests at once get the same). */
  async shareToken(t: string, orderNo: string): Promise<string> {
    for await (const _attempt of commitAttempts()) {
      const existing = await this.kv.get<string>(verifyKeys.shareOf(t, orderNo));
      if (existing.value) return existing.value;
      const token = newShareToken();
      const link: ShareLink = { tenant: t, orderNo, createdAt: this.now() };
      const res = await this.kv.atomic()
        .check(existing)
        .check({ key: verifyKeys.share(t, token), versionstamp: null })
        .set(verifyKeys.shareOf(t, orderNo), token)
        .set(verifyKeys.share(t, token), link)
        .commit();
      if (res.ok) return token;
    }
    throw storeBusy();
  }

  /** What `shared` reads (nothing for a token of the wrong shape). */
  sharedRead(t: string, token: string): { key: Deno.KvKey }[] {
    return SHARE_TOKEN.test(token) ? [{ key: verifyKeys.share(t, token) }] : [];
  }

  /** The order a token opens in this tenant (null: no such link). */
  async shared(t: string, token: string): Promise<string | null> {
    if (!SHARE_TOKEN.test(token)) return null;
    const link = (await this.kv.get<ShareLink>(verifyKeys.share(t, token))).value;
    return link && link.tenant === t ? link.orderNo : null;
  }
}
